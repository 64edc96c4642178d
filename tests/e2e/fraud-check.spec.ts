import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const LEARNER = { account: "wuting_jg", password: "Caiyun@2026pass" };
const EXAM = "政府采购评审专家考核（人脸核验监考）";

test("an admin reviews the seeded fraud check: evidence, remark, 确认作弊; the learner sees the voided result and appeals once", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/fraud-checks");
  await expect(page.getByRole("heading", { name: "防作弊", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "管理后台导航" }).getByRole("link", { name: "防作弊", exact: true })).toBeVisible();

  // Filter by the learner's name: the seeded record of 吴婷.
  await page.getByLabel("考生姓名或账号").fill("吴婷");
  await page.getByRole("button", { name: "查询" }).click();
  const row = page.getByTestId("fraud-row").filter({ hasText: "吴婷" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(EXAM);
  await expect(row).toContainText("人脸核验未通过1次");
  await expect(row).toContainText("监考人员标记可疑抓拍1张");
  await shot(page, "fraud-list");

  // The evidence: snapshots (signed links that load), recording segments, the timeline.
  await row.getByRole("button", { name: /查看证据/ }).click();
  const detail = page.getByTestId("fraud-detail");
  await expect(detail).toBeVisible();
  const snaps = detail.getByTestId("fraud-snapshots").getByRole("img");
  await expect(snaps).toHaveCount(3);
  await expect(snaps.first()).toHaveAttribute("src", /\/storage\/file\/exam\/snap\/.+\?exp=\d+&sig=/);
  await expect.poll(() => snaps.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(detail.getByTestId("fraud-snapshots").getByText("已标记可疑")).toBeVisible();
  const timeline = detail.getByTestId("fraud-timeline").getByRole("listitem");
  await expect(timeline.first()).toContainText("人脸核验未通过");
  await expect(timeline.last()).toContainText("交卷");
  await expect(detail.getByTestId("fraud-timeline")).toContainText("切屏");
  await shot(page, "fraud-evidence");

  // Remark, then 确认作弊 after the confirmation.
  await detail.getByLabel("核查备注").fill("抓拍显示考生离开座位，录像核实");
  await detail.getByRole("button", { name: "保存备注" }).click();
  await expect(page.getByText("备注已保存")).toBeVisible();
  await detail.getByRole("button", { name: "确认作弊" }).click();
  const ask = page.getByRole("dialog", { name: "确认作弊" });
  await expect(ask).toContainText("成绩作废");
  await shot(page, "fraud-confirm-ask");
  await ask.getByRole("button", { name: "确认作弊" }).click();
  await expect(page.getByText("已确认作弊，成绩已作废并通知考生")).toBeVisible();
  await expect(detail.getByText("确认作弊").first()).toBeVisible();
  await expect(detail).toContainText("成绩已作废");
  await page.getByRole("button", { name: "关闭" }).click();
  await expect(row).toContainText("确认作弊");
  await expect(row).toContainText("成绩已作废");
  await shot(page, "fraud-confirmed");

  // The learner: the result page says so and takes one appeal.
  const ctx = await browser.newContext();
  const learner = await ctx.newPage();
  await loginByApi(learner, LEARNER);
  const list = await (await learner.request.post("/api/elearning/caiyun/test/front/fraudCheck/getDetailToUserList", { data: {} })).json();
  const examId = list.data[0].examId as number;
  await learner.goto(`/exam/result?id=${examId}`);
  const notice = learner.getByTestId("fraud-notice");
  await expect(notice).toContainText("经核查，本次考试存在作弊行为");
  await expect(notice).toContainText("成绩已作废");
  await notice.getByRole("button", { name: "申诉" }).click();
  const dialog = learner.getByRole("dialog", { name: "提交申诉" });
  await dialog.getByLabel("申诉理由").fill("离开座位是因为摄像头松动，重新固定后继续作答");
  await shot(learner, "fraud-learner-appeal");
  await dialog.getByRole("button", { name: "提交申诉" }).click();
  await expect(notice).toContainText("您的申诉");
  await expect(notice.getByRole("button", { name: "申诉" })).toHaveCount(0);
  await shot(learner, "fraud-learner-notice");
  await ctx.close();
});
