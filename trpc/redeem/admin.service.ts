import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { REDEEM_BATCH_STATUS, REDEEM_CODE_STATUS, redemptionBatches, redemptionCodes, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { formatDateTime, maskMobile } from "@base/format";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { dateText, toXlsx } from "@base/xlsx";
import { goodsOf, goodsTypeName } from "../order/goods.service";
import { formatCode, generateCode, normalizeCode } from "./codes";
import { BATCH_NOT_FOUND, batchExpired, CODE_STATE, codeState } from "./redeem.service";
import type { AdminPageInput, CreateInput, UseDetailInput } from "./schemas";

type Batch = typeof redemptionBatches.$inferSelect;

export const HAS_REDEMPTIONS = "该批次已有兑换记录，不能删除";
const INSERT_CHUNK = 1000;
/** Rounds of top-up after unique collisions before giving up (a collision is already one in billions). */
const MAX_ROUNDS = 10;

/**
 * Adds `wanted` new codes to a batch inside the caller's transaction. Codes are unique across all
 * batches: an insert that collides with an existing code is skipped (on conflict do nothing) and the
 * shortfall is generated again. Answers how many were added (always `wanted`).
 */
export async function addCodes(tx: DbOrTx, batchId: number, wanted: number, make: () => string = generateCode) {
  let added = 0;
  for (let round = 0; added < wanted; round++) {
    if (round >= MAX_ROUNDS) throw fail("兑换码生成失败，请稍后重试");
    const fresh = new Set<string>();
    // Bounded: a generator that keeps repeating itself must not spin here.
    for (let tries = 0; fresh.size < wanted - added && tries < (wanted - added) * 4; tries++) fresh.add(make());
    const list = [...fresh];
    for (let i = 0; i < list.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(redemptionCodes)
        .values(list.slice(i, i + INSERT_CHUNK).map((code) => ({ batchId, code })))
        .onConflictDoNothing({ target: redemptionCodes.code })
        .returning({ id: redemptionCodes.id });
      added += rows.length;
    }
  }
  return added;
}

/** A new batch for a released course or an online map, with its codes, in one transaction (create). */
export async function createBatch(db: DbOrTx, adminId: number, input: CreateInput, now = new Date()) {
  if (input.validTo <= now.getTime()) throw fail("有效期结束时间须晚于当前时间");
  return db.transaction(async (tx) => {
    const goods = await goodsOf(tx, input.goodsType, input.goodsId);
    const [batch] = await tx
      .insert(redemptionBatches)
      .values({
        name: input.name,
        goodsType: input.goodsType,
        goodsId: input.goodsId,
        goodsName: goods.name.slice(0, 100),
        count: input.count,
        validFrom: new Date(input.validFrom),
        validTo: new Date(input.validTo),
        remark: input.remark ?? "",
        status: REDEEM_BATCH_STATUS.active,
        createdBy: adminId,
      })
      .returning();
    await addCodes(tx, batch!.id, input.count);
    return { id: batch!.id, redemptionCodeBatchId: batch!.id, count: input.count };
  });
}

/** Adds codes to a batch still in use (tool generateRedemptionCode); the batch's count follows. */
export async function generateMore(db: DbOrTx, batchId: number, wanted: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(redemptionBatches).where(eq(redemptionBatches.id, batchId)).for("update");
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    if (batchExpired(batch, now)) throw fail("该批次已过期，不能追加兑换码");
    await addCodes(tx, batchId, wanted);
    const [after] = await tx
      .update(redemptionBatches)
      .set({ count: sql`${redemptionBatches.count} + ${wanted}`, updatedAt: now })
      .where(eq(redemptionBatches.id, batchId))
      .returning({ count: redemptionBatches.count });
    return { redemptionCodeBatchId: batchId, added: wanted, count: after!.count };
  });
}

