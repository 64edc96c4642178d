import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO, expect, loginByApi, shot, test, trpc } from "./fixtures";

// Live captions (the console's captioner), the pushed questionnaire, and the replay notice in the message centre.

const tag = Date.now().toString(36).slice(-5);
const PASSWORD = "Caiyun@2026pass";

/** A learner account of this spec only. */
async function newLearner(request: APIRequestContext, n: string) {
  const loginName = `h5live_${tag}_${n}`;
  const nick = `字幕学员${n}${tag.slice(-3)}`;
  const r = await (await request.post("/api/elearning/back/user/add", { data: { loginName, nick, password: PASSWORD } })).json();
  expect(r.success, r.message).toBe(true);
  return { account: loginName, password: PASSWORD, nick };
}

/** A live of this spec, made from the seeded stream so the player has something to play. */
async function newLive(request: APIRequestContext, name: string) {
  const page = await trpc<{ list: { liveStatus: number; m3u8PlayURL: string; playbackUrl: string; isPlayback: number }[] }>(request, "live.admin.page", { pageSize: 50 }, "query");
  const stream = page.list.find((l) => l.liveStatus === 1 && l.m3u8PlayURL)!.m3u8PlayURL;
  const replay = page.list.find((l) => l.isPlayback === 1 && l.playbackUrl)!.playbackUrl;
  const start = Date.now() + 3600e3;
  const live = await trpc<{ id: number; roomId: string }>(request, "live.admin.save", { name, teacherName: "韩立", startTime: start, endTime: start + 7200e3, m3u8PlayUrl: stream });
  return { ...live, replay };
}

