import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { materialItems, users } from "@db/schema";
import { saveRealNameRule } from "@trpc-app/identity/real-name.service";
import { createCourse } from "../../tests/factories/course";
import { createIdentity, makeIdNo, seedIdentityReference } from "../../tests/factories/identity";
import { createUser } from "../../tests/factories/user";

/** Reference data, plus confirmed identities for a few demo learners (the demo learner stays unconfirmed). */
export async function seedIdentity(db: Db) {
  await seedIdentityReference(db);
  const people: [string, string, number[], string | null, string, string][] = [
    ["zhangmin_cg", "张敏", [1], "杭州市西湖区财政局", "330100", makeIdNo("330106", "19860914", 213)],
    ["chenjing88", "陈静", [2], "浙江公信招标代理有限公司", "330100", makeIdNo("330102", "19910227", 368)],
    ["huangli_cw", "黄丽", [3], "广州鸿远办公设备有限公司", "440100", makeIdNo("440106", "19880703", 145)],
    ["xuhao2024", "徐浩", [4], null, "430100", makeIdNo("430104", "19790418", 537)],
    ["hulin_pm", "胡琳", [1, 5], "成都市政府采购中心", "510100", makeIdNo("510107", "19930121", 426)],
  ];
  for (const [loginName, realName, identityList, orgName, areaCode, idNo] of people) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)).limit(1);
    if (!user) continue;
    await createIdentity(db, user.id, { realName, identityList, orgName, areaCode, idNo });
  }
}

/** The ID number the seeded occupier holds (db/seed; the e2e identity specs type it in). */
export const OCCUPIED_ID_NO = makeIdNo("320102", "19850612", 172);
export const REAL_NAME_COURSE = "政府采购从业人员诚信履职培训";

/**
 * Real-name demo: a learner holding a confirmed number, one without an identity, one confirmed
 * without a photo, and a course that asks for real name before joining.
 */
export async function seedRealNameDemo(db: Db) {
  const occupier = await createUser(db, { loginName: "tangwei_cg", nick: "唐伟", mobile: "13661018823", createdAt: new Date(Date.now() - 90 * 24 * 3600 * 1000) });
  await createIdentity(db, occupier.id, { realName: "唐伟", idNo: OCCUPIED_ID_NO, identityList: [1], orgName: "南京市政府采购中心", areaCode: "320100" });
  await createUser(db, { loginName: "fengyu_zb", nick: "冯宇", mobile: "13661018824", createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) });
  const noPhoto = await createUser(db, { loginName: "qianli_sj", nick: "钱丽", mobile: "13661018825", createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) });
  await createIdentity(db, noPhoto.id, { realName: "钱丽", idNo: makeIdNo("330102", "19900815", 264), identityList: [2], orgName: "浙江公信招标代理有限公司", areaCode: "330100" });

  // One of the seeded videos, so the lesson's length is that of a real file.
  const [ware] = await db.select().from(materialItems).where(and(eq(materialItems.library, 1), eq(materialItems.fileType, 1))).orderBy(asc(materialItems.id)).limit(1);
  const { course } = await createCourse(db, {
    name: REAL_NAME_COURSE,
    teacherName: "郑宏",
    coverUrl: "/storage/file/course-covers/cover-3.png",
    intro: "从业人员诚信履职要求与典型失信案例，学习前需完成实名认证",
    description: "<p>面向采购人、采购代理机构从业人员，讲解诚信履职要求、常见失信情形及其法律责任。</p><p>本课程学习记录将用于从业人员培训档案，加入学习前需完成实名认证。</p>",
    joinedCount: 318,
    releasedAt: new Date(Date.now() - 200 * 24 * 3600 * 1000),
    chapters: [{ name: "第一章 诚信履职要求", sections: [{ name: "1.1 从业人员行为规范", coursewareId: ware?.id }] }],
  });
  await saveRealNameRule(db, { courseIds: [course.id] });
}
