import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO, expect, loginByApi, query, shot, test } from "./fixtures";

// Certificates for learners: 我的证书, the certificate page with its downloads, and the public verification centre.

const EXAM_NAME = "2025年第四季度政府采购业务考核";

interface CertView {
  userCertId: number;
  certNo: string;
  certName: string;
  contentName: string;
  credentialId: string;
  shareUrl: string;
  certPdfUrl: string;
  status: number;
}

/** The demo learner's exam certificate, as the seed issued it (number read, never assumed). */
async function demoCert(page: Page): Promise<CertView> {
  const mine = await query<{ list: CertView[] }>(page, "cert.list", { pageNo: 1, pageSize: 50 });
  const cert = mine.list.find((c) => c.contentName === EXAM_NAME);
  expect(cert, "the seed gives the demo learner a certificate for the ended exam").toBeTruthy();
  expect(cert!.certNo).toMatch(/^CYKS\d{10}$/);
  return cert!;
}

/** Waits until every certificate picture on the page has loaded. */
async function imagesLoaded(page: Page, testId: string) {
  await expect.poll(() => page.getByTestId(testId).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
}

test("the learner sees the certificate in 我的证书, opens it and downloads the picture, PDF and credential", async ({ page, context }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.learner);
  const cert = await demoCert(page);

  // 我的证书: the card with its picture, name, content, number and status.
  await page.goto("/person/certificate");
  await expect(page.getByRole("heading", { name: "我的证书" })).toBeVisible();
  const card = page.getByTestId("cert-card").filter({ hasText: cert.certNo });
  await expect(card).toBeVisible();
  await expect(card).toContainText(cert.certName);
  await expect(card).toContainText(EXAM_NAME);
  await expect(card.getByTestId("cert-status")).toHaveText("有效");
  await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await shot(page, "cert-list");

  // The external tab lists imported certificates (none for the demo learner).
  await page.getByRole("tab", { name: /外部证书/ }).click();
  await expect(page).toHaveURL(/tab=third/);
  await expect(page.getByText("暂无外部证书")).toBeVisible();
  await page.getByRole("tab", { name: /平台证书/ }).click();

  // The certificate page: the picture large and its facts.
  await page.getByTestId("cert-card").filter({ hasText: cert.certNo }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate/view\\?id=${cert.userCertId}$`));
  await expect(page.getByTestId("cert-name")).toHaveText(cert.certName);
  await expect(page.getByTestId("cert-no")).toHaveText(cert.certNo);
  await expect(page.getByTestId("cert-status")).toHaveText("有效");
  await imagesLoaded(page, "cert-image");
  await shot(page, "cert-view");

  // 下载图片 and 下载PDF are attachment downloads of the server's files.
  const [png] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "下载图片" }).click()]);
  expect(png.suggestedFilename()).toBe(`${cert.certName}-${cert.certNo}.png`);
  const pdfHref = await page.getByRole("link", { name: "下载PDF" }).getAttribute("href");
  expect(pdfHref).toContain(".pdf");
  const pdfRes = await page.request.get(pdfHref!);
  expect(pdfRes.status()).toBe(200);
  expect(pdfRes.headers()["content-type"]).toBe("application/pdf");
  expect(pdfRes.headers()["content-disposition"]).toContain("attachment");
  expect((await pdfRes.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "下载PDF" }).click()]);
  expect(pdf.suggestedFilename()).toBe(`${cert.certName}-${cert.certNo}.pdf`);

  // 下载电子凭证: the signed credential as <certNo>.jwt, the same one the server holds.
  const [jwt] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下载电子凭证" }).click()]);
  expect(jwt.suggestedFilename()).toBe(`${cert.certNo}.jwt`);
  const token = readFileSync((await jwt.path())!, "utf8");
  expect(token.split(".")).toHaveLength(3);
  const held = await query<{ credential: string }>(page, "cert.credential", { id: cert.userCertId });
  expect(token).toBe(held.credential);

  // 复制分享链接 puts the verification link on the clipboard.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "复制分享链接" }).click();
  await expect(page.getByText("分享链接已复制")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cert.shareUrl);

  // 去验证 opens the verification centre on this certificate.
  await page.getByRole("link", { name: "去验证" }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/center\\?id=${cert.credentialId}$`));
  await expect(page.getByTestId("verify-status")).toHaveText("证书有效");
  // A logged-in learner sees her own certificates there.
  await expect(page.getByTestId("my-cert-card").filter({ hasText: cert.certName })).toBeVisible();

  // Someone else's (or an unknown) certificate is refused with a message, not a crash.
  await page.goto("/certificate/view?id=99999999");
  await expect(page.getByTestId("cert-refused")).toContainText("证书不存在或您无权查看");
  await page.goto("/certificate/view?id=abc");
  await expect(page.getByTestId("cert-refused")).toContainText("证书不存在或您无权查看");
});