const STATUS_NAMES = { active: "生效中", notStarted: "未开始", expired: "已过期", voided: "已作废" } as const;
function batchStatusName(b: Batch, now: Date) {
  if (b.status === REDEEM_BATCH_STATUS.expired) return STATUS_NAMES.voided;
  if (b.validTo.getTime() < now.getTime()) return STATUS_NAMES.expired;
  if (b.validFrom.getTime() > now.getTime()) return STATUS_NAMES.notStarted;
  return STATUS_NAMES.active;
}

/** Codes per batch by stored status. */
async function codeCounts(db: DbOrTx, ids: number[]) {
  const out = new Map<number, [number, number, number]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: redemptionCodes.batchId, status: redemptionCodes.status, n: count() })
    .from(redemptionCodes)
    .where(inArray(redemptionCodes.batchId, ids))
    .groupBy(redemptionCodes.batchId, redemptionCodes.status);
  for (const r of rows) {
    const c = out.get(r.id) ?? [0, 0, 0];
    c[r.status as 0 | 1 | 2] = Number(r.n);
    out.set(r.id, c);
  }
  return out;
}

function batchView(b: Batch, counts: [number, number, number] | undefined, creatorName: string | null, now: Date) {
  const [unused, used, expired] = counts ?? [0, 0, 0];
  const over = batchExpired(b, now);
  return {
    id: b.id,
    redemptionCodeBatchId: b.id,
    name: b.name,
    goodsType: b.goodsType,
    goodsTypeName: goodsTypeName(b.goodsType),
    goodsId: b.goodsId,
    goodsName: b.goodsName,
    count: b.count,
    usedNum: used,
    // Once the batch is over, its unused codes count as expired.
    unusedNum: over ? 0 : unused,
    expiredNum: expired + (over ? unused : 0),
    validFrom: b.validFrom.getTime(),
    validTo: b.validTo.getTime(),
    remark: b.remark,
    /** 1 in use, 2 expired (by an admin or past its end). */
    status: over ? REDEEM_BATCH_STATUS.expired : REDEEM_BATCH_STATUS.active,
    statusName: batchStatusName(b, now),
    /** Whether it may still be expired by hand. */
    canExpire: over ? 0 : 1,
    creatorName: creatorName ?? "",
    createTime: b.createdAt.getTime(),
    updateTime: b.updatedAt.getTime(),
  };
}
export type BatchView = ReturnType<typeof batchView>;

function pageWhere(input: Omit<AdminPageInput, "pageNo" | "pageSize">, now: Date) {
  const conds: SQL[] = [];
  if (input.name) conds.push(ilike(redemptionBatches.name, likePattern(input.name)));
  if (input.goodsName) conds.push(ilike(redemptionBatches.goodsName, likePattern(input.goodsName)));
  if (input.goodsType) conds.push(eq(redemptionBatches.goodsType, input.goodsType));
  if (input.status === 1) conds.push(eq(redemptionBatches.status, REDEEM_BATCH_STATUS.active), gte(redemptionBatches.validTo, now));
  if (input.status === 2) conds.push(or(eq(redemptionBatches.status, REDEEM_BATCH_STATUS.expired), lt(redemptionBatches.validTo, now))!);
  return conds.length ? and(...conds) : undefined;
}

const listQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ batch: redemptionBatches, creator: users.nick })
    .from(redemptionBatches)
    .leftJoin(users, eq(users.id, redemptionBatches.createdBy))
    .where(where)
    .orderBy(desc(redemptionBatches.createdAt), desc(redemptionBatches.id));

/** Batches with their used, unused and expired counts (searchRedemptionCodeBatchInf). */
export async function pageBatches(db: DbOrTx, input: AdminPageInput, now = new Date()) {
  const where = pageWhere(input, now);
  const page = await paginate(input, db.select({ total: count() }).from(redemptionBatches).where(where), listQuery(db, where));
  const counts = await codeCounts(db, page.list.map((r) => r.batch.id));
  return { ...page, list: page.list.map((r) => batchView(r.batch, counts.get(r.batch.id), r.creator, now)) };
}