async function learnerPage(browser: Browser, who: { account: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginByApi(page, who);
  return page;
}

test("the console's captioner reaches the learner's subtitles, and a pushed questionnaire shows", async ({ browser, page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const learner = await newLearner(page.request, "a");
  const live = await newLive(page.request, `字幕问卷验收直播${tag}`);
  await trpc(page.request, "live.admin.operate", { id: live.id, action: "start" });

  const a = await learnerPage(browser, learner);
  await a.goto(`/live/detail?roomId=${live.roomId}`);
  await expect(a.getByLabel("评论内容")).toBeEnabled();
  // No captions yet: no subtitle toggle.
  await expect(a.getByTestId("player-controls").getByRole("button", { name: /字幕/ })).toHaveCount(0);

  await page.goto(`/admin/lives/console?id=${live.id}`);
  const captions = page.getByTestId("console-captions");
  await expect(captions.getByText("学员端字幕已关闭")).toBeVisible();
  await captions.getByRole("button", { name: "开启字幕" }).click();
  await expect(captions.getByText("学员端字幕已开启")).toBeVisible();
  await expect(a.getByTestId("player-controls").getByRole("button", { name: "字幕开" })).toBeVisible();

  await captions.getByLabel("字幕内容").fill("各位学员下午好，今天讲政府采购需求管理");
  await captions.getByLabel("字幕内容").press("Enter");
  await expect(captions.getByLabel("字幕内容")).toHaveValue("");
  await expect(a.getByTestId("live-caption")).toHaveText("各位学员下午好，今天讲政府采购需求管理");
  await captions.getByLabel("字幕内容").fill("第一部分：需求调查");
  await captions.getByRole("button", { name: "发送字幕" }).click();
  await expect(a.getByTestId("live-caption")).toHaveText("第一部分：需求调查");
  await expect(captions.getByText("最新字幕：第一部分：需求调查")).toBeVisible();
  await a.getByTestId("live-player").hover();
  await shot(a, "live-extra-learner-caption");

  // The learner may hide them; the operator's switch turns them off for everyone.
  await a.getByTestId("player-controls").getByRole("button", { name: "字幕开" }).click();
  await expect(a.getByTestId("live-caption")).toHaveCount(0);
  await a.getByTestId("player-controls").getByRole("button", { name: "字幕关" }).click();
  await expect(a.getByTestId("live-caption")).toBeVisible();

  const q = page.getByTestId("console-questionnaire");
  await q.getByLabel("问卷链接").fill("javascript:alert(1)");
  await q.getByLabel("问卷标题").fill("本场直播满意度调查");
  await q.getByRole("button", { name: "推送问卷" }).click();
  await expect(page.getByText("问卷链接须为 http 或 https 地址")).toBeVisible();
  await q.getByLabel("问卷链接").fill("https://wj.example.cn/s/live-survey");
  await q.getByRole("button", { name: "推送问卷" }).click();
  await expect(q.getByText("当前问卷：")).toBeVisible();
  await shot(page, "live-extra-console");

  const dialog = a.getByRole("dialog", { name: "主播邀请您填写问卷" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("本场直播满意度调查");
  await shot(a, "live-extra-questionnaire-dialog");
  await dialog.getByRole("button", { name: "稍后填写" }).click();
  await expect(a.getByTestId("live-questionnaire")).toContainText("本场直播满意度调查");

  // A viewer who comes in later finds it through the questionnaire hook.
  await a.reload();
  await expect(a.getByTestId("live-questionnaire")).toContainText("本场直播满意度调查");
  // The comment box opens once the room socket is connected again.
  await expect(a.getByLabel("评论内容")).toBeEnabled();
  await a.context().route("https://wj.example.cn/**", (r) => r.fulfill({ contentType: "text/html", body: "<title>问卷</title>问卷" }));
  const popup = a.waitForEvent("popup");
  await a.getByTestId("live-questionnaire").getByRole("button", { name: "去填写" }).click();
  const form = await popup;
  await form.waitForLoadState();
  expect(form.url()).toBe("https://wj.example.cn/s/live-survey");

  await q.getByRole("button", { name: "撤回问卷" }).click();
  await expect(a.getByTestId("live-questionnaire")).toHaveCount(0);
  await trpc(page.request, "live.admin.operate", { id: live.id, action: "stop" });
  // The refused javascript: link answered 400 on purpose; nothing else may log an error.
  expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
});

test("a replay subscriber finds the replay notice in the message centre once the admin opens the replay", async ({ browser, page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const learner = await newLearner(page.request, "b");
  const name = `回放通知验收直播${tag}`;
  const live = await newLive(page.request, name);

  // The admin runs the broadcast from the console and ends it; no replay yet.
  await page.goto(`/admin/lives/console?id=${live.id}`);
  await page.getByRole("button", { name: "开始直播" }).click();
  await expect(page.getByRole("button", { name: "结束直播" })).toBeVisible();
  await page.getByRole("button", { name: "结束直播" }).click();
  await expect(page.getByText("已结束", { exact: true })).toBeVisible();

  const b = await learnerPage(browser, learner);
  await b.goto(`/live/detail?roomId=${live.roomId}`);
  await expect(b.getByText("回放生成中")).toBeVisible();
  await b.getByRole("button", { name: "预约回放" }).click();
  await expect(b.getByRole("dialog", { name: "回放预约成功" })).toBeVisible();
  await b.goto("/person/message");
  await expect(b.getByText("暂无消息")).toBeVisible();

  // The live editor's advanced settings open the replay.
  await page.goto(`/admin/lives?edit=${live.id}&keyword=${encodeURIComponent(name)}`);
  const editor = page.getByTestId("live-advanced-editor");
  await editor.getByLabel("开放回放").check();
  await editor.getByLabel("回放地址").fill(live.replay);
  await shot(page, "live-extra-advanced-editor");
  await editor.getByRole("button", { name: "保存高级设置" }).click();
  await expect(page.getByText("高级设置已保存")).toBeVisible();
  // Saving again tells nobody twice.
  await editor.getByRole("button", { name: "保存高级设置" }).click();

  await b.reload();
  const list = b.getByTestId("station-messages");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("直播回放已生成");
  await expect(list).toContainText(`您预约的直播「${name}」回放已生成`);
  await expect(list.getByLabel("未读")).toBeVisible();
  await expect(b.getByLabel("消息中心，1条未读", { exact: true })).toBeVisible();
  await shot(b, "live-extra-person-message");

  await list.getByRole("button", { name: /直播回放已生成/ }).click();
  await expect(b).toHaveURL(new RegExp(`/live/detail\\?roomId=${live.roomId}`));
  await expect(b.getByTestId("live-player")).toBeVisible();
  await b.goto("/person/message");
  await expect(b.getByTestId("station-messages").getByLabel("已读")).toBeVisible();
  await expect(b.getByLabel("消息中心", { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
