import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Stream keys for the RTMP ingest: `<nonce>.<expiry>.<signature>`, signed with a key derived from the
// service token, so the ingest process checks them without a database round trip. The nonce is kept
// on the live (lives.push_key): generating a new push address retires the previous key.

const HOUR = 3600e3;
/** A key lasts until 12 h after the planned end of the live, and at least 24 h from its making. */
export const pushKeyExpiry = (endTime: Date, now = Date.now()) => Math.max(endTime.getTime() + 12 * HOUR, now + 24 * HOUR);

const keyOf = (secret: string) => createHmac("sha256", secret).update("caiyun-live-push").digest();
const sign = (secret: string, roomId: string, nonce: string, exp: number) => createHmac("sha256", keyOf(secret)).update(`${roomId}.${nonce}.${exp}`).digest("base64url").slice(0, 32);

export const newPushNonce = () => randomBytes(12).toString("hex");

export function signPushKey(secret: string, roomId: string, nonce: string, expiresAt: number): string {
  const exp = Math.floor(expiresAt / 1000);
  return `${nonce}.${exp}.${sign(secret, roomId, nonce, exp)}`;
}

export type PushKeyCheck = { ok: true; nonce: string; expiresAt: number } | { ok: false; reason: "malformed" | "signature" | "expired" };

/** Checks a key for a room: the signature first (constant time), then the expiry. */
export function verifyPushKey(secret: string, roomId: string, key: string, now = Date.now()): PushKeyCheck {
  const m = /^([0-9a-f]{8,40})\.(\d{9,11})\.([\w-]{32})$/.exec(key);
  if (!m || !/^[\w-]{1,32}$/.test(roomId)) return { ok: false, reason: "malformed" };
  const [, nonce, exp, sig] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, roomId, nonce, Number(exp)));
  if (!timingSafeEqual(expected, Buffer.from(sig))) return { ok: false, reason: "signature" };
  if (Number(exp) * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, nonce, expiresAt: Number(exp) * 1000 };
}
