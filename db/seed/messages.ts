import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { stationMessages, users } from "@db/schema";
import { STATION_BUSINESS } from "@trpc-app/message/admin.service";
import { createAdminMessage } from "../../tests/factories/message";

export const SEEDED_MESSAGES = {
  sent: "关于2026年度政府采购从业人员能力提升培训的通知",
  draft: "关于开展政府采购业务知识线上测试的预通知",
};

/**
 * Back-office station messages: an announcement already sent to every learner (a few have read it;
 * demo_learner has not, so the header badge shows it) and a draft for newly bound staff.
 */
export async function seedMessages(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!admin) return;
  const sent = await createAdminMessage(db, {
    title: SEEDED_MESSAGES.sent,
    content:
      "各位学员：为进一步提升政府采购从业人员的业务能力，学院定于2026年3月至6月开展年度能力提升培训。培训内容包括《政府采购法》及其实施条例解读、采购需求管理、质疑与投诉处理等，请于6月30日前完成「政府采购法律法规」系列必修课程并参加结业考试。",
    link: "/course/center",
    targetType: 1,
    createdBy: admin.id,
    send: true,
    pushUnread: false,
  });
  const readers = await db.select({ id: users.id }).from(users).where(inArray(users.loginName, ["liuyang_zb", "chenjing88", "yangfan_gov", "zhaolei_dl", "huangli_cw"]));
  if (readers.length) {
    await db
      .update(stationMessages)
      .set({ readAt: new Date() })
      .where(and(eq(stationMessages.businessType, STATION_BUSINESS), eq(stationMessages.businessId, String(sent.id)), inArray(stationMessages.userId, readers.map((r) => r.id))));
  }
  const bound = await db.select({ id: users.id }).from(users).where(inArray(users.loginName, ["zhangmin_cg", "majun_zb", "zhuxia_fw", "hulin_pm"]));
  await createAdminMessage(db, {
    title: SEEDED_MESSAGES.draft,
    content: "拟于4月中旬组织政府采购业务知识线上测试，测试范围为第一季度必修课程内容，具体时间另行通知。",
    link: "/course/center",
    targetType: 3,
    userIds: bound.map((u) => u.id),
    createdBy: admin.id,
  });
}
