// The real-name identity rules (learner-front-end.md 2, 4, 5, 9): complete once, photo once, no one else's.
import { and, count, eq, gte, isNull, ne, sql } from "drizzle-orm";
import { isUniqueViolation } from "@base/sql";
import type { Db, DbOrTx } from "@db/client";
import { identityAttempts, userIdentities, users } from "@db/schema";
import { maskIdNo } from "@base/format";
import { ID_TYPE_NAME } from "@base/id-card";
import { ID_CHECKS_PER_USER, take } from "../auth/rate-limit.service";
import { maskMobile } from "@base/format";
import { fail, forbidden } from "@base/errors";
import { areaName, assertAreaCode, assertIdentityCodes, identityNames } from "./reference.service";
import type { CompleteInput } from "./schemas";
import { chinaDayStart } from "@base/china-time";
import { claimUpload, PRIVATE_TTL_SECONDS } from "../upload/access.service";
import { storageKeyOf } from "../upload/file-ref";
import { freshFileUrl } from "../upload/upload.service";
import { organizationFor } from "../org/units.service";

export const DAILY_AUTH_TIMES = 5;
/** The real-name photo: an object the learner uploaded, kept private to them and admins. */
const PHOTO_CLAIM = { label: "证件照", purpose: "identity" } as const;
/** identity_attempts reason of an occupancy check that named holders. */
const CHECK_OCCUPIED = "check-occupied";
export type Identity = typeof userIdentities.$inferSelect;

export async function identityOf(db: DbOrTx, userId: number): Promise<Identity | null> {
  const [row] = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).limit(1);
  return row ?? null;
}

export const isCompleted = (row: Identity | null) => row?.status === 1;

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

/** The identity record of the spec (section 3), for its owner or an admin. */
export async function identityRecord(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, loginName: users.loginName, nick: users.nick, headPic: users.headPic })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw fail("用户不存在");
  const row = await identityOf(db, userId);
  const done = isCompleted(row);
  const list = row?.identityList ?? [];
  return {
    userId: user.id,
    loginName: user.loginName,
    nick: user.nick,
    headPic: user.headPic ?? "",
    isAuth: done ? 1 : 0,
    isNeedCompleted: done ? 0 : 1,
    passportPhotoUrl: freshFileUrl(row?.passportPhotoUrl ?? "", PRIVATE_TTL_SECONDS),
    realName: done ? (row!.realName ?? "") : "",
    idType: 1,
    idTypeName: ID_TYPE_NAME,
    idNo: done ? maskIdNo(row!.idNo) : "",
    cardNo: done ? (row!.idNo ?? "") : "",
    identityList: list,
    identityNames: await identityNames(db, list),
    orgName: row?.orgName ?? "",
    areaCode: row?.areaCode ?? "",
    areaName: await areaName(db, row?.areaCode),
    source: row?.source ?? 0,
    authenticationTime: ms(row?.authenticationTime),
    modifiedTime: ms(row?.modifiedTime ?? row?.updatedAt),
  };
}
export type IdentityRecord = Awaited<ReturnType<typeof identityRecord>>;

/** getInfo: the caller's own record; another user's only for admins. */
export async function readIdentity(db: DbOrTx, viewer: { id: number; isAdmin: number }, userId?: number) {
  const target = userId ?? viewer.id;
  if (target !== viewer.id && viewer.isAdmin !== 1) throw forbidden("无权查看其他用户的实名信息");
  return identityRecord(db, target);
}

/** Other accounts whose confirmed identity holds this number: masked phone and user id. */
export async function occupiers(db: DbOrTx, idNo: string, exceptUserId: number) {
  const rows = await db
    .select({ userId: users.id, mobile: users.mobile })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.idNo, idNo), eq(userIdentities.status, 1), ne(userIdentities.userId, exceptUserId)));
  return rows.map((r) => ({ userId: r.userId, mobile: maskMobile(r.mobile) }));
}

/** Runs fn in a transaction holding the user's identity lock: one call at a time reads and spends the day's allowance. */
function underIdentityLock<T>(db: Db, userId: number, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity:${userId}`}))`);
    return fn(tx);
  });
}

const NO_TIMES_LEFT = "今日实名认证次数已用完，请明天再试";

/**
 * The identity form's occupancy check (logged-in users only). An answer that names holders costs one
 * unit of the daily allowance (once per number a day); checks are throttled per user, and refused once
 * the allowance is spent, so the check cannot be used to look up who holds which number.
 */
export async function checkIdCard(db: Db, userId: number, idNo: string, now = new Date()) {
  await take(db, ID_CHECKS_PER_USER, userId, now);
  return underIdentityLock(db, userId, async (tx) => {
    if ((await authTimes(tx, userId, now)).remainTimes <= 0) throw fail(NO_TIMES_LEFT);
    const list = await occupiers(tx, idNo, userId);
    if (!list.length) return list;
    const [seen] = await tx
      .select({ id: identityAttempts.id })
      .from(identityAttempts)
      .where(
        and(
          eq(identityAttempts.userId, userId),
          eq(identityAttempts.idNo, idNo),
          eq(identityAttempts.reason, CHECK_OCCUPIED),
          gte(identityAttempts.createdAt, chinaDayStart(now)),
        ),
      )
      .limit(1);
    if (!seen) await logAttempt(tx, userId, idNo, false, CHECK_OCCUPIED);
    return list;
  });
}