async function batchOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ batch: redemptionBatches, creator: users.nick }).from(redemptionBatches).leftJoin(users, eq(users.id, redemptionBatches.createdBy)).where(eq(redemptionBatches.id, id));
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

/** One batch (getRedemptionCodeBatchInf). */
export async function batchDetail(db: DbOrTx, id: number, now = new Date()) {
  const { batch, creator } = await batchOf(db, id);
  return batchView(batch, (await codeCounts(db, [id])).get(id), creator, now);
}

/** The batch list as a workbook (downloadRedemptionCodeBatchInf), same filters as the list. */
export async function exportBatches(db: DbOrTx, input: AdminPageInput, now = new Date()) {
  const rows = await listQuery(db, pageWhere(input, now)).limit(10_000);
  const counts = await codeCounts(db, rows.map((r) => r.batch.id));
  const views = rows.map((r) => batchView(r.batch, counts.get(r.batch.id), r.creator, now));
  return toXlsx(
    "兑换码批次.xlsx",
    "兑换码批次",
    [
      { header: "批次名称", key: "name", width: 30 },
      { header: "内容类型", key: "goodsTypeName", width: 10 },
      { header: "兑换内容", key: "goodsName", width: 36 },
      { header: "生成数量", key: "count", width: 10 },
      { header: "已兑换", key: "usedNum", width: 10 },
      { header: "未使用", key: "unusedNum", width: 10 },
      { header: "已过期", key: "expiredNum", width: 10 },
      { header: "有效期开始", key: "validFrom", width: 20 },
      { header: "有效期结束", key: "validTo", width: 20 },
      { header: "状态", key: "statusName", width: 10 },
      { header: "备注", key: "remark", width: 30 },
      { header: "创建人", key: "creatorName", width: 12 },
      { header: "创建时间", key: "createTime", width: 20 },
    ],
    views.map((v) => ({ ...v, validFrom: formatDateTime(v.validFrom), validTo: formatDateTime(v.validTo), createTime: formatDateTime(v.createTime) })),
  );
}

const CODE_STATUS_NAMES: Record<number, string> = { 0: "未使用", 1: "已兑换", 2: "已过期" };
/** A code's state for the back office: not yet valid counts as unused. */
const adminCodeState = (c: { status: number }, b: Batch, now: Date) => {
  const s = codeState(c, b, now);
  return s === CODE_STATE.notYet ? CODE_STATE.unused : s;
};

/** Codes of a batch with who redeemed them and when (useDetail). */
export async function useDetail(db: DbOrTx, input: UseDetailInput, now = new Date()) {
  const { batch, creator } = await batchOf(db, input.id);
  const over = batchExpired(batch, now);
  const conds: SQL[] = [eq(redemptionCodes.batchId, batch.id)];
  if (input.status === 0) conds.push(over ? sql`false` : eq(redemptionCodes.status, REDEEM_CODE_STATUS.unused));
  if (input.status === 1) conds.push(eq(redemptionCodes.status, REDEEM_CODE_STATUS.redeemed));
  if (input.status === 2) conds.push(over ? inArray(redemptionCodes.status, [REDEEM_CODE_STATUS.unused, REDEEM_CODE_STATUS.expired]) : eq(redemptionCodes.status, REDEEM_CODE_STATUS.expired));
  if (input.keyword) {
    const like = likePattern(input.keyword);
    const code = normalizeCode(input.keyword);
    conds.push(or(ilike(users.nick, like), ilike(users.loginName, like), ilike(users.mobile, like), ...(code ? [ilike(redemptionCodes.code, likePattern(code))] : []))!);
  }
  const where = and(...conds);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(redemptionCodes).leftJoin(users, eq(users.id, redemptionCodes.userId)).where(where),
    db
      .select({ code: redemptionCodes, nick: users.nick, loginName: users.loginName, mobile: users.mobile })
      .from(redemptionCodes)
      .leftJoin(users, eq(users.id, redemptionCodes.userId))
      .where(where)
      .orderBy(sql`${redemptionCodes.redeemedAt} desc nulls last`, asc(redemptionCodes.id)),
  );
  return {
    ...page,
    batch: batchView(batch, (await codeCounts(db, [batch.id])).get(batch.id), creator, now),
    list: page.list.map((r) => {
      const state = adminCodeState(r.code, batch, now);
      return {
        id: r.code.id,
        redemptionCodeId: r.code.id,
        redemptionCode: formatCode(r.code.code),
        status: state,
        statusName: CODE_STATUS_NAMES[state]!,
        userId: r.code.userId,
        userName: r.nick ?? "",
        loginName: r.loginName ?? "",
        mobile: maskMobile(r.mobile),
        redeemedAt: r.code.redeemedAt?.getTime() ?? null,
        expiredAt: r.code.expiredAt?.getTime() ?? null,
      };
    }),
  };
}

