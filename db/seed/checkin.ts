import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { checkInMedals, learningPathMembers, learningPathNodes, learningPaths, users } from "@db/schema";
import { creditStudyDay } from "@trpc-app/checkin/study-days.service";
import { dayNumber, dayStartAt } from "@trpc-app/checkin/days";
import { CHECK_IN_BUSINESS, MEDALS } from "@trpc-app/checkin/schemas";

const HOUR = 3600_000;

/**
 * The demo learner on the demo map's check-in campaign: study on each of the three days before today
 * (not today, so the widget shows today's countdown) and the 3-day medal, awarded yesterday evening
 * when the third day was reached. 何宇 has studied 45 seconds of the map today: the widget shows the
 * last quarter-minute counting down.
 */
export async function seedCheckIn(db: Db) {
  const [map] = await db.select().from(learningPaths).where(eq(learningPaths.name, "政府采购全流程实务学习地图")).limit(1);
  const [learner] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_learner")).limit(1);
  if (!map || !learner || map.checkInEnabled !== 1 || !map.checkInStart || !map.checkInEnd) return;
  const [node] = await db
    .select({ contentId: learningPathNodes.contentId })
    .from(learningPathNodes)
    .where(and(eq(learningPathNodes.pathId, map.id), eq(learningPathNodes.contentType, 1), isNotNull(learningPathNodes.contentId)))
    .orderBy(asc(learningPathNodes.sort))
    .limit(1);
  if (!node?.contentId) return;

  const today = dayNumber(new Date());
  if (dayNumber(map.checkInStart) > today - 3) await db.update(learningPaths).set({ checkInStart: dayStartAt(today - 3) }).where(eq(learningPaths.id, map.id));
  await db.insert(learningPathMembers).values({ pathId: map.id, userId: learner.id, source: "entry" }).onConflictDoNothing();
  // Twenty minutes in the evening (20:00 China time) of each of the three days.
  for (const back of [3, 2, 1]) await creditStudyDay(db, learner.id, 1, node.contentId, 1200, new Date(dayStartAt(today - back).getTime() + 20 * HOUR));
  const [heyu] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "heyu_jd")).limit(1);
  if (heyu) {
    await db.insert(learningPathMembers).values({ pathId: map.id, userId: heyu.id, source: "entry" }).onConflictDoNothing();
    await creditStudyDay(db, heyu.id, 1, node.contentId, 45, new Date());
  }
  const three = MEDALS[0];
  await db
    .insert(checkInMedals)
    .values({ userId: learner.id, businessType: CHECK_IN_BUSINESS, businessId: map.id, medalType: three.medalType, continuousDays: three.days, awardedAt: new Date(dayStartAt(today - 1).getTime() + 20.5 * HOUR) })
    .onConflictDoNothing();
}
