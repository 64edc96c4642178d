import { expect, shot, test } from "./fixtures";

test("a visitor's search finds courses, lives and exams, each leading to its page", async ({ page, consoleErrors }) => {
  await page.goto("/");
  await page.getByRole("searchbox").or(page.getByPlaceholder(/政府采购|搜索/)).first().fill("政府采购");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\/detail\?keyword=/);
  await expect(page.getByRole("region", { name: "课程" })).toBeVisible();
  const lives = page.getByRole("region", { name: "直播" });
  const exams = page.getByRole("region", { name: "考试" });
  await expect(lives.getByRole("link").filter({ hasText: "政府采购质疑与投诉处理" })).toBeVisible();
  await expect(exams.getByText("2026年度政府采购从业人员能力测评")).toBeVisible();
  // A paused live reads 暂停中, not 直播中; a live without a cover shows its name, not an empty box.
  await expect(lives.getByRole("link").filter({ hasText: "政府采购质疑与投诉处理" })).toContainText("暂停中");
  await shot(page, "search-all");
  // The count in the heading and the list agree: more than shown leads to all of them.
  const heading = await lives.getByRole("heading").textContent();
  const total = Number(/（(\d+)）/.exec(heading ?? "")?.[1]);
  const shown = await lives.getByRole("listitem").count();
  if (total > shown) {
    await lives.getByRole("link", { name: `查看全部${total}场直播` }).click();
    await expect(page).toHaveURL(/\/live\/center\?keyword=/);
    await expect(page.getByTestId("live-card")).toHaveCount(total);
    await page.goBack();
  } else expect(shown).toBe(total);
  await lives.getByRole("link").filter({ hasText: "政府采购质疑与投诉处理" }).click();
  await expect(page).toHaveURL(/\/live\/detail\?roomId=/);
  expect(consoleErrors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
});
