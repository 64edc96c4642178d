import ExcelJS from "exceljs";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

async function workbook(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("用户");
  ws.addRow(["登录名", "昵称", "手机号", "初始密码", "组织", "角色"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe("user administration", () => {
  test("admin imports users from an .xlsx file and sees the error rows", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "导入用户" }).click();
    const dialog = page.getByRole("dialog", { name: "导入用户" });
    await expect(dialog).toBeVisible();
    const buffer = await workbook([
      ["feng_jb", "冯经办", "13766660001", "Caiyun@2026f", "杭州市财政局", "采购经办人"],
      ["chu_jb", "褚经办", "", "Caiyun@2026g", "浙江省政府采购中心/采购业务部", ""],
      ["demo_learner", "重名者", "13766660003", "Caiyun@2026h", "", ""],
      ["jiang_jb", "蒋经办", "13766660004", "weak", "不存在的单位", ""],
    ]);
    await dialog.getByLabel("选择导入文件").setInputFiles({
      name: "2026年采购经办人名单.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer,
    });
    await expect(dialog.getByText("2026年采购经办人名单.xlsx")).toBeVisible();
    await dialog.getByRole("button", { name: "开始导入" }).click();
    await expect(dialog.getByTestId("import-summary")).toHaveText("成功导入 2 人，失败 2 行");
    await expect(dialog.getByRole("progressbar", { name: "导入进度" })).toHaveAttribute("aria-valuenow", "100");
    await expect(dialog.getByRole("row", { name: /demo_learner.*登录名已存在/ })).toBeVisible();
    await expect(dialog.getByRole("row", { name: /jiang_jb.*密码为10-16位.*组织“不存在的单位”不存在/ })).toBeVisible();
    await shot(page, "admin-users-import");

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "下载失败数据" }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^导入失败数据-\d+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await import("node:fs")).readFileSync(await file.path()) as never);
    expect(wb.worksheets[0]!.rowCount).toBe(3);
    expect(wb.worksheets[0]!.getRow(2).getCell(8).value).toBe("登录名已存在");

    await dialog.getByRole("button", { name: "完成" }).click();
    await page.getByPlaceholder("登录名 / 昵称 / 手机号").fill("经办");
    await page.getByRole("button", { name: "查询" }).click();
    // The new users were listed before the search too; the address changes once the search's list has
    // loaded, so a click now no longer interrupts it.
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByRole("cell", { name: "feng_jb" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "chu_jb" })).toBeVisible();
    await page.getByRole("cell", { name: "feng_jb" }).click();
    const drawer = page.getByRole("dialog", { name: "用户详情" });
    await expect(drawer.getByText("杭州市财政局")).toBeVisible();
    await expect(drawer.getByText("采购经办人")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("admin adds a group in the tree and moves it", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin/groups");
    const zj = page.locator('[data-node="浙江省财政厅"]');
    await zj.getByRole("button", { name: "新增下级" }).click();
    await page.getByLabel("组织名称", { exact: true }).fill("温州市财政局");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page.locator('[data-node="温州市财政局"]')).toBeVisible();
    await page.locator('[data-node="温州市财政局"]').getByRole("button", { name: "移动" }).click();
    await page.getByLabel("移动到").selectOption({ label: "财政部" });
    await page.getByLabel("排在第几位").fill("1");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page.getByText("已移动")).toBeVisible();
    const rows = page.locator("[data-node]");
    await expect(rows.nth(1)).toHaveAttribute("data-node", "温州市财政局");
    await page.locator('[data-node="财政部"]').getByRole("button", { name: "删除组织财政部" }).click();
    await page.getByRole("button", { name: "删除", exact: true }).click();
    await expect(page.getByText(/该组织下还有4个下级组织/)).toBeVisible();
    await shot(page, "admin-groups-tree");
    expect(consoleErrors).toEqual([]);
  });
  test("admin gives a user a position from the detail panel and takes it away again", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.admin);
    const suffix = Date.now().toString(36).slice(-6);
    const made = await page.request.post("/api/trpc/org.admin.users.add", { data: { loginName: `gw_${suffix}`, nick: `岗位测试${suffix}` } });
    expect(made.status(), await made.text()).toBe(200);
    const userId = (await made.json()).result.data.userId as number;
    const held = async () => {
      const res = await page.request.get(`/api/trpc/org.admin.users.privilege.userPosition?input=${encodeURIComponent(JSON.stringify({ userId }))}`);
      return ((await res.json()).result.data as { name: string }[]).map((p) => p.name);
    };

    await page.goto(`/admin/users?view=${userId}`);
    const drawer = page.getByRole("dialog", { name: "用户详情" });
    await expect(drawer.getByText(`岗位测试${suffix}`)).toBeVisible();
    await drawer.getByRole("button", { name: "分配岗位" }).click();
    const dialog = page.getByRole("dialog", { name: `分配岗位 · 岗位测试${suffix}` });
    await expect(dialog.getByText("管理后台岗位")).toBeVisible();
    await dialog.getByLabel("审计人员").check();
    await shot(page, "admin-user-positions");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已保存岗位：审计人员")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByText("审计人员")).toBeVisible();
    expect(await held()).toEqual(["审计人员"]);

    await drawer.getByRole("button", { name: "分配岗位" }).click();
    await expect(dialog.getByLabel("审计人员")).toBeChecked();
    await dialog.getByLabel("审计人员").uncheck();
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已清空该用户的岗位")).toBeVisible();
    expect(await held()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
