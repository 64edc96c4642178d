import { randomInt } from "node:crypto";
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveAwardRecords, liveRaffleParticipants, liveRaffles, lives, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { maskName } from "@base/format";
import { publishLive } from "./events";
import { assertOpen, findLive, findWatchableLive } from "./room.service";
import type { LiveRef } from "./schemas";

type Raffle = typeof liveRaffles.$inferSelect;
const ms = (d: Date | null) => (d ? d.getTime() : null);

export const raffleView = (r: Raffle, extra: { isJoin?: 0 | 1; joinNum?: number } = {}) => ({
  id: r.id,
  raffleId: r.id,
  liveId: r.liveId,
  name: r.name,
  awardName: r.awardName,
  awardPicUrl: r.awardPicUrl ?? "",
  winnerCount: r.winnerCount,
  durationSeconds: r.durationSeconds,
  status: r.status,
  remark: r.remark ?? "",
  startTime: ms(r.startedAt),
  endTime: ms(r.endsAt),
  drawTime: ms(r.drawnAt),
  isJoin: extra.isJoin ?? 0,
  joinNum: extra.joinNum ?? 0,
});

async function findRaffle(db: DbOrTx, raffleId: number) {
  const [r] = await db.select().from(liveRaffles).where(and(eq(liveRaffles.id, raffleId), isNull(liveRaffles.deletedAt)));
  if (!r) throw notFound("抽奖不存在或已删除");
  return r;
}

export async function createAward(db: DbOrTx, input: { liveId: number; name: string; awardName: string; winnerCount: number; durationSeconds?: number }) {
  await findLive(db, { liveId: input.liveId }, { admin: true });
  const [r] = await db.insert(liveRaffles).values({ ...input, durationSeconds: input.durationSeconds ?? 60 }).returning();
  return raffleView(r!);
}

export async function deleteAward(db: DbOrTx, raffleId: number) {
  const r = await findRaffle(db, raffleId);
  if (r.status === 1) throw fail("抽奖进行中，不能删除");
  await db.update(liveRaffles).set({ deletedAt: new Date() }).where(eq(liveRaffles.id, raffleId));
  return { success: true };
}

export async function awardRemark(db: DbOrTx, raffleId: number, remark: string | undefined) {
  await findRaffle(db, raffleId);
  await db.update(liveRaffles).set({ remark: remark ?? null }).where(eq(liveRaffles.id, raffleId));
  return { success: true };
}

export async function awardList(db: DbOrTx, liveId: number) {
  const rows = await db.select().from(liveRaffles).where(and(eq(liveRaffles.liveId, liveId), isNull(liveRaffles.deletedAt))).orderBy(desc(liveRaffles.id));
  return Promise.all(rows.map(async (r) => raffleView(r, { joinNum: await joinCount(db, r.id) })));
}

export async function awardDetail(db: DbOrTx, raffleId: number) {
  const r = await findRaffle(db, raffleId);
  return { ...raffleView(r, { joinNum: await joinCount(db, r.id) }), winners: await winners(db, raffleId) };
}

async function joinCount(db: DbOrTx, raffleId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(liveRaffleParticipants).where(eq(liveRaffleParticipants.raffleId, raffleId));
  return row?.n ?? 0;
}

export async function winners(db: DbOrTx, raffleId: number) {
  return db
    .select({ recordId: liveAwardRecords.id, userId: liveAwardRecords.userId, nick: users.nick, awardName: liveAwardRecords.awardName, receiveStatus: liveAwardRecords.receiveStatus })
    .from(liveAwardRecords)
    .innerJoin(users, eq(users.id, liveAwardRecords.userId))
    .where(eq(liveAwardRecords.raffleId, raffleId))
    .orderBy(asc(liveAwardRecords.id));
}

/** Opens the raffle for joining; the room hears raffle_start with the closing time. */
export async function startRaffle(db: DbOrTx, raffleId: number) {
  const r = await findRaffle(db, raffleId);
  if (r.status !== 0) throw fail(r.status === 1 ? "抽奖已在进行中" : "该抽奖已开奖");
  const now = new Date();
  const endsAt = new Date(now.getTime() + r.durationSeconds * 1000);
  const [started] = await db.update(liveRaffles).set({ status: 1, startedAt: now, endsAt }).where(and(eq(liveRaffles.id, raffleId), eq(liveRaffles.status, 0))).returning();
  if (!started) throw fail("抽奖已在进行中");
  await publishLive(r.liveId, "raffle_start", raffleView(started));
  return raffleView(started);
}

