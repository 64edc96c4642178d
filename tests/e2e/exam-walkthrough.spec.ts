// A new learner's walk through an exam (issue 19): registration before any start, a pre-check that keeps
// what was passed, an exam page without the site around it, and a result with its breakdown.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { closeDialog, DEMO, expect, loginByApi, mutate, shot, test } from "./fixtures";

const T = "/api/elearning/caiyun/test";
const B = "/api/elearning/exam/back";
// Seeded learners no other spec signs in with.
const MAJUN = { account: "majun_zb", password: "Caiyun@2026pass" };
const HULIN = { account: "hulin_pm", password: "Caiyun@2026pass" };

async function examIdByName(request: APIRequestContext, name: string): Promise<number> {
  const res = await (await request.get(`${T}/queryUserPagingExam`, { params: { pageNo: 1, pageSize: 50 } })).json();
  const hit = res.data.list.find((e: { name: string }) => e.name === name);
  expect(hit, `exam ${name}`).toBeTruthy();
  return hit.id;
}

/** An exam of this spec, open now (or from startTime), one attempt, answers shown after submission, on the seeded fixed paper. */
async function ownExam(browser: Browser, name: string, forcedReadTime: number, startTime = Date.now() - 60_000) {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await loginByApi(admin, DEMO.admin);
  const papers = await (await admin.request.post("/api/elearning/back/testPaper/pageList", { data: { pageNo: 1, pageSize: 20, paperType: 1 } })).json();
  const paper = papers.data.list.find((p: { name: string }) => p.name === "政府采购法律法规基础卷（固定）");
  const base = await (await admin.request.post(`${B}/saveBase`, { data: { name, startTime, endTime: startTime + 3 * 3600_000 } })).json();
  const examId = base.data.id as number;
  await admin.request.post(`${B}/saveQuestionInfo`, { data: { examId, paperId: paper.id } });
  const adv = await (await admin.request.post(`${B}/saveAdvanced`, { data: { examId, limitTime: 30, forcedReadTime, makeupCount: 0, passScore: 60, showAnswers: 1 } })).json();
  expect(adv.success, adv.message).toBe(true);
  expect((await (await admin.request.post(`${B}/enable`, { data: { id: examId } })).json()).success).toBe(true);
  await ctx.close();
  return examId;
}

