import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, loginByApi, shot, test, closeDialog } from "./fixtures";

const T = "/api/elearning/caiyun/test";

async function examIdByName(request: APIRequestContext, name: string): Promise<number> {
  const res = await (await request.get(`${T}/queryUserPagingExam`, { params: { pageNo: 1, pageSize: 50 } })).json();
  const hit = res.data.list.find((e: { name: string }) => e.name === name);
  expect(hit, `exam ${name}`).toBeTruthy();
  return hit.id;
}

/** Goes through the pre-check wizard (notice with its forced-read countdown, network check) to the paper. */
async function startThroughWizard(page: Page) {
  await page.getByRole("button", { name: /^(开始考试|再次考试)$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("考前检测")).toBeVisible();
  await dialog.getByRole("button", { name: "下一步" }).click({ timeout: 20_000 });
  await expect(dialog.getByTestId("network-speed")).toBeVisible();
  // The layout config's agreement (on by default) must be accepted before the start.
  await expect(dialog.getByRole("button", { name: "请先勾选同意考试协议" })).toBeDisabled({ timeout: 10_000 });
  await dialog.getByRole("checkbox", { name: "同意考试协议" }).check();
  await dialog.getByRole("button", { name: "开始考试" }).click({ timeout: 10_000 });
  await page.waitForURL(/\/exam\/test\?paperId=\d+/);
}

test("a learner registers, starts, answers through a lost connection, reloads, submits and sees the result", async ({ page, context }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.learner);
  const examId = await examIdByName(page.request, "2026年度政府采购从业人员能力测评");
  await page.goto(`/exam/detail?id=${examId}`);
  await page.getByRole("button", { name: "报名考试" }).click();
  await expect(page.getByText("报名成功")).toBeVisible();
  await shot(page, "exam-detail");
  await startThroughWizard(page);
  const paperId = Number(new URL(page.url()).searchParams.get("paperId"));
  await expect(page.getByTestId("countdown")).toHaveText(/\d\d:\d\d/);

  // First answer while online.
  await page.getByTestId("question-1").locator("label").first().click();
  await expect(page.getByTestId("save-state")).toHaveText("答案已自动保存");

  // Offline: the answer stays queued in the browser and the page says so.
  await context.setOffline(true);
  await page.getByRole("button", { name: "下一题" }).click();
  await page.getByTestId("question-2").locator("label").first().click();
  await expect(page.getByTestId("offline")).toContainText("网络已断开");
  await shot(page, "exam-offline");
  await context.setOffline(false);
  await expect(page.getByTestId("offline")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("save-state")).toHaveText("答案已自动保存");

  const saved = await (await page.request.post(`${T}/getPaper`, { data: { paperId } })).json();
  expect(saved.data.answers).toHaveLength(2);

  // A reload resumes the same paper with both answers.
  await page.reload();
  await expect(page.getByRole("button", { name: "第1题已答" })).toBeVisible();
  await expect(page.getByRole("button", { name: "第2题已答" })).toBeVisible();
  await shot(page, "exam-paper");

  await page.getByRole("button", { name: "交卷" }).click();
  await expect(page.getByText(/还有\d+题未作答/)).toBeVisible();
  await page.getByRole("button", { name: "确定交卷" }).click();
  await page.waitForURL(/\/exam\/result\?id=\d+/);
  await expect(page.getByTestId("result-score")).toBeVisible();
  await expect(page.getByTestId("result-remain")).toHaveText("2次");
  await shot(page, "exam-result");
});

