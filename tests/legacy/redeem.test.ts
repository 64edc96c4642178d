import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { redemptionCodes } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { handleLegacy } from "@trpc-app/legacy/handler";
import { formatCode } from "@trpc-app/redeem/codes";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/redemptionCode";
const B = "/api/elearning/back/redemptionCode";
const HOUR = 3_600_000;

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string; mobile?: string } = {}) {
  const user = await createUser(db, opts);
  const client = legacyClient(db);
  const token = (await createSession(db, user.id)).token;
  client.jar.cy_session = token;
  return { user, client, token };
}

/** A download through the adapter, read as bytes (the helper client reads answers as text). */
async function download(db: Db, token: string, path: string, json: unknown) {
  const res = await handleLegacy(
    new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { [PEER_ADDRESS_HEADER]: "10.0.0.2", cookie: `cy_session=${token}`, "content-type": "application/json" }, body: JSON.stringify(json) }),
    db,
  );
  const wb = new ExcelJS.Workbook();
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("spreadsheetml")) await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return { status: res.status, type, disposition: res.headers.get("content-disposition") ?? "", sheet: wb.worksheets[0] };
}

const cells = (sheet: ExcelJS.Worksheet, column: number) => Array.from({ length: sheet.rowCount - 1 }, (_, i) => String(sheet.getRow(i + 2).getCell(column).value));

