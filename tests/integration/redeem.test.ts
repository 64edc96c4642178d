import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { courses, learningPathMembers, rateLimits, redemptionBatches, redemptionCodes, userCourses, users } from "@db/schema";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { addCodes } from "@trpc-app/redeem/admin.service";
import { checkCharacter, formatCode, generateCode } from "@trpc-app/redeem/codes";
import { ALREADY_MINE, ALREADY_OWNED, CODE_EXPIRED, CODE_NOT_YET, CODE_UNKNOWN, CODE_USED, redeemCode, TOO_MANY_WRONG } from "@trpc-app/redeem/redeem.service";
import { CODE_INVALID } from "@trpc-app/redeem/schemas";
import { createCourse } from "../factories/course";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function setup(db: Db) {
  const admin = await createUser(db, { isAdmin: 1, nick: "李建国" });
  const { course } = await createCourse(db, { name: "政府采购业务全流程实训", price: 39900 });
  return { admin, course, adminClient: await signedInClient(db, admin.id) };
}

/** A batch made through the back-office procedure, and its codes as stored. */
async function batchOf(admin: Client, db: Db, input: { goodsType?: 1 | 4; goodsId: number; count?: number; validFrom?: number; validTo?: number; name?: string }) {
  const made = await admin.call((c) =>
    c.redeem.admin.create({
      name: input.name ?? "2026年度单位集中采购兑换码",
      goodsType: input.goodsType ?? 1,
      goodsId: input.goodsId,
      count: input.count ?? 3,
      validFrom: input.validFrom ?? Date.now() - HOUR,
      validTo: input.validTo ?? Date.now() + 30 * DAY,
      remark: "财务处统一采购",
    }),
  );
  const codes = await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, made.id)).orderBy(redemptionCodes.id);
  return { id: made.id, codes: codes.map((c) => c.code) };
}

async function learner(db: Db, nick = "王晓雯") {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

/** Learners without a password (no hashing cost), each with a session of his own. */
async function manyLearners(db: Db, n: number) {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ loginName: `rd_${i}_${Date.now() % 100000}`, nick: `学员${i}`, mobile: null })))
    .returning({ id: users.id });
  return Promise.all(rows.map(async (r) => testClient(db, { cookies: { [SESSION_COOKIE]: (await createSession(db, r.id)).token } })));
}

const codeRow = async (db: Db, code: string) => (await db.select().from(redemptionCodes).where(eq(redemptionCodes.code, code)))[0]!;
/** A code of the right shape that no batch holds. */
const strayCode = () => generateCode();
/** A code whose check character is wrong. */
const badCheck = (code: string) => code.slice(0, 11) + (code[11] === "2" ? "3" : "2");

