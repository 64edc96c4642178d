import { and, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair } from "jose";
import { expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { CERT_BUSINESS, certSigningKeys, examAttempts, learningPathMembers, userCerts } from "@db/schema";
import { resetEnvCache } from "@base/env.server";
import { defaultFields } from "@base/cert-layout";
import { issueCertificate, onExamPassed } from "@trpc-app/cert/issue.service";
import { certPdf, certPng, imageUrlOf } from "@trpc-app/cert/cert.service";
import { serveCertFile } from "@trpc-app/cert/files";
import { resetSigningKey } from "@trpc-app/cert/signing";
import { reportLearning } from "@trpc-app/course/progress.service";
import { loadExam } from "@trpc-app/exam/access";
import { closeSubmitted, SubmitType } from "@trpc-app/exam/attempt.service";
import { readObject } from "@trpc-app/upload/object.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createIdentity, makeIdNo } from "../factories/identity";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "cert_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const aRow = await createUser(db, { loginName: "cert_a", nick: "小王" });
  await createIdentity(db, aRow.id, { realName: "王晓雯", idNo: makeIdNo("330106", "19900307", 123) });
  const bRow = await createUser(db, { loginName: "cert_b", nick: "刘洋" });
  return { admin, adminRow, aRow, bRow, a: await signedInClient(db, aRow.id), b: await signedInClient(db, bRow.id) };
}

const template = (prefix: string, extra: Record<string, unknown> = {}) => ({ name: `${prefix}模板`, certName: "政府采购业务考核合格证书", prefix, issuerName: "财云学院", ...extra });

/** A one-question exam: answering A passes (100 points), B fails. */
async function passFailExam(db: Db, makeupCount = 0) {
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "政府采购法规考试", paperId: paper.id, makeupCount, passScore: 60 });
  return { exam, q };
}

async function sit(client: Client, examId: number, questionId: number, answer: "A" | "B") {
  await client.call((c) => c.exam.register({ examId })).catch(() => undefined);
  const { paperId } = await client.call((c) => c.exam.start({ examId }));
  return client.call((c) => c.exam.submit({ paperId, answers: [{ questionId, answer: [answer] }] }));
}

async function boundExam(db: Db, admin: Client, prefix = "CYKS", makeupCount = 0) {
  const t = await admin.call((c) => c.cert.admin.add(template(prefix)));
  const { exam, q } = await passFailExam(db, makeupCount);
  await admin.call((c) => c.cert.admin.bind({ templateId: t.id, businessType: 3, businessId: exam.id }));
  return { t, exam, q };
}

const certsOf = (db: Db, userId: number) => db.select().from(userCerts).where(eq(userCerts.userId, userId));

