import { count } from "drizzle-orm";
import type { Db } from "@db/client";
import { sites, users } from "@db/schema";
import { setSetting } from "@trpc-app/site/site.service";
import { createUser } from "../../tests/factories/user";
import { seedIdentity, seedRealNameDemo } from "./identity";
import { seedOrg } from "./org";
import { seedOperate } from "./operate";
import { linkCourseCategories, seedCourse } from "./course";
import { seedExam } from "./exam";
import { seedLive } from "./live";
import { seedProctoring } from "./proctoring";
import { seedPractice } from "./practice";
import { seedMessages } from "./messages";
import { seedMessageTasks } from "./message-tasks";
import { seedComments } from "./comments";
import { seedQuestionnaires } from "./questionnaires";
import { seedCerts } from "./certs";
import { seedFraud } from "./fraud";
import { seedPaths } from "./paths";
import { seedCheckIn } from "./checkin";
import { seedTasks } from "./tasks";
import { seedRedeem } from "./redeem";
import { seedOrders } from "./orders";
import { seedGroupBuys } from "./groupbuys";
import { seedSites } from "./sites";
import { seedEvents } from "./events";
import { seedOrganizations } from "./organizations";
import { seedAudit } from "./audit";
import { seedRank } from "./rank";
import { seedNewcomer } from "./newcomer";
import { seedHelp } from "./help";

export const DEMO_ACCOUNTS = [
  { role: "学员", loginName: "demo_learner", password: "Demo@2026learn", mobile: "13800000001", nick: "王晓雯", isAdmin: 0 as const },
  { role: "管理员", loginName: "demo_admin", password: "Demo@2026admin", mobile: "13800000002", nick: "李建国", isAdmin: 1 as const },
];

/** Learners a first visitor of the back office sees: practitioners from purchasing units and agencies. */
const LEARNERS = [
  ["zhangmin_cg", "张敏", 1],
  ["liuyang_zb", "刘洋", 0],
  ["chenjing88", "陈静", 1],
  ["yangfan_gov", "杨帆", 0],
  ["zhaolei_dl", "赵磊", 0],
  ["huangli_cw", "黄丽", 1],
  ["zhouqiang", "周强", 0],
  ["wuting_jg", "吴婷", 0],
  ["xuhao2024", "徐浩", 1],
  ["sunyue_cg", "孙悦", 0],
  ["majun_zb", "马骏", 0],
  ["zhuxia_fw", "朱霞", 0],
  ["hulin_pm", "胡琳", 1],
  ["guopeng", "郭鹏", 0],
  ["linna_cg", "林娜", 0],
  ["heyu_jd", "何宇", 0],
] as const;

/** Fills an empty database with demo data; does nothing when users already exist. */
export async function seed(db: Db): Promise<{ seeded: boolean }> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  await db.insert(sites).values({ pathName: "", name: "财云学院", config: { sitePage: { siteTop: { noticeFunction: 1 }, siteLogin: { supportMethod: [1, 2, 3] } } } }).onConflictDoNothing();

  for (const a of DEMO_ACCOUNTS) {
    await createUser(db, {
      loginName: a.loginName,
      password: a.password,
      mobile: a.mobile,
      nick: a.nick,
      isAdmin: a.isAdmin,
      isTeacher: a.isAdmin,
      isPurchaser: 1,
      createdAt: new Date(Date.now() - 128 * 24 * 3600 * 1000),
    });
  }
  let i = 0;
  for (const [loginName, nick, purchaser] of LEARNERS) {
    i += 1;
    await createUser(db, {
      loginName,
      nick,
      mobile: `137${String(10000000 + i * 7331).padStart(8, "0")}`,
      password: "Caiyun@2026pass",
      isPurchaser: purchaser as 0 | 1,
      status: i % 9 === 0 ? 0 : 1,
      createdAt: new Date(Date.now() - i * 6 * 24 * 3600 * 1000),
    });
  }

  // Answers of the static-link calls old clients make (learner-front-end.md 7).
  await setSetting(db, "static.getLink", {
    infoCenter: "https://www.ccgp.gov.cn/",
    helpDocument: "/person/help",
    openScopeGuideUrl: "/person/help",
    accountIssueUrl: "/person/help",
    feedback: "/person/help",
  });
  await setSetting(db, "static.staticValue", { serviceHotline: "400-881-7190", servicePeriod: "工作日 9:00-18:00" });
  await setSetting(db, "static.MobileAppQrcode", "https://caiyun.example.cn/app/download");
  await setSetting(db, "static.getWhiteListLink", "/person/help");
  await seedIdentity(db);
  await seedOrg(db);
  await seedCourse(db);
  await seedLive(db);
  // Keep last: recommendations look up the seeded courses and lives.
  await seedOperate(db);
  await linkCourseCategories(db);
  await seedExam(db);
  // After every other seed, so the ids they hand out stay as they were.
  await seedRealNameDemo(db);
  await seedProctoring(db);
  await seedPractice(db);
  await seedMessages(db);
  await seedMessageTasks(db);
  await seedComments(db);
  await seedQuestionnaires(db);
  await seedCerts(db);
  await seedFraud(db);
  // The learning map first: the check-in campaign and the tasks point at its content.
  await seedPaths(db);
  await seedCheckIn(db);
  await seedTasks(db);
  await seedOrders(db);
  await seedGroupBuys(db);
  await seedRedeem(db);
  // Last: the extra site picks among the seeded courses and lives, and no id above moves.
  await seedSites(db);
  await seedEvents(db);
  await seedOrganizations(db);
  await seedAudit(db);
  await seedRank(db);
  await seedNewcomer(db);
  await seedHelp(db);
  return { seeded: true };
}
