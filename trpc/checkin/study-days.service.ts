import { sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { userStudyDays } from "@db/schema";
import { chinaDateKey } from "@base/china-time";

export type StudyContentType = 1 | 2 | 3;

/**
 * Credits seconds of real study to the learner's China-time day for one piece of content. Called where
 * the study itself is credited (course progress, a replay report, an exam attempt's close), in the same
 * transaction; check-in days are read from these rows.
 */
export async function creditStudyDay(db: DbOrTx, userId: number, contentType: StudyContentType, contentId: number, seconds: number, now = new Date()) {
  const s = Math.floor(seconds);
  if (!(s > 0)) return;
  await db
    .insert(userStudyDays)
    .values({ userId, day: chinaDateKey(now), contentType, contentId, seconds: s, updatedAt: now })
    .onConflictDoUpdate({
      target: [userStudyDays.userId, userStudyDays.day, userStudyDays.contentType, userStudyDays.contentId],
      set: { seconds: sql`${userStudyDays.seconds} + ${s}`, updatedAt: now },
    });
}

/**
 * The statement tail that credits a batch of (user_id, seconds) rows of one content, for callers that
 * compute the credit in SQL (live presence reports): `insert into user_study_days ... select` over `rows`.
 */
export function creditStudyDaysFrom(rows: ReturnType<typeof sql>, contentType: StudyContentType, contentId: number, now: Date) {
  return sql`
    insert into ${userStudyDays} (user_id, day, content_type, content_id, seconds, updated_at)
    select c.user_id, ${chinaDateKey(now)}, ${contentType}::smallint, ${contentId}::bigint, c.seconds, ${now.toISOString()}::timestamptz
    from (${rows}) as c(user_id, seconds)
    where c.seconds > 0
    on conflict (user_id, day, content_type, content_id) do update set seconds = ${userStudyDays.seconds} + excluded.seconds, updated_at = excluded.updated_at`;
}