export function occupiedMessage(list: { mobile: string }[]) {
  const tails = list.map((o) => o.mobile.slice(-4)).filter(Boolean);
  return tails.length
    ? `该证件号码已被尾号${tails.join("、")}的手机号账号认证`
    : "该证件号码已被其他账号认证";
}


export async function authTimes(db: DbOrTx, userId: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(identityAttempts)
    .where(and(eq(identityAttempts.userId, userId), gte(identityAttempts.createdAt, chinaDayStart(now))));
  const used = Number(row?.n ?? 0);
  return { maxTimes: DAILY_AUTH_TIMES, usedTimes: used, remainTimes: Math.max(0, DAILY_AUTH_TIMES - used) };
}

async function logAttempt(db: DbOrTx, userId: number, idNo: string, success: boolean, reason?: string) {
  await db.insert(identityAttempts).values({ userId, idNo, success: success ? 1 : 0, reason: reason ?? null });
}

/**
 * Confirms the real-name identity once. Repeating the same confirmation answers the stored record;
 * anything different after confirmation is refused, as the data is printed on certificates.
 */
export async function completeIdentity(db: Db, userId: number, input: CompleteInput, now = new Date()) {
  // A refusal that spent a unit of the allowance is answered after the commit, so the unit stays spent.
  const refusal = await underIdentityLock(db, userId, async (tx) => {
    const current = await identityOf(tx, userId);
    if (isCompleted(current)) {
      if (current!.idNo === input.idNo && current!.realName === input.realName) return null;
      throw fail("您已完成实名认证，认证信息不可修改");
    }
    if ((await authTimes(tx, userId, now)).remainTimes <= 0) throw fail(NO_TIMES_LEFT);
    await assertIdentityCodes(tx, input.identityList);
    await assertAreaCode(tx, input.areaCode);
    if (input.passportPhotoUrl) await claimUpload(tx, userId, input.passportPhotoUrl, PHOTO_CLAIM);
    const occupied = async (list: { mobile: string }[]) => {
      await logAttempt(tx, userId, input.idNo, false, "occupied");
      return occupiedMessage(list);
    };
    const taken = await occupiers(tx, input.idNo, userId);
    if (taken.length) return occupied(taken);
    const org = input.orgName !== undefined ? await organizationFor(tx, { orgName: input.orgName }) : null;
    try {
      // A savepoint: another account confirming this number at the same moment leaves the transaction usable.
      await tx.transaction(async (sp) => {
        const values = {
          status: 1,
          realName: input.realName,
          idType: 1,
          idNo: input.idNo,
          passportPhotoUrl: input.passportPhotoUrl ?? current?.passportPhotoUrl ?? null,
          identityList: input.identityList ?? current?.identityList ?? [],
          orgName: org ? org.orgName : (current?.orgName ?? null),
          organizationId: org ? org.organizationId : (current?.organizationId ?? null),
          areaCode: input.areaCode ?? current?.areaCode ?? null,
          source: 1,
          authenticationTime: now,
          modifiedTime: now,
        };
        const [saved] = await sp
          .insert(userIdentities)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userIdentities.userId, set: values, setWhere: sql`${userIdentities.status} = 0` })
          .returning({ userId: userIdentities.userId });
        if (!saved) throw fail("您已完成实名认证，认证信息不可修改");
        await sp.update(users).set({ identitySource: 1 }).where(and(eq(users.id, userId), eq(users.identitySource, 0)));
        await logAttempt(sp, userId, input.idNo, true);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return occupied(await occupiers(tx, input.idNo, userId));
    }
    return null;
  });
  if (refusal) throw fail(refusal);
  return identityRecord(db, userId);
}

/** The one-inch photo may be added once after confirmation; it is never replaced by the learner. */
export async function completePassportPhoto(db: DbOrTx, userId: number, url: string, now = new Date()) {
  const row = await identityOf(db, userId);
  if (!isCompleted(row)) throw fail("请先完成实名认证");
  if (row!.passportPhotoUrl) {
    if (storageKeyOf(row!.passportPhotoUrl) === storageKeyOf(url)) return identityRecord(db, userId);
    throw fail("证件照已上传，不可修改");
  }
  await claimUpload(db, userId, url, PHOTO_CLAIM);
  const [saved] = await db
    .update(userIdentities)
    .set({ passportPhotoUrl: url, modifiedTime: now })
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.status, 1), isNull(userIdentities.passportPhotoUrl)))
    .returning({ userId: userIdentities.userId });
  if (!saved) throw fail("证件照已上传，不可修改");
  return identityRecord(db, userId);
}
