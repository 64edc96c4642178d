import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, loginByApi, query, shot, test } from "./fixtures";

// The whole path of a certificate: a learner passes the exam the demo 考试证书 template is bound to, the
// certificate is issued with the pass, the result page pops it up, the learner downloads its PDF, and a
// visitor verifies it at the verification centre.

const T = "/api/elearning/caiyun/test";
const EXAM_NAME = "2026年度政府采购从业人员能力测评";
const LEARNER = { account: "liuyang_zb", password: "Caiyun@2026pass", nick: "刘洋" };

async function ok(res: Awaited<ReturnType<APIRequestContext["get"]>>) {
  const body = (await res.json()) as { success: boolean; message: string; data: any };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

test("a learner passes a bound exam, gets the pop-up, downloads the PDF, and a visitor verifies it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin side: the correct answers of the learner's paper (read through the back office).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginByApi(admin, DEMO.admin);

  // The learner registers and sits the paper through the calls the exam page makes, answering right.
  await loginByApi(page, LEARNER);
  const exams = await ok(await page.request.get(`${T}/queryUserPagingExam`, { params: { pageNo: 1, pageSize: 50 } }));
  const exam = exams.list.find((e: { name: string }) => e.name === EXAM_NAME);
  expect(exam, EXAM_NAME).toBeTruthy();
  await ok(await page.request.post(`${T}/joinTestByUser`, { data: { examId: exam.id } }));
  const { paperId } = await ok(await page.request.post(`${T}/startExam`, { data: { examId: exam.id } }));
  const paper = await ok(await page.request.post(`${T}/getPaper`, { data: { paperId } }));
  const answers = [];
  for (const q of paper.questions as { questionId?: number; id?: number }[]) {
    const questionId = q.questionId ?? q.id!;
    const full = await ok(await admin.request.get(`/api/elearning/materialLibQuestion/${questionId}`));
    // A fill-in blank accepts alternatives written a|b: the first is typed.
    answers.push({ questionId, answer: (full.answer as string[]).map((a) => a.split("|")[0]!) });
  }
  const result = await ok(await page.request.post(`${T}/submitPaper`, { data: { paperId, answers } }));
  expect(result.isPass).toBe(1);

  // The result page pops the certificate up, with its image.
  await page.goto(`/exam/result?id=${exam.id}`);
  const popup = page.getByTestId("cert-popup");
  await expect(popup).toBeVisible();
  await expect.poll(() => popup.getByTestId("cert-popup-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await shot(page, "cert-walkthrough-popup");
  await popup.getByRole("link", { name: "查看证书" }).click();
  await page.waitForURL(/\/certificate\/view\?id=\d+/);
  await expect(page.getByText(EXAM_NAME).first()).toBeVisible();
  const pdfLink = page.getByRole("link", { name: "下载PDF" });
  const href = await pdfLink.getAttribute("href");
  expect(href).toMatch(/\/cert\/image\/[0-9a-f-]{36}\.pdf/);
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const mine = await query<{ list: { certNo: string; contentName: string }[] }>(page, "cert.list", { pageNo: 1, pageSize: 20 });
  const certNo = mine.list.find((c) => c.contentName === EXAM_NAME)?.certNo ?? "";
  expect(certNo).toMatch(/^CYKS\d{10}$/);
  await expect(page.getByText(certNo).first()).toBeVisible();
  await shot(page, "cert-walkthrough-view");

  // A visitor checks it by number and name.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/verify/center");
  await visitor.getByLabel("证书编号").fill(certNo);
  await visitor.getByLabel("姓名").fill(LEARNER.nick);
  await visitor.getByRole("button", { name: "查询证书" }).click();
  await expect(visitor.getByText("证书有效")).toBeVisible();
  await expect(visitor.getByText("刘*", { exact: true })).toBeVisible();
  await shot(visitor, "cert-walkthrough-verified");

  // The credential's key is published, and a made-up certificate link finds nothing.
  const { credential } = await query<{ credential: string }>(page, "cert.credential", { id: Number(new URL(page.url()).searchParams.get("id")) });
  const kid = JSON.parse(Buffer.from(credential.split(".")[0]!, "base64url").toString()).kid;
  const jwks = await (await visitor.request.get("/.well-known/jwks.json")).json();
  expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
  expect(jwks.keys.every((k: { d?: string }) => k.d === undefined)).toBe(true);
  expect((await visitor.request.get("/cert/image/00000000-0000-4000-8000-000000000000.png")).status()).toBe(404);
  await visitorContext.close();
  await adminContext.close();
});
