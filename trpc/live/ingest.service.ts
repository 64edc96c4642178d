import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { lives } from "@db/schema";
import { env } from "@base/env.server";
import { fail, notFound } from "@base/errors";
import { publishLive } from "./events";
import { newPushNonce, pushKeyExpiry, signPushKey, verifyPushKey } from "./push-key";
import { findLive } from "./room.service";

// The app's side of the RTMP ingest (realtime/ingest): push addresses, and what a stream starting or
// stopping does to the room. Stream status: 0 none, 1 streaming, 2 dropped during the live (paused).

export const pushSecret = () => env().SERVICE_TOKEN ?? "caiyun-live-room-dev-secret";

/** Where encoders push: RTMP_PUBLIC_URL, or the site's host name on RTMP_PORT. */
export function pushBase(origin: string) {
  const { RTMP_PUBLIC_URL, RTMP_PORT } = env();
  return (RTMP_PUBLIC_URL ?? `rtmp://${new URL(origin).hostname}:${RTMP_PORT}/live`).replace(/\/$/, "");
}
export const hlsPath = (roomId: string) => `/live/hls/${roomId}/index.m3u8`;

/** A new key for the live (the previous one stops working) and the HLS address learners play. */
export async function createPushUrl(db: DbOrTx, id: number, origin: string) {
  const l = await findLive(db, { liveId: id }, { admin: true });
  if (l.liveStatus === 2) throw fail("直播已结束，不能生成推流地址");
  const nonce = newPushNonce();
  const expiresAt = pushKeyExpiry(l.endTime);
  const key = signPushKey(pushSecret(), l.roomId, nonce, expiresAt);
  const m3u8 = `${origin}${hlsPath(l.roomId)}`;
  await db.update(lives).set({ pushKey: nonce, m3u8PlayUrl: m3u8 }).where(eq(lives.id, id));
  const base = pushBase(origin);
  const streamKey = `${l.roomId}?key=${key}`;
  return { pushUrl: base, streamKey, fullPushUrl: `${base}/${streamKey}`, m3u8PlayURL: m3u8, expireTime: expiresAt };
}

export type StreamRefusal = "key" | "ended" | "unknown";

/**
 * The ingest reports a stream. `start` checks the key against the live's current nonce (the ingest
 * already checked signature and expiry) and resumes a room the drop had paused; `stop` pauses a room
 * that is live and not already paused by an admin.
 */
export async function streamEvent(db: DbOrTx, input: { roomId: string; key: string; event: "start" | "stop" }) {
  const [l] = await db.select().from(lives).where(and(eq(lives.roomId, input.roomId), isNull(lives.deletedAt)));
  if (!l) throw notFound("直播不存在");
  const check = verifyPushKey(pushSecret(), l.roomId, input.key);
  if (!check.ok || check.nonce !== l.pushKey) throw fail("推流密钥无效或已过期");
  if (input.event === "start") {
    if (l.liveStatus === 2) throw fail("直播已结束，不能推流");
    const resume = l.liveStatus === 1 && l.isPause === 1 && l.streamStatus === 2;
    const [u] = await db.update(lives).set({ streamStatus: 1, ...(resume ? { isPause: 0 } : {}) }).where(eq(lives.id, l.id)).returning();
    if (resume) await publishLive(l.id, "pause", { isPause: 0 });
    return { liveId: l.id, liveStatus: u!.liveStatus, isPause: u!.isPause, streamStatus: u!.streamStatus };
  }
  // A drop during the live pauses it (the room shows "host will be back"); an admin's pause stays theirs.
  const pause = l.liveStatus === 1 && l.isPause === 0;
  const [u] = await db
    .update(lives)
    .set({ streamStatus: pause ? 2 : 0, ...(pause ? { isPause: 1 } : {}) })
    .where(eq(lives.id, l.id))
    .returning();
  if (pause) await publishLive(l.id, "pause", { isPause: 1 });
  return { liveId: l.id, liveStatus: u!.liveStatus, isPause: u!.isPause, streamStatus: u!.streamStatus };
}

/** An ingest that (re)starts holds no stream: lives it left streaming count as dropped. */
export async function streamReset(db: DbOrTx) {
  const rows = await db.select({ id: lives.id, roomId: lives.roomId, liveStatus: lives.liveStatus, isPause: lives.isPause }).from(lives).where(eq(lives.streamStatus, 1));
  for (const l of rows) {
    const pause = l.liveStatus === 1 && l.isPause === 0;
    await db.update(lives).set({ streamStatus: pause ? 2 : 0, ...(pause ? { isPause: 1 } : {}) }).where(and(eq(lives.id, l.id), ne(lives.streamStatus, 0)));
    if (pause) await publishLive(l.id, "pause", { isPause: 1 });
  }
  return { reset: rows.length };
}

