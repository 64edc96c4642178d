import { encodePng } from "../../db/seed/png";
import { OCCUPIED_ID_NO, REAL_NAME_COURSE } from "../../db/seed/identity";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

// Seeded for this spec only (db/seed/identity.ts seedRealNameDemo): nobody else logs in with them.
const PASSWORD = "Caiyun@2026pass";
const OCCUPIER = { account: "tangwei_cg", mobile: "136****8823" };
const NO_IDENTITY = { account: "fengyu_zb", password: PASSWORD };
const NO_PHOTO = { account: "qianli_sj", password: PASSWORD };

/** A plain RGB PNG of the given size. */
function png(w: number, h: number) {
  return encodePng(w, h, (x, y) => [70 + ((x * 150) / w) | 0, 130, 200 - ((y * 90) / h) | 0]);
}

test("an ID number held by another account shows the masked phones, user ids and the handle-now dialog", async ({ page, consoleErrors }) => {
  await loginByApi(page, NO_IDENTITY);
  const occupierId = await (async () => {
    const res = await page.request.post("/api/elearning/caiyun/front/user/auth/checkIdCard", { data: { idNo: OCCUPIED_ID_NO } });
    const body = await res.json();
    expect(body.data).toEqual([{ mobile: OCCUPIER.mobile, userId: expect.any(Number) }]);
    return body.data[0].userId as number;
  })();

  await page.goto("/identity/info?isAuth=0&from=/person/info");
  await page.getByLabel("证件号码").fill(OCCUPIED_ID_NO);
  await page.getByLabel("真实姓名").focus();
  await expect(page.getByText("该证件号码已被尾号8823的手机号账号认证")).toBeVisible();
  await page.getByRole("button", { name: "立即处理" }).click();
  const dialog = page.getByRole("dialog", { name: "证件号码已被占用" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("cell", { name: OCCUPIER.mobile })).toBeVisible();
  await expect(dialog.getByRole("cell", { name: String(occupierId), exact: true })).toBeVisible();
  await expect(dialog.getByText(OCCUPIED_ID_NO)).toHaveCount(0);
  await shot(page, "identity-occupied");
  await dialog.getByRole("button", { name: "我知道了" }).click();
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test("an authenticated learner without a photo uploads it once from the view, then the option is gone", async ({ page, consoleErrors }) => {
  await loginByApi(page, NO_PHOTO);
  await page.goto("/identity/info?isAuth=1");
  await expect(page.getByText("已完成实名认证")).toBeVisible();
  await expect(page.getByTestId("passport-photo")).toHaveCount(0);
  await page.getByTestId("photo-input").setInputFiles({ name: "one inch.png", mimeType: "image/png", buffer: png(354, 496) });
  await expect(page.getByTestId("photo-cropper")).toBeVisible();
  await page.getByRole("button", { name: "确定" }).click();

  const confirm = page.getByRole("dialog", { name: "确认上传" });
  await expect(confirm.getByText("不可修改")).toBeVisible();
  await shot(page, "identity-photo-confirm");
  await confirm.getByRole("button", { name: "确认上传" }).click();
  await expect(page.getByText("证件照上传成功")).toBeVisible();
  await expect(page.getByTestId("passport-photo")).toBeVisible();
  await expect(page.getByRole("button", { name: /上传证件照/ })).toHaveCount(0);
  await expect(page.getByTestId("photo-input")).toHaveCount(0);

  // After a reload the photo is still there and still cannot be replaced.
  await page.reload();
  await expect(page.getByTestId("passport-photo")).toHaveAttribute("src", /^\/storage\/file\/1133\/identity\//);
  await expect(page.getByTestId("photo-input")).toHaveCount(0);
  await shot(page, "identity-photo-done");
  const again = await page.request.post("/api/elearning/caiyun/front/user/auth/completePassportPhoto", { data: { passportPhotoUrl: "/storage/file/1133/identity/x.png" } });
  expect(await again.json()).toMatchObject({ success: false, message: "证件照已上传，不可修改" });
  expect(consoleErrors).toEqual([]);
});

test("an admin adds an authorised platform with a logo; learners see it in the picker until it is deleted", async ({ page, browser, baseURL, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/platforms");
  await expect(page.getByRole("heading", { name: "授权平台管理" })).toBeVisible();
  await page.getByRole("button", { name: "新增授权平台" }).click();
  const form = page.getByRole("dialog", { name: "新增授权平台" });

  // Chinese messages before anything is posted.
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("请输入平台名称")).toBeVisible();
  await expect(form.getByText("请输入 Client ID")).toBeVisible();
  await form.getByLabel("平台网址").fill("www.lecaiyun.com");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("平台网址须以http://或https://开头")).toBeVisible();

  await form.getByLabel("平台名称").fill("乐采云");
  await form.getByLabel("平台网址").fill("https://www.lecaiyun.com");
  await form.getByLabel("平台Logo").setInputFiles({ name: "lecai logo.png", mimeType: "image/png", buffer: png(96, 96) });
  await expect(form.getByRole("img", { name: "平台Logo" })).toBeVisible();
  await form.getByLabel("云区域").fill("lecaiyun");
  await form.getByLabel("来源标识").fill("lecai");
  await form.getByLabel("排序").fill("20");
  await form.getByLabel("Client ID").fill("caiyun-lecai");
  await form.getByLabel("授权地址").fill("https://auth.lecaiyun.com/oauth/authorize");
  await form.getByLabel("令牌地址").fill("https://auth.lecaiyun.com/oauth/token");
  await form.getByLabel("用户信息地址").fill("https://auth.lecaiyun.com/oauth/userinfo");
  await shot(page, "admin-platform-form");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已新增授权平台「乐采云」")).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId("sortable-row").filter({ hasText: "乐采云" });
  await expect(row).toContainText("lecaiyun");
  await expect(row).toContainText("启用");
  await expect(row.locator("img")).toHaveAttribute("src", /^\/storage\/file\/1133\/.+\?exp=\d+&sig=/);
  await shot(page, "admin-platforms");

  // A visitor's picker lists it, logo included.
  const visitorContext = await browser.newContext({ baseURL, locale: "zh-CN" });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await visitor.getByRole("button", { name: /登录/ }).first().click();
  await visitor.getByRole("dialog", { name: "登录" }).getByRole("button", { name: "授权平台登录" }).click();
  const picker = visitor.getByRole("dialog", { name: "选择授权平台" });
  const entry = picker.getByRole("button", { name: "乐采云" });
  await expect(entry).toBeVisible();
  await expect(entry.locator("img")).toHaveAttribute("src", /^\/storage\/file\/1133\//);
  await expect.poll(() => entry.locator("img").evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(96);
  await shot(visitor, "platform-picker-admin-added");

  // Deleting asks first; afterwards the picker no longer offers it.
  await row.getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除授权平台" });
  await expect(ask).toContainText("确定删除“乐采云”吗？");
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("已删除授权平台")).toBeVisible();
  await expect(page.getByTestId("sortable-row").filter({ hasText: "乐采云" })).toHaveCount(0);
  const platforms = await (await visitor.request.get("/api/trpc/oauth.platforms")).json();
  expect(platforms.result.data.map((p: { name: string }) => p.name)).not.toContain("乐采云");
  await visitorContext.close();
  expect(consoleErrors).toEqual([]);
});

test("a course that asks for real name shows the modal to an unauthenticated learner; 去认证 opens the form", async ({ page, consoleErrors }) => {
  await loginByApi(page, NO_IDENTITY);
  const search = await page.request.get(`/api/trpc/course.search?input=${encodeURIComponent(JSON.stringify({ keyword: REAL_NAME_COURSE }))}`);
  const course = (await search.json()).result.data.list.find((c: { name: string }) => c.name === REAL_NAME_COURSE) as { id: number };
  expect(course).toBeTruthy();

  await page.goto(`/course/detail?id=${course.id}`);
  await expect(page.getByTestId("course-name")).toHaveText(REAL_NAME_COURSE);
  await page.getByRole("button", { name: "立即加入" }).click();
  const modal = page.getByRole("dialog", { name: "实名认证" });
  await expect(modal.getByText("为保证学习效果真实有效，请先完成实名认证")).toBeVisible();
  await shot(page, "course-real-name-modal");
  // Cancelling leaves the learner outside the course.
  await modal.getByRole("button", { name: "取消" }).click();
  await expect(modal).toBeHidden();
  const check = await (await page.request.get(`/api/trpc/course.checkLearn?input=${encodeURIComponent(JSON.stringify({ courseId: course.id }))}`)).json();
  expect(check.result.data.isJoin).toBe(0);

  await page.getByRole("button", { name: "立即加入" }).click();
  await page.getByRole("dialog", { name: "实名认证" }).getByRole("button", { name: "去认证" }).click();
  await expect(page).toHaveURL(`/identity/info?isAuth=0&from=${encodeURIComponent(`/course/detail?id=${course.id}`)}`);
  await expect(page.getByText("该照片将用于培训证书")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("an admin lists a live in the real-name settings; its room asks an unauthenticated learner before reserving", async ({ page, browser, baseURL, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  const input = encodeURIComponent(JSON.stringify({ keyword: "合同履约验收", liveStatus: 0 }));
  const live = (await (await page.request.get(`/api/trpc/live.page?input=${input}`)).json()).result.data.list[0] as { id: number; roomId: string; name: string };
  expect(live).toBeTruthy();

  await page.goto("/admin/real-name");
  await expect(page.getByRole("heading", { name: "实名认证配置" })).toBeVisible();
  // The seed lists one course by name; the live is found by its name and added.
  await expect(page.getByRole("list", { name: "已选课程" }).getByRole("listitem")).not.toHaveCount(0);
  await expect(page.getByRole("list", { name: "已选直播" })).toContainText("未指定直播");
  await page.getByLabel("查找直播").fill("不存在的直播名称");
  await page.getByLabel("查找直播").press("Enter");
  await expect(page.getByText("没有找到名称包含“不存在的直播名称”的直播")).toBeVisible();
  await page.getByLabel("查找直播").fill("合同履约验收");
  await page.getByLabel("查找直播").locator("xpath=..").getByRole("button", { name: "查找" }).click();
  const results = page.getByRole("list", { name: "直播查找结果" });
  await results.getByRole("button", { name: `添加${live.name}` }).click();
  await expect(results.getByRole("button", { name: `添加${live.name}` })).toHaveText("已添加");
  await expect(page.getByRole("list", { name: "已选直播" })).toContainText(live.name);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已保存实名认证配置")).toBeVisible();
  await expect(page.getByRole("list", { name: "已选直播" })).toContainText(live.name);
  await shot(page, "admin-real-name");
  const saved = (await (await page.request.get("/api/trpc/identity.admin.realNameRule")).json()).result.data;
  expect(saved.liveIds).toEqual([live.id]);

  const learnerContext = await browser.newContext({ baseURL, locale: "zh-CN" });
  try {
    const learner = await learnerContext.newPage();
    await loginByApi(learner, NO_IDENTITY);
    await learner.goto(`/live/detail?roomId=${live.roomId}`);
    const modal = learner.getByRole("dialog", { name: "实名认证" });
    // A click that lands before the page is hydrated does nothing: click again until the modal answers.
    await expect(async () => {
      await learner.getByRole("button", { name: "预约", exact: true }).click();
      await expect(modal.getByText("为保证学习效果真实有效，请先完成实名认证")).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    await shot(learner, "live-real-name-modal");
    await modal.getByRole("button", { name: "取消" }).click();
    await expect(learner.getByRole("button", { name: "预约", exact: true })).toBeVisible();
    const info = await (await learner.request.get(`/api/trpc/live.info?input=${encodeURIComponent(JSON.stringify({ liveId: live.id }))}`)).json();
    expect(info.result.data.isAppointment).toBe(0);
  } finally {
    await learnerContext.close();
    // Other specs reserve lives with unauthenticated learners: put the rule back.
    const restored = await page.request.post("/api/trpc/identity.admin.saveRealNameRule", { data: { liveIds: [] } });
    expect(restored.status()).toBe(200);
  }
  expect(consoleErrors).toEqual([]);
});
