import { readFileSync } from "node:fs";
import { DEMO, expect, loginByApi, test } from "./fixtures";

// The audit log: an admin's change made on a back-office page is found at the top of 操作日志 with their
// name, its kind and the fields given; the filters narrow the list and the export downloads it.

const tag = String(Date.now() % 1_000_000);

test("an admin finds their own last change in the audit log, filters it and exports it", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/tags");
  await page.getByRole("button", { name: "新增标签" }).click();
  const dialog = page.getByRole("dialog", { name: "新增标签" });
  const name = `审计演示标签${tag}`;
  await dialog.getByLabel("标签名称").fill(name);
  await dialog.getByLabel("备注").fill("操作日志演示");
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "操作日志" })).toBeVisible();
  const newest = page.getByTestId("audit-row").first();
  await expect(newest).toContainText(DEMO.admin.nick);
  await expect(newest).toContainText("新增");
  await expect(newest).toContainText("org.admin.tags.create");
  await newest.getByText("name、remark").click();
  await expect(newest.locator("pre")).toContainText(name);
  // The login that opened this session is a security event.
  await page.getByLabel("操作类型").selectOption({ label: "安全" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/category=security/);
  await expect(page.getByTestId("audit-row").filter({ hasText: "登录成功" }).first()).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "org.admin.tags.create" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/audit-log.png" });

  await page.getByLabel("操作类型").selectOption({ label: "新增" });
  await page.getByLabel("操作人").fill(DEMO.admin.nick);
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page.getByTestId("audit-row").first()).toContainText("org.admin.tags.create");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出 Excel" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("操作日志.xlsx");
  expect(readFileSync((await file.path())!).subarray(0, 2).toString()).toBe("PK");
  await expect(page.getByText("已导出操作日志")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
