import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { channels, channelSignups, channelVisits, courses, exams, learningPaths, lives, organizations, userIdentities, users, whitelistEntries } from "@db/schema";
import { resolveRegion } from "@trpc-app/org/district.service";
import { creditCheckChar } from "@trpc-app/org/units-schemas";

const DAY = 86_400_000;

/** [name, province, city, district, source, contact, phone, credit code body (17 characters, check character added)]. */
const ORGANIZATIONS: [string, string, string | null, string | null, number, string, string, string | null][] = [
  ["广东省政府采购中心", "440000", null, null, 1, "陈主任", "020-83133000", "12440000MB2C9201X"],
  ["深圳市财政局", "440000", "440300", "440304", 2, "刘科长", "0755-82107300", "11440300007542617"],
  ["湖南省公共资源交易中心", "430000", "430100", "430104", 3, "周主任", "0731-89665000", "12430000MB1D0213X"],
  ["杭州市西湖区财政局", "330000", "330100", "330106", 2, "王科长", "0571-87963200", null],
  ["成都市政府采购中心", "510000", "510100", null, 1, "胡老师", "028-61881200", null],
  ["南京市政府采购中心", "320000", "320100", null, 3, "唐主任", "025-68789100", null],
  ["浙江省财政厅", "330000", "330100", "330106", 1, "郑处长", "0571-87058500", "11330000002482075"],
  ["北京市政府采购中心", "110000", "110100", "110102", 2, "孙老师", "010-55527200", null],
];

/** The date of `ms` in China time, as the visit table keeps it. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Organisations with real division codes (learners whose typed unit matches are linked), two whitelist
 * entries on the proctored demo exams, and three promotion channels with a week of visits and sign-ups.
 */
export async function seedOrganizations(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin")).limit(1);
  const createdBy = admin?.id ?? null;
  const now = Date.now();
  for (const [i, [name, provinceCode, cityCode, districtCode, source, contactName, contactPhone, body]] of ORGANIZATIONS.entries()) {
    const region = resolveRegion({ provinceCode, cityCode, districtCode });
    const [org] = await db
      .insert(organizations)
      .values({ name, ...region, source, contactName, contactPhone, creditCode: body ? body + creditCheckChar(body) : null, createdBy, createdAt: new Date(now - (60 - i * 5) * DAY) })
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    if (org) await db.update(userIdentities).set({ organizationId: org.id }).where(and(eq(userIdentities.orgName, name), isNull(userIdentities.organizationId)));
  }

  // 徐浩 sits the proctored demo exams in a test-centre room: no helper, and the face check was done by hand.
  const [xu] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "xuhao2024")).limit(1);
  const proctored = await db.select({ id: exams.id, name: exams.name }).from(exams).where(inArray(exams.name, ["政府采购从业资格考试（监考助手）", "政府采购评审专家考核（人脸核验监考）"]));
  const examOf = (name: string) => proctored.find((e) => e.name === name)?.id;
  if (xu) {
    const entries = [
      { whiteBusinessType: 1, businessId: examOf("政府采购从业资格考试（监考助手）"), cause: "考点机房电脑统一管控，无法安装监考助手" },
      { whiteBusinessType: 3, businessId: examOf("政府采购评审专家考核（人脸核验监考）"), cause: "证件照过期，已由考务人员现场核验身份" },
    ];
    for (const e of entries) if (e.businessId) await db.insert(whitelistEntries).values({ ...e, businessId: e.businessId, userId: xu.id, createdBy }).onConflictDoNothing();
  }

  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id;
  const course = await first(db.select({ id: courses.id }).from(courses).where(and(eq(courses.name, "政府采购法实施条例解读"), isNull(courses.deletedAt))).limit(1));
  const live = await first(db.select({ id: lives.id }).from(lives).where(and(eq(lives.name, "政府采购评审专家履职要点"), isNull(lives.deletedAt))).limit(1));
  const map = await first(db.select({ id: learningPaths.id }).from(learningPaths).where(isNull(learningPaths.deletedAt)).orderBy(asc(learningPaths.id)).limit(1));
  const plan: [string, string, number, number | undefined, string, number][] = [
    ["wx_mp", "微信公众号推广", 1, course, "公众号菜单栏“学习中心”与每周推文", 9],
    ["gd_ccgp", "省采购中心官网", 2, live, "广东省政府采购中心官网首页横幅", 6],
    ["map_2026", "年度学习地图专题", 4, map, "2026年度培训通知附件中的链接", 4],
  ];
  const signers = await db.select({ id: users.id }).from(users).where(inArray(users.loginName, ["linna_cg", "guopeng", "heyu_jd", "majun_zb"])).orderBy(asc(users.id));
  let signed = 0;
  for (const [k, [code, name, targetType, targetId, remark, perDay]] of plan.entries()) {
    if (!targetId) continue;
    const [c] = await db
      .insert(channels)
      .values({ code, name, targetType, targetId, remark, createdBy, createdAt: new Date(now - 10 * DAY) })
      .onConflictDoNothing()
      .returning({ id: channels.id });
    if (!c) continue;
    // A week of visits: a few new visitors a day, some coming back on later days.
    const visits: (typeof channelVisits.$inferInsert)[] = [];
    for (let d = 6; d >= 0; d--) {
      const at = now - d * DAY - (k + 1) * 3600_000;
      for (let v = 0; v < perDay - (d % 3); v++) visits.push({ channelId: c.id, day: chinaDay(at), visitorKey: `v:seed${code}${(d + v) % (perDay + 2)}`, contentType: targetType, contentId: targetId, createdAt: new Date(at + v * 60_000) });
    }
    await db.insert(channelVisits).values(visits).onConflictDoNothing();
    // Two learners of the first channel and one of the second registered after visiting.
    for (const user of signers.slice(signed, signed + (k === 0 ? 2 : k === 1 ? 1 : 0))) {
      await db.insert(channelSignups).values({ userId: user.id, channelId: c.id, visitedAt: new Date(now - (3 + signed) * DAY) }).onConflictDoNothing();
      signed += 1;
    }
  }
}
