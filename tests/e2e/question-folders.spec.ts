import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);

/** A one-row .xlsx in the first import format. */
async function sheet(content: string) {
  const ExcelJS = (await import("exceljs")).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("试题");
  ws.addRow(["题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "解析"]);
  ws.addRow(["单选题", content, "书面形式", "口头形式", "", "", "", "", "A", "简单", ""]);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

test("an admin files ticked questions into a new folder, opens it, and adds and imports questions there", async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await loginByApi(page, DEMO.admin);
  // Three questions of this spec, in no folder yet.
  const made: { id: number; content: string }[] = [];
  for (const n of [1, 2, 3]) {
    const r = await (await page.request.post("/api/elearning/materialLibQuestion/add", { data: { questionType: 3, content: `文件夹测试判断题${tag}-${n}`, answer: ["正确"] } })).json();
    expect(r.success, r.message).toBe(true);
    made.push(r.data);
  }
  const [one, two, three] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
  const folder = `专项题库${tag}`;
  const tree = page.getByRole("navigation", { name: "题库文件夹" });
  const rows = page.locator("tbody tr");

  // A new folder of the bank.
  await page.goto("/admin/questions");
  await page.getByRole("button", { name: "+ 新建文件夹" }).click();
  const nameDialog = page.getByRole("dialog", { name: "新建文件夹" });
  await nameDialog.getByLabel("文件夹名称").fill(folder);
  await nameDialog.getByRole("button", { name: "确定" }).click();
  await expect(nameDialog).toBeHidden();
  await expect(tree.locator(`[data-folder="${folder}"]`)).toContainText("0");

  // Tick two of the unfiled questions and move them.
  await tree.getByRole("link", { name: /未分类/ }).click();
  await expect(page).toHaveURL(/folder=none/);
  await expect(page.getByTestId("question-view")).toContainText("未分类");
  await page.getByLabel(`选择${one.id}`).check();
  await page.getByLabel(`选择${two.id}`).check();
  await expect(page.getByText("已选 2 项")).toBeVisible();
  await page.getByRole("button", { name: "移动到文件夹" }).click();
  const move = page.getByRole("dialog", { name: "移动到文件夹" });
  await expect(move).toContainText("将选中的2道试题放入");
  await move.getByLabel("目标文件夹").selectOption({ label: folder });
  await shot(page, "question-folders-move");
  await move.getByRole("button", { name: "确定移动" }).click();
  await expect(page.getByText(`已将2道试题移到「${folder}」`)).toBeVisible();
  await expect(page.locator(`tr[data-question="${one.content}"]`)).toHaveCount(0);
  await expect(page.locator(`tr[data-question="${three.content}"]`)).toBeVisible();
  await expect(page.getByText("已选 0 项")).toBeVisible();

  // The folder lists exactly those two.
  await tree.locator(`[data-folder="${folder}"]`).click();
  await expect(page).toHaveURL(/folder=\d+/);
  const folderId = Number(new URL(page.url()).searchParams.get("folder"));
  await expect(page.getByTestId("question-view")).toContainText(`${folder}共 2 道（含子文件夹）`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(two.content);
  await expect(rows.nth(1)).toContainText(one.content);
  await expect(rows.nth(0)).toContainText(folder);
  await expect(tree.locator(`[data-folder="${folder}"]`)).toContainText("2");
  await shot(page, "question-folders-open");

  // A new question from the form goes into the open folder by default.
  await page.getByRole("button", { name: "新增试题" }).click();
  const form = page.getByRole("dialog", { name: "新增试题" });
  await expect(form.getByLabel("所在文件夹")).toHaveValue(String(folderId));
  await form.getByLabel("题型").selectOption("3");
  await form.getByLabel("题干").fill(`文件夹测试新增题${tag}`);
  await form.getByLabel("正确", { exact: true }).check();
  await shot(page, "question-folders-form");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(page.locator(`tr[data-question="文件夹测试新增题${tag}"]`)).toBeVisible();

  // So does an import.
  await page.getByRole("button", { name: "导入试题" }).click();
  const importer = page.getByRole("dialog", { name: "导入试题" });
  await expect(importer.getByLabel("导入到文件夹")).toHaveValue(String(folderId));
  await importer.getByLabel("选择文件").setInputFiles({ name: "试题.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await sheet(`文件夹测试导入题${tag}`) });
  await importer.getByRole("button", { name: "开始导入" }).click();
  await expect(importer.getByTestId("import-result")).toContainText("成功导入1道，失败0行");
  await shot(page, "question-folders-import");
  await importer.getByRole("button", { name: "关闭" }).first().click();
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId("question-view")).toContainText("共 4 道");

  // Stored: the folder holds exactly the four, the third question stays unfiled.
  const listed = await (await page.request.post("/api/elearning/materialLibQuestion/pageList", { data: { materialLibFolderId: folderId, pageSize: 50 } })).json();
  expect(listed.data.list.map((q: { content: string }) => q.content).sort()).toEqual(
    [one.content, two.content, `文件夹测试新增题${tag}`, `文件夹测试导入题${tag}`].sort(),
  );
  const third = await (await page.request.get(`/api/elearning/materialLibQuestion/${three.id}`)).json();
  expect(third.data.folderId).toBeNull();

  // A folder that still holds questions cannot be deleted.
  await page.getByTestId("folder-actions").getByRole("button", { name: "删除" }).click();
  const confirm = page.getByRole("dialog", { name: "删除文件夹" });
  await confirm.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("文件夹中还有4道试题，请先移到其他文件夹或删除")).toBeVisible();
  await expect(tree.locator(`[data-folder="${folder}"]`)).toBeVisible();
  await shot(page, "question-folders-delete-refused");
  // The refused delete answered 400 on purpose; nothing else may log an error.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});
