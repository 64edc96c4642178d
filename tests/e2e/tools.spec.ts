import { DEMO, expect, loginByApi, signedInWithoutSeriesPop, test } from "./fixtures";

// The diagnostic tools page: an admin reads what a tool does, runs the self-check and a repair, and sees
// their answers; a dangerous tool asks first.

test("an admin runs the self-check and a repair from 诊断工具 and reads their results", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  const me = await (await page.request.get("/api/elearning/caiyun/front/user/getUserInfo")).json();
  const adminId = String(me.data.userId);

  await page.goto("/admin/tools");
  await expect(page.getByRole("heading", { name: "诊断工具" }).first()).toBeVisible();
  for (const group of ["系统", "缓存", "实时连接与直播", "提醒发送", "数据修复", "搜索索引", "数据工具"]) {
    await expect(page.getByRole("heading", { level: 2, name: group, exact: true })).toBeVisible();
  }

  const selfCheck = page.locator('[data-tool="test"]');
  await expect(selfCheck).toContainText("确认服务在线");
  await selfCheck.getByRole("button", { name: "执行" }).click();
  await expect(selfCheck.getByRole("status")).toContainText("执行成功");
  await expect(selfCheck.getByTestId("tool-json")).toContainText('"ok": 1');

  const repair = page.locator('[data-tool="refreshUserLearn"]');
  await expect(repair).toContainText("按章节学习记录重算");
  await repair.getByLabel("学员ID").fill(adminId);
  await repair.getByRole("button", { name: "执行" }).click();
  await expect(repair.getByTestId("tool-json")).toContainText(`"userId": ${adminId}`);
  // Run twice: the second run changes nothing.
  await repair.getByRole("button", { name: "执行" }).click();
  await expect(repair.getByTestId("tool-json")).toContainText('"changed": false');

  // A dangerous tool asks before it runs; a refusal reads in Chinese.
  const redeem = page.locator('[data-tool="correctRedemption"]');
  await redeem.getByLabel("兑换码").fill("ZZZZ-ZZZZ-ZZZZ");
  await redeem.getByRole("button", { name: "执行" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("确认执行「修正兑换码状态」？");
  await confirm.getByRole("button", { name: "确认执行" }).click();
  await expect(redeem.getByRole("status")).toContainText("执行失败：兑换码不存在");

  const wx = page.locator('[data-tool="getWxJsTicket"]');
  await wx.getByRole("button", { name: "执行" }).click();
  await expect(wx.getByRole("status")).toContainText("未配置微信公众号（WX_APP_ID）");

  await selfCheck.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/tools.png", fullPage: false });
  expect(consoleErrors).toEqual([]);
});

test("an admin disconnects a learner from a live room on 诊断工具; the learner's room says so, reconnects and gets what was said meanwhile", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginByApi(page, DEMO.admin);
  const lives = (await (await page.request.get(`/api/trpc/live.page?input=${encodeURIComponent(JSON.stringify({ pageSize: 50 }))}`)).json()).result.data.list as { id: number; roomId: string; liveStatus: number; isPause: number; name: string }[];
  const onAir = lives.find((l) => l.liveStatus === 1 && l.isPause === 0)!;
  const learner = await signedInWithoutSeriesPop(browser, DEMO.learner);
  const me = await (await learner.request.get("/api/elearning/caiyun/front/user/getUserInfo")).json();
  // The room's socket passes through here: a reconnect (it carries ?since=) waits until the presenter has
  // spoken, so what was said meanwhile can only come from the history frame, not from the live room.
  const sockets: string[] = [];
  let spoken!: () => void;
  const presenterSpoke = new Promise<void>((r) => (spoken = r));
  await learner.routeWebSocket(/\/ws\/live\//, async (ws) => {
    sockets.push(ws.url());
    if (ws.url().includes("since=")) await presenterSpoke;
    ws.connectToServer();
  });
  await learner.goto(`/live/detail?roomId=${onAir.roomId}`);
  // The room's first connection goes through the route above and the realtime process's check with the
  // app; on a loaded machine (the whole suite at once) it once took more than the default 10 s.
  await expect(learner.getByLabel("评论内容")).toBeEnabled({ timeout: 20_000 });

  await page.goto("/admin/tools");
  const tool = page.locator('[data-tool="removeWebSocketUser"]');
  await expect(tool).toContainText("关闭学员的所有实时连接");
  await tool.getByLabel("学员ID").fill(String(me.data.userId));
  await tool.getByRole("button", { name: "执行" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "确认执行" }).click();
  await expect(tool.getByRole("status")).toContainText("执行成功");

  // The room shows why it is down, then comes back by itself and the learner can chat again.
  await expect(learner.getByRole("status").filter({ hasText: "连接已被管理员断开，正在重新连接…" })).toBeVisible();
  const said = `断线期间的主播提醒 ${Date.now() % 100000}`;
  const anchor = await page.request.post("/api/trpc/live.admin.anchorSend", { data: { liveId: onAir.id, content: said } });
  expect(anchor.status()).toBe(200);
  spoken();
  await expect(learner.getByText(said)).toBeVisible({ timeout: 15_000 });
  await learner.screenshot({ path: "test-results/live-catch-up.png" });
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  expect(sockets.at(-1)).toMatch(/\?since=\d+$/);
  await expect(learner.getByLabel("评论内容")).toBeEnabled({ timeout: 15_000 });
  await expect(learner.getByText("连接已被管理员断开，正在重新连接…")).toHaveCount(0);
  await learner.context().close();
});
