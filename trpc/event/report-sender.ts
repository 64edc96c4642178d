import { createHmac } from "node:crypto";
import { reasonOf } from "@base/errors";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { eventReports, events } from "@db/schema";

/** Waits before the next try after each failed one; after the last the report is given up (status 2). */
export const RETRY_MINUTES = [1, 5, 30, 120, 720];
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
const BATCH = 20;
/** A claimed report is not taken by another process for this long (a sender that died leaves it due again). */
const LEASE_MS = 2 * 60_000;
const TIMEOUT_MS = 10_000;

/**
 * The signature an owner checks: HMAC-SHA256 with the event's key over "<timestamp>.<body>", sent as
 * `X-Caiyun-Signature: t=<timestamp>,v1=<hex>` (the timestamp lets the owner refuse old replays).
 */
export function signReport(secret: string, timestamp: number, body: string) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Sends the reports that are due: each is claimed first (its next try moved past the lease, so two
 * processes never send one at once), then marked delivered on a 2xx answer or given its next wait.
 */
export async function sendDueReports(db: Db, opts: { now?: Date; send?: Send } = {}) {
  const now = opts.now ?? new Date();
  const send = opts.send ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));
  const claimed = await db
    .update(eventReports)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      inArray(
        eventReports.id,
        sql`(select ${eventReports.id} from ${eventReports} where ${eventReports.status} = 0 and ${eventReports.nextAttemptAt} <= ${now.toISOString()}::timestamptz order by ${eventReports.nextAttemptAt} limit ${BATCH} for update skip locked)`,
      ),
    )
    .returning();
  let delivered = 0;
  for (const r of claimed) {
    const [e] = await db.select().from(events).where(eq(events.id, r.eventId));
    const attempts = r.attempts + 1;
    let error = "";
    if (!e?.webhookUrl) error = "活动未配置回调地址";
    else {
      const body = JSON.stringify({ reportId: r.id, ...r.payload });
      const timestamp = Math.floor(now.getTime() / 1000);
      try {
        const res = await send(e.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "x-caiyun-signature": signReport(e.webhookSecret, timestamp, body), "x-caiyun-report-id": String(r.id) },
          body,
        });
        if (!res.ok) error = `HTTP ${res.status}`;
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 200) || "发送失败";
      }
    }
    if (!error) {
      delivered += 1;
      await db.update(eventReports).set({ status: 1, attempts, deliveredAt: now, lastError: "" }).where(eq(eventReports.id, r.id));
    } else {
      const wait = RETRY_MINUTES[attempts - 1];
      await db
        .update(eventReports)
        .set(wait === undefined ? { status: 2, attempts, lastError: error } : { attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + wait * 60_000) })
        .where(and(eq(eventReports.id, r.id), eq(eventReports.status, 0)));
    }
  }
  return { claimed: claimed.length, delivered };
}

const EVERY_MS = 30_000;
const started = globalThis as { __cyEventReportTimer?: ReturnType<typeof setInterval> };

/** Once per process, never in tests: the reports due are sent every half minute. */
export function startEventReportSweep(getDb: () => Promise<Db>) {
  if (started.__cyEventReportTimer || process.env.NODE_ENV === "test") return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await sendDueReports(await getDb());
    } catch (e) {
      console.warn(`[event-reports] failed: ${reasonOf(e)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref?.();
  started.__cyEventReportTimer = timer;
}

