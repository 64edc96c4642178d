import { and, count, desc, eq, exists, gte, inArray, isNull, lte, max, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, GOODS_TYPE, learningPaths, lives, REDEEM_BATCH_STATUS, REDEEM_CODE_STATUS, redemptionBatches, redemptionCodes } from "@db/schema";
import { AppError, fail, LegacyCode, notFound } from "@base/errors";
import { paginate, type PageRequest } from "@base/paging";
import { toXlsx, dateText } from "@base/xlsx";
import { countingFailures, type Limit } from "../auth/rate-limit.service";
import { mediaUrl } from "../course/view";
import { goodsOf, goodsTypeName, grantGoods, ownsGoods, type Goods } from "../order/goods.service";
import { studyUrlOf } from "../order/goods-links";
import { formatCode, isWellFormed, maskCode, normalizeCode } from "./codes";
import { CODE_INVALID } from "./schemas";

export const CODE_UNKNOWN = "兑换码不存在，请核对后重新输入";
export const CODE_USED = "该兑换码已被使用";
export const CODE_EXPIRED = "该兑换码已过期";
export const CODE_NOT_YET = "该兑换码尚未到使用时间";
export const ALREADY_OWNED = "您已拥有该内容，无需兑换";
export const ALREADY_MINE = "您已兑换过该兑换码";
export const TOO_MANY_WRONG = "兑换码错误次数过多，请1小时后再试";
export const BATCH_NOT_FOUND = "兑换码批次不存在";

/** Wrong codes (bad shape or check character, or no such code) one learner may submit in an hour. */
export const WRONG_CODES_PER_LEARNER: Limit = { name: "redeem-wrong", max: 10, windowMs: 60 * 60_000 };

/** A code as a learner sees it: 0 can be redeemed, 1 redeemed, 2 expired, 3 not yet valid. */
export const CODE_STATE = { unused: 0, redeemed: 1, expired: 2, notYet: 3 } as const;
export type CodeState = (typeof CODE_STATE)[keyof typeof CODE_STATE];

type Batch = typeof redemptionBatches.$inferSelect;
type Code = typeof redemptionCodes.$inferSelect;

/** A batch expired by an admin, or past its last moment. */
export const batchExpired = (b: Pick<Batch, "status" | "validTo">, now: Date) => b.status === REDEEM_BATCH_STATUS.expired || b.validTo.getTime() < now.getTime();

export function codeState(c: Pick<Code, "status">, b: Pick<Batch, "status" | "validFrom" | "validTo">, now: Date): CodeState {
  if (c.status === REDEEM_CODE_STATUS.redeemed) return CODE_STATE.redeemed;
  if (c.status === REDEEM_CODE_STATUS.expired || batchExpired(b, now)) return CODE_STATE.expired;
  if (b.validFrom.getTime() > now.getTime()) return CODE_STATE.notYet;
  return CODE_STATE.unused;
}

/** Where the learner goes once the goods are theirs (the same addresses as goodsOf). */
export const jumpUrlOf = studyUrlOf;

const WRONG = new Set([CODE_INVALID, CODE_UNKNOWN]);
const isWrongCode = (e: unknown) => e instanceof AppError && WRONG.has(e.message);

/**
 * Runs a look-up of a typed code under the learner's wrong-code limit. Only wrong codes (bad shape,
 * bad check character, unknown) keep their unit; any other answer, refusals included, hands it back.
 * Past the limit every submission is refused for the rest of the hour, a right code too, so guessing
 * cannot go on by mixing in a known code.
 */
async function underWrongCodeLimit<T>(db: DbOrTx, userId: number, run: () => Promise<T>): Promise<T> {
  let refusal: { error: unknown } | null = null;
  let value: T;
  try {
    value = await countingFailures(db, WRONG_CODES_PER_LEARNER, userId, async () => {
      try {
        return await run();
      } catch (error) {
        if (isWrongCode(error)) throw error;
        refusal = { error };
        return undefined as T;
      }
    });
  } catch (error) {
    if (error instanceof AppError && error.legacyCode === LegacyCode.tooMany) throw new AppError(LegacyCode.tooMany, TOO_MANY_WRONG);
    throw error;
  }
  if (refusal) throw (refusal as { error: unknown }).error;
  return value;
}

