import { createRedisBus, type Bus, type Envelope } from "../../realtime/bus";
import type { SessionEndedMessage, UnreadMessage } from "../../realtime/protocol";
import { topics } from "../../realtime/topics";
import { env } from "@base/env.server";
import { afterCommit, insideCommitting } from "@base/after-commit";

let redisBus: Bus | undefined;

/** Where the realtime process takes published frames; a bare origin in REALTIME_INTERNAL_URL gets the path added. */
export function publishUrl(): string {
  const { REALTIME_INTERNAL_URL, REALTIME_PORT } = env();
  if (!REALTIME_INTERNAL_URL) return `http://127.0.0.1:${REALTIME_PORT}/internal/publish`;
  const url = new URL(REALTIME_INTERNAL_URL);
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/internal/publish";
  return url.toString();
}

// An outage (or no realtime process at all, as in tests) is logged at its first failure, not at every event.
let failing = false;

/**
 * Hands a frame to every socket subscribed to the topic. Never throws: a realtime outage must not
 * fail the request that caused the event. Resolves true when the bus took the frame.
 */
export async function publish(topic: string, message: Envelope["message"]): Promise<boolean> {
  // Inside a transaction the frame waits for the commit, so no browser reads before the change is there.
  if (insideCommitting()) {
    afterCommit(() => publish(topic, message));
    return true;
  }
  const ok = await deliver(topic, message);
  if (ok) failing = false;
  return ok;
}

async function deliver(topic: string, message: Envelope["message"]): Promise<boolean> {
  try {
    const { REDIS_URL, SERVICE_TOKEN } = env();
    if (REDIS_URL) {
      redisBus ??= createRedisBus(REDIS_URL);
      await withTimeout(redisBus.publish(topic, message), 2000);
      return true;
    }
    const res = await fetch(publishUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SERVICE_TOKEN ?? ""}` },
      body: JSON.stringify({ topic, message }),
      signal: AbortSignal.timeout(2000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${await res.text().catch(() => "")}`.trim());
    return true;
  } catch (e) {
    if (!failing) console.warn(`realtime publish to ${topic} failed: ${e instanceof Error ? e.message : String(e)} (further failures are not logged until a publish gets through)`);
    failing = true;
    return false;
  }
}

// ioredis queues commands while reconnecting; a request must not wait on that.
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Tells a learner's open pages their new unread message count. */
export function publishUnread(userId: number, unreadNum: number): Promise<boolean> {
  const message: UnreadMessage = { type: "unread", unreadNum };
  return publish(topics.user(userId), message);
}

// Ids per frame, well inside the realtime process's 64 KB limit on a published body.
const SESSION_IDS_PER_FRAME = 500;

/** Tells every realtime process to close the sockets these sessions opened and refuse them from now on. */
export async function publishSessionsEnded(sessionIds: string[]): Promise<boolean> {
  let ok = true;
  for (let i = 0; i < sessionIds.length; i += SESSION_IDS_PER_FRAME) {
    const message: SessionEndedMessage = { type: "session_ended", data: { sessionIds: sessionIds.slice(i, i + SESSION_IDS_PER_FRAME) } };
    ok = (await publish(topics.sessions(), message)) && ok;
  }
  return ok;
}

/** Closes the Redis connection, if one was opened (process stop, tests). */
export async function closePublisher() {
  const bus = redisBus;
  redisBus = undefined;
  await bus?.close();
}
