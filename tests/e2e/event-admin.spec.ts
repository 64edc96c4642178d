import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

// Outside training events: the seeded event is listed; an admin creates one, binds an exam to it and
// adds a third-party task from its detail.

const tag = String(Date.now() % 1_000_000);

test("an admin creates a training event, binds an exam and adds a third-party task", async ({ page }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/events");
  await expect(page.getByRole("heading", { name: "培训活动" })).toBeVisible();
  await expect(page.getByTestId("event-row").filter({ hasText: "2026年湖南省政府采购从业人员线上培训" })).toContainText("进行中");

  const name = `衡阳市采购人专题培训${tag}`;
  await page.getByRole("button", { name: "新建活动" }).click();
  const form = page.getByRole("dialog", { name: "新建活动" });
  await form.getByLabel("活动名称").fill(name);
  await form.getByLabel("关联ID").fill(`HY-${tag}`);
  await form.getByLabel("回调地址").fill("ftp://wrong");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form).toContainText("回调地址须以 http(s):// 开头");
  await form.getByLabel("回调地址").fill("https://hy.example.cn/hook");
  await form.getByLabel("主办单位").fill("衡阳市财政局");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId("event-row").filter({ hasText: name });
  await expect(row).toContainText("衡阳市财政局");

  await row.getByRole("button", { name: "详情与绑定" }).click();
  const detail = page.getByRole("dialog", { name: `活动详情：${name}` });
  await expect(detail.getByText("回调签名密钥")).toBeVisible();
  const pick = detail.getByLabel("添加考试");
  await expect(pick.locator("option").nth(1)).toBeAttached();
  const examName = (await pick.locator("option").nth(1).textContent())!.trim();
  await pick.selectOption({ index: 1 });
  await expect(detail.getByRole("list", { name: "已绑定考试" })).toContainText(examName);
  await detail.getByRole("button", { name: "保存绑定" }).click();
  await expect(page.getByText("已保存绑定")).toBeVisible();
  await expect(detail.getByRole("list", { name: "已绑定考试" })).toContainText("已通过");
  await detail.getByLabel("任务名称").fill("线下实操考核");
  await detail.getByLabel("第三方跳转地址").fill("https://hy.example.cn/task/1");
  await detail.getByRole("button", { name: "添加任务" }).click();
  await expect(detail.getByRole("cell", { name: "线下实操考核" })).toBeVisible();
  await shot(page, "event-admin-detail");
});