async function learnerPage(browser: Browser, who: { account: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginByApi(page, who);
  return page;
}

test("the waiting hall asks an unregistered learner to register; the server refuses starts the rules do not allow", async ({ browser }) => {
  test.setTimeout(90_000);
  const examId = await ownExam(browser, `走查：质疑投诉专项测验${Date.now() % 100000}`, 0);
  const page = await learnerPage(browser, MAJUN);

  // The demo's unified exam (one attempt, not started yet): the hall offers registration, not a start.
  const unified = await examIdByName(page.request, "政府采购法律法规专项考试（统一开考）");
  await page.goto(`/exam/waiting?id=${unified}`);
  await expect(page.getByTestId("waiting-blocker")).toContainText("请先报名考试");
  await expect(page.getByRole("button", { name: "报名考试" })).toBeVisible();
  await expect(page.getByRole("button", { name: /开始考试|等待开考/ })).toHaveCount(0);
  await shot(page, "walkthrough-waiting-register");

  // An exam open now: whatever a page offers, the server refuses the start of an unregistered learner.
  const refused = await (await page.request.post(`${T}/startExam`, { data: { examId } })).json();
  expect(refused).toMatchObject({ success: false, message: "请先报名考试" });
  await page.goto(`/exam/waiting?id=${examId}`);
  await expect(page.getByTestId("waiting-blocker")).toContainText("请先报名考试");
  await page.getByRole("button", { name: "报名考试" }).click();
  await expect(page.getByText("报名成功")).toBeVisible();
  // Registered, with nothing to read first (no forced read): the start is offered.
  await expect(page.getByRole("button", { name: "开始考试" })).toBeEnabled();
  await page.getByRole("button", { name: "开始考试" }).click();
  await page.waitForURL(/\/exam\/test\?paperId=\d+/);
  await page.getByRole("button", { name: "交卷" }).click();
  await page.getByRole("button", { name: "确定交卷" }).click();
  await page.waitForURL(/\/exam\/result\?id=\d+/);
  await expect(page.getByTestId("result-remain")).toHaveText("0次");
  await expect(page.getByRole("button", { name: "再次考试" })).toHaveCount(0);

  // The one attempt is used: the hall says so, and the server refuses another start.
  await page.goto(`/exam/waiting?id=${examId}`);
  await expect(page.getByTestId("waiting-blocker")).toContainText("考试次数已用完");
  await expect(page.getByRole("link", { name: "查看成绩" })).toBeVisible();
  await expect(page.getByRole("button", { name: "开始考试" })).toHaveCount(0);
  const again = await (await page.request.post(`${T}/startExam`, { data: { examId } })).json();
  expect(again).toMatchObject({ success: false, message: "考试次数已用完" });
  // The detail page shows the server's reason on its disabled button.
  await page.goto(`/exam/detail?id=${examId}`);
  await expect(page.getByRole("button", { name: "考试次数已用完" })).toBeDisabled();
  await page.context().close();
});

test("the pre-check keeps what was passed, the exam page is focused, the result breaks the score down", async ({ browser }) => {
  test.setTimeout(120_000);
  const examId = await ownExam(browser, `走查：采购合同管理测验${Date.now() % 100000}`, 4);
  const page = await learnerPage(browser, HULIN);
  await page.goto(`/exam/detail?id=${examId}`);
  await page.getByRole("button", { name: "报名考试" }).click();
  await expect(page.getByText("报名成功")).toBeVisible();

  await page.getByRole("button", { name: "开始考试" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: /请阅读考试须知（\ds）/ })).toBeDisabled();
  await dialog.getByRole("button", { name: "下一步" }).click({ timeout: 10_000 });
  await expect(dialog.getByTestId("network-speed")).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId("network-kept")).toContainText("1小时内无需重复检测");

  // Back to the notice: read already, no countdown; forward again: the network result stays.
  await dialog.getByRole("button", { name: "上一步" }).click();
  await expect(dialog.getByRole("button", { name: "下一步" })).toBeEnabled();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(dialog.getByTestId("network-kept")).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);

  // Closing the wizard and opening it again (or a reload, or a later attempt) repeats neither.
  await closeDialog(page);
  await page.reload();
  await page.getByRole("button", { name: "开始考试" }).click();
  await expect(dialog.getByRole("button", { name: "下一步" })).toBeEnabled({ timeout: 3_000 });
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(dialog.getByTestId("network-kept")).toBeVisible();
  await shot(page, "walkthrough-precheck-kept");
  await dialog.getByRole("checkbox", { name: "同意考试协议" }).check();
  await dialog.getByRole("button", { name: "开始考试" }).click();
  await page.waitForURL(/\/exam\/test\?paperId=\d+/);

  // The exam page: the exam bar (countdown, submit) and the answer card, nothing that leads away.
  const bar = page.getByTestId("exam-bar");
  await expect(bar.getByTestId("countdown")).toHaveText(/\d\d:\d\d/);
  await expect(bar.getByRole("button", { name: "交卷" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "答题卡" })).toBeVisible();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("link")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.getByRole("searchbox")).toHaveCount(0);

  // The paper is the seeded fixed one: answer the first single choice with its key, the second wrongly.
  const paperId = Number(new URL(page.url()).searchParams.get("paperId"));
  const paper = await (await page.request.post(`${T}/getPaper`, { data: { paperId } })).json();
  expect(paper.data.questions.length).toBe(22);
  await page.getByTestId("question-1").locator("label").first().click();
  await expect(page.getByTestId("save-state")).toHaveText("答案已自动保存");
  await shot(page, "walkthrough-exam-focused");
  await page.getByRole("button", { name: "交卷" }).click();
  await page.getByRole("button", { name: "确定交卷" }).click();
  await page.waitForURL(/\/exam\/result\?id=\d+/);

  // The breakdown the server computed: per type, right answers, time used, pass line, attempts left.
  const types = page.getByTestId("result-types");
  for (const [name, count] of [["单选题", "10题"], ["多选题", "5题"], ["判断题", "5题"], ["填空题", "2题"]] as const)
    await expect(types.getByRole("row", { name: new RegExp(`^${name}`) })).toContainText(count);
  await expect(types.getByRole("row", { name: /^单选题/ })).toContainText("/ 40分");
  await expect(page.getByTestId("result-correct")).toHaveText(/^\d+\/22题$/);
  await expect(page.getByTestId("result-used")).toHaveText(/秒$/);
  await expect(page.getByText("60分 / 90分")).toBeVisible();
  await expect(page.getByTestId("result-remain")).toHaveText("0次");
  // Review is allowed on this exam: every question with the learner's answer and the key.
  await expect(page.getByTestId("review-1")).toContainText("你的答案：A");
  await expect(page.getByTestId("review-2")).toContainText("你的答案：未作答");
  await expect(page.getByTestId("review-22")).toContainText("正确答案：");
  await shot(page, "walkthrough-result");
  await page.getByTestId("review-1").scrollIntoViewIfNeeded();
  await shot(page, "walkthrough-result-review");
  const result = await mutate(page, "exam.submit", { paperId });
  expect(result.typeScores).toHaveLength(4);
  await page.context().close();
});

test("the waiting hall reads the server's clock again: a computer clock that jumped is set right within 30 s", async ({ browser }) => {
  test.setTimeout(60_000);
  const examId = await ownExam(browser, `走查：开考时钟校准${Date.now() % 100000}`, 0, Date.now() + 2 * 3600_000);
  const page = await learnerPage(browser, HULIN);
  await page.clock.install();
  await page.goto(`/exam/waiting?id=${examId}`);
  const countdown = page.getByTestId("waiting-countdown");
  const secondsLeft = async () => ((await countdown.textContent()) ?? "").trim().split(":").map(Number).reduce((t, n) => t * 60 + n, 0);
  await expect(countdown).toBeVisible();
  // Counting down shows the page is hydrated: its clock was read before the jump below.
  const shown = await secondsLeft();
  await expect.poll(secondsLeft, { timeout: 15_000 }).toBeLessThan(shown);
  const before = await secondsLeft();
  expect(before).toBeGreaterThan(600);
  // The computer's clock jumps ten minutes ahead (it slept, or someone set it): the countdown is off by as much.
  await page.clock.setSystemTime(new Date(Date.now() + 10 * 60_000));
  await page.clock.runFor(1_000);
  await expect.poll(secondsLeft).toBeLessThan(before - 500);
  // Within 30 s the page asks the server again and counts from its clock.
  const asked = page.waitForRequest(/exam\.startRemainTime/);
  await page.clock.runFor(31_000);
  await asked;
  await expect.poll(secondsLeft).toBeGreaterThan(before - 90);
  await shot(page, "waiting-clock-resync");
});
