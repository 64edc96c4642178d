import { encodePng } from "../../db/seed/png";
import { DEMO, expect, loginByApi, mutate, query, shot, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);
const EXAM = "2026年度政府采购从业人员能力测评";

/** A pale certificate background with a darker frame, as an admin would upload. */
function backgroundPng() {
  return encodePng(1123, 794, (x, y) => {
    const edge = x < 30 || y < 30 || x > 1092 || y > 763;
    const frame = !edge && (x < 40 || y < 40 || x > 1082 || y > 753);
    if (edge) return [236, 244, 255];
    if (frame) return [40, 90, 170];
    const t = (x + y) / (1123 + 794);
    return [Math.round(250 - 12 * t), Math.round(252 - 8 * t), 255];
  });
}

test("an admin designs a certificate template, binds it to an exam and manages issued certificates", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const name = `测评证书${tag}`;
  const prefix = `T${tag}`;

  // The list shows the seeded templates.
  await page.goto("/admin/certs");
  await expect(page.getByRole("heading", { name: "证书", exact: true })).toBeVisible();
  await expect(page.getByTestId("cert-template-row").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "管理后台导航" }).getByRole("link", { name: "证书", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "新建模板" }).click();
  await expect(page).toHaveURL(/\/admin\/certs\/new$/);
  await page.getByLabel("模板名称", { exact: true }).fill(name);
  await page.getByLabel("证书名称", { exact: true }).fill("政府采购从业人员能力测评合格证书");
  // A prefix another template holds is refused as soon as the field is left.
  await page.getByLabel("编号前缀", { exact: true }).fill("CYKS");
  await page.getByLabel("发证机构", { exact: true }).click();
  await expect(page.getByText("该证书编号前缀已被其他模板使用")).toBeVisible();
  await page.getByLabel("编号前缀", { exact: true }).fill(prefix.toLowerCase());
  await page.getByLabel("发证机构", { exact: true }).click();
  await expect(page.getByText("前缀可用")).toBeVisible();
  await expect(page.getByLabel("编号前缀", { exact: true })).toHaveValue(prefix);
  await page.getByLabel("有效期（月，0为长期）", { exact: true }).fill("36");

  await page.locator('[data-upload-field="backgroundUrl"] input[type="file"]').setInputFiles({ name: "背景.png", mimeType: "image/png", buffer: backgroundPng() });
  const canvas = page.getByTestId("cert-canvas");
  await expect(canvas.getByRole("img", { name: "证书背景" })).toBeVisible();
  await expect(canvas.getByText(`${prefix}${new Date().getFullYear()}000001`)).toBeVisible();

  // 姓名 is dragged to another place on the certificate.
  const nameField = canvas.locator('[data-field="realName"]');
  await expect(nameField).toHaveText("王小雯");
  const scale = Number(await canvas.getAttribute("data-scale"));
  const box = (await nameField.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2 + 10, { steps: 8 });
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 4, { steps: 8 });
  await page.mouse.up();
  await expect(nameField).toHaveAttribute("aria-pressed", "true");
  const panel = page.getByRole("region", { name: "字段设置：姓名" });
  const x = Number(await panel.getByLabel("X（px）").inputValue());
  const y = Number(await panel.getByLabel("Y（px）").inputValue());
  expect(Math.abs(x - (300 + 200 / scale))).toBeLessThan(3);
  expect(Math.abs(y - (270 + 4 / scale))).toBeLessThan(3);
  // Its panel edits the font size and colour; 学时 is added from the palette.
  await panel.getByLabel("字号（px）").fill("40");
  await page.getByRole("button", { name: "添加学时" }).click();
  await expect(canvas.locator('[data-field="learnHours"]')).toHaveText("8学时");
  const hours = page.getByRole("region", { name: "字段设置：学时" });
  await hours.getByRole("radio", { name: "左对齐" }).click();
  await hours.getByLabel("X（px）").fill("300");
  await hours.getByLabel("Y（px）").fill("490");
  await hours.getByLabel("前缀文字（如「证书编号：」）").fill("学时：");
  await expect(canvas.locator('[data-field="learnHours"]')).toHaveText("学时：8学时");
  await shot(page, "cert-admin-editor");

  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/certs\/\d+$/);
  await expect(page.getByText("证书模板已创建")).toBeVisible();
  const id = Number(/\/admin\/certs\/(\d+)$/.exec(page.url())![1]);
  const saved = await query(page, "cert.admin.getOne", { id });
  const realName = saved.fields.find((f: { key: string }) => f.key === "realName");
  expect(realName).toMatchObject({ x, y, size: 40, bold: true });
  expect(saved.fields.find((f: { key: string }) => f.key === "learnHours")).toMatchObject({ x: 300, y: 490, label: "学时：" });
  expect(saved.backgroundUrl).toMatch(/^\/storage\/file\//);
  expect(saved.validityMonths).toBe(36);

  // The server's own rendering.
  await page.getByRole("button", { name: "服务器预览" }).click();
  const preview = page.getByRole("dialog", { name: "服务器预览" });
  const img = preview.getByRole("img", { name: "证书预览" });
  await expect(img).toBeVisible({ timeout: 20_000 });
  expect(await img.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1123);
  await shot(page, "cert-admin-preview");
  await preview.getByLabel("关闭", { exact: true }).click();
  await expect(preview).toBeHidden();

  // Bound to the exam from the template's binding section (the seed bound it to 考试证书 before).
  const before = await query(page, "exam.admin.exam.page", { keyword: EXAM, pageNo: 1, pageSize: 5 });
  const examId = before.list.find((e: { name: string }) => e.name === EXAM).id as number;
  const original = await query(page, "cert.admin.binding", { businessType: 3, businessId: examId });
  await page.getByLabel("选择考试").selectOption({ label: EXAM });
  if (original.templateId) await expect(page.getByText(`该内容当前绑定「${original.templateName}」`)).toBeVisible();
  await page.getByRole("button", { name: "绑定", exact: true }).click();
  await expect(page.getByTestId("cert-binding-row").filter({ hasText: EXAM })).toBeVisible();
  expect((await query(page, "cert.admin.binding", { businessType: 3, businessId: examId })).templateId).toBe(id);

  // A bound template is not deleted: the list shows the server's reason.
  await page.goto(`/admin/certs?name=${encodeURIComponent(name)}`);
  const row = page.getByTestId("cert-template-row").filter({ hasText: name });
  await expect(row).toContainText(prefix);
  await row.getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog", { name: "删除证书模板" }).getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("证书模板已绑定内容，请先解除绑定后再删除")).toBeVisible();
  await page.goto("/admin/certs");
  await shot(page, "cert-admin-list");

  // The exam editor shows the binding; choosing the seeded template there gives the exam back to it.
  await page.goto(`/admin/exams?keyword=${encodeURIComponent(EXAM)}`);
  await page.getByRole("row", { name: new RegExp(EXAM) }).getByRole("button", { name: "编辑" }).click();
  const editor = page.getByRole("dialog", { name: "编辑考试" });
  const certSelect = editor.getByLabel("证书", { exact: true });
  await expect(certSelect).toHaveValue(String(id));
  await expect(editor.getByText("考试通过后自动发放证书")).toBeVisible();
  if (original.templateId) {
    await certSelect.selectOption(String(original.templateId));
    await expect(editor.getByText(`已绑定「${original.templateName}」`)).toBeVisible();
    expect((await query(page, "cert.admin.binding", { businessType: 3, businessId: examId })).templateId).toBe(original.templateId);
  }
  await editor.getByLabel("关闭", { exact: true }).click();

  // Issued certificates: the demo learner's one is revoked with a reason, then restored.
  await page.goto("/admin/certs/issued");
  const rows = page.getByTestId("issued-row");
  await expect(rows.first()).toBeVisible();
  const certRow = rows.filter({ hasText: DEMO.learner.mobile }).first();
  await expect(certRow).toContainText("有效");
  const certNo = (await certRow.getAttribute("data-cert-no"))!;
  // Thumbnails are drawn on first request.
  await expect.poll(() => rows.first().locator("img").evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await shot(page, "cert-admin-issued");
  const mine = rows.and(page.locator(`[data-cert-no="${certNo}"]`));
  await mine.getByRole("button", { name: "查看", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "证书详情" });
  await expect(detail.getByRole("img", { name: `证书图片：${certNo}` })).toBeVisible();
  await expect(detail).toContainText(certNo);
  await detail.getByLabel("关闭", { exact: true }).click();

  await mine.getByRole("button", { name: "撤销" }).click();
  const revoke = page.getByRole("dialog", { name: "撤销证书" });
  await revoke.getByRole("button", { name: "确认撤销" }).click();
  await expect(revoke.getByRole("alert")).toHaveText("请输入撤销原因");
  await revoke.getByLabel("撤销原因").fill("核查发现考试存在代考行为");
  await revoke.getByRole("button", { name: "确认撤销" }).click();
  await expect(revoke).toBeHidden();
  await expect(mine).toContainText("已撤销");
  await page.goto("/admin/certs/issued?status=3");
  await expect(page.locator(`[data-cert-no="${certNo}"]`)).toBeVisible();
  await shot(page, "cert-admin-issued-revoked");
  await page.locator(`[data-cert-no="${certNo}"]`).getByRole("button", { name: "恢复" }).click();
  await expect(page.getByText(`已恢复证书 ${certNo}`)).toBeVisible();
  await page.goto("/admin/certs/issued");
  await expect(page.locator(`[data-cert-no="${certNo}"]`)).toContainText("有效");
  const detailAfter = await query(page, "cert.admin.userPage", { certNo, pageNo: 1, pageSize: 5 });
  expect(detailAfter.list[0].status).toBe(1);

  // A manual send to a learner of this spec, with the result counted.
  const nick = `证书学员${tag}`;
  const made = await (await page.request.post("/api/elearning/back/user/add", { data: { loginName: `cert${tag}`, nick, password: "Caiyun@2026pass" } })).json();
  expect(made.success, made.message).toBe(true);
  await page.getByRole("button", { name: "手动发放" }).click();
  const send = page.getByRole("dialog", { name: "手动发放证书" });
  await send.getByLabel("证书模板").selectOption({ label: `${name}（政府采购从业人员能力测评合格证书）` });
  await send.getByLabel("选择考试").selectOption({ label: EXAM });
  await send.getByRole("button", { name: "选择学员" }).click();
  const picker = page.getByRole("dialog", { name: "选择学员" });
  await picker.getByLabel("搜索用户").fill(`cert${tag}`);
  await picker.getByRole("button", { name: "搜索" }).click();
  await picker.getByLabel(`选择${nick}`).check();
  await picker.getByRole("button", { name: "确定（1）" }).click();
  await expect(send.getByText(nick)).toBeVisible();
  await send.getByRole("button", { name: "发放（1人）" }).click();
  await expect(send.getByTestId("send-result")).toContainText("已发放 1");
  await shot(page, "cert-admin-send");
  await send.getByRole("button", { name: "完成" }).click();
  await expect(rows.filter({ hasText: nick })).toContainText("手动发放");

  // Export answers a workbook while the button says so.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The exam is left bound as the seed had it.
  if (original.templateId) await mutate(page, "cert.admin.bind", { templateId: original.templateId, businessType: 3, businessId: examId });
  // The refused delete above answers 400; nothing else may fail.
  expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
});