/** The stored form of a typed code; a wrong shape or check character is refused before any look-up. */
function checkedCode(typed: string): string {
  const code = normalizeCode(typed);
  if (!isWellFormed(code)) throw new AppError(LegacyCode.badInput, CODE_INVALID);
  return code;
}

async function findCode(db: DbOrTx, code: string) {
  const [row] = await db.select({ code: redemptionCodes, batch: redemptionBatches }).from(redemptionCodes).innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId)).where(eq(redemptionCodes.code, code)).limit(1);
  if (!row) throw notFound(CODE_UNKNOWN);
  return row;
}

/** The refusal for a code that cannot be redeemed now, or null. */
function stateRefusal(state: CodeState): string | null {
  if (state === CODE_STATE.redeemed) return CODE_USED;
  if (state === CODE_STATE.expired) return CODE_EXPIRED;
  if (state === CODE_STATE.notYet) return CODE_NOT_YET;
  return null;
}

/** The goods as they stand, or null when gone or offline. */
async function goodsOrNull(db: DbOrTx, goodsType: number, goodsId: number): Promise<Goods | null> {
  try {
    return await goodsOf(db, goodsType, goodsId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** What a code gives, without redeeming it (getGoodsDetails). */
export async function previewCode(db: DbOrTx, userId: number, typed: string, now = new Date()) {
  return underWrongCodeLimit(db, userId, async () => {
    const { code, batch } = await findCode(db, checkedCode(typed));
    const state = codeState(code, batch, now);
    const goods = await goodsOrNull(db, batch.goodsType, batch.goodsId);
    let reason = state === CODE_STATE.redeemed && code.userId === userId ? ALREADY_MINE : stateRefusal(state);
    if (!reason && !goods) reason = "该兑换内容已下架，暂不能兑换";
    if (!reason && (await ownsGoods(db, userId, batch.goodsType, batch.goodsId))) reason = ALREADY_OWNED;
    return {
      redemptionCode: formatCode(code.code),
      redemptionCodeBatchId: batch.id,
      batchName: batch.name,
      goodsType: batch.goodsType,
      goodsTypeName: goodsTypeName(batch.goodsType),
      goodsId: batch.goodsId,
      goodsName: goods?.name ?? batch.goodsName,
      goodsImg: mediaUrl(goods?.cover),
      jumpUrl: jumpUrlOf(batch.goodsType, batch.goodsId),
      validFrom: batch.validFrom.getTime(),
      validTo: batch.validTo.getTime(),
      codeStatus: state,
      canRedeem: reason ? 0 : 1,
      reason: reason ?? "",
    };
  });
}

/**
 * Redeems a code (redeem). In one transaction: the code goes from unused to redeemed by a conditional
 * update, only while its batch is in use and inside its validity, then the goods are opened to the
 * learner. Of any number of simultaneous submissions exactly one changes the row; the others find it
 * redeemed. A learner who already has the goods is refused and the transaction rolls back, so the code
 * stays unused. The same learner submitting his own redeemed code again gets the same answer.
 */
export async function redeemCode(db: DbOrTx, userId: number, typed: string, now = new Date()) {
  return underWrongCodeLimit(db, userId, async () => {
    const { code, batch } = await findCode(db, checkedCode(typed));
    const answer = { goodsType: batch.goodsType, goodsId: batch.goodsId, goodsName: batch.goodsName, jumpUrl: jumpUrlOf(batch.goodsType, batch.goodsId) };
    const refuse = (state: CodeState, holder: number | null) => {
      if (state === CODE_STATE.redeemed && holder === userId) return answer;
      const reason = stateRefusal(state);
      if (reason) throw fail(reason);
      return null;
    };
    const early = refuse(codeState(code, batch, now), code.userId);
    if (early) return early;
    const goods = await goodsOf(db, batch.goodsType, batch.goodsId);
    if (await ownsGoods(db, userId, batch.goodsType, batch.goodsId)) {
      // Owned because this very code was redeemed by him a moment ago (a second click): the same answer.
      const [latest] = await db.select({ status: redemptionCodes.status, userId: redemptionCodes.userId }).from(redemptionCodes).where(eq(redemptionCodes.id, code.id));
      if (latest?.status === REDEEM_CODE_STATUS.redeemed && latest.userId === userId) return answer;
      throw fail(ALREADY_OWNED);
    }
    const result = { ...answer, goodsName: goods.name, jumpUrl: goods.jumpUrl };

    return db.transaction(async (tx) => {
      const inUse = tx
        .select({ one: sql`1` })
        .from(redemptionBatches)
        .where(and(eq(redemptionBatches.id, batch.id), eq(redemptionBatches.status, REDEEM_BATCH_STATUS.active), lte(redemptionBatches.validFrom, now), gte(redemptionBatches.validTo, now)));
      const taken = await tx
        .update(redemptionCodes)
        .set({ status: REDEEM_CODE_STATUS.redeemed, userId, redeemedAt: now })
        .where(and(eq(redemptionCodes.id, code.id), eq(redemptionCodes.status, REDEEM_CODE_STATUS.unused), exists(inUse)))
        .returning({ id: redemptionCodes.id });
      if (!taken.length) {
        // Someone else got there first, or the batch changed meanwhile: say which, as it stands now.
        const [latest] = await tx.select({ code: redemptionCodes, batch: redemptionBatches }).from(redemptionCodes).innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId)).where(eq(redemptionCodes.id, code.id));
        if (!latest) throw notFound(CODE_UNKNOWN);
        const again = refuse(codeState(latest.code, latest.batch, now), latest.code.userId);
        if (again) return again;
        throw fail(CODE_USED);
      }
      if (!(await grantGoods(tx, userId, batch.goodsType, batch.goodsId, "redeem"))) throw fail(ALREADY_OWNED);
      return result;
    });
  });
}

/** Covers of the goods on a page of rows, by "type:id". */
async function coversOf(db: DbOrTx, rows: { goodsType: number; goodsId: number }[]) {
  const ids = (t: number) => [...new Set(rows.filter((r) => r.goodsType === t).map((r) => r.goodsId))];
  const out = new Map<string, { name: string; cover: string }>();
  const c = ids(GOODS_TYPE.course);
  if (c.length) for (const r of await db.select({ id: courses.id, name: courses.name, cover: courses.coverUrl }).from(courses).where(and(inArray(courses.id, c), isNull(courses.deletedAt)))) out.set(`1:${r.id}`, { name: r.name, cover: r.cover });
  const m = ids(GOODS_TYPE.map);
  if (m.length) for (const r of await db.select({ id: learningPaths.id, name: learningPaths.name, cover: learningPaths.coverUrl }).from(learningPaths).where(and(inArray(learningPaths.id, m), isNull(learningPaths.deletedAt)))) out.set(`4:${r.id}`, { name: r.name, cover: r.cover ?? "" });
  const l = ids(GOODS_TYPE.live);
  if (l.length)
    for (const r of await db.select({ id: lives.id, name: lives.name, cover: lives.coverUrl }).from(lives).where(and(inArray(lives.id, l), isNull(lives.deletedAt)))) out.set(`2:${r.id}`, { name: r.name, cover: r.cover ?? "" });
  return out;
}

const mine = (userId: number) => and(eq(redemptionCodes.userId, userId), eq(redemptionCodes.status, REDEEM_CODE_STATUS.redeemed));

/** The learner's redeemed codes, newest first (getRedeemedGoods); codes show their last four characters only. */
export async function redeemedGoods(db: DbOrTx, userId: number, page: PageRequest) {
  const result = await paginate(
    page,
    db.select({ total: count() }).from(redemptionCodes).where(mine(userId)),
    db
      .select({ code: redemptionCodes, batch: redemptionBatches })
      .from(redemptionCodes)
      .innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId))
      .where(mine(userId))
      .orderBy(desc(redemptionCodes.redeemedAt), desc(redemptionCodes.id)),
  );
  const covers = await coversOf(db, result.list.map((r) => r.batch));
  return {
    ...result,
    list: result.list.map(({ code, batch }) => {
      const current = covers.get(`${batch.goodsType}:${batch.goodsId}`);
      return {
        id: code.id,
        redemptionCode: maskCode(code.code),
        redemptionCodeBatchId: batch.id,
        batchName: batch.name,
        goodsType: batch.goodsType,
        goodsTypeName: goodsTypeName(batch.goodsType),
        goodsId: batch.goodsId,
        goodsName: current?.name ?? batch.goodsName,
        goodsImg: mediaUrl(current?.cover),
        redeemedAt: code.redeemedAt?.getTime() ?? null,
        jumpUrl: jumpUrlOf(batch.goodsType, batch.goodsId),
      };
    }),
  };
}

