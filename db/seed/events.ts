import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, eventBindings, events, eventTasks, exams } from "@db/schema";

/**
 * A provincial training event run outside the platform: it trains with two seeded courses and one exam;
 * its owner has not given a callback address yet, so passes wait for it (examSuccess2 sends them later).
 */
export async function seedEvents(db: Db) {
  const [event] = await db
    .insert(events)
    .values({
      name: "2026年湖南省政府采购从业人员线上培训",
      source: "hunan",
      associationId: "HN-2026-0012",
      ownerName: "湖南省财政厅政府采购监督管理处",
      webhookSecret: randomBytes(24).toString("hex"),
      startAt: new Date("2026-03-01T00:00:00+08:00"),
      endAt: new Date("2026-12-31T23:59:59+08:00"),
      remark: "全省采购人、代理机构从业人员年度培训，考试通过后由主办单位登记学时",
    })
    .returning();
  const courseRows = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.status, 1), isNull(courses.deletedAt))).orderBy(asc(courses.id)).limit(2);
  const [exam] = await db.select({ id: exams.id }).from(exams).where(isNull(exams.deletedAt)).orderBy(asc(exams.id)).limit(1);
  const rows = [...courseRows.map((c) => ({ eventId: event!.id, contentType: 1, contentId: c.id })), ...(exam ? [{ eventId: event!.id, contentType: 3, contentId: exam.id }] : [])];
  if (rows.length) await db.insert(eventBindings).values(rows);
  await db.insert(eventTasks).values({ eventId: event!.id, name: "线下实操考核报名", thirdJumpUrl: "https://czt.hunan.gov.cn/" });
}
