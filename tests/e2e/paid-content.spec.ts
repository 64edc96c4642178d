import { DEMO, expect, loginByApi, query, shot, test } from "./fixtures";

// Sold lives and maps (issue: commerce): the sold live shows its price instead of the stream; buying the
// sold map with the sandbox opens the map and, with it, the live. The buyer is an account of this spec.
const BUYER = { account: `paidmap_${Date.now().toString(36).slice(-6)}`, password: "Caiyun@2026pass" };
const LIVE = "政府采购内部控制建设实务（付费专场）";
const MAP = "政府采购评审专家能力提升地图";

test("a sold live asks to be bought; buying the sold map with the sandbox opens the map and its live", async ({ page, context, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const made = await (await page.request.post("/api/elearning/back/user/add", { data: { loginName: BUYER.account, nick: "宋佳", password: BUYER.password } })).json();
  expect(made.success, made.message).toBe(true);
  await page.context().clearCookies();
  await loginByApi(page, BUYER);
  const lives = await query<{ list: { id: number; name: string }[] }>(page, "live.page", { keyword: "内部控制建设" });
  const liveId = lives.list.find((l) => l.name === LIVE)!.id;
  const maps = await query<{ list: { id: number; name: string }[] }>(page, "path.list", { keyword: "评审专家能力" });
  const mapId = maps.list.find((m) => m.name === MAP)!.id;

  // The live: the price in place of the replay, and 购买直播 leading to the order.
  await page.goto(`/live/detail?selectedLiveId=${liveId}`);
  await expect(page.getByTestId("live-buy-prompt")).toContainText("¥29.90");
  await expect(page.getByTestId("live-price-tag")).toHaveText("付费直播 ¥29.90");
  await expect(page.getByTestId("live-player")).toHaveCount(0);
  await shot(page, "live-buy-prompt");
  await page.getByRole("button", { name: "购买直播" }).click();
  await expect(page).toHaveURL(new RegExp(`/order\\?goodsType=2&goodsId=${liveId}`));
  await expect(page.getByTestId("order-goods-name")).toHaveText(LIVE);
  await expect(page.getByTestId("order-pay-amount")).toHaveText("¥29.90");

  // The map: 购买学习地图 with its price; joining is not offered.
  await page.goto(`/map/detail?id=${mapId}`);
  const buy = page.getByTestId("map-buy");
  await expect(buy).toContainText("¥199");
  await expect(buy).toContainText("完成可获 8 学分");
  await expect(page.getByRole("button", { name: "加入学习" })).toHaveCount(0);
  await shot(page, "map-buy");
  await buy.getByRole("button", { name: "购买学习地图" }).click();
  await expect(page.getByTestId("order-goods-name")).toHaveText(MAP);
  await page.getByRole("checkbox", { name: "同意购买协议" }).click();
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/payment\/waiting\?tradeNo=CY\d{20}$/);
  await expect(page.getByTestId("payment-amount")).toHaveText("¥199");
  const [phone] = await Promise.all([context.waitForEvent("page"), page.getByTestId("sandbox-link").click()]);
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByTestId("sandbox-paid")).toContainText("支付成功");
  await phone.close();
  await expect(page.getByTestId("payment-success")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "去学习" }).click();

  // The map is joined, and its sold live plays without a purchase of its own.
  await expect(page).toHaveURL(new RegExp(`/map/detail\\?id=${mapId}`));
  await expect(page.getByTestId("map-progress")).toHaveText("0%");
  await page.goto(`/live/detail?selectedLiveId=${liveId}`);
  await expect(page.getByTestId("live-price-tag")).toHaveText("已购买");
  await expect(page.getByTestId("live-buy-prompt")).toHaveCount(0);
  await expect(page.getByTestId("live-player")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