/**
 * The raffle open in a live (getRaffling), for a learner (userId) or a visitor (null) who may watch it:
 * the raffle is the room's. A raffle past its closing time is drawn first.
 */
export async function raffling(db: DbOrTx, ref: LiveRef, userId: number | null) {
  const liveId = (await findWatchableLive(db, ref, userId)).id;
  await drawDue(db, liveId);
  const [r] = await db
    .select()
    .from(liveRaffles)
    .where(and(eq(liveRaffles.liveId, liveId), eq(liveRaffles.status, 1), isNull(liveRaffles.deletedAt)))
    .orderBy(desc(liveRaffles.id))
    .limit(1);
  if (!r) return null;
  let isJoin: 0 | 1 = 0;
  if (userId) {
    const [p] = await db.select({ id: liveRaffleParticipants.id }).from(liveRaffleParticipants).where(and(eq(liveRaffleParticipants.raffleId, r.id), eq(liveRaffleParticipants.userId, userId)));
    isJoin = p ? 1 : 0;
  }
  return raffleView(r, { isJoin, joinNum: await joinCount(db, r.id) });
}

/** Join while the raffle is open; joining twice is one entry. */
export async function joinRaffle(db: DbOrTx, raffleId: number, userId: number) {
  const r = await findRaffle(db, raffleId);
  const live = await findLive(db, { liveId: r.liveId });
  await assertOpen(db, live, userId);
  if (r.status !== 1 || (r.endsAt && r.endsAt.getTime() <= Date.now())) throw fail(r.status === 0 ? "抽奖尚未开始" : "抽奖已结束");
  await db.insert(liveRaffleParticipants).values({ raffleId, userId }).onConflictDoNothing();
  return { isJoin: 1 as const, raffleId };
}