describeEachDb("certificates", (getDb) => {
  it("an exam pass issues one certificate in the result's transaction; a fail issues none; a later pass does not issue again", async () => {
    const db = getDb();
    const { admin, a, b, aRow, bRow } = await setup(db);
    const { exam, q } = await boundExam(db, admin, "CYKS", 1);
    await sit(b, exam.id, q.id, "B");
    expect(await certsOf(db, bRow.id)).toHaveLength(0);
    await sit(b, exam.id, q.id, "A");
    expect(await certsOf(db, bRow.id)).toHaveLength(1);

    await sit(a, exam.id, q.id, "A");
    const [cert] = await certsOf(db, aRow.id);
    const year = new Date().getFullYear();
    expect(cert).toMatchObject({ businessType: 3, businessId: exam.id, realName: "王晓雯", score: 100, certName: "政府采购业务考核合格证书", contentName: "政府采购法规考试", certNo: `CYKS${year}000002` });
    // The same pass recorded again (a re-marking, a retake with a higher score) keeps the one certificate.
    await db.transaction((tx) => onExamPassed(tx, aRow.id, exam.id, 100));
    expect(await certsOf(db, aRow.id)).toHaveLength(1);

    const mine = await a.call((c) => c.cert.list({}));
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ userCertId: cert!.id, certName: "政府采购业务考核合格证书", status: 1, statusName: "有效", certNo: cert!.certNo });
    expect(mine.list[0]!.certImgUrl).toMatch(/^\/cert\/image\/[0-9a-f-]{36}\.png\?v=1$/);
    const popup = await a.call((c) => c.cert.forContent({ businessType: 3, businessId: exam.id }));
    expect(popup?.userCertId).toBe(cert!.id);
    expect(await b.call((c) => c.cert.forContent({ businessType: 1, businessId: exam.id }))).toBeNull();
  });

  // Learners whose paper ends together: their closes share one transaction (decision 022).
  it("learners passing in one turn get one certificate each, numbered apart, and complete their map; a second submit issues nothing more", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const { exam, q } = await boundExam(db, admin, "CYTB");
    const rows = await Promise.all(["周敏", "陈静", "赵磊", "孙悦"].map((nick) => createUser(db, { nick })));
    const { path } = await createPath(db, { sections: [{ title: "考核", nodes: [{ contentType: 3, contentId: exam.id, unlockType: 0 }] }], memberIds: rows.map((r) => r.id) });
    const attempts = [];
    for (const [i, row] of rows.entries()) {
      const client = await signedInClient(db, row.id);
      await client.call((c) => c.exam.register({ examId: exam.id }));
      const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
      // The last learner fails.
      await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.id, answer: [i < 3 ? "A" : "B"], seq: 1 }));
      attempts.push((await db.select().from(examAttempts).where(eq(examAttempts.id, paperId)))[0]!);
    }
    const loaded = await loadExam(db, exam.id);
    const transactions = vi.spyOn(db, "transaction");
    try {
      const closed = await Promise.all([...attempts, attempts[0]!].map((a) => closeSubmitted(db, loaded, a, SubmitType.learner)));
      expect(closed.map((c) => c.attempt!.isPass)).toEqual([1, 1, 1, 0, 1]);
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      transactions.mockRestore();
    }
    const certs = await db.select().from(userCerts).where(and(eq(userCerts.businessType, 3), eq(userCerts.businessId, exam.id)));
    expect(certs.map((c) => rows.findIndex((r) => r.id === c.userId)).sort()).toEqual([0, 1, 2]);
    const year = new Date().getFullYear();
    expect(certs.map((c) => c.certNo).sort()).toEqual([1, 2, 3].map((n) => `CYTB${year}${String(n).padStart(6, "0")}`));
    const members = await db.select().from(learningPathMembers).where(eq(learningPathMembers.pathId, path.id));
    expect(rows.map((r) => members.find((m) => m.userId === r.id)!.completedAt !== null)).toEqual([true, true, true, false]);
  });

  it("completing a bound course issues its certificate with the course's hours", async () => {
    const db = getDb();
    const { admin, aRow, a } = await setup(db);
    const t = await admin.call((c) => c.cert.admin.add(template("CYPX", { certName: "政府采购从业人员培训合格证书" })));
    const { course, sections } = await createCourse(db, { name: "政府采购实务", chapters: [{ name: "第一章", sections: [{ name: "1.1 讲义", type: 2 }] }] });
    await admin.call((c) => c.cert.admin.bind({ templateId: t.id, businessType: 1, businessId: course.id }));
    await a.call((c) => c.course.join({ courseId: course.id }));
    expect(await certsOf(db, aRow.id)).toHaveLength(0);
    await reportLearning(db, { id: aRow.id, isAdmin: 0 }, { courseId: course.id, chapterId: sections[0]!.id, position: 0, event: "open" });
    const [cert] = await certsOf(db, aRow.id);
    expect(cert).toMatchObject({ businessType: 1, businessId: course.id, contentName: "政府采购实务", learnHours: course.learnHour, score: null });
  });

  it("concurrent completions by one learner issue exactly one certificate; numbers stay unique across learners", async () => {
    const db = getDb();
    const { admin, aRow } = await setup(db);
    const { exam } = await boundExam(db, admin);
    const results = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => issueCertificate(tx, { userId: aRow.id, businessType: CERT_BUSINESS.exam, businessId: exam.id, score: 90 }))));
    const rows = await certsOf(db, aRow.id);
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r!.cert.id))).toEqual(new Set([rows[0]!.id]));
    expect(results.filter((r) => r!.created)).toHaveLength(1);

    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(db, { loginName: `cert_p${i}` })));
    await Promise.all(others.map((u) => db.transaction((tx) => issueCertificate(tx, { userId: u.id, businessType: CERT_BUSINESS.exam, businessId: exam.id, score: 80 }))));
    const all = await db.select({ no: userCerts.certNo }).from(userCerts).where(eq(userCerts.businessId, exam.id));
    expect(all).toHaveLength(7);
    expect(new Set(all.map((r) => r.no)).size).toBe(7);
    for (const r of all) expect(r.no).toMatch(/^CYKS\d{4}\d{6}$/);
  });

  it("revoke, manual re-issue with a new number (never reused), restore refused while another is live", async () => {
    const db = getDb();
    const { admin, aRow, a, adminRow } = await setup(db);
    const { t, exam, q } = await boundExam(db, admin);
    await sit(a, exam.id, q.id, "A");
    const [first] = await certsOf(db, aRow.id);
    const revoked = await admin.call((c) => c.cert.admin.revoke({ id: first!.id, reason: "考试作弊，成绩作废" }));
    expect(revoked).toMatchObject({ status: 3, statusName: "已撤销", revokeReason: "考试作弊，成绩作废" });
    expect((await rejection(admin.call((c) => c.cert.admin.revoke({ id: first!.id, reason: "再次" })))).message).toBe("该证书已撤销");
    expect((await rejection(admin.call((c) => c.cert.admin.revoke({ id: first!.id, reason: "  " })))).message).toBe("请输入撤销原因");
    // Automatic issue does not override an admin's revocation.
    await db.transaction((tx) => onExamPassed(tx, aRow.id, exam.id, 100));
    expect(await certsOf(db, aRow.id)).toHaveLength(1);
    // An admin's send gives a new certificate with the next number.
    const sent = await admin.call((c) => c.cert.admin.send({ templateId: t.id, businessType: 3, businessId: exam.id, userIds: [aRow.id, adminRow.id, 999999] }));
    expect(sent).toMatchObject({ issued: 2, skipped: 0, failed: [{ userId: 999999, reason: "学员不存在" }] });
    const again = await admin.call((c) => c.cert.admin.send({ templateId: t.id, businessType: 3, businessId: exam.id, userIds: [aRow.id] }));
    expect(again).toMatchObject({ issued: 0, skipped: 1 });
    const rows = await certsOf(db, aRow.id);
    expect(rows).toHaveLength(2);
    const live = rows.find((r) => !r.revokedAt)!;
    expect(live.certNo).not.toBe(first!.certNo);
    expect(live.source).toBe(2);
    expect((await rejection(admin.call((c) => c.cert.admin.restore({ id: first!.id })))).message).toBe("该学员已有同一内容的有效证书，不能恢复");
    // The revoked number still verifies, as revoked.
    const found = await testClient(db).call((c) => c.cert.search({ certNo: first!.certNo, name: "王晓雯" }));
    expect(found).toMatchObject({ status: 3, statusName: "已撤销", realName: "王*雯", signature: "valid" });
    const page = await admin.call((c) => c.cert.admin.userPage({ status: 3 }));
    expect(page.list.map((r) => r.certNo)).toEqual([first!.certNo]);
    const file = await admin.call((c) => c.cert.admin.export({ businessId: exam.id }));
    expect(file.fileName).toBe("证书发放记录.xlsx");
    expect(Buffer.from(file.base64, "base64").subarray(0, 2).toString()).toBe("PK");
  });

  it("verifies a good, tampered, revoked and expired credential and says which check failed; rotated keys still verify", async () => {
    const db = getDb();
    const { admin, aRow, a } = await setup(db);
    const { exam, q } = await boundExam(db, admin);
    await sit(a, exam.id, q.id, "A");
    const [cert] = await certsOf(db, aRow.id);
    const { credential } = await a.call((c) => c.cert.credential({ id: cert!.id }));
    const visitor = testClient(db);
    const good = await visitor.call((c) => c.cert.verifyCredential({ credential }));
    expect(good).toMatchObject({ signatureValid: true, valid: true, status: 1, statusName: "有效", certificate: { certNo: cert!.certNo, realName: "王*雯" } });
    expect(good.certificate!.idNo).toMatch(/^3301\*+23$|^\d{3,4}\*+\d{2,4}$/);

    // A changed score in the payload breaks the signature.
    const [h, p, s] = credential.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    claims.vc.credentialSubject.result = [{ type: ["Result"], value: "100" }];
    claims.vc.credentialSubject.name = "王小明";
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${s}`;
    expect(await visitor.call((c) => c.cert.verifyCredential({ credential: forged }))).toMatchObject({ signatureValid: false, valid: false, signatureMessage: "凭证签名无效：内容在签发后被改动过" });
    expect(await visitor.call((c) => c.cert.verifyCredential({ credential: "not-a-credential" }))).toMatchObject({ signatureValid: false, signatureMessage: "凭证格式不正确，无法读取" });

    // Revoked: signature good, status says revoked.
    await admin.call((c) => c.cert.admin.revoke({ id: cert!.id, reason: "信息有误" }));
    expect(await visitor.call((c) => c.cert.verifyCredential({ credential }))).toMatchObject({ signatureValid: true, valid: false, status: 3, statusName: "已撤销" });

    // Expired: a 1-month template issued two months ago.
    const t2 = await admin.call((c) => c.cert.admin.add(template("CYYX", { validityMonths: 1 })));
    const { exam: exam2 } = await passFailExam(db);
    await admin.call((c) => c.cert.admin.bind({ templateId: t2.id, businessType: 3, businessId: exam2.id }));
    const old = await db.transaction((tx) => issueCertificate(tx, { userId: aRow.id, businessType: 3, businessId: exam2.id, now: new Date(Date.now() - 62 * 86400_000) }));
    expect(await visitor.call((c) => c.cert.verifyCredential({ credential: old!.cert.credential }))).toMatchObject({ signatureValid: true, valid: false, status: 2, statusName: "已过期" });
    expect(await visitor.call((c) => c.cert.verify({ id: old!.cert.credentialId }))).toMatchObject({ status: 2, signature: "valid" });

    // A new signing key: new certificates carry its kid, the old one still verifies from the kept public key.
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    process.env.CERT_SIGNING_KEY = JSON.stringify(await exportJWK(privateKey));
    resetEnvCache();
    resetSigningKey();
    try {
      const { exam: exam3 } = await passFailExam(db);
      await admin.call((c) => c.cert.admin.bind({ templateId: t2.id, businessType: 3, businessId: exam3.id }));
      const fresh = await db.transaction((tx) => issueCertificate(tx, { userId: aRow.id, businessType: 3, businessId: exam3.id }));
      const kid = (s: string) => JSON.parse(Buffer.from(s.split(".")[0]!, "base64url").toString()).kid;
      expect(kid(fresh!.cert.credential)).not.toBe(kid(old!.cert.credential));
      expect(await db.select().from(certSigningKeys)).toHaveLength(2);
      expect((await visitor.call((c) => c.cert.verifyCredential({ credential: old!.cert.credential }))).signatureValid).toBe(true);
      expect((await visitor.call((c) => c.cert.verifyCredential({ credential: fresh!.cert.credential }))).valid).toBe(true);
    } finally {
      delete process.env.CERT_SIGNING_KEY;
      resetEnvCache();
      resetSigningKey();
    }
  });

  it("a learner reaches only their own certificates (IDOR); the public search shows masked data only", async () => {
    const db = getDb();
    const { admin, aRow, a, b } = await setup(db);
    const { exam, q } = await boundExam(db, admin);
    await sit(a, exam.id, q.id, "A");
    const [cert] = await certsOf(db, aRow.id);
    const id = cert!.id;
    for (const call of [
      () => b.call((c) => c.cert.detail({ id })),
      () => b.call((c) => c.cert.gainInfo({ certId: id })),
      () => b.call((c) => c.cert.credential({ id })),
      () => b.call((c) => c.cert.regenerateCert({ id })),
      () => b.call((c) => c.cert.setCertImgUrl({ id, certImgUrl: "/storage/file/x/y.png" })),
    ]) {
      const err = await rejection(call());
      expect(err.message).toBe("证书不存在或您无权查看");
    }
    // Nothing of A's changed.
    const [after] = await certsOf(db, aRow.id);
    expect(after).toMatchObject({ imageVersion: 1, clientImageUrl: null });
    expect((await b.call((c) => c.cert.list({}))).total).toBe(0);
    expect((await rejection(testClient(db).call((c) => c.cert.list({})))).legacyCode).toBe("281");
    expect((await rejection(b.call((c) => c.cert.admin.userPage({})))).legacyCode).toBe("403");
    // The owner's own detail carries the pop-up fields.
    const info = await a.call((c) => c.cert.gainInfo({ certId: id }));
    expect(Object.keys(info).sort()).toEqual(["certHtml", "certImgUrl", "certName", "userCertId"]);
    expect(info.certHtml).toContain(info.certImgUrl);
    // The old pop-up may save only a picture it uploaded itself.
    expect((await rejection(a.call((c) => c.cert.setCertImgUrl({ id, certImgUrl: `/storage/file/cert/${cert!.credentialId}/1.png` })))).message).toBe("证书图片须为您上传的图片");
    // Public search: both number and name must match; the answer is masked.
    const visitor = testClient(db);
    expect((await rejection(visitor.call((c) => c.cert.search({ certNo: cert!.certNo, name: "王小明" })))).message).toBe("未查询到该证书，请核对证书编号和姓名");
    const found = await visitor.call((c) => c.cert.search({ certNo: cert!.certNo.toLowerCase(), name: "王晓雯" }));
    expect(found.realName).toBe("王*雯");
    expect(found.idNo).not.toContain("19900307");
    // Guessing names from one address is throttled; another address still searches.
    const guesser = testClient(db, { ip: "10.9.9.9" });
    for (let i = 0; i < 30; i++) await rejection(guesser.call((c) => c.cert.search({ certNo: cert!.certNo, name: `王${i}` })));
    expect((await rejection(guesser.call((c) => c.cert.search({ certNo: cert!.certNo, name: "王晓雯" })))).message).toBe("操作过于频繁，请稍后再试");
    expect((await testClient(db, { ip: "10.9.9.8" }).call((c) => c.cert.search({ certNo: cert!.certNo, name: "王晓雯" }))).realName).toBe("王*雯");
    expect(JSON.stringify(found)).not.toContain(cert!.idNo);
  });

  it("validates templates: prefix rule and uniqueness, fields on the canvas, delete refused while bound", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const msg = async (p: Promise<unknown>) => (await rejection(p)).message;
    expect(await msg(admin.call((c) => c.cert.admin.add(template("a"))))).toBe("证书编号前缀须为2-12位大写字母或数字，以字母开头");
    expect(await msg(admin.call((c) => c.cert.admin.add(template("9ABC"))))).toBe("证书编号前缀须为2-12位大写字母或数字，以字母开头");
    expect(await msg(admin.call((c) => c.cert.admin.add({ ...template("CYAB"), name: " " })))).toBe("请输入模板名称");
    expect(await msg(admin.call((c) => c.cert.admin.add({ ...template("CYAB"), fields: [{ key: "realName", x: 1500, y: 10, size: 30 }] })))).toBe("字段位置超出证书画布，请拖回证书内");
    expect(await msg(admin.call((c) => c.cert.admin.add({ ...template("CYAB"), fields: [{ key: "realName", x: 1, y: 1, size: 30 }, { key: "realName", x: 2, y: 2, size: 30 }] })))).toBe("同一字段只能放置一次");
    expect(await msg(admin.call((c) => c.cert.admin.add({ ...template("CYAB"), fields: [{ key: "nickname" as never, x: 1, y: 1, size: 30 }] })))).toBe("证书字段不正确");
    // The default layout is one the editor may send back as it is.
    expect((await admin.call((c) => c.cert.admin.add({ ...template("CYDF"), fields: defaultFields() }))).fields.map((f) => [f.key, f.x, f.y, f.color ?? ""])).toEqual(defaultFields().map((f) => [f.key, f.x, f.y, f.color ?? ""]));
    const t = await admin.call((c) => c.cert.admin.add(template("cyab")));
    expect(t.prefix).toBe("CYAB");
    expect(t.fields.length).toBeGreaterThan(5);
    expect(await msg(admin.call((c) => c.cert.admin.add(template("CYAB"))))).toBe("该证书编号前缀已被其他模板使用");
    expect(await admin.call((c) => c.cert.admin.checkPrefix({ prefix: "CYAB" }))).toMatchObject({ available: false });
    expect(await admin.call((c) => c.cert.admin.checkPrefix({ prefix: "CYAB", id: t.id }))).toMatchObject({ available: true });
    const copy = await admin.call((c) => c.cert.admin.copy({ id: t.id }));
    expect(copy).toMatchObject({ name: "cyab模板（副本）", prefix: "CYAB2", status: 0 });
    expect(await msg(admin.call((c) => c.cert.admin.bind({ templateId: copy.id, businessType: 3, businessId: 1 })))).toBe("证书模板已停用，请先启用");

    const { exam } = await passFailExam(db);
    await admin.call((c) => c.cert.admin.bind({ templateId: t.id, businessType: 3, businessId: exam.id }));
    expect(await admin.call((c) => c.cert.admin.checkBindStatus({ id: t.id }))).toMatchObject({ bound: true, bindings: [{ businessType: 3, businessId: exam.id, name: "政府采购法规考试" }] });
    expect(await msg(admin.call((c) => c.cert.admin.del({ ids: [t.id] })))).toBe("证书模板已绑定内容，请先解除绑定后再删除");
    await admin.call((c) => c.cert.admin.unbind({ businessType: 3, businessId: exam.id }));
    expect(await admin.call((c) => c.cert.admin.del({ ids: [t.id] }))).toEqual({ count: 1 });
    // A deleted template's prefix is free again; its page no longer lists it.
    expect(await admin.call((c) => c.cert.admin.checkPrefix({ prefix: "CYAB" }))).toMatchObject({ available: true });
    expect((await admin.call((c) => c.cert.admin.page({}))).list.map((x) => x.prefix)).toEqual(["CYAB2", "CYDF"]);
    expect(await msg(admin.call((c) => c.cert.admin.bind({ templateId: copy.id, businessType: 3, businessId: 987654 })))).toBe("证书模板已停用，请先启用");
    await admin.call((c) => c.cert.admin.able({ ids: [copy.id] }));
    expect(await msg(admin.call((c) => c.cert.admin.bind({ templateId: copy.id, businessType: 3, businessId: 987654 })))).toBe("考试不存在或已删除");
  });

  it("moves templates up and down the list", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const x = await admin.call((c) => c.cert.admin.add(template("CYXA")));
    const y = await admin.call((c) => c.cert.admin.add(template("CYXB")));
    const order = async () => (await admin.call((c) => c.cert.admin.page({}))).list.map((t) => t.prefix);
    expect(await order()).toEqual(["CYXB", "CYXA"]);
    await admin.call((c) => c.cert.admin.move({ id: x.id, direction: "up" }));
    expect(await order()).toEqual(["CYXA", "CYXB"]);
    expect((await rejection(admin.call((c) => c.cert.admin.move({ id: x.id, direction: "up" })))).message).toBe("已经是第一个");
    await admin.call((c) => c.cert.admin.move({ id: y.id, direction: "up" }));
    expect(await order()).toEqual(["CYXB", "CYXA"]);
  });

  it("the stored certificate image is served only by the certificate's route: no download link for it, so a revoked one shows its mark to owner and verifier", async () => {
    const db = getDb();
    const { admin, aRow, a } = await setup(db);
    const { exam, q } = await boundExam(db, admin);
    await sit(a, exam.id, q.id, "A");
    let [cert] = await certsOf(db, aRow.id);
    await certPng(db, cert!);
    const key = `cert/${cert!.credentialId}/${cert!.imageVersion}.png`;
    const clean = await readObject(key);
    expect(clean).not.toBeNull();
    await admin.call((c) => c.cert.admin.revoke({ id: cert!.id, reason: "考试作弊，成绩作废" }));
    [cert] = await certsOf(db, aRow.id);

    for (const client of [a, testClient(db)]) {
      for (const fileId of [key, `/${key}`]) {
        const refused = await rejection(client.call((c) => c.upload.getDownLoadUrl({ fileId })));
        expect([refused.code, refused.message]).toEqual(["FORBIDDEN", "文件不存在或您无权访问该文件"]);
      }
    }
    // The owner's and a verifier's link (the credential id) still answer, drawn with the revocation mark.
    const served = await serveCertFile(db, new Request(`http://127.0.0.1:3000${imageUrlOf(cert!)}`), `${cert!.credentialId}.png`);
    expect([served.status, served.headers.get("content-type"), served.headers.get("cache-control")]).toEqual([200, "image/png", "no-store"]);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), clean!)).not.toBe(0);
  });

  it("draws the certificate as PNG and PDF, stores the PNG once, and regenerates on demand", async () => {
    const db = getDb();
    const { admin, aRow, a } = await setup(db);
    const { exam, q } = await boundExam(db, admin);
    await sit(a, exam.id, q.id, "A");
    let [cert] = await certsOf(db, aRow.id);
    const png = await certPng(db, cert!);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1123);
    [cert] = await certsOf(db, aRow.id);
    expect(cert!.imageReady).toBe(1);
    const pdf = await certPdf(db, cert!);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    const again = await a.call((c) => c.cert.regenerateCert({ id: cert!.id }));
    expect(again.certImgUrl).toMatch(/\?v=2$/);
    const [after] = await db.select().from(userCerts).where(and(eq(userCerts.id, cert!.id)));
    expect(after).toMatchObject({ imageVersion: 2, imageReady: 0 });
  });
});