test("a learner who lets the time run out is submitted automatically", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin sets up a short exam ending in 25 s (the deadline follows the exam end).
  await loginByApi(page, DEMO.admin);
  const papers = await (await page.request.post("/api/elearning/back/testPaper/pageList", { data: { pageNo: 1, pageSize: 20, paperType: 1 } })).json();
  const paperId = papers.data.list[0].id;
  const base = await (
    await page.request.post("/api/elearning/exam/back/saveBase", { data: { name: "限时小测：政府采购合同管理", startTime: Date.now() - 1000, endTime: Date.now() + 25_000 } })
  ).json();
  const examId = base.data.id;
  await page.request.post("/api/elearning/exam/back/saveQuestionInfo", { data: { examId, paperId } });
  await page.request.post("/api/elearning/exam/back/saveAdvanced", { data: { examId, limitTime: 0, forcedReadTime: 0 } });
  expect((await (await page.request.post("/api/elearning/exam/back/enable", { data: { id: examId } })).json()).success).toBe(true);

  const ctx = await browser.newContext();
  const learner = await ctx.newPage();
  await loginByApi(learner, { account: "zhangmin_cg", password: "Caiyun@2026pass" });
  await learner.goto(`/exam/detail?id=${examId}`);
  await learner.getByRole("button", { name: "报名考试" }).click();
  await startThroughWizard(learner);
  await learner.getByTestId("question-1").locator("label").first().click();
  await expect(learner.getByTestId("save-state")).toHaveText("答案已自动保存");
  await learner.waitForURL(/\/exam\/result\?id=\d+/, { timeout: 45_000 });
  await expect(learner.getByText("考试时间到，系统自动交卷")).toBeVisible();
  await shot(learner, "exam-auto-submitted");
  await ctx.close();
});

test("an admin imports questions from .xlsx, builds a random paper and an exam", async ({ page }) => {
  test.setTimeout(90_000);
  await loginByApi(page, DEMO.admin);
  const ExcelJS = (await import("exceljs")).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("试题");
  ws.addRow(["题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "解析"]);
  for (let i = 1; i <= 5; i++) ws.addRow(["单选题", `政府采购合同备案时限练习${i}`, "2个工作日", "7个工作日", "15个工作日", "30个工作日", "", "", "A", "困难", ""]);
  ws.addRow(["论述题", "题型不正确的一行", "", "", "", "", "", "", "", "", ""]);
  const buffer = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);

  await page.goto("/admin/questions");
  await page.getByRole("button", { name: "导入试题" }).click();
  await page.getByLabel("选择文件").setInputFiles({ name: "试题导入.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await page.getByRole("button", { name: "开始导入" }).click();
  await expect(page.getByTestId("import-result")).toContainText("成功导入5道，失败1行");
  await expect(page.getByTestId("import-result")).toContainText("第7行");
  await shot(page, "exam-admin-import");
  await closeDialog(page);

  await page.goto("/admin/papers");
  await page.getByRole("button", { name: "新建试卷" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox").first().fill("合同管理随机卷");
  await dialog.getByLabel("难度").selectOption("3");
  // Rules can keep to a question-bank folder; the select lists the bank's folders with their counts.
  await expect(dialog.getByLabel("题库文件夹").locator("option", { hasText: "政府采购法律法规题库" })).toHaveCount(1);
  await dialog.getByLabel("抽题数量").fill("5");
  await dialog.getByLabel("每题分值").fill("20");
  await expect(dialog.getByTestId("paper-total")).toHaveText("100");
  await dialog.getByRole("button", { name: "保存试卷" }).click();
  await expect(page.getByRole("cell", { name: "合同管理随机卷" })).toBeVisible();

  await page.goto("/admin/exams");
  await page.getByRole("button", { name: "新建考试" }).click();
  const editor = page.getByRole("dialog");
  await editor.getByLabel("考试名称").fill("合同管理专项测验");
  await editor.getByRole("button", { name: "保存基础信息" }).click();
  await expect(editor.getByRole("status")).toHaveText("基础信息已保存");
  await editor.getByRole("tab", { name: "试题设置" }).click();
  await editor.getByLabel("选择试卷").selectOption({ label: "合同管理随机卷（随机，100分）" });
  await editor.getByRole("button", { name: "保存试题设置" }).click();
  await expect(editor.getByRole("status")).toHaveText("试卷已设置");
  await shot(page, "exam-admin-editor");
  await closeDialog(page);
  const row = page.getByRole("row", { name: /合同管理专项测验/ });
  await row.getByRole("button", { name: "启用" }).click();
  await expect(row.getByText("已启用")).toBeVisible();
});
