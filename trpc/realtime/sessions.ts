import { and, eq, gt, like, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { sessions, users } from "@db/schema";

/** Which of these sessions still stand (not ended, not expired, the user enabled), with their users. */
export async function standingSessions(db: DbOrTx, sessionIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(sessionIds)];
  const standing = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 5000) {
    // The ids as one JSON parameter: thousands of bound parameters cost more to parse than the lookups.
    const listed = sql`(select jsonb_array_elements_text(${JSON.stringify(ids.slice(i, i + 5000))}::jsonb))`;
    const rows = await db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(sql`${sessions.id} in ${listed}`, gt(sessions.expiresAt, new Date()), eq(users.status, 1)));
    for (const r of rows) standing.set(r.id, r.userId);
  }
  return standing;
}

/** The given sessions that no longer stand. */
export async function endedSessions(db: DbOrTx, sessionIds: string[]): Promise<string[]> {
  const standing = await standingSessions(db, sessionIds);
  return [...new Set(sessionIds)].filter((id) => !standing.has(id));
}

/** The standing session of this user whose id starts with `prefix` (the one a room token names), or null. */
export async function sessionByPrefix(db: DbOrTx, userId: number, prefix: string): Promise<string | null> {
  // Anything but hex would widen the match (an empty prefix matches every session of the user).
  if (!/^[0-9a-f]{16,64}$/.test(prefix)) return null;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), like(sessions.id, `${prefix}%`), gt(sessions.expiresAt, new Date()), eq(users.status, 1)))
    .limit(1);
  return row?.id ?? null;
}
