import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, groupBuys, users } from "@db/schema";

const DAY = 86_400_000;

/**
 * A group buy a visitor finds on the course page: 政府采购货物和服务招标投标管理办法精讲 (¥99) as a
 * three-person group at ¥69, started yesterday, open for 7 more days, nobody joined yet.
 */
export async function seedGroupBuys(db: Db) {
  const [course] = await db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.name, "政府采购货物和服务招标投标管理办法精讲")).limit(1);
  if (!course) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  await db.insert(groupBuys).values({
    name: "政府采购货物和服务招标投标管理办法精讲 三人团",
    goodsType: 1,
    goodsId: course.id,
    goodsName: course.name,
    groupPrice: 6_900,
    minMembers: 3,
    startAt: new Date(Date.now() - DAY),
    endAt: new Date(Date.now() + 7 * DAY),
    createdBy: admin?.id ?? null,
  });
}
