import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { CERT_BUSINESS, thirdCerts, userCerts } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { issueCertificate } from "@trpc-app/cert/issue.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createIdentity, makeIdNo } from "../factories/identity";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/user/cert";
const A = "/api/elearning/caiyun/front/certificateAuthority";
const B = "/api/elearning/back/cert";
const U = "/api/elearning/back/user/cert";

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

async function anExam(db: Db) {
  const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const paper = await createFixedPaper(db, "判断卷", [{ questionId: q.id, score: 100 }]);
  return createExam(db, { name: "政府采购法规考试", paperId: paper.id });
}

describeEachDb("legacy certificate calls", (getDb) => {
  it("back office: templates through back/cert/*, issued certificates through back/user/cert/*", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const { user: learner } = await signedIn(db, { nick: "王晓雯" });
    const exam = await anExam(db);

    expect((await admin.post(`${B}/check/prefix`, { prefix: "CYKS" })).body).toMatchObject({ code: 200, success: true, data: { available: true } });
    const added = await admin.post(`${B}/add`, { name: "考试证书", certName: "政府采购业务考核合格证书", prefix: "CYKS", issuerName: "财云学院", validityMonths: "24" });
    expect(added.body).toMatchObject({ success: true, data: { name: "考试证书", prefix: "CYKS", status: 1, validityMonths: 24 } });
    const id = added.body.data.id as number;
    expect((await admin.post(`${B}/add`, { name: "重复", certName: "证书", prefix: "cyks" })).body).toMatchObject({ success: false, message: "该证书编号前缀已被其他模板使用" });
    expect((await admin.post(`${B}/add`, { name: "坏前缀", certName: "证书", prefix: "证书" })).body).toMatchObject({ success: false, message: "证书编号前缀须为2-12位大写字母或数字，以字母开头" });
    expect((await admin.post(`${B}/check/prefix`, { prefix: "CYKS" })).body.data).toMatchObject({ available: false, message: "该证书编号前缀已被其他模板使用" });
    expect((await admin.post(`${B}/getOne`, { id })).body.data).toMatchObject({ id, certId: id, certName: "政府采购业务考核合格证书", bindings: [] });
    expect((await admin.post(`${B}/update`, { id, name: "考试合格证书", certName: "政府采购业务考核合格证书", prefix: "CYKS", fields: [{ key: "realName", x: 300, y: 260, size: 36, bold: true }] })).body.data).toMatchObject({
      name: "考试合格证书",
      fields: [{ key: "realName", x: 300, y: 260, size: 36, bold: true }],
    });
    expect((await admin.post(`${B}/page`, { pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, list: [{ id, name: "考试合格证书", bindCount: 0, issuedCount: 0 }] });
    const copied = await admin.post(`${B}/copy`, { id });
    expect(copied.body.data).toMatchObject({ name: "考试合格证书（副本）", prefix: "CYKS2", status: 0 });
    expect((await admin.post(`${B}/move`, { id, direction: "up" })).body.success).toBe(true);
    expect((await admin.post(`${B}/unable`, { ids: `${id}` })).body.data).toEqual({ count: 1 });
    expect((await admin.post(`${B}/able`, { ids: [id] })).body.data).toEqual({ count: 1 });
    expect((await admin.post(`${B}/check/checkCertBindStatus`, { id })).body.data).toMatchObject({ bound: false, isBind: 0 });
    expect((await admin.post(`${B}/del`, { ids: [copied.body.data.id] })).body.data).toEqual({ count: 1 });

    // Issued certificates: send by hand, page, detail, regenerate, save a picture, export.
    const sent = await admin.post(`${U}/send`, { certId: id, businessType: 3, businessId: exam.id, userIds: `${learner.id}` });
    expect(sent.body).toMatchObject({ success: true, data: { issued: 1, skipped: 0, failed: [] } });
    const page = await admin.post(`${U}/page`, { businessId: exam.id, name: "王晓", pageNo: 1, pageSize: 10 });
    expect(page.body.data).toMatchObject({ total: 1, list: [{ realName: "王晓雯", contentName: "政府采购法规考试", status: 1, sourceName: "手动发放", templateName: "考试合格证书" }] });
    const userCertId = page.body.data.list[0].userCertId as number;
    expect((await admin.post(`${U}/detail`, { id: userCertId })).body.data).toMatchObject({ userCertId, certImgUrl: expect.stringMatching(/^\/cert\/image\//) });
    expect((await admin.post(`${U}/regenerateCertBack`, { id: userCertId })).body.data).toMatchObject({ count: 1, list: [{ certImgUrl: expect.stringMatching(/\?v=2$/) }] });
    expect((await admin.post(`${U}/setCertImgUrl`, { id: userCertId, certImgUrl: "/storage/file/cert-upload/20260101/1/a.png" })).body.success).toBe(true);
    for (const path of [`${U}/export`, `${U}/exportV2`]) {
      const file = await admin.post(path, { businessId: exam.id });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("spreadsheetml");
      expect(file.headers.get("content-disposition")).toContain(encodeURIComponent("证书发放记录.xlsx"));
    }
    // The repair tool issues nothing twice (the one pass here already holds its certificate).
    expect((await admin.post("/api/elearning/caiyun/tool/repairExamCert", { examId: exam.id })).body.data).toEqual({ examId: exam.id, passed: 0, issued: 0 });
    // A learner is refused the back office.
    const { client: other } = await signedIn(db);
    expect((await other.post(`${U}/page`, {})).body).toMatchObject({ success: false, code: 403 });
    expect((await other.post(`${B}/page`, {})).body).toMatchObject({ success: false, code: 403 });
  });

  it("learner: list, detail, gainInfo, setCertImgUrl, regenerateCert, third lists, and the verification centre", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db, { nick: "小王" });
    await createIdentity(db, user.id, { realName: "王晓雯", idNo: makeIdNo("330106", "19900307", 123) });
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const exam = await anExam(db);
    const t = (await admin.post(`${B}/add`, { name: "考试证书", certName: "政府采购业务考核合格证书", prefix: "CYKS" })).body.data;
    expect((await admin.post(`/api/elearning/back/cert/check/checkCertBindStatus`, { id: t.id })).body.data.bound).toBe(false);
    await db.transaction(async (tx) => {
      const { bind } = await import("@trpc-app/cert/template.service");
      await bind(tx, { templateId: t.id, businessType: 3, businessId: exam.id });
      await issueCertificate(tx, { userId: user.id, businessType: CERT_BUSINESS.exam, businessId: exam.id, score: 95 });
    });
    const [cert] = await db.select().from(userCerts).where(eq(userCerts.userId, user.id));

    const list = await client.post(`${F}/list`, undefined, { form: { pageNo: "1", pageSize: "10" } });
    expect(list.body).toMatchObject({ code: 200, success: true, data: { total: 1, list: [{ userCertId: cert!.id, certName: "政府采购业务考核合格证书", certImgUrl: expect.stringMatching(/^\/cert\/image\/.+\.png\?v=1$/) }] } });
    const detail = await client.get(`${F}/detail`, { id: cert!.id });
    expect(detail.body.data).toMatchObject({ userCertId: cert!.id, certNo: cert!.certNo, certHtml: expect.stringContaining("<img") });
    const gain = await client.get(`${F}/gainInfo`, { certId: cert!.id });
    expect(Object.keys(gain.body.data).sort()).toEqual(["certHtml", "certImgUrl", "certName", "userCertId"]);
    // The old pop-up saves a picture it uploaded (form body), its own only.
    const own = `/storage/file/cert-upload/20260101/${user.id}/cert.png`;
    expect((await client.post(`${F}/setCertImgUrl`, undefined, { form: { id: String(cert!.id), certImgUrl: own } })).body).toMatchObject({ success: true, data: { userCertId: cert!.id } });
    expect((await client.post(`${F}/setCertImgUrl`, undefined, { form: { id: String(cert!.id), certImgUrl: "/storage/file/cert-upload/20260101/999/x.png" } })).body).toMatchObject({ success: false, message: "证书图片须为您上传的图片" });
    expect((await client.post(`${F}/regenerateCert`, undefined, { form: { id: String(cert!.id) } })).body.data).toMatchObject({ userCertId: cert!.id, certImgUrl: expect.stringMatching(/\?v=2$/) });
    // Someone else's certificate is refused on every personal path.
    const { client: stranger } = await signedIn(db);
    expect((await stranger.get(`${F}/detail`, { id: cert!.id })).body).toMatchObject({ success: false, code: 404, message: "证书不存在或您无权查看" });
    expect((await stranger.get(`${F}/gainInfo`, { certId: cert!.id })).body).toMatchObject({ success: false, message: "证书不存在或您无权查看" });
    expect((await legacyClient(db).post(`${F}/list`, {})).body).toMatchObject({ success: false, code: 281 });

    // Imported certificates: new ones once, then the list.
    await db.insert(thirdCerts).values({ userId: user.id, certName: "政府采购评审专家培训证书", certNo: "ZJ2025-0192", platformName: "省财政厅培训平台", issuedAt: new Date("2025-06-01T00:00:00+08:00") });
    expect((await client.post(`${F}/third/new/list`, {})).body.data).toMatchObject({ list: [{ certName: "政府采购评审专家培训证书", isNew: 1 }] });
    expect((await client.post(`${F}/third/new/list`, {})).body.data).toEqual({ list: [] });
    expect((await client.post(`${F}/third/list`, {})).body.data).toMatchObject({ total: 1, list: [{ certNo: "ZJ2025-0192", platformName: "省财政厅培训平台", isNew: 0 }] });

    // Verification centre.
    expect((await client.get(`${A}/myCert`)).body.data).toMatchObject({ total: 1, list: [{ userCertId: cert!.id }] });
    expect((await legacyClient(db).post(`${A}/guessYouWantToLearn`, {})).body.data).toMatchObject({ total: 1, list: [{ businessType: 3, id: exam.id, name: "政府采购法规考试", certName: "政府采购业务考核合格证书" }] });
    const found = await legacyClient(db).post(`${A}/search`, { certNo: cert!.certNo, name: "王晓雯" });
    expect(found.body).toMatchObject({ success: true, data: { certNo: cert!.certNo, realName: "王*雯", status: 1, statusName: "有效", signature: "valid" } });
    expect(found.text).not.toContain("19900307");
    expect((await legacyClient(db).post(`${A}/search`, { certNo: cert!.certNo, name: "王小明" })).body).toMatchObject({ success: false, message: "未查询到该证书，请核对证书编号和姓名" });
    expect((await legacyClient(db).post(`${A}/search`, { certNo: "" , name: "王晓雯" })).body).toMatchObject({ success: false, message: "请输入证书编号" });
  });

  it("imports third-party certificates from a workbook and reports bad rows", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const { user } = await signedIn(db, { mobile: "13911112222" });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("证书");
    ws.addRow(["手机号", "证书名称", "证书编号", "发证平台", "发证日期", "有效期至"]);
    ws.addRow(["13911112222", "政府采购评审专家培训证书", "ZJ2025-0192", "省财政厅培训平台", "2025-06-01", "2027-06-01"]);
    ws.addRow(["13900000000", "某证书", "X-1", "某平台", "2025-06-01", ""]);
    ws.addRow(["13911112222", "某证书", "X-2", "某平台", "六月一日", ""]);
    ws.addRow(["13911112222", "政府采购评审专家培训证书", "ZJ2025-0192", "省财政厅培训平台", "2025-06-01", ""]);
    const file = Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
    const { importThirdCerts } = await import("@trpc-app/cert/admin.service");
    const r = await importThirdCerts(db, file);
    expect(r).toEqual({ total: 4, imported: 1, duplicated: 1, errors: [{ row: 3, reason: "手机号未注册" }, { row: 4, reason: "发证日期格式不正确" }] });
    const [stored] = await db.select().from(thirdCerts).where(eq(thirdCerts.userId, user.id));
    // A date typed without a zone is a China date.
    expect(stored!.issuedAt.toISOString()).toBe("2025-05-31T16:00:00.000Z");
    expect((await admin.post(`${U}/page`, {})).body.success).toBe(true);
  });
});
