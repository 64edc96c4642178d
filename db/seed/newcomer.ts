import { eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, liveSeries, newcomerAwards, users } from "@db/schema";
import { saveConfig } from "@trpc-app/newcomer/newcomer.service";

/**
 * The newcomer gift: the 199-yuan course 框架协议采购实务 and a list of three free courses and the live
 * series. The demo learner has already received it (the course she joined long ago), so her pages show
 * no gift; a learner who registers today is a newcomer.
 */
export async function seedNewcomer(db: Db) {
  const names = ["框架协议采购实务", "政府采购法实施条例解读", "采购需求管理办法", "电子化采购操作"];
  const found = await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.name, names));
  const idOf = (name: string) => found.find((c) => c.name === name)?.id;
  const gift = idOf(names[0]!);
  const [series] = await db.select({ id: liveSeries.id }).from(liveSeries).where(eq(liveSeries.name, "政府采购实务大讲堂")).limit(1);
  if (!gift) return;
  const recommends = names
    .slice(1)
    .map((n) => idOf(n))
    .filter((id): id is number => !!id)
    .map((contentId) => ({ contentType: 1 as const, contentId }));
  if (series) recommends.push({ contentType: 2 as never, contentId: series.id });
  await saveConfig(db, { giftCourseId: gift, recommends });
  const [learner] = await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.loginName, "demo_learner")).limit(1);
  if (learner) {
    await db
      .insert(newcomerAwards)
      .values({ userId: learner.id, courseId: gift, identity: 1, areaCode: "330100", createdAt: new Date(learner.createdAt.getTime() + 86_400_000) })
      .onConflictDoNothing();
  }
}
