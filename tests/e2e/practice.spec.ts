import type { Page } from "@playwright/test";
import { PRACTICE_ACCOUNT, PRACTICE_NAMES } from "../../db/seed/practice";
import { expect, loginByApi, shot, test } from "./fixtures";

type Q = { questionId: number; questionType: number; options: { key: string }[] };

/** The practising page's round, read the way the page reads it (tRPC over HTTP). */
async function round(page: Page, sessionId: number) {
  const res = await page.request.get(`/api/trpc/exam.practice.session?input=${encodeURIComponent(JSON.stringify({ sessionId }))}`);
  const body = await res.json();
  return body.result.data as { questions: Q[]; position: number };
}

test("a learner practises with immediate feedback, resumes after a reload and opens the wrong-question book", async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await loginByApi(page, PRACTICE_ACCOUNT);

  // The list, reached from the personal centre.
  await page.goto("/person/overview");
  await expect(page.getByRole("link", { name: "去练习" })).toHaveAttribute("href", "/practice/center");
  await shot(page, "practice-person-overview");
  await page.goto("/person/study");
  await shot(page, "practice-person-study");
  await page.getByRole("link", { name: "题库练习" }).click();
  await page.waitForURL("**/practice/center");
  await expect(page.getByRole("heading", { name: "题库练习", level: 1 })).toBeVisible();
  await expect(page.getByTestId("practice-card")).toHaveCount(2);
  await shot(page, "practice-center");

  await page.getByRole("link", { name: PRACTICE_NAMES.main }).click();
  await page.waitForURL(/\/practice\/detail\?id=\d+/);
  await expect(page.getByRole("region", { name: "顺序练习" })).toBeVisible();
  await expect(page.getByRole("region", { name: "题型练习" }).getByRole("button", { name: /单选题/ })).toBeVisible();
  await shot(page, "practice-detail");

  await page.getByRole("region", { name: "顺序练习" }).getByRole("button", { name: "开始练习" }).click();
  await page.waitForURL(/\/practice\/test\?sessionId=\d+/);
  const sessionId = Number(new URL(page.url()).searchParams.get("sessionId"));
  const { questions } = await round(page, sessionId);
  expect(questions).toHaveLength(20);

  // The first question answered right: the bank's first question is a single choice whose key is A.
  const first = page.getByTestId("question-1");
  await expect(first).toContainText("《政府采购法》规定的主要采购方式是？");
  await expect(first).not.toContainText("分）");
  await first.getByText("公开招标", { exact: true }).click();
  await page.getByRole("button", { name: "提交答案" }).click();
  const feedback = page.getByTestId("practice-feedback");
  await expect(feedback).toContainText("回答正确");
  await expect(feedback).toContainText("公开招标应作为政府采购的主要采购方式。");
  await expect(page.getByRole("button", { name: "第1题答对" })).toBeVisible();

  // The second answered wrong (its key is C): the right answer and the analysis show at once.
  await page.getByRole("button", { name: "下一题" }).click();
  const second = page.getByTestId("question-2");
  await expect(second).toContainText("政府采购应当遵循的原则不包括？");
  await second.getByText("公开透明", { exact: true }).click();
  await page.getByRole("button", { name: "提交答案" }).click();
  await expect(feedback).toContainText("回答错误");
  await expect(feedback).toContainText("正确答案：C");
  await expect(feedback).toContainText("你的答案：A");
  await expect(feedback).toContainText("政府采购遵循公开透明、公平竞争、公正和诚实信用原则。");
  await expect(feedback).toContainText("本题已收入错题本");
  await expect(page.getByTestId("practice-progress")).toContainText("已答 2/20");
  await shot(page, "practice-feedback-wrong");

  // Move on to question 3, reload: the same round opens at question 3 with both answers kept.
  await page.getByRole("button", { name: "下一题" }).click();
  await expect(page.getByTestId("question-3")).toBeVisible();
  await expect.poll(async () => (await round(page, sessionId)).position).toBe(2);
  await page.reload();
  await expect(page.getByTestId("question-3")).toBeVisible();
  await expect(page.getByRole("button", { name: "第1题答对" })).toBeVisible();
  await expect(page.getByRole("button", { name: "第2题答错" })).toBeVisible();
  await expect(page.getByTestId("practice-progress")).toContainText("已答 2/20");
  await shot(page, "practice-resumed");

  // Going back shows the graded answer read-only with its analysis.
  await page.getByRole("button", { name: "第2题答错" }).click();
  await expect(feedback).toContainText("回答错误");
  await expect(page.getByRole("button", { name: "提交答案" })).toHaveCount(0);

  // The detail page offers to continue; the wrong-question book holds the wrong one.
  await page.getByRole("link", { name: PRACTICE_NAMES.main }).click();
  await expect(page.getByRole("region", { name: "顺序练习" }).getByRole("button", { name: "继续练习（2/20）" })).toBeVisible();
  await expect(page.getByTestId("practice-stats")).toContainText("50");
  await page.getByRole("link", { name: "查看错题本" }).click();
  await page.waitForURL(/\/practice\/wrong\?id=\d+/);
  const items = page.getByTestId("wrong-item");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("政府采购应当遵循的原则不包括？");
  await expect(items.first()).toContainText("你的答案：A");
  await expect(items.first()).toContainText("正确答案：C");
  await shot(page, "practice-wrong-book");

  // Re-practising it right clears the book.
  await page.getByRole("button", { name: "错题重练" }).click();
  await page.waitForURL(/\/practice\/test\?sessionId=\d+/);
  await page.getByTestId("question-1").getByText("价格优先", { exact: true }).click();
  await page.getByRole("button", { name: "提交答案" }).click();
  await expect(feedback).toContainText("回答正确");
  await expect(feedback).toContainText("本题已从错题本移出");
  await page.getByRole("button", { name: "查看练习报告" }).first().click();
  await expect(page.getByTestId("practice-report")).toContainText("本轮练习报告");
  await expect(page.getByTestId("practice-report")).toContainText("错题本已清空");
  await shot(page, "practice-report");
  await page.getByRole("link", { name: "查看错题本" }).click();
  await expect(page.getByText("错题本是空的")).toBeVisible();

  expect(consoleErrors).toEqual([]);
});
