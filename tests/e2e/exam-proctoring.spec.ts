import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { chromiumArgs } from "./chromium";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const T = "/api/elearning/caiyun/test";
const FACE = { account: "proctor_face", password: "Proctor@2026face" };
const HELPER = { account: "proctor_helper", password: "Proctor@2026help" };
const UNVERIFIED = { account: "proctor_noname", password: "Proctor@2026none" };
const FACE_EXAM = "政府采购评审专家考核（人脸核验监考）";
const HELPER_EXAM = "政府采购从业资格考试（监考助手）";

// The fake camera shows the registered person (a different crop of the same portrait), made with ffmpeg.
const video = join(process.cwd(), ".tmp", "proctor-face.y4m");
if (!existsSync(video)) {
  mkdirSync(join(process.cwd(), ".tmp"), { recursive: true });
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-loop", "1", "-i", "tests/fixtures/face/capture.jpg", "-t", "2", "-r", "10", "-vf", "scale=480:480,pad=640:480:80:0", "-pix_fmt", "yuv420p", video]);
}

test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      ...chromiumArgs,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

async function examIdByName(request: APIRequestContext, name: string): Promise<number> {
  const res = await (await request.get(`${T}/queryUserPagingExam`, { params: { pageNo: 1, pageSize: 50 } })).json();
  const hit = res.data.list.find((e: { name: string }) => e.name === name);
  expect(hit, `exam ${name}`).toBeTruthy();
  return hit.id;
}

async function openAndRegister(page: Page, who: { account: string; password: string }, name: string) {
  await loginByApi(page, who);
  const examId = await examIdByName(page.request, name);
  await page.goto(`/exam/detail?id=${examId}`);
  await page.getByRole("button", { name: "报名考试" }).click();
  await expect(page.getByText("报名成功")).toBeVisible();
  await page.getByRole("button", { name: "开始考试" }).click();
  await expect(page.getByRole("dialog").getByText("考前检测")).toBeVisible();
  return examId;
}

/** A stand-in for the invigilation helper on 52338; its answer is switched by the test. */
type HelperMode = "ok" | "apps" | "displays" | "error";
function fakeHelper() {
  let mode: HelperMode = "ok";
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const cors = { "access-control-allow-origin": "*", "access-control-allow-methods": "POST, OPTIONS", "access-control-allow-headers": "content-type" };
    if (req.method === "OPTIONS") return res.writeHead(204, cors).end();
    if (req.url !== "/local/api/violating/app") return res.writeHead(404, cors).end();
    const data =
      mode === "apps"
        ? { processInfo: { pass: false, appList: [{ name: "QQ.exe" }, { name: "WeChat.exe" }] }, displays: [{ id: 1 }] }
        : mode === "displays"
          ? { processInfo: { pass: true, appList: [] }, displays: [{ id: 1 }, { id: 2 }] }
          : { processInfo: { pass: true, appList: [] }, displays: [{ id: 1 }] };
    const body = mode === "error" ? { code: 500, message: "helper exception", data: null } : { code: 200, success: true, data };
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify(body));
  });
  return {
    hits,
    set: (m: HelperMode) => (mode = m),
    listen: () => new Promise<void>((r) => server.listen(52338, "127.0.0.1", () => r())),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test("face verification passes in the wizard, then snapshots and a recording reach the server", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await openAndRegister(page, FACE, FACE_EXAM);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("身份核验")).toBeVisible();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(dialog.getByText("摄像头正常")).toBeVisible();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(dialog.getByTestId("network-speed")).toBeVisible();
  await shot(page, "proctor-network");
  await dialog.getByRole("button", { name: "下一步" }).click({ timeout: 15_000 });

  await expect(dialog.getByTestId("face-check")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "请先完成身份核验" })).toBeDisabled();
  await dialog.getByRole("button", { name: "开始核验" }).click();
  await expect(dialog.getByTestId("face-passed")).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText("今日剩余核验次数：4次")).toBeVisible();
  await shot(page, "proctor-face-passed");

  const snap = page.waitForResponse((r) => r.url().includes("exam.snapVerify") && r.request().method() === "POST", { timeout: 40_000 });
  await dialog.getByRole("checkbox", { name: "同意考试协议" }).check();
  await dialog.getByRole("button", { name: "开始考试" }).click();
  await page.waitForURL(/\/exam\/test\?paperId=\d+/);
  const paperId = Number(new URL(page.url()).searchParams.get("paperId"));
  await expect(page.getByTestId("proctor-camera")).toContainText("监考录像中");
  expect((await snap).status()).toBe(200);
  await shot(page, "proctor-exam-camera");

  // Submitting stops the recorder; its last segment is uploaded and linked to the attempt.
  const segment = page.waitForResponse((r) => r.url().includes("exam.recording"), { timeout: 40_000 });
  await page.getByTestId("question-1").locator("label").first().click();
  await page.getByRole("button", { name: "交卷" }).click();
  await page.getByRole("button", { name: "确定交卷" }).click();
  await page.waitForURL(/\/exam\/result/);
  expect((await segment).status()).toBe(200);

  const admin = await browser.newPage();
  await loginByApi(admin, DEMO.admin);
  await admin.goto(`/admin/exam-proctor?paperId=${paperId}`);
  await expect(admin.getByRole("heading", { name: "考中抓拍（1）" })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "考试录像（1段）" })).toBeVisible();
  await expect(admin.getByText("相似度：", { exact: false }).first()).toBeVisible();
  const img = admin.getByTestId("proctor-snapshots").locator("img").first();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await shot(admin, "proctor-admin-records");
  // Flagging the snapshot of a handed-in attempt raises its fraud check.
  await admin.getByTestId("proctor-snapshots").getByRole("button", { name: "标记可疑" }).click();
  await expect(admin.getByText("已标记为可疑，将进入防作弊核查")).toBeVisible();
  await expect(admin.getByTestId("proctor-snapshots").getByRole("button", { name: "取消标记" })).toBeVisible();
  await admin.goto("/admin/fraud-checks");
  await expect(admin.getByText("监考人员标记可疑抓拍1张").first()).toBeVisible();
  await admin.close();
});