/** k distinct picks from n, each subset equally likely (partial Fisher-Yates on a CSPRNG). */
export function fairPick<T>(items: readonly T[], k: number): T[] {
  const a = [...items];
  const n = Math.min(k, a.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(a.length - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

/**
 * Draws winners once: the status flip from 1 to 2 is the lock, so concurrent calls (console,
 * timers on several realtime processes, lazy reads) produce one result. Answers drawn=false to the losers.
 */
export async function drawRaffle(db: DbOrTx, raffleId: number) {
  const result = await db.transaction(async (tx) => {
    const [r] = await tx
      .update(liveRaffles)
      .set({ status: 2, drawnAt: new Date() })
      .where(and(eq(liveRaffles.id, raffleId), eq(liveRaffles.status, 1), isNull(liveRaffles.deletedAt)))
      .returning();
    if (!r) return null;
    const joined = await tx.select({ userId: liveRaffleParticipants.userId }).from(liveRaffleParticipants).where(eq(liveRaffleParticipants.raffleId, raffleId)).orderBy(asc(liveRaffleParticipants.id));
    const picked = fairPick(
      joined.map((j) => j.userId),
      r.winnerCount,
    );
    if (picked.length) await tx.insert(liveAwardRecords).values(picked.map((userId) => ({ raffleId, liveId: r.liveId, userId, awardName: r.awardName })));
    return { raffle: r, joinNum: joined.length };
  });
  if (!result) {
    const r = await findRaffle(db, raffleId);
    if (r.status === 0) throw fail("抽奖尚未开始");
    return { drawn: false, ...raffleView(r), winners: await winners(db, raffleId) };
  }
  const list = await winners(db, raffleId);
  // The room frame reaches every learner: winners' names are masked there; the console's answer keeps them whole.
  const view = { ...raffleView(result.raffle, { joinNum: result.joinNum }), winners: list.map((w) => ({ userId: w.userId, nick: maskName(w.nick) })) };
  await publishLive(result.raffle.liveId, "raffle_result", view);
  return { drawn: true, ...view, winners: list };
}

/** Draws every open raffle of the live whose closing time has passed. */
export async function drawDue(db: DbOrTx, liveId: number) {
  const due = await db
    .select({ id: liveRaffles.id })
    .from(liveRaffles)
    .where(and(eq(liveRaffles.liveId, liveId), eq(liveRaffles.status, 1), lte(liveRaffles.endsAt, new Date()), isNull(liveRaffles.deletedAt)));
  for (const d of due) await drawRaffle(db, d.id);
  return { drawn: due.length };
}

/** 0 not received, 1 address given, 2 shipped. */
export const AWARD_RECEIVE = { none: 0, given: 1, shipped: 2 } as const;
export const AWARD_SHIPPED = "奖品已发货，收货信息不能再修改";

/** The learner's wins, newest first (findUserRaffleAwardRecord), with the live's name. */
export async function userAwardRecords(db: DbOrTx, userId: number, liveId?: number) {
  const conds = [eq(liveAwardRecords.userId, userId)];
  if (liveId) conds.push(eq(liveAwardRecords.liveId, liveId));
  const rows = await db
    .select({ r: liveAwardRecords, liveName: lives.name })
    .from(liveAwardRecords)
    .innerJoin(lives, eq(lives.id, liveAwardRecords.liveId))
    .where(and(...conds))
    .orderBy(desc(liveAwardRecords.id));
  return rows.map((x) => ({ ...recordView(x.r), liveName: x.liveName }));
}

const recordView = (r: typeof liveAwardRecords.$inferSelect) => ({
  liveUserAwardRecordId: r.id,
  raffleId: r.raffleId,
  liveId: r.liveId,
  awardName: r.awardName,
  receiveStatus: r.receiveStatus,
  receiverName: r.receiverName ?? "",
  receiverMobile: r.receiverMobile ?? "",
  receiverAddress: r.receiverAddress ?? "",
  winTime: r.createdAt.getTime(),
  receiveTime: ms(r.receivedAt),
  shipTime: ms(r.shippedAt),
});

async function ownRecord(db: DbOrTx, recordId: number, userId: number) {
  const [r] = await db.select().from(liveAwardRecords).where(and(eq(liveAwardRecords.id, recordId), eq(liveAwardRecords.userId, userId)));
  if (!r) throw notFound("中奖记录不存在");
  return r;
}

export async function receiveAddress(db: DbOrTx, recordId: number, userId: number) {
  return recordView(await ownRecord(db, recordId, userId));
}

/** Gives (or changes) the address the prize goes to; once the admin ships it, it is frozen. */
export async function receiveAward(db: DbOrTx, input: { liveUserAwardRecordId: number; receiverName: string; receiverMobile: string; receiverAddress: string }, userId: number) {
  const r = await ownRecord(db, input.liveUserAwardRecordId, userId);
  if (r.receiveStatus === AWARD_RECEIVE.shipped) throw fail(AWARD_SHIPPED);
  const [u] = await db
    .update(liveAwardRecords)
    .set({ receiveStatus: AWARD_RECEIVE.given, receiverName: input.receiverName, receiverMobile: input.receiverMobile, receiverAddress: input.receiverAddress, receivedAt: new Date() })
    .where(and(eq(liveAwardRecords.id, r.id), sql`${liveAwardRecords.receiveStatus} <> ${AWARD_RECEIVE.shipped}`))
    .returning();
  if (!u) throw fail(AWARD_SHIPPED);
  return recordView(u);
}

/** The back office marks a prize shipped: only once the winner gave an address; repeating it changes nothing. */
export async function shipAward(db: DbOrTx, recordId: number) {
  const [r] = await db.select().from(liveAwardRecords).where(eq(liveAwardRecords.id, recordId));
  if (!r) throw notFound("中奖记录不存在");
  if (r.receiveStatus === AWARD_RECEIVE.shipped) return recordView(r);
  if (r.receiveStatus !== AWARD_RECEIVE.given) throw fail("中奖人尚未填写收货信息");
  const [u] = await db
    .update(liveAwardRecords)
    .set({ receiveStatus: AWARD_RECEIVE.shipped, shippedAt: new Date() })
    .where(and(eq(liveAwardRecords.id, r.id), eq(liveAwardRecords.receiveStatus, AWARD_RECEIVE.given)))
    .returning();
  return recordView(u ?? r);
}

/** Winners of every raffle of a live (back office, export). */
export async function winList(db: DbOrTx, liveId: number) {
  return db
    .select({ recordId: liveAwardRecords.id, raffleId: liveAwardRecords.raffleId, userId: liveAwardRecords.userId, nick: users.nick, mobile: users.mobile, awardName: liveAwardRecords.awardName, receiveStatus: liveAwardRecords.receiveStatus, receiverName: liveAwardRecords.receiverName, receiverMobile: liveAwardRecords.receiverMobile, receiverAddress: liveAwardRecords.receiverAddress, shippedAt: liveAwardRecords.shippedAt, createdAt: liveAwardRecords.createdAt })
    .from(liveAwardRecords)
    .innerJoin(users, eq(users.id, liveAwardRecords.userId))
    .where(eq(liveAwardRecords.liveId, liveId))
    .orderBy(asc(liveAwardRecords.id));
}