describeEachDb("legacy redemption code calls", (getDb) => {
  it("the back office creates, lists and downloads a batch; a learner previews, redeems and lists, all in the envelope", async () => {
    const db = getDb();
    const { client: admin, token: adminToken } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const { course } = await createCourse(db, { name: "政府采购业务全流程实训", price: 39900 });
    const made = await admin.post(`${B}/create`, { name: "2026年度单位集中采购兑换码", goodsType: "1", goodsId: String(course.id), count: "3", validFrom: String(Date.now() - HOUR), validTo: "2099-12-31 23:59:59", remark: "" });
    expect(made.body).toMatchObject({ code: 200, success: true, message: "成功", data: { redemptionCodeBatchId: expect.any(Number), count: 3 } });
    const batchId = made.body.data.redemptionCodeBatchId as number;
    const codes = (await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, batchId)).orderBy(redemptionCodes.id)).map((r) => r.code);

    const list = await admin.post(`${B}/searchRedemptionCodeBatchInf`, { pageNo: 1, pageSize: 10, name: "集中采购", status: 1 });
    expect(list.body).toMatchObject({ success: true, data: { total: 1, pageNo: 1, pageSize: 10, list: [{ redemptionCodeBatchId: batchId, name: "2026年度单位集中采购兑换码", goodsType: 1, goodsName: "政府采购业务全流程实训", count: 3, usedNum: 0, unusedNum: 3, expiredNum: 0, status: 1, statusName: "生效中" }] } });
    expect((await admin.get(`${B}/getRedemptionCodeBatchInf`, { redemptionCodeBatchId: batchId })).body.data).toMatchObject({ redemptionCodeBatchId: batchId, validTo: expect.any(Number), creatorName: "李建国" });

    // A learner: preview with the code as typed, redeem, then his list, batches and the batch.
    const { client: learner, token } = await signedIn(db, { nick: "王晓雯", mobile: "13812345678" });
    const preview = await learner.get(`${F}/getGoodsDetails`, { redemptionCode: formatCode(codes[0]!).toLowerCase() });
    expect(preview.body).toMatchObject({ code: 200, success: true, data: { goodsType: 1, goodsId: course.id, goodsName: "政府采购业务全流程实训", goodsImg: expect.any(String), validTo: expect.any(Number), codeStatus: 0, canRedeem: 1, reason: "" } });
    const redeemed = await learner.post(`${F}/redeem`, { redemptionCode: codes[0] });
    expect(redeemed.body).toEqual({ code: 200, message: "成功", success: true, data: { goodsType: 1, goodsId: course.id, goodsName: "政府采购业务全流程实训", jumpUrl: `/study/platform?id=${course.id}` } });
    const mine = await learner.get(`${F}/getRedeemedGoods`, { pageNo: 1, pageSize: 10 });
    expect(mine.body).toMatchObject({ success: true, data: { total: 1, list: [{ redemptionCode: `****-****-${codes[0]!.slice(-4)}`, goodsName: "政府采购业务全流程实训", goodsType: 1, goodsImg: expect.any(String), redeemedAt: expect.any(Number), jumpUrl: `/study/platform?id=${course.id}` }] } });
    expect((await learner.get(`${F}/getRedemptionCodeBatch`, { pageNo: "1", pageSize: "10" })).body.data).toMatchObject({ total: 1, list: [{ redemptionCodeBatchId: batchId, redeemedNum: 1 }] });
    expect((await learner.get(`${F}/get`, { redemptionCodeBatchId: batchId, pathName: "" })).body.data).toMatchObject({ redemptionCodeBatchId: batchId, name: "2026年度单位集中采购兑换码", goodsName: "政府采购业务全流程实训" });
    const own = await download(db, token, `${F}/downloadRedemptionCode`, {});
    expect(own.type).toContain("spreadsheetml");
    expect(cells(own.sheet!, 1)).toEqual([formatCode(codes[0]!)]);

    // The batch's codes as a workbook whose first sheet holds every code.
    const file = await download(db, adminToken, `${B}/download`, { redemptionCodeBatchId: batchId });
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(file.disposition).toContain(encodeURIComponent("2026年度单位集中采购兑换码-兑换码.xlsx"));
    expect(file.sheet!.getRow(1).values).toEqual([undefined, "兑换码", "状态", "兑换人", "手机号", "兑换时间"]);
    expect(cells(file.sheet!, 1).sort()).toEqual(codes.map(formatCode).sort());
    const row = file.sheet!.getRow(2).values as string[];
    expect(row.slice(1, 5)).toEqual([formatCode(codes[0]!), "已兑换", "王晓雯", "138****5678"]);
    const batches = await download(db, adminToken, `${B}/downloadRedemptionCodeBatchInf`, { name: "集中采购" });
    expect(batches.type).toContain("spreadsheetml");
    expect(cells(batches.sheet!, 1)).toEqual(["2026年度单位集中采购兑换码"]);

    const detail = await admin.post(`${B}/useDetail`, { redemptionCodeBatchId: batchId, pageNo: 1, pageSize: 10, status: 1 });
    expect(detail.body.data).toMatchObject({ total: 1, list: [{ redemptionCode: formatCode(codes[0]!), status: 1, statusName: "已兑换", userName: "王晓雯", mobile: "138****5678" }] });
    expect((await admin.post(`${B}/updateRemark`, { redemptionCodeBatchId: batchId, remark: "已发放" })).body).toMatchObject({ success: true, data: { remark: "已发放" } });
    expect((await admin.post(`${B}/expireRedemptionCode`, { redemptionCode: codes[1] })).body).toMatchObject({ success: true });
    expect((await admin.post("/api/elearning/caiyun/tool/generateRedemptionCode", { redemptionCodeBatchId: batchId, count: 2 })).body).toMatchObject({ success: true, data: { added: 2, count: 5 } });
    expect((await admin.post(`${B}/delete`, { redemptionCodeBatchId: batchId })).body).toMatchObject({ success: false, message: "该批次已有兑换记录，不能删除" });
    expect((await admin.post(`${B}/expire`, { redemptionCodeBatchId: batchId })).body).toMatchObject({ success: true });
    expect((await learner.post(`${F}/redeem`, { redemptionCode: codes[2] })).body).toMatchObject({ success: false, message: "该兑换码已过期", data: null });
  });

  it("refusals answer success false with a Chinese message and their code, never a 500", async () => {
    const db = getDb();
    const { client: learner } = await signedIn(db);
    const answers = [
      [await learner.post(`${F}/redeem`, { redemptionCode: "ABCD-EFGH-JKLM" }), "兑换码有误，请核对后重新输入"],
      [await learner.post(`${F}/redeem`, {}), "请输入兑换码"],
      [await learner.get(`${F}/getGoodsDetails`, { redemptionCode: "2345-6789-ABCD" }), "兑换码有误，请核对后重新输入"],
      [await learner.get(`${F}/getRedeemedGoods`, { pageNo: "x" }), "页码格式不正确"],
      [await learner.get(`${F}/get`, {}), "缺少兑换码批次ID"],
      [await learner.get(`${F}/get`, { redemptionCodeBatchId: 99 }), "兑换码批次不存在"],
      [await learner.post(`${B}/create`, { name: "x" }), "您没有权限访问管理后台"],
    ] as const;
    for (const [a, message] of answers) {
      expect(a.status).toBeLessThan(500);
      expect(a.body).toMatchObject({ success: false, message, data: null });
    }
    // Wrong codes count: after ten, 429.
    for (let i = 0; i < 8; i++) await learner.post(`${F}/redeem`, { redemptionCode: "ABCD-EFGH-JKLM" });
    expect((await learner.post(`${F}/redeem`, { redemptionCode: "ABCD-EFGH-JKLM" })).body).toMatchObject({ success: false, code: 429, message: "兑换码错误次数过多，请1小时后再试" });
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    expect((await admin.post(`${B}/create`, { name: "批次", goodsType: 3, goodsId: 1, count: 1, validFrom: Date.now(), validTo: Date.now() + HOUR })).body).toMatchObject({ success: false, code: 400, message: "兑换内容类型须为课程（1）、直播（2）或学习地图（4）" });
    expect((await admin.post(`${B}/create`, { name: "批次", goodsType: 1, goodsId: 1, count: 20000, validFrom: Date.now(), validTo: Date.now() + HOUR })).body).toMatchObject({ success: false, message: "生成数量须在1-10000之间" });
    expect((await admin.post(`${B}/expire`, {})).body).toMatchObject({ success: false, message: "缺少兑换码批次ID" });
    const visitor = await legacyClient(db).post(`${F}/redeem`, { redemptionCode: "ABCD-EFGH-JKLM" });
    expect(visitor.body).toMatchObject({ success: false, code: 281 });
    // A GET never redeems.
    expect((await learner.get(`${F}/redeem`, { redemptionCode: "ABCD-EFGH-JKLM" })).status).toBe(405);
  });
});
