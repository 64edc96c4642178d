import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);
/** The seeded question folder (db/seed/practice.ts); this spec reads it and changes nothing in it. */
const FOLDER = "政府采购法律法规题库";

/** tRPC over HTTP, the way the learner's practice page calls it. */
async function trpcCall<T>(request: APIRequestContext, path: string, input: unknown, type: "query" | "mutation" = "mutation"): Promise<T> {
  const res =
    type === "query"
      ? await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await request.post(`/api/trpc/${path}`, { data: input });
  const body = await res.json();
  expect(res.ok(), JSON.stringify(body)).toBe(true);
  return body.result.data as T;
}

test("an admin creates a practice on a question folder, adds a random mode, enables it and manages its learners", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(90_000);
  await loginByApi(page, DEMO.admin);
  // A learner of this spec only.
  const learner = { account: `lx${tag}`, password: "Caiyun@2026pass", nick: `练习学员${tag.slice(-3)}` };
  const made = await (await page.request.post("/api/elearning/back/user/add", { data: { loginName: learner.account, nick: learner.nick, password: learner.password } })).json();
  expect(made.success, made.message).toBe(true);

  await page.goto("/admin/practices");
  await page.getByRole("button", { name: "新建练习" }).click();
  const editor = page.getByRole("dialog", { name: "新建练习" });
  // Nothing filled: the form says what is missing, in Chinese.
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(editor.getByText("请输入练习名称")).toBeVisible();
  await expect(editor.getByText("请选择题目文件夹")).toBeVisible();
  const name = `采购法规随机练习${tag}`;
  await editor.getByPlaceholder("如：政府采购法律法规每日一练").fill(name);
  await editor.getByPlaceholder("向学员介绍练习的内容和适用对象（选填）").fill("考前随机抽题自测。");
  await expect(editor.getByText("请输入练习名称")).toBeHidden();
  await editor.getByLabel(`选择文件夹${FOLDER}`).check();
  await expect(editor.getByText("请选择题目文件夹")).toBeHidden();
  // Its sub-folder comes with it; the pool counts both.
  await expect(editor.getByLabel("选择文件夹质疑与投诉")).toBeDisabled();
  await expect(editor.getByTestId("practice-pool")).toContainText(/已选 1 个文件夹，共 \d+ 道可练习试题/);
  const poolSize = Number(/共 (\d+) 道/.exec((await editor.getByTestId("practice-pool").textContent())!)![1]);
  expect(poolSize).toBeGreaterThan(10);
  await shot(page, "practice-admin-editor");
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(editor).toBeHidden();
  await page.waitForURL(/practice=\d+&tab=modes/);
  const practiceId = Number(new URL(page.url()).searchParams.get("practice"));

  // Modes: a random mode, bounded by the usable questions.
  const modes = page.getByTestId("practice-modes");
  await expect(modes).toContainText(`题目文件夹：${FOLDER}`);
  await expect(modes).toContainText(`共 ${poolSize} 道可练习试题`);
  await expect(modes.getByText("暂无练习模式，可点击「添加模式」")).toBeVisible();
  await modes.getByRole("button", { name: "添加模式" }).click();
  const modeDialog = page.getByRole("dialog", { name: "添加练习模式" });
  await modeDialog.getByRole("radio", { name: /随机练习/ }).check();
  await expect(modeDialog.getByLabel("模式名称")).toHaveValue("随机练习");
  await expect(modeDialog.getByTestId("mode-limit")).toHaveText(`最多 ${poolSize} 道（题目文件夹中的可用试题数）`);
  await modeDialog.getByLabel("每轮题数").fill(String(poolSize + 1));
  await modeDialog.getByRole("button", { name: "保存" }).click();
  await expect(modeDialog.getByRole("alert")).toHaveText(`每轮题数不能超过可用试题数（${poolSize}道）`);
  await modeDialog.getByLabel("每轮题数").fill("5");
  await shot(page, "practice-admin-mode-dialog");
  await modeDialog.getByRole("button", { name: "保存" }).click();
  await expect(modeDialog).toBeHidden();
  await expect(modes.locator('tr[data-mode="随机练习"]')).toContainText("5 题");
  const row = page.locator(`tr[data-practice="${name}"]`);
  await expect(row).toContainText("随机练习（5题）");
  await expect(row).toContainText(FOLDER);

  // Enable.
  await row.getByRole("button", { name: "启用" }).click();
  await expect(row).toContainText("已启用");
  await shot(page, "practice-admin-modes");

  // Editing opens with what was saved.
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: "编辑练习" });
  await expect(edit.getByPlaceholder("如：政府采购法律法规每日一练")).toHaveValue(name);
  await expect(edit.getByLabel(`选择文件夹${FOLDER}`)).toBeChecked();
  await expect(edit.getByTestId("practice-pool")).toContainText(`共 ${poolSize} 道`);
  await edit.getByRole("button", { name: "取消" }).click();

  // Users: add the learner with the picker.
  await row.getByRole("link", { name: "练习人员" }).click();
  await page.waitForURL(/tab=users/);
  const users = page.getByTestId("practice-users");
  await expect(users.getByText("暂无练习人员，可点击「添加人员」指定学员")).toBeVisible();
  await users.getByRole("button", { name: "添加人员" }).click();
  const picker = page.getByRole("dialog", { name: "添加练习人员" });
  await picker.getByLabel("搜索用户").fill(learner.account);
  await picker.getByRole("button", { name: "搜索" }).click();
  await picker.getByLabel(`选择${learner.nick}`).check();
  await picker.getByRole("button", { name: "添加（1）" }).click();
  await expect(picker).toBeHidden();
  const learnerRow = users.locator(`tr[data-user="${learner.account}"]`);
  await expect(learnerRow).toContainText("指定人员");
  await expect(learnerRow).toContainText("未练习");
  await expect(row).toContainText(/已启用/);

  // The learner practises one question; the list shows the figures.
  const other = await browser.newContext();
  const lp = await other.newPage();
  await loginByApi(lp, learner);
  const [mode] = (await (await page.request.get(`/api/elearning/back/practice/modelList?id=${practiceId}`)).json()).data as { id: number }[];
  const { sessionId } = await trpcCall<{ sessionId: number }>(lp.request, "exam.practice.start", { id: practiceId, modeId: mode!.id });
  const round = await trpcCall<{ questions: { questionId: number; questionType: number }[] }>(lp.request, "exam.practice.session", { sessionId }, "query");
  expect(round.questions).toHaveLength(5);
  const q = round.questions.find((x) => x.questionType === 1 || x.questionType === 3) ?? round.questions[0]!;
  await trpcCall(lp.request, "exam.practice.answer", { sessionId, questionId: q.questionId, answer: q.questionType === 4 ? ["不知道"] : ["A"] });
  await other.close();

  await page.reload();
  await expect(learnerRow.locator("td").nth(5)).toHaveText("1");
  await expect(learnerRow.locator("td").nth(8)).toHaveText("1");
  await expect(learnerRow).toContainText(/(100|0)%/);
  await expect(learnerRow).not.toContainText("未练习");
  await shot(page, "practice-admin-users");
  const [download] = await Promise.all([page.waitForEvent("download"), users.getByRole("button", { name: "导出Excel" }).click()]);
  expect(download.suggestedFilename()).toBe(`${name}-练习人员.xlsx`);

  // Search, then remove with a confirmation.
  await users.getByLabel("搜索练习人员").fill("没有这个人");
  await users.getByRole("button", { name: "查询" }).click();
  await expect(users.getByText("没有符合条件的人员")).toBeVisible();
  await users.getByLabel("搜索练习人员").fill(learner.nick);
  await users.getByRole("button", { name: "查询" }).click();
  await expect(learnerRow).toBeVisible();
  await learnerRow.getByRole("button", { name: "移除" }).click();
  const confirm = page.getByRole("dialog", { name: "移除指定人员" });
  await expect(confirm).toContainText(`确定将「${learner.nick}」从指定人员中移除吗？`);
  await confirm.getByRole("button", { name: "移除" }).click();
  // Having practised through the open range (none set: open to all), the learner stays listed as such.
  await expect(learnerRow).toContainText("开放范围");
  await expect(learnerRow.getByRole("button", { name: "移除" })).toHaveCount(0);

  // Disabled again: learners of other specs see only the seeded practices.
  await row.getByRole("button", { name: "停用" }).click();
  await expect(row).toContainText("已停用");
  const base = await (await page.request.get(`/api/elearning/back/practice/getBaseDetail?id=${practiceId}`)).json();
  expect(base.data).toMatchObject({ name, status: 0, userCount: 0, modes: [{ modeType: 2, questionCount: 5 }] });
  // The one refused save (a count over the pool) is the only failed request.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});
