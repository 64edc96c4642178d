import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import ExcelJS from "exceljs";
import { DEMO, expect, loginByApi, shot, test, trpc } from "./fixtures";

// The back office's live list (status filter, pages, push address, delete) and a live's 观看学员 page.

const tag = Date.now().toString(36).slice(-5);
const PASSWORD = "Caiyun@2026pass";

/** An upcoming live of this spec, a month ahead so it never is the next live of another spec. */
async function newLive(request: APIRequestContext, name: string) {
  const start = Date.now() + 30 * 86400e3;
  return trpc<{ id: number; roomId: string; name: string }>(request, "live.admin.save", { name, teacherName: "韩立", startTime: start, endTime: start + 7200e3 });
}

/** Stops and deletes the lives this spec made, so later specs see the seeded lives only. */
async function cleanUp(request: APIRequestContext, ids: number[]) {
  for (const id of ids) {
    await request.post("/api/trpc/live.admin.stop", { data: { id } });
    await request.post("/api/trpc/live.admin.del", { data: { id } });
  }
}

async function newUser(request: APIRequestContext, n: string, nick: string, mobile?: string) {
  const loginName = `lvadm_${tag}_${n}`;
  const r = await (await request.post("/api/elearning/back/user/add", { data: { loginName, nick, password: PASSWORD, mobile } })).json();
  expect(r.success, r.message).toBe(true);
  return { account: loginName, password: PASSWORD, nick, mobile };
}