function publicBatch(b: Batch, cover: { name: string; cover: string } | undefined, now: Date) {
  return {
    redemptionCodeBatchId: b.id,
    id: b.id,
    name: b.name,
    goodsType: b.goodsType,
    goodsTypeName: goodsTypeName(b.goodsType),
    goodsId: b.goodsId,
    goodsName: cover?.name ?? b.goodsName,
    goodsImg: mediaUrl(cover?.cover),
    jumpUrl: jumpUrlOf(b.goodsType, b.goodsId),
    validFrom: b.validFrom.getTime(),
    validTo: b.validTo.getTime(),
    status: batchExpired(b, now) ? REDEEM_BATCH_STATUS.expired : REDEEM_BATCH_STATUS.active,
  };
}

/** The batches the learner redeemed codes of, latest redemption first (getRedemptionCodeBatch). */
export async function myBatches(db: DbOrTx, userId: number, page: PageRequest, now = new Date()) {
  const last = max(redemptionCodes.redeemedAt);
  const result = await paginate(
    page,
    db.select({ total: sql<number>`count(distinct ${redemptionCodes.batchId})`.mapWith(Number) }).from(redemptionCodes).where(mine(userId)),
    db
      .select({ batch: redemptionBatches, n: count(), last })
      .from(redemptionCodes)
      .innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId))
      .where(mine(userId))
      .groupBy(redemptionBatches.id)
      .orderBy(desc(last), desc(redemptionBatches.id)),
  );
  const covers = await coversOf(db, result.list.map((r) => r.batch));
  return {
    ...result,
    list: result.list.map((r) => ({
      ...publicBatch(r.batch, covers.get(`${r.batch.goodsType}:${r.batch.goodsId}`), now),
      redeemedNum: Number(r.n),
      lastRedeemedAt: r.last ? new Date(r.last).getTime() : null,
    })),
  };
}