test("the invigilation helper is asked before the start and during the exam", async ({ page }) => {
  test.setTimeout(120_000);
  const helper = fakeHelper();
  await openAndRegister(page, HELPER, HELPER_EXAM);
  const wizard = page.getByRole("dialog").filter({ hasText: "考前检测" });
  await wizard.getByRole("button", { name: "下一步" }).click();
  await expect(wizard.getByTestId("network-speed")).toBeVisible();
  await wizard.getByRole("checkbox", { name: "同意考试协议" }).check({ timeout: 15_000 });
  await wizard.getByRole("button", { name: "开始考试" }).click({ timeout: 15_000 });

  // Nothing listens on 52338-52342.
  const warn = page.getByRole("dialog", { name: "监考提示" });
  await expect(warn).toContainText("监考助手未开启，无法继续考试");
  await expect(warn.getByRole("link", { name: "Windows版" })).toHaveAttribute("href", /caiyun-monitor-win\.exe$/);
  await expect(warn.getByRole("link", { name: "Mac Intel版" })).toBeVisible();
  await expect(warn.getByRole("link", { name: "Mac Apple芯片版" })).toBeVisible();
  await expect(warn.getByRole("link", { name: "问题反馈" })).toHaveAttribute("href", "/person/help");
  await shot(page, "proctor-helper-absent");

  await helper.listen();
  try {
    helper.set("apps");
    await warn.getByRole("button", { name: "重新检测" }).click();
    await expect(warn).toContainText("检测到违规应用，无法继续考试");
    await expect(warn).toContainText("QQ.exe");
    await expect(warn).toContainText("WeChat.exe");
    await shot(page, "proctor-helper-apps");

    helper.set("displays");
    await warn.getByRole("button", { name: "重新检测" }).click();
    await expect(warn).toContainText("检测到多个显示器，无法继续考试");

    helper.set("error");
    await warn.getByRole("button", { name: "重新检测" }).click();
    await expect(warn).toContainText("监考助手运行异常，无法继续考试");

    helper.set("ok");
    await warn.getByRole("button", { name: "重新检测" }).click();
    await page.waitForURL(/\/exam\/test\?paperId=\d+/);
    expect(helper.hits.some((h) => h === "POST /local/api/violating/app")).toBe(true);

    // During the exam the helper is asked again (on load, then every 30 s): a violating app blocks the page.
    helper.set("apps");
    await page.reload();
    await expect(page.getByTestId("invigilation-dialog")).toContainText("检测到违规应用，无法继续考试");
    await expect(page.getByRole("button", { name: "取消" })).toHaveCount(0);
    await shot(page, "proctor-helper-in-exam");
    helper.set("ok");
    await page.getByRole("button", { name: "重新检测" }).click();
    await expect(page.getByTestId("invigilation-dialog")).toHaveCount(0);
  } finally {
    await helper.close();
  }
});

test("a learner without real name is sent to authenticate before the face check", async ({ page }) => {
  test.setTimeout(90_000);
  await openAndRegister(page, UNVERIFIED, FACE_EXAM);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("实名认证", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(dialog.getByText("摄像头正常")).toBeVisible();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await dialog.getByRole("button", { name: "下一步" }).click({ timeout: 15_000 });
  await expect(dialog.getByTestId("realname-step")).toContainText("为保证学习效果真实有效，请先完成实名认证");
  await expect(dialog.getByRole("button", { name: "请先完成实名认证" })).toBeDisabled();
  await shot(page, "proctor-realname-step");
  await dialog.getByRole("button", { name: "去认证" }).click();
  await page.waitForURL(/\/identity\/info\?isAuth=0&from=/);
});
