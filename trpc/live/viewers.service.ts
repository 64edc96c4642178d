import { sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveViewerSamples, lives } from "@db/schema";

/**
 * A realtime process's viewer count of a room, kept as the largest of each minute per process
 * (decision 035). Reports come with the presence calls (every second with arrivals, every 30 s in full).
 */
export async function recordViewerSample(db: DbOrTx, liveId: number, source: string, online: number, now = new Date()) {
  const s = liveViewerSamples;
  await db.execute(sql`
    insert into ${s} (live_id, minute, source, online)
    select ${liveId}::bigint, date_trunc('minute', ${now.toISOString()}::timestamptz), ${source}, ${online}::int
    where exists (select 1 from ${lives} where ${lives.id} = ${liveId})
    on conflict (live_id, minute, source) do update set online = greatest(${s.online}, excluded.online)`);
}

/** Viewers of each minute: the processes' counts added together. */
export const concurrentByMinute = (liveId?: number) => sql`
  select minute, sum(online)::int as online from ${liveViewerSamples}
  ${liveId === undefined ? sql`` : sql`where live_id = ${liveId}`}
  group by minute`;
