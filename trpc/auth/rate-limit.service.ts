// Throttles kept in the database, so every web process (and every machine) counts against the same figures.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { rateLimits } from "@db/schema";
import { AppError, LegacyCode } from "@base/errors";

export const TOO_FREQUENT = "操作过于频繁，请稍后再试";

export interface Limit {
  /** Bucket name; the key is `${name}:${subject}`. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Failed logins (password or SMS) from one address: successful ones are handed back. */
export const LOGIN_FAILURES_PER_IP: Limit = { name: "login-ip", max: 20, windowMs: 15 * MINUTE };
/** SMS codes asked for from one address, on top of the per-phone wait and daily cap. */
export const SMS_SENDS_PER_IP: Limit = { name: "sms-ip", max: 20, windowMs: 60 * MINUTE };
/** Failed password-reset steps (code check, new password) from one address. */
export const RESET_FAILURES_PER_IP: Limit = { name: "reset-ip", max: 20, windowMs: 15 * MINUTE };
/** ID-number occupancy checks by one user. */
export const ID_CHECKS_PER_USER: Limit = { name: "idcheck-user", max: 30, windowMs: 60 * MINUTE };

export interface Hit {
  key: string;
  resetAt: Date;
}

export const tooFrequent = () => new AppError(LegacyCode.tooMany, TOO_FREQUENT);

/**
 * Takes one unit of a fixed-window bucket in a single conditional upsert, so parallel requests can never
 * take more than `max`; refuses with 「操作过于频繁，请稍后再试」 when the window is full.
 */
export async function take(db: DbOrTx, limit: Limit, subject: string | number, now = new Date()): Promise<Hit> {
  const key = `${limit.name}:${subject}`.slice(0, 100);
  const fresh = new Date(now.getTime() + limit.windowMs);
  // Passed as text: drivers differ on Date parameters inside raw SQL.
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: fresh })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${at} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ resetAt: rateLimits.resetAt });
  // Now and then drop windows long over, so addresses seen once do not pile up.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
  if (!rows[0]) throw tooFrequent();
  return { key, resetAt: rows[0].resetAt };
}

/** Hands a unit back (a login that succeeded), in the same window only. */
export async function giveBack(db: DbOrTx, hit: Hit) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, hit.key), eq(rateLimits.resetAt, hit.resetAt), gt(rateLimits.count, 0)));
}

/** Runs `fn` with a unit taken; the unit is handed back when `fn` succeeds, so only failures count. */
export async function countingFailures<T>(db: DbOrTx, limit: Limit, subject: string | number, fn: () => Promise<T>): Promise<T> {
  const hit = await take(db, limit, subject);
  const result = await fn();
  await giveBack(db, hit);
  return result;
}