test("a visitor verifies a certificate by number and name, by its link and by its credential", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.learner);
  const cert = await demoCert(page);
  const { credential } = await query<{ credential: string }>(page, "cert.credential", { id: cert.userCertId });

  const ctx = await browser.newContext();
  const visitor = await ctx.newPage();
  await visitor.goto("/verify/center");
  await expect(visitor.getByRole("heading", { name: "财云学院认证中心" })).toBeVisible();
  // The header tab lights up: this is the verification centre, not the home page.
  await expect(visitor.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "认证中心" })).toHaveAttribute("aria-current", "page");
  // 认证项目 lists the programmes that lead to a certificate; 我的证书 asks a visitor to log in.
  await expect(visitor.getByTestId("programme-card").filter({ hasText: EXAM_NAME })).toBeVisible();
  await expect(visitor.getByTestId("my-cert-login")).toContainText("登录后查看");
  await visitor.getByTestId("my-cert-login").scrollIntoViewIfNeeded();
  await shot(visitor, "cert-verify-visitor-sections");
  await visitor.getByTestId("my-cert-login").getByRole("button", { name: "登录/注册" }).click();
  await expect(visitor.getByRole("dialog")).toBeVisible();
  await visitor.keyboard.press("Escape");
  await expect(visitor.getByRole("dialog")).toBeHidden();
  await visitor.evaluate(() => window.scrollTo(0, 0));

  // By number and name: valid, the holder's name masked.
  await visitor.getByLabel("证书编号", { exact: true }).fill(cert.certNo);
  await visitor.getByLabel("姓名", { exact: true }).fill(DEMO.learner.nick);
  await visitor.getByRole("button", { name: "查询证书" }).click();
  const result = visitor.getByTestId("verify-result");
  await expect(result.getByTestId("verify-status")).toHaveText("证书有效");
  await expect(result.getByTestId("verify-name")).toHaveText("王*雯");
  await expect(result.getByTestId("verify-cert-no")).toHaveText(cert.certNo);
  await expect(result.getByTestId("verify-signature")).toContainText("数字签名校验通过");
  await imagesLoaded(visitor, "verify-image");
  await shot(visitor, "cert-verify-result");

  // A wrong name finds nothing.
  await visitor.getByLabel("姓名", { exact: true }).fill("王晓");
  await visitor.getByRole("button", { name: "查询证书" }).click();
  await expect(visitor.getByTestId("verify-error")).toContainText("未查询到该证书，请核对证书编号和姓名");
  await expect(visitor.getByTestId("verify-result")).toHaveCount(0);
  await shot(visitor, "cert-verify-not-found");

  // The QR code / share link: the result at once.
  await visitor.goto(`/verify/center?id=${cert.credentialId}`);
  await expect(visitor.getByTestId("verify-status")).toHaveText("证书有效");
  await expect(visitor.getByTestId("verify-name")).toHaveText("王*雯");
  await expect(visitor.getByTestId("verify-cert-name")).toHaveText(cert.certName);
  await imagesLoaded(visitor, "verify-image");
  await shot(visitor, "cert-verify-link");

  // The downloaded credential verifies; the same with one character of its payload changed does not.
  await visitor.getByRole("tab", { name: "电子凭证验证" }).click();
  await visitor.getByLabel("电子凭证", { exact: true }).fill(credential);
  await visitor.getByRole("button", { name: "验证凭证" }).click();
  await expect(visitor.getByTestId("verify-status")).toHaveText("证书有效");
  await expect(visitor.getByTestId("verify-signature")).toContainText("数字签名校验通过");

  const [header, payload, signature] = credential.split(".") as [string, string, string];
  const at = Math.floor(payload.length / 2);
  const tampered = `${header}.${payload.slice(0, at)}${payload[at] === "A" ? "B" : "A"}${payload.slice(at + 1)}.${signature}`;
  await visitor.getByLabel("电子凭证", { exact: true }).fill(tampered);
  await visitor.getByRole("button", { name: "验证凭证" }).click();
  await expect(visitor.getByTestId("verify-result")).toContainText("凭证验证未通过");
  await expect(visitor.getByTestId("verify-signature")).toHaveText("凭证签名无效：内容在签发后被改动过");
  await shot(visitor, "cert-verify-tampered");

  // An unknown link says so.
  await visitor.goto("/verify/center?id=00000000-0000-4000-8000-000000000000");
  await expect(visitor.getByTestId("verify-error")).toContainText("未查询到该证书");
  await ctx.close();
});

test("after a passed exam the certificate pop-up shows once", async ({ page, context }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.learner);
  const cert = await demoCert(page);
  const programmes = await query<{ list: { name: string; businessType: number; id: number }[] }>(page, "cert.guessYouWantToLearn", { pageNo: 1, pageSize: 50 });
  const exam = programmes.list.find((p) => p.businessType === 3 && p.name === EXAM_NAME)!;
  expect(exam).toBeTruthy();

  await page.goto(`/exam/result?id=${exam.id}`);
  const popup = page.getByTestId("cert-popup");
  await expect(popup).toBeVisible();
  await expect(popup.getByRole("heading", { name: "恭喜您获得证书" })).toBeVisible();
  await expect.poll(() => popup.getByTestId("cert-popup-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(popup.getByRole("link", { name: "查看证书" })).toHaveAttribute("href", `/certificate/view?id=${cert.userCertId}`);
  await expect(popup.getByRole("link", { name: "下载" })).toHaveAttribute("href", /\.png\?v=\d+&download$/);
  await shot(page, "cert-popup");
  const shown = (await context.cookies()).find((c) => c.name === "cy_cert_shown");
  expect(shown?.value.split(/%2C|,/)).toContain(String(cert.userCertId));

  // Shown once: a second visit does not show it again.
  await popup.getByLabel("关闭", { exact: true }).click();
  await expect(popup).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("result-score")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("cert-popup")).toHaveCount(0);
});