test("admin filters lives by status and pages, reads the push address, and deletes a live after confirming", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const keyword = `直播管理验收${tag}`;
  const made: number[] = [];
  try {
    // The seeded lives show their covers and series.
    await page.goto("/admin/lives");
    await expect(page.getByTestId("admin-live-row").getByText(/^系列：/).first()).toBeVisible();
    await shot(page, "live-admin-list-all");
    for (let i = 1; i <= 11; i++) made.push((await newLive(page.request, `${keyword}-${String(i).padStart(2, "0")}`)).id);
    const onAir = await newLive(page.request, `${keyword}-在播`);
    made.push(onAir.id);
    await trpc(page.request, "live.admin.operate", { id: onAir.id, action: "start" });
    const ended = await newLive(page.request, `${keyword}-已结束`);
    made.push(ended.id);
    await trpc(page.request, "live.admin.stop", { id: ended.id });

    await page.goto("/admin/lives");
    await page.getByLabel("直播名称").fill(keyword);
    await page.getByLabel("直播状态").selectOption({ label: "未开始" });
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(/liveStatus=0/);
    const rows = page.getByTestId("admin-live-row");
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole("navigation", { name: "分页" })).toContainText("共 11 条");
    await expect(rows.first().getByText("未开始")).toBeVisible();
    await expect(rows.first().getByText("未加入系列")).toBeVisible();
    await shot(page, "live-admin-list");
    await page.getByRole("link", { name: "下一页" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "分页" }).getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");

    // The status filter keeps the keyword and starts again at the first page.
    await page.getByLabel("直播状态").selectOption({ label: "直播中" });
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(/liveStatus=1/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    const live = rows.first();
    await expect(live).toContainText(`${keyword}-在播`);
    await expect(live.getByText("直播中")).toBeVisible();
    // A live on air offers no delete, and the server refuses one in plain words.
    await expect(live.getByRole("button", { name: "删除" })).toHaveCount(0);
    await expect(live.getByText("删除")).toHaveAttribute("title", "直播进行中，请先结束直播再删除");
    const refused = await page.request.post("/api/trpc/live.admin.del", { data: { id: onAir.id } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.message).toBe("直播进行中，请先停止直播");

    await page.getByLabel("直播状态").selectOption({ label: "已结束" });
    await page.getByRole("button", { name: "查询" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${keyword}-已结束`);
    await expect(rows.first().getByRole("button", { name: "推流地址" })).toHaveCount(0);

    // 推流地址: server and key to copy into the encoder, with how long the key lasts.
    await page.getByLabel("直播状态").selectOption({ label: "直播中" });
    await page.getByRole("button", { name: "查询" }).click();
    await rows.first().getByRole("button", { name: "推流地址" }).click();
    const dialog = page.getByTestId("live-push-dialog");
    await expect(dialog.getByRole("heading", { name: "推流地址" })).toBeVisible();
    await expect(dialog.getByLabel("推流服务器", { exact: true })).toHaveValue(/^rtmp:\/\/[^/]+\/live$/);
    const key = dialog.getByLabel("推流码", { exact: true });
    await expect(key).toHaveValue(new RegExp(`^${onAir.roomId}\\?key=[0-9a-f]+\\.\\d+\\.[\\w-]{32}$`));
    await expect(dialog.getByLabel("完整推流地址", { exact: true })).toHaveValue(new RegExp(`/live/${onAir.roomId}\\?key=`));
    await expect(dialog.getByLabel("播放地址", { exact: true })).toHaveValue(new RegExp(`/live/hls/${onAir.roomId}/index\\.m3u8$`));
    await expect(dialog).toContainText(/推流码有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const firstKey = await key.inputValue();
    await dialog.getByRole("button", { name: "复制推流码" }).click();
    await expect(page.getByText("已复制推流码")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
    await shot(page, "live-admin-push-dialog");
    await dialog.getByRole("button", { name: "关闭" }).click();
    await expect(dialog).toHaveCount(0);

    // Opened again, it says the key cannot be shown twice and makes a new one only when asked.
    await rows.first().getByRole("button", { name: "推流地址" }).click();
    await expect(dialog).toContainText("该直播已生成过推流地址");
    await expect(dialog.getByLabel("推流码", { exact: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "重新生成" }).click();
    await expect(dialog.getByLabel("推流码", { exact: true })).toHaveValue(/\?key=/);
    expect(await dialog.getByLabel("推流码", { exact: true }).inputValue()).not.toBe(firstKey);
    await dialog.getByRole("button", { name: "关闭" }).click();

    // 删除 asks first; cancelling keeps the live, confirming removes it.
    await page.goto(`/admin/lives?keyword=${encodeURIComponent(`${keyword}-01`)}`);
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole("button", { name: "删除" }).click();
    const confirm = page.getByRole("dialog", { name: "删除直播" });
    await expect(confirm).toContainText(`确定删除「${keyword}-01」吗？`);
    await shot(page, "live-admin-delete-confirm");
    await confirm.getByRole("button", { name: "取消" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole("button", { name: "删除" }).click();
    await confirm.getByRole("button", { name: "删除" }).click();
    await expect(page.getByText("已删除该直播")).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(page.getByText("没有符合条件的直播")).toBeVisible();
    const gone = await page.request.get(`/api/trpc/live.admin.detail?input=${encodeURIComponent(JSON.stringify({ id: made[0] }))}`);
    expect(gone.status()).toBe(404);

    // The create form still saves a live from the list page.
    await page.getByRole("button", { name: "新建直播" }).click();
    const form = page.getByTestId("live-edit-form");
    await form.getByLabel("直播名称").fill(`${keyword}-表单新建`);
    await form.getByLabel("讲师").fill("韩立");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText(`已保存直播「${keyword}-表单新建」`)).toBeVisible();
    const formMade = await trpc<{ list: { id: number; teacherName: string }[] }>(page.request, "live.admin.page", { keyword: `${keyword}-表单新建` }, "query");
    expect(formMade.list).toHaveLength(1);
    expect(formMade.list[0]!.teacherName).toBe("韩立");
    made.push(formMade.list[0]!.id);
    expect(consoleErrors).toEqual([]);
  } finally {
    await cleanUp(page.request, made);
  }
});

test("admin opens a live's 观看学员, adds a new user through the picker, searches and exports", async ({ browser, page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const name = `观看学员验收直播${tag}`;
  const live = await newLive(page.request, name);
  try {
    await trpc(page.request, "live.admin.operate", { id: live.id, action: "start" });
    // A learner of this spec enters and leaves claiming an hour and two minutes: watch time is what the
    // server measured of the learner's presence in the room (none here), never what the client claims.
    const viewer = await newUser(page.request, "v", `观看学员${tag.slice(-3)}`, `1379${String(Date.now()).slice(-7)}`);
    const context = await browser.newContext();
    const learner = await context.newPage();
    await loginByApi(learner, viewer);
    await trpc(learner.request, "live.entry", { liveId: live.id, orgName: "温州市财政局", areaCode: "330300", areaName: "温州市" });
    await trpc(learner.request, "live.leave", { liveId: live.id, watchSeconds: 3720 });
    await context.close();
    const added = await newUser(page.request, "a", `新增学员${tag.slice(-3)}`);

    await page.goto(`/admin/lives?keyword=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-live-row").getByRole("link", { name: "观看学员" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/lives/${live.id}/members$`));
    await expect(page.getByRole("heading", { name: `观看学员 · ${name}` })).toBeVisible();
    const totals = page.getByTestId("live-member-totals");
    await expect(totals).toContainText("1 人");
    await expect(totals).not.toContainText("1小时2分钟");
    const rows = page.getByTestId("live-member-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(viewer.nick);
    await expect(rows.first()).toContainText(viewer.account);
    await expect(rows.first()).toContainText(viewer.mobile!);
    await expect(rows.first()).toContainText("温州市财政局");
    await expect(rows.first()).not.toContainText("1小时");
    await expect(rows.first().getByRole("cell", { name: "0分钟", exact: true }).first()).toBeVisible();
    await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    await page.getByRole("button", { name: "添加学员" }).click();
    const picker = page.getByRole("dialog", { name: "添加观看学员" });
    await picker.getByLabel("搜索用户").fill(added.account);
    await picker.getByRole("button", { name: "搜索" }).click();
    await picker.getByLabel(`选择${added.nick}`).check();
    await shot(page, "live-admin-member-picker");
    await picker.getByRole("button", { name: "添加（1）" }).click();
    await expect(page.getByText("已将 1 名用户加入观看学员名单")).toBeVisible();
    await expect(picker).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    // Added ahead of entering: after the learner who watched, with no entry yet.
    await expect(rows.nth(1)).toContainText(added.nick);
    await expect(rows.nth(1)).toContainText("未进入");
    await expect(page.getByRole("navigation", { name: "分页" })).toContainText("共 2 条");
    await shot(page, "live-admin-members");

    await page.getByLabel("关键词").fill(added.account);
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${added.account}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(added.nick);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "导出Excel" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`直播${live.id}观看学员.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await file.path())!) as never);
    const sheet = workbook.getWorksheet("观看学员")!;
    expect(sheet.getRow(1).getCell(2).value).toBe("昵称");
    expect(sheet.getRow(1).values).toContain("回放分钟");
    // The export keeps to the page's keyword.
    const exported = sheet.getColumn(2).values.slice(2);
    expect(exported).toEqual([added.nick]);

    await page.getByLabel("关键词").fill("没有这个学员");
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page.getByText("没有符合条件的学员")).toBeVisible();


    await page.getByRole("link", { name: "返回直播列表" }).click();
    await expect(page).toHaveURL(/\/admin\/lives$/);
    expect(consoleErrors).toEqual([]);
  } finally {
    await cleanUp(page.request, [live.id]);
  }
});