describeEachDb("redemption codes", (getDb) => {
  it("an admin makes a batch for a paid course; a learner previews, redeems, and the course opens with payStatus 1", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { id, codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 5 });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-TV-Z]{12}$/);
    const [batch] = await db.select().from(redemptionBatches).where(eq(redemptionBatches.id, id));
    expect(batch).toMatchObject({ goodsType: 1, goodsId: course.id, goodsName: "政府采购业务全流程实训", count: 5, status: 1, remark: "财务处统一采购" });

    const { user, client } = await learner(db);
    const typed = formatCode(codes[0]!).toLowerCase().replaceAll("-", " - ");
    const preview = await client.call((c) => c.redeem.preview({ redemptionCode: typed }));
    expect(preview).toMatchObject({ redemptionCode: formatCode(codes[0]!), goodsType: 1, goodsId: course.id, goodsName: "政府采购业务全流程实训", codeStatus: 0, canRedeem: 1, reason: "", jumpUrl: `/study/platform?id=${course.id}` });
    expect(preview.validTo).toBe(batch!.validTo.getTime());
    expect(preview.goodsImg).toContain("default.svg");
    // A preview redeems nothing.
    expect((await codeRow(db, codes[0]!)).status).toBe(0);

    const done = await client.call((c) => c.redeem.redeem({ redemptionCode: typed }));
    expect(done).toEqual({ goodsType: 1, goodsId: course.id, goodsName: "政府采购业务全流程实训", jumpUrl: `/study/platform?id=${course.id}` });
    const seat = (await db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, course.id))))[0];
    expect(seat).toMatchObject({ payStatus: 1, source: "redeem" });
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(1);
    const row = await codeRow(db, codes[0]!);
    expect(row).toMatchObject({ status: 1, userId: user.id });
    expect(row.redeemedAt).toBeInstanceOf(Date);
    // The learner can study it now.
    expect(await client.call((c) => c.course.learnDetail({ courseId: course.id }))).toBeTruthy();
    // His own code again: the same answer, nothing more; the preview says he has it.
    expect(await client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }))).toEqual(done);
    expect(await client.call((c) => c.redeem.preview({ redemptionCode: codes[0]! }))).toMatchObject({ codeStatus: 1, canRedeem: 0, reason: ALREADY_MINE });
    // Another code of the same batch: he already owns the course.
    expect(await client.call((c) => c.redeem.preview({ redemptionCode: codes[1]! }))).toMatchObject({ codeStatus: 0, canRedeem: 0, reason: ALREADY_OWNED });
  });

  it("a code for a learning map makes the learner a member of it", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { path } = await createPath(db, { name: "政府采购全流程实务学习地图", sections: [{ title: "第一阶段", nodes: [{ contentType: 1, contentId: course.id }] }] });
    const { codes } = await batchOf(adminClient, db, { goodsType: 4, goodsId: path.id, count: 2 });
    const { user, client } = await learner(db);
    expect(await client.call((c) => c.redeem.redeem({ redemptionCode: codes[1]! }))).toEqual({ goodsType: 4, goodsId: path.id, goodsName: "政府采购全流程实务学习地图", jumpUrl: `/map/detail?id=${path.id}` });
    const member = await db.select().from(learningPathMembers).where(and(eq(learningPathMembers.pathId, path.id), eq(learningPathMembers.userId, user.id)));
    expect(member).toHaveLength(1);
    expect(member[0]!.source).toBe("redeem");
    const list = await client.call((c) => c.redeem.redeemed({ pageNo: 1, pageSize: 10 }));
    expect(list).toMatchObject({ total: 1, list: [{ redemptionCode: `****-****-${codes[1]!.slice(-4)}`, goodsType: 4, goodsTypeName: "学习地图", goodsName: "政府采购全流程实务学习地图", jumpUrl: `/map/detail?id=${path.id}` }] });
  });

  it("100 learners submitting the same code at once: exactly one redeems it, 99 are told it is used", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 1 });
    const clients = await manyLearners(db, 100);
    const results = await Promise.allSettled(clients.map((cl) => cl.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }))));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(99);
    for (const r of refused) expect((r.reason as Error).message).toBe(CODE_USED);
    const redeemed = await db.select().from(redemptionCodes).where(eq(redemptionCodes.status, 1));
    expect(redeemed).toHaveLength(1);
    expect(await db.select().from(userCourses).where(eq(userCourses.courseId, course.id))).toHaveLength(1);
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(1);
  });

  it("one learner submitting the same code twice at once gets it once", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 1 });
    const { user, client } = await learner(db);
    const [a, b] = await Promise.all([0, 1].map(() => client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }))));
    expect(a).toEqual(b);
    expect(a).toMatchObject({ goodsId: course.id });
    expect(await db.select().from(redemptionCodes).where(eq(redemptionCodes.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(userCourses).where(eq(userCourses.userId, user.id))).toHaveLength(1);
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(1);
  });

  it("content the learner already owns is refused and the code stays unused; a seat awaiting payment is paid by the code", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { path } = await createPath(db, { sections: [{ title: "第一阶段", nodes: [{ contentType: 1, contentId: course.id }] }] });
    const { codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 2 });
    const mapBatch = await batchOf(adminClient, db, { goodsType: 4, goodsId: path.id, count: 1 });
    const { user, client } = await learner(db);
    await db.insert(userCourses).values({ userId: user.id, courseId: course.id, source: "order", payStatus: 1 });
    await db.insert(learningPathMembers).values({ pathId: path.id, userId: user.id, source: "admin" });
    expect((await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! })))).message).toBe(ALREADY_OWNED);
    expect((await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: mapBatch.codes[0]! })))).message).toBe(ALREADY_OWNED);
    expect(await codeRow(db, codes[0]!)).toMatchObject({ status: 0, userId: null, redeemedAt: null });
    expect(await codeRow(db, mapBatch.codes[0]!)).toMatchObject({ status: 0, userId: null });

    // Added by an admin, awaiting payment: the code pays for the seat.
    const other = await learner(db, "刘洋");
    await db.insert(userCourses).values({ userId: other.user.id, courseId: course.id, source: "admin", payStatus: 0 });
    await other.client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }));
    expect((await db.select().from(userCourses).where(eq(userCourses.userId, other.user.id)))[0]).toMatchObject({ payStatus: 1, source: "redeem" });
  });

  it("expired batch, expired code, past the end, not yet valid, unknown and mistyped codes are refused", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { client } = await learner(db);
    const refusal = async (code: string) => (await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: code })))).message;

    const voided = await batchOf(adminClient, db, { goodsId: course.id, count: 2 });
    await adminClient.call((c) => c.redeem.admin.expire({ redemptionCodeBatchId: voided.id }));
    expect(await refusal(voided.codes[0]!)).toBe(CODE_EXPIRED);
    expect(await client.call((c) => c.redeem.preview({ redemptionCode: voided.codes[0]! }))).toMatchObject({ codeStatus: 2, canRedeem: 0, reason: CODE_EXPIRED });

    const live = await batchOf(adminClient, db, { goodsId: course.id, count: 2 });
    expect(await adminClient.call((c) => c.redeem.admin.expireCode({ redemptionCode: formatCode(live.codes[0]!).toLowerCase() }))).toMatchObject({ success: true });
    expect(await codeRow(db, live.codes[0]!)).toMatchObject({ status: 2, expiredAt: expect.any(Date) });
    expect(await refusal(live.codes[0]!)).toBe(CODE_EXPIRED);

    // Past the batch's last moment (the service asked at a later time).
    const { user } = await learner(db, "陈静");
    expect(await rejection(redeemCode(db, user.id, live.codes[1]!, new Date(Date.now() + 31 * DAY)))).toMatchObject({ message: CODE_EXPIRED });

    const later = await batchOf(adminClient, db, { goodsId: course.id, count: 1, validFrom: Date.now() + DAY, validTo: Date.now() + 10 * DAY });
    expect(await refusal(later.codes[0]!)).toBe(CODE_NOT_YET);
    expect(await client.call((c) => c.redeem.preview({ redemptionCode: later.codes[0]! }))).toMatchObject({ codeStatus: 3, canRedeem: 0, reason: CODE_NOT_YET });

    expect(await refusal(strayCode())).toBe(CODE_UNKNOWN);
    expect(await refusal(badCheck(live.codes[1]!))).toBe(CODE_INVALID);
    expect(await refusal("ABCD-EFGH")).toBe(CODE_INVALID);
    expect(await refusal("兑换码")).toBe(CODE_INVALID);
    expect((await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: "  " })))).message).toBe("请输入兑换码");
    expect((await rejection(client.call((c) => c.redeem.redeem({} as never)))).message).toBe("请输入兑换码");
    // An offline course cannot be redeemed; the code stays for later.
    await db.update(courses).set({ status: 2 }).where(eq(courses.id, course.id));
    expect(await refusal(live.codes[1]!)).toBe("商品不存在或已下架");
    expect((await codeRow(db, live.codes[1]!)).status).toBe(0);
    // Nothing was redeemed along the way.
    expect(await db.select().from(redemptionCodes).where(eq(redemptionCodes.status, 1))).toHaveLength(0);
  });

  it("ten wrong codes an hour per learner: the eleventh submission is refused with 429, a right code too; other refusals do not count", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 3 });
    const first = await learner(db);
    await first.client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }));
    const { user, client } = await learner(db, "刘洋");
    // A used code, many times: not a wrong code.
    for (let i = 0; i < 12; i++) expect((await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! })))).message).toBe(CODE_USED);
    for (let i = 0; i < 10; i++) {
      const wrong = i % 2 ? strayCode() : badCheck(codes[1]!);
      const e = await rejection(i % 3 ? client.call((c) => c.redeem.redeem({ redemptionCode: wrong })) : client.call((c) => c.redeem.preview({ redemptionCode: wrong })));
      expect(e.message).toBe(i % 2 ? CODE_UNKNOWN : CODE_INVALID);
    }
    const blocked = await rejection(client.call((c) => c.redeem.redeem({ redemptionCode: codes[1]! })));
    expect(blocked).toMatchObject({ code: "TOO_MANY_REQUESTS", message: TOO_MANY_WRONG, legacyCode: "429" });
    expect((await rejection(client.call((c) => c.redeem.preview({ redemptionCode: codes[1]! })))).message).toBe(TOO_MANY_WRONG);
    expect((await codeRow(db, codes[1]!)).status).toBe(0);
    // Another learner is not held back; after the hour the first may try again.
    const other = await learner(db, "陈静");
    await other.client.call((c) => c.redeem.redeem({ redemptionCode: codes[1]! }));
    await db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, `redeem-wrong:${user.id}`));
    expect(await client.call((c) => c.redeem.redeem({ redemptionCode: codes[2]! }))).toMatchObject({ goodsId: course.id });
  });

  it("a learner sees only his own redemptions (list, batches, one batch, download)", async () => {
    const db = getDb();
    const { adminClient, course } = await setup(db);
    const { id, codes } = await batchOf(adminClient, db, { goodsId: course.id, count: 2 });
    const a = await learner(db, "王晓雯");
    const b = await learner(db, "刘洋");
    await a.client.call((c) => c.redeem.redeem({ redemptionCode: codes[0]! }));
    expect((await a.client.call((c) => c.redeem.redeemed({ pageNo: 1, pageSize: 10 }))).total).toBe(1);
    expect(await a.client.call((c) => c.redeem.batches({ pageNo: 1, pageSize: 10 }))).toMatchObject({ total: 1, list: [{ redemptionCodeBatchId: id, name: "2026年度单位集中采购兑换码", redeemedNum: 1, status: 1 }] });
    const one = await a.client.call((c) => c.redeem.batch({ redemptionCodeBatchId: id, pathName: "" }));
    expect(one).toMatchObject({ redemptionCodeBatchId: id, redeemedNum: 1, codes: [{ redemptionCode: `****-****-${codes[0]!.slice(-4)}` }] });
    expect(JSON.stringify(one)).not.toContain("财务处统一采购");

    expect(await b.client.call((c) => c.redeem.redeemed({ pageNo: 1, pageSize: 10 }))).toMatchObject({ total: 0, list: [] });
    expect(await b.client.call((c) => c.redeem.batches({ pageNo: 1, pageSize: 10 }))).toMatchObject({ total: 0, list: [] });
    expect(await rejection(b.client.call((c) => c.redeem.batch({ redemptionCodeBatchId: id })))).toMatchObject({ message: "兑换码批次不存在", legacyCode: "404" });
    const file = await b.client.call((c) => c.redeem.download());
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
    // A learner cannot reach the back office; a visitor cannot redeem.
    expect((await rejection(b.client.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: id })))).legacyCode).toBe("403");
    expect((await rejection(testClient(db).call((c) => c.redeem.redeem({ redemptionCode: codes[1]! })))).legacyCode).toBe("281");
  });

  it("the back office: counts, filters, detail, use detail, remark, more codes, single-code expiry, delete only without redemptions", async () => {
    const db = getDb();
    const { adminClient: admin, course } = await setup(db);
    const { path } = await createPath(db, { name: "政府采购全流程实务学习地图", sections: [{ title: "第一阶段", nodes: [{ contentType: 1, contentId: course.id }] }] });
    const a = await batchOf(admin, db, { goodsId: course.id, count: 4, name: "财政局集中采购" });
    const b = await batchOf(admin, db, { goodsType: 4, goodsId: path.id, count: 2, name: "学习地图推广" });
    const { user, client } = await learner(db, "王晓雯");
    await db.update(users).set({ mobile: "13812345678" }).where(eq(users.id, user.id));
    await client.call((c) => c.redeem.redeem({ redemptionCode: a.codes[2]! }));
    const toVoid = (await codeRow(db, a.codes[3]!)).id;
    await admin.call((c) => c.redeem.admin.expireCode({ id: toVoid }));

    const page = await admin.call((c) => c.redeem.admin.page({ pageNo: 1, pageSize: 10 }));
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.name)).toEqual(["学习地图推广", "财政局集中采购"]);
    expect(page.list[1]).toMatchObject({ count: 4, usedNum: 1, unusedNum: 2, expiredNum: 1, status: 1, statusName: "生效中", goodsTypeName: "课程", creatorName: "李建国" });
    expect((await admin.call((c) => c.redeem.admin.page({ goodsName: "地图" }))).list.map((r) => r.redemptionCodeBatchId)).toEqual([b.id]);
    expect((await admin.call((c) => c.redeem.admin.page({ name: "财政" }))).list.map((r) => r.redemptionCodeBatchId)).toEqual([a.id]);

    await admin.call((c) => c.redeem.admin.expire({ redemptionCodeBatchId: b.id }));
    expect(await admin.call((c) => c.redeem.admin.detail({ redemptionCodeBatchId: b.id }))).toMatchObject({ status: 2, statusName: "已作废", usedNum: 0, unusedNum: 0, expiredNum: 2, canExpire: 0 });
    expect((await admin.call((c) => c.redeem.admin.page({ status: 2 }))).list.map((r) => r.redemptionCodeBatchId)).toEqual([b.id]);
    expect((await admin.call((c) => c.redeem.admin.page({ status: 1 }))).list.map((r) => r.redemptionCodeBatchId)).toEqual([a.id]);

    const detail = await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: a.id, pageNo: 1, pageSize: 10 }));
    expect(detail.total).toBe(4);
    expect(detail.list[0]).toMatchObject({ redemptionCode: formatCode(a.codes[2]!), status: 1, statusName: "已兑换", userName: "王晓雯", mobile: "138****5678", redeemedAt: expect.any(Number) });
    expect(detail.batch).toMatchObject({ usedNum: 1, unusedNum: 2, expiredNum: 1 });
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: a.id, status: 0 }))).list.map((r) => r.redemptionCode)).toEqual([formatCode(a.codes[0]!), formatCode(a.codes[1]!)]);
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: a.id, status: 2 }))).list.map((r) => r.statusName)).toEqual(["已过期"]);
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: a.id, keyword: "晓雯" }))).total).toBe(1);
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: a.id, keyword: formatCode(a.codes[1]!).toLowerCase() }))).list.map((r) => r.redemptionCode)).toEqual([formatCode(a.codes[1]!)]);
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: b.id, status: 0 }))).total).toBe(0);
    expect((await admin.call((c) => c.redeem.admin.useDetail({ redemptionCodeBatchId: b.id, status: 2 }))).total).toBe(2);

    expect(await admin.call((c) => c.redeem.admin.updateRemark({ redemptionCodeBatchId: a.id, remark: "已发放至各处室" }))).toMatchObject({ remark: "已发放至各处室" });
    expect(await admin.call((c) => c.redeem.admin.generate({ redemptionCodeBatchId: a.id, count: 3 }))).toEqual({ redemptionCodeBatchId: a.id, added: 3, count: 7 });
    expect(await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, a.id))).toHaveLength(7);
    expect((await rejection(admin.call((c) => c.redeem.admin.generate({ redemptionCodeBatchId: b.id, count: 3 })))).message).toBe("该批次已过期，不能追加兑换码");
    expect((await rejection(admin.call((c) => c.redeem.admin.expireCode({ redemptionCode: a.codes[2]! })))).message).toBe("该兑换码已被兑换，不能作废");
    expect((await rejection(admin.call((c) => c.redeem.admin.expireCode({ redemptionCode: strayCode() })))).message).toBe("兑换码不存在");

    const file = await admin.call((c) => c.redeem.admin.exportCodes({ redemptionCodeBatchId: a.id }));
    expect(file.fileName).toBe("财政局集中采购-兑换码.xlsx");
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "兑换码", "状态", "兑换人", "手机号", "兑换时间"]);
    expect(sheet.rowCount).toBe(8);
    const redeemedRow = sheet.getRow(4).values as string[];
    expect(redeemedRow.slice(1, 5)).toEqual([formatCode(a.codes[2]!), "已兑换", "王晓雯", "138****5678"]);
    expect(redeemedRow[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await rejection(admin.call((c) => c.redeem.admin.del({ redemptionCodeBatchId: a.id })))).message).toBe("该批次已有兑换记录，不能删除");
    expect(await db.select().from(redemptionCodes).where(and(eq(redemptionCodes.batchId, a.id), eq(redemptionCodes.status, 0)))).toHaveLength(5);
    await admin.call((c) => c.redeem.admin.del({ redemptionCodeBatchId: b.id }));
    expect(await db.select().from(redemptionBatches).where(eq(redemptionBatches.id, b.id))).toHaveLength(0);
    expect(await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, b.id))).toHaveLength(0);
    expect((await rejection(admin.call((c) => c.redeem.admin.detail({ redemptionCodeBatchId: b.id })))).message).toBe("兑换码批次不存在");
  });

  it("creation is checked: counts 1-10000, dates, goods type and goods that exist and are released", async () => {
    const db = getDb();
    const { adminClient: admin, course } = await setup(db);
    const base = { name: "批次", goodsType: 1, goodsId: course.id, count: 1, validFrom: Date.now(), validTo: Date.now() + DAY };
    const refused = async (patch: Record<string, unknown>) => (await rejection(admin.call((c) => c.redeem.admin.create({ ...base, ...patch } as never)))).message;
    expect(await refused({ count: 0 })).toBe("生成数量须在1-10000之间");
    expect(await refused({ count: 10001 })).toBe("生成数量须在1-10000之间");
    expect(await refused({ count: "abc" })).toBe("生成数量格式不正确");
    expect(await refused({ name: "" })).toBe("请输入批次名称");
    expect(await refused({ name: "批".repeat(51) })).toBe("批次名称不能超过50字");
    expect(await refused({ remark: "备".repeat(201) })).toBe("备注不能超过200字");
    expect(await refused({ goodsType: 3 })).toBe("兑换内容类型须为课程（1）、直播（2）或学习地图（4）");
    expect(await refused({ validTo: base.validFrom })).toBe("有效期结束时间须晚于开始时间");
    expect(await refused({ validFrom: undefined })).toBe("请选择有效期开始时间");
    expect(await refused({ validTo: "明天" })).toBe("有效期结束时间格式不正确");
    expect(await refused({ validFrom: Date.now() - 2 * DAY, validTo: Date.now() - DAY })).toBe("有效期结束时间须晚于当前时间");
    expect(await refused({ goodsId: course.id + 100 })).toBe("商品不存在或已下架");
    const { course: draft } = await createCourse(db, { status: 0 });
    expect(await refused({ goodsId: draft.id })).toBe("商品不存在或已下架");
    // China-time text is read as China time.
    const made = await admin.call((c) => c.redeem.admin.create({ ...base, validFrom: "2026-01-01 00:00", validTo: "2099-12-31 23:59:59" } as never));
    const [row] = await db.select().from(redemptionBatches).where(eq(redemptionBatches.id, made.id));
    expect(row!.validFrom.toISOString()).toBe("2025-12-31T16:00:00.000Z");
    expect(await db.select().from(redemptionBatches)).toHaveLength(1);
  });

  it("a code that collides with an existing one is skipped and made again", async () => {
    const db = getDb();
    const { adminClient: admin, course } = await setup(db);
    const { id, codes } = await batchOf(admin, db, { goodsId: course.id, count: 1 });
    const body = "CAYNHJK2345";
    // The first round makes the existing code (twice) and one new one; the shortfall is made in a second round.
    const queue = [codes[0]!, codes[0]!, body + checkCharacter(body)];
    let made = 0;
    const added = await db.transaction((tx) => addCodes(tx, id, 2, () => (made++, queue.shift() ?? generateCode())));
    expect(added).toBe(2);
    expect(made).toBe(4);
    const all = (await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, id))).map((r) => r.code);
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(3);
    expect(all).toContain(body + checkCharacter(body));
  });

  it("the seed: a year-long batch of 20 codes for a paid course, the demo code unused, one code redeemed by a colleague", async () => {
    const db = getDb();
    const { DEMO_REDEEM_CODE, DEMO_REDEEM_BATCH, seedRedeem } = await import("@db/seed/redeem");
    await createUser(db, { loginName: "demo_admin", isAdmin: 1 });
    const colleague = await createUser(db, { loginName: "chenjing88", nick: "陈静" });
    await createCourse(db, { name: "政府采购法实施条例解读" });
    const { course } = await createCourse(db, { name: "政府采购业务全流程实训", price: 39900 });
    await seedRedeem(db);
    await seedRedeem(db);
    const batches = await db.select().from(redemptionBatches);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ name: DEMO_REDEEM_BATCH, goodsType: 1, goodsId: course.id, count: 20, status: 1 });
    expect(batches[0]!.validTo.getTime() - batches[0]!.validFrom.getTime()).toBe(365 * DAY);
    const codes = await db.select().from(redemptionCodes).orderBy(redemptionCodes.id);
    expect(codes).toHaveLength(20);
    expect(codes[0]).toMatchObject({ code: DEMO_REDEEM_CODE, status: 0 });
    expect(codes.filter((c) => c.status === 1).map((c) => c.userId)).toEqual([colleague.id]);
    expect((await db.select().from(userCourses).where(eq(userCourses.userId, colleague.id)))[0]).toMatchObject({ courseId: course.id, payStatus: 1, source: "redeem" });
    const { client } = await learner(db);
    expect(await client.call((c) => c.redeem.redeem({ redemptionCode: formatCode(DEMO_REDEEM_CODE) }))).toMatchObject({ goodsId: course.id, goodsName: "政府采购业务全流程实训" });
  });
});
