import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO, expect, loginByApi, query, test } from "./fixtures";

// 王晓雯 (a purchaser) reads her learning credits year by year and opens the live credits list;
// a learner who never bought anything finds neither the menu nor any figures.

const SHOTS = "/tmp/credits-h2";
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

type Credits = { years: number[]; year: number; totals: Record<"earned" | "pending" | "courseEarned" | "liveEarned" | "mapEarned", number>; list: { goodsName: string; earned: number; progress: number }[] };

test("the demo learner reads her credits by year and opens the live credits list", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.learner);
  const now = await query<Credits>(page, "order.credit.mine", {});
  expect(now.years.length, "the seed gives her purchases in two years").toBeGreaterThanOrEqual(2);

  await page.goto("/person/overview");
  await page.getByRole("navigation", { name: "个人中心菜单" }).getByRole("link", { name: "学习学分" }).click();
  await page.waitForURL("**/person/credits");
  await expect(page.getByRole("heading", { name: "学习学分" })).toBeVisible();
  await expect(page.getByRole("tab", { name: `${now.year}年度` })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("credit-已获学分")).toHaveText(`${now.totals.earned}学分`);
  await expect(page.getByTestId("credit-待获学分")).toHaveText(`${now.totals.pending}学分`);
  await expect(page.getByTestId("credit-课程")).toHaveText(`${now.totals.courseEarned}学分`);
  const rows = page.getByTestId("credit-row");
  await expect(rows).toHaveCount(now.list.length);
  for (const item of now.list) {
    const row = rows.filter({ hasText: item.goodsName });
    await expect(row.getByTestId("credit-state")).toContainText(item.earned ? "已获得" : "学习中");
    if (!item.earned) await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(item.progress));
    await expect(row.getByRole("link", { name: item.earned ? "去复习" : "去学习" })).toHaveAttribute("href", /\/study\/platform\?id=\d+/);
  }
  await expect(rows.filter({ hasText: "已获得" })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: "学习中" })).not.toHaveCount(0);
  await snap(page, "person-credits");

  // Another year: its own purchases and figures.
  const other = now.years.find((y) => y !== now.year)!;
  const then = await query<Credits>(page, "order.credit.mine", { year: other });
  await page.getByRole("tab", { name: `${other}年度` }).click();
  await page.waitForURL(`**/person/credits?year=${other}`);
  await expect(page.getByRole("tab", { name: `${other}年度` })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("credit-已获学分")).toHaveText(`${then.totals.earned}学分`);
  await expect(rows).toHaveCount(then.list.length);
  await expect(rows.first()).toContainText(then.list[0]!.goodsName);
  await snap(page, "person-credits-other-year");

  await page.getByRole("link", { name: /直播学分明细/ }).click();
  await page.waitForURL(`**/person/credits-live-list?year=${other}`);
  await expect(page.getByRole("heading", { name: "直播学分明细" })).toBeVisible();
  await expect(page.getByRole("tab", { name: `${other}年度` })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "全部年度" }).click();
  await expect(page.getByRole("tab", { name: "全部年度" })).toHaveAttribute("aria-selected", "true");
  const lives = await query<{ total: number }>(page, "order.credit.lives", {});
  if (lives.total === 0) await expect(page.getByText("暂无购买的直播")).toBeVisible();
  else await expect(page.getByTestId("credit-live-row")).toHaveCount(Math.min(lives.total, 10));
  await snap(page, "person-credits-live-list");
  await page.getByRole("link", { name: /返回学习学分/ }).click();
  await page.waitForURL("**/person/credits");

  // A year typed into the address is checked like any other input.
  await page.goto("/person/credits?year=1999");
  await expect(page.getByText("年度须在2000-2100之间")).toBeVisible();
  await page.goto("/person/credits-live-list?year=abc");
  await expect(page.getByText("年度格式不正确")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a learner who never bought anything has no credits menu and an empty credits page", async ({ page, consoleErrors }) => {
  await loginByApi(page, { account: "liuyang_zb", password: "Caiyun@2026pass" });
  await page.goto("/person/overview");
  await expect(page.getByRole("navigation", { name: "个人中心菜单" }).getByRole("link", { name: "我的学习" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "个人中心菜单" }).getByRole("link", { name: "学习学分" })).toHaveCount(0);
  await page.goto("/person/credits");
  await expect(page.getByText("学习学分仅对采购人开放")).toBeVisible();
  expect(await query<Credits>(page, "order.credit.mine", {})).toMatchObject({ list: [], totals: { earned: 0, pending: 0 } });
  expect(consoleErrors).toEqual([]);
});