/** One batch the learner redeemed codes of (get), with his codes from it; other batches are not his to see. */
export async function myBatch(db: DbOrTx, userId: number, batchId: number, now = new Date()) {
  const rows = await db
    .select({ code: redemptionCodes.code, redeemedAt: redemptionCodes.redeemedAt })
    .from(redemptionCodes)
    .where(and(mine(userId), eq(redemptionCodes.batchId, batchId)))
    .orderBy(desc(redemptionCodes.redeemedAt));
  if (!rows.length) throw notFound(BATCH_NOT_FOUND);
  const [batch] = await db.select().from(redemptionBatches).where(eq(redemptionBatches.id, batchId));
  if (!batch) throw notFound(BATCH_NOT_FOUND);
  const covers = await coversOf(db, [batch]);
  return {
    ...publicBatch(batch, covers.get(`${batch.goodsType}:${batch.goodsId}`), now),
    redeemedNum: rows.length,
    codes: rows.map((r) => ({ redemptionCode: maskCode(r.code), redeemedAt: r.redeemedAt?.getTime() ?? null })),
  };
}

/** The learner's own redeemed codes as a workbook (downloadRedemptionCode). */
export async function exportMine(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ code: redemptionCodes, batch: redemptionBatches })
    .from(redemptionCodes)
    .innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId))
    .where(mine(userId))
    .orderBy(desc(redemptionCodes.redeemedAt), desc(redemptionCodes.id))
    .limit(5000);
  return toXlsx(
    "我的兑换记录.xlsx",
    "兑换记录",
    [
      { header: "兑换码", key: "code", width: 18 },
      { header: "兑换内容", key: "goodsName", width: 36 },
      { header: "内容类型", key: "goodsType", width: 10 },
      { header: "批次名称", key: "batchName", width: 30 },
      { header: "兑换时间", key: "redeemedAt", width: 20 },
    ],
    rows.map(({ code, batch }) => ({ code: formatCode(code.code), goodsName: batch.goodsName, goodsType: goodsTypeName(batch.goodsType), batchName: batch.name, redeemedAt: dateText(code.redeemedAt) })),
  );
}
