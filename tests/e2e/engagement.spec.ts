import { DEMO, expect, loginByApi, test } from "./fixtures";

// The demo learner opens the study ranking, then reads a mail in the message centre and the badge drops.

test("the demo learner sees the week's ranking with their own place", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.learner);
  await page.goto("/rank");
  await expect(page.getByRole("heading", { name: "学习排行" })).toBeVisible();
  const list = page.getByTestId("rank-list");
  await expect(list.locator("li")).toHaveCount(10);
  // Names are masked on the board: 王晓雯 reads 王*雯.
  await expect(list).toContainText("王*雯");
  await expect(page.getByTestId("rank-mine")).toContainText(/我的排名\s*第([1-9]|10)名/);
  await expect(page.getByTestId("rank-mine")).toContainText(DEMO.learner.nick);
  await page.screenshot({ path: "test-results/rank.png", fullPage: true });

  await page.getByRole("link", { name: "总榜" }).click();
  await expect(page).toHaveURL(/\/rank\?type=all$/);
  await expect(page.getByRole("link", { name: "总榜" })).toHaveAttribute("aria-current", "page");
  expect(consoleErrors).toEqual([]);
});

test("the demo learner reads a mail in the message centre and the badge drops", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.learner);
  await page.goto("/message/center?tab=mail");
  await expect(page.getByRole("heading", { name: "消息中心" })).toBeVisible();
  const badge = page.getByRole("link", { name: /^消息中心，\d+条未读$/ });
  await expect(badge).toBeVisible();
  const before = Number(/(\d+)条未读/.exec((await badge.getAttribute("aria-label")) ?? "")![1]);
  expect(before).toBeGreaterThanOrEqual(1);

  const mails = page.getByTestId("mails");
  await expect(mails.locator("li")).toHaveCount(2);
  await expect(page.getByRole("link", { name: /邮件/ })).toContainText("1");
  await mails.getByRole("button", { name: /您的3月学习报告已生成/ }).click();
  await expect(page.getByTestId("mail-open")).toContainText("在本周学习排行中位列前十");
  await expect(mails.locator('button[data-read="0"]')).toHaveCount(0);
  // The socket tells the header the new count.
  const after = before - 1;
  await expect(page.getByRole("link", { name: after > 0 ? `消息中心，${after}条未读` : "消息中心", exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/message-center.png", fullPage: true });

  // The other tabs of the same page: station messages and the platform notices.
  await page.getByRole("link", { name: /站内通知/ }).click();
  await expect(page.getByTestId("station-messages")).toBeVisible();
  await page.getByRole("link", { name: "平台公告" }).click();
  await expect(page.getByTestId("announcements")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