/** A batch's codes as a workbook for handing out (download). */
export async function exportCodes(db: DbOrTx, id: number, now = new Date()) {
  const { batch } = await batchOf(db, id);
  const rows = await db
    .select({ code: redemptionCodes, nick: users.nick, mobile: users.mobile })
    .from(redemptionCodes)
    .leftJoin(users, eq(users.id, redemptionCodes.userId))
    .where(eq(redemptionCodes.batchId, id))
    .orderBy(asc(redemptionCodes.id));
  return toXlsx(
    `${batch.name.replace(/[\\/:*?"<>|]/g, "")}-兑换码.xlsx`,
    "兑换码",
    [
      { header: "兑换码", key: "code", width: 18 },
      { header: "状态", key: "status", width: 10 },
      { header: "兑换人", key: "nick", width: 14 },
      { header: "手机号", key: "mobile", width: 14 },
      { header: "兑换时间", key: "redeemedAt", width: 20 },
    ],
    rows.map((r) => ({
      code: formatCode(r.code.code),
      status: CODE_STATUS_NAMES[adminCodeState(r.code, batch, now)],
      nick: r.nick ?? "",
      mobile: maskMobile(r.mobile),
      redeemedAt: dateText(r.code.redeemedAt),
    })),
  );
}

/** Ends a batch early (expire): its unused codes stop working at once; redeemed ones stay. */
export async function expireBatch(db: DbOrTx, id: number, now = new Date()) {
  const changed = await db
    .update(redemptionBatches)
    .set({ status: REDEEM_BATCH_STATUS.expired, updatedAt: now })
    .where(and(eq(redemptionBatches.id, id), eq(redemptionBatches.status, REDEEM_BATCH_STATUS.active)))
    .returning({ id: redemptionBatches.id });
  if (!changed.length) await batchOf(db, id);
  return { success: true, redemptionCodeBatchId: id };
}

/** Expires one unused code (expireRedemptionCode), found by the code or by its id. */
export async function expireCode(db: DbOrTx, ref: { code?: string; id?: number }, now = new Date()) {
  const where = ref.id ? eq(redemptionCodes.id, ref.id) : eq(redemptionCodes.code, normalizeCode(ref.code ?? ""));
  const changed = await db
    .update(redemptionCodes)
    .set({ status: REDEEM_CODE_STATUS.expired, expiredAt: now })
    .where(and(where, eq(redemptionCodes.status, REDEEM_CODE_STATUS.unused)))
    .returning({ id: redemptionCodes.id, code: redemptionCodes.code });
  if (changed.length) return { success: true, id: changed[0]!.id, redemptionCode: formatCode(changed[0]!.code) };
  const [row] = await db.select().from(redemptionCodes).where(where);
  if (!row) throw notFound("兑换码不存在");
  if (row.status === REDEEM_CODE_STATUS.redeemed) throw fail("该兑换码已被兑换，不能作废");
  return { success: true, id: row.id, redemptionCode: formatCode(row.code) };
}

/**
 * Deletes a batch and its codes (delete), refused once any code was redeemed. The unused codes are
 * first marked expired, which locks them: a redemption under way finishes first and is then seen, and
 * one that comes later waits and finds the code gone.
 */
