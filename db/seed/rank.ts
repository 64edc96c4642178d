import { and, asc, eq, notInArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, learningPathNodes, MESSAGE_KIND, stationMessages, userStudyDays, users } from "@db/schema";
import { dayKey, dayNumber } from "@trpc-app/checkin/days";
import { STATION_BUSINESS } from "@trpc-app/message/admin.service";
import { createAdminMessage } from "../../tests/factories/message";

export const SEEDED_MAILS = {
  read: "欢迎加入财云学院",
  unread: "您的3月学习报告已生成",
};

/** Minutes of study on the i-th learner's d-th day back, varied but fixed from one seed to the next. */
const minutesOf = (i: number, back: number) => ((i * 37 + back * 53) % 70) + 5 + (i % 3 === 0 ? 20 : 0);

/**
 * A week of study for the seeded learners, so /rank has a board (the demo learner studies most days and
 * lands in the week's first ten), and two mails to the demo learner, one of them read. The study goes to
 * courses outside the learning maps, so check-in campaigns read as their own seed left them.
 */
export async function seedRank(db: Db) {
  const learners = await db
    .select({ id: users.id, loginName: users.loginName })
    .from(users)
    .where(and(eq(users.status, 1), eq(users.isAdmin, 0)))
    .orderBy(asc(users.id));
  const onMaps = db.select({ id: learningPathNodes.contentId }).from(learningPathNodes).where(eq(learningPathNodes.contentType, 1));
  const free = (await db.select({ id: courses.id }).from(courses).where(notInArray(courses.id, onMaps)).orderBy(asc(courses.id)).limit(4)).map((c) => c.id);
  const demo = learners.find((l) => l.loginName === "demo_learner");
  if (!learners.length || !free.length) return;

  const today = dayNumber(new Date());
  const rows: (typeof userStudyDays.$inferInsert)[] = [];
  learners.forEach((l, i) => {
    for (let back = 0; back < 7; back++) {
      // Most learners skip a day or two; the demo learner studies every day, about an hour, most today: in
      // the week's first ten whichever day of the week it is (Monday's board holds only today).
      const isDemo = l.id === demo?.id;
      if (!isDemo && (i + back) % 4 === 0) continue;
      const minutes = isDemo ? (back === 0 ? 75 : 50 + ((back * 7) % 15)) : minutesOf(i, back);
      rows.push({ userId: l.id, day: dayKey(today - back), contentType: 1, contentId: free[(i + back) % free.length]!, seconds: minutes * 60 + ((i * 13) % 60) });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(userStudyDays).values(rows.slice(i, i + 500)).onConflictDoNothing();

  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!demo || !admin) return;
  const welcome = await createAdminMessage(db, {
    title: SEEDED_MAILS.read,
    content: "王晓雯同学：欢迎加入财云学院！学院为政府采购从业人员提供法律法规、实务操作与案例解析等课程，完成学习后可参加能力认证考试并获得电子证书。祝您学习愉快！",
    link: "/course/center",
    kind: 2,
    targetType: 3,
    userIds: [demo.id],
    createdBy: admin.id,
    send: true,
    pushUnread: false,
  });
  await createAdminMessage(db, {
    title: SEEDED_MAILS.unread,
    content: "您3月累计学习18小时42分钟，完成课程3门，在本周学习排行中位列前十。请继续保持，按时完成「政府采购法律法规」系列必修课程。",
    link: "/rank",
    kind: 2,
    targetType: 3,
    userIds: [demo.id],
    createdBy: admin.id,
    send: true,
    pushUnread: false,
  });
  await db
    .update(stationMessages)
    .set({ readAt: new Date() })
    .where(and(eq(stationMessages.businessType, STATION_BUSINESS), eq(stationMessages.businessId, String(welcome.id)), eq(stationMessages.userId, demo.id), eq(stationMessages.kind, MESSAGE_KIND.mail)));
}