export async function deleteBatch(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    await batchOf(tx, id);
    await tx.update(redemptionCodes).set({ status: REDEEM_CODE_STATUS.expired }).where(and(eq(redemptionCodes.batchId, id), eq(redemptionCodes.status, REDEEM_CODE_STATUS.unused)));
    const [used] = await tx
      .select({ n: count() })
      .from(redemptionCodes)
      .where(and(eq(redemptionCodes.batchId, id), eq(redemptionCodes.status, REDEEM_CODE_STATUS.redeemed)));
    if (Number(used?.n ?? 0) > 0) throw fail(HAS_REDEMPTIONS);
    await tx.delete(redemptionBatches).where(eq(redemptionBatches.id, id));
    return { success: true, redemptionCodeBatchId: id };
  });
}

export async function updateRemark(db: DbOrTx, id: number, remark: string) {
  const changed = await db.update(redemptionBatches).set({ remark, updatedAt: new Date() }).where(eq(redemptionBatches.id, id)).returning({ id: redemptionBatches.id });
  if (!changed.length) throw notFound(BATCH_NOT_FOUND);
  return { success: true, redemptionCodeBatchId: id, remark };
}

/**
 * Diagnostic repair (caiyun/tool/correctRedemption): puts a code's status right. 2 voids an unused code
 * (expireCode); 0 gives back a code voided by mistake, never one a learner redeemed (he holds the goods);
 * 1 only where the redemption is on record (who and when) but the status says otherwise — a redemption
 * itself is made by the learner, never by hand. A second run changes nothing.
 */
export async function correctCodeStatus(db: DbOrTx, typed: string, status: number, now = new Date()) {
  const [found] = await db.select({ code: redemptionCodes, batch: redemptionBatches }).from(redemptionCodes).innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId)).where(eq(redemptionCodes.code, normalizeCode(typed)));
  if (!found) throw notFound("兑换码不存在");
  const { code, batch } = found;
  const view = (s: number, changed: boolean, note: string) => ({ redemptionCode: formatCode(code.code), batchId: batch.id, before: code.status, after: s, changed, note });
  const redeemedOnRecord = code.userId !== null && code.redeemedAt !== null;
  if (status === REDEEM_CODE_STATUS.expired) {
    if (code.status === REDEEM_CODE_STATUS.expired) return view(code.status, false, "兑换码已是作废状态");
    if (redeemedOnRecord) throw fail("该兑换码已被兑换，不能作废");
    await db.update(redemptionCodes).set({ status: REDEEM_CODE_STATUS.expired, expiredAt: now }).where(eq(redemptionCodes.id, code.id));
    return view(REDEEM_CODE_STATUS.expired, true, "已作废");
  }
  if (status === REDEEM_CODE_STATUS.unused) {
    if (redeemedOnRecord) throw fail("该兑换码已被兑换，不能恢复为未使用");
    if (code.status === REDEEM_CODE_STATUS.unused) return view(code.status, false, "兑换码已是未使用状态");
    if (batch.status === REDEEM_BATCH_STATUS.expired || batchExpired(batch, now)) throw fail("所属批次已作废或已过期，恢复兑换码无效");
    await db.update(redemptionCodes).set({ status: REDEEM_CODE_STATUS.unused, expiredAt: null, userId: null, redeemedAt: null }).where(eq(redemptionCodes.id, code.id));
    return view(REDEEM_CODE_STATUS.unused, true, "已恢复为未使用");
  }
  if (code.status === REDEEM_CODE_STATUS.redeemed) return view(code.status, false, "兑换码已是已兑换状态");
  if (!redeemedOnRecord) throw fail("该兑换码没有兑换记录，不能改为已兑换（须由学员兑换）");
  await db.update(redemptionCodes).set({ status: REDEEM_CODE_STATUS.redeemed }).where(eq(redemptionCodes.id, code.id));
  return view(REDEEM_CODE_STATUS.redeemed, true, "已按兑换记录改为已兑换");
}
