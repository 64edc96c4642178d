import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);

/** An exam of this spec on the first fixed paper, with no learners yet. */
async function newExam(request: APIRequestContext, name: string) {
  const papers = await (await request.post("/api/elearning/back/testPaper/pageList", { data: { pageNo: 1, pageSize: 20, paperType: 1 } })).json();
  const base = await (
    await request.post("/api/elearning/exam/back/saveBase", { data: { name, startTime: Date.now() + 86_400_000, endTime: Date.now() + 7 * 86_400_000 } })
  ).json();
  expect(base.success, base.message).toBe(true);
  const examId = base.data.id as number;
  const q = await (await request.post("/api/elearning/exam/back/saveQuestionInfo", { data: { examId, paperId: papers.data.list[0].id } })).json();
  expect(q.success, q.message).toBe(true);
  return examId;
}

/** Accounts of this spec only (other specs log in with the seeded ones). */
async function newUsers(request: APIRequestContext) {
  const made: { loginName: string; nick: string }[] = [];
  for (const [i, nick] of ["甲", "乙", "丙"].entries()) {
    const loginName = `ks${tag}_${i}`;
    const r = await (await request.post("/api/elearning/back/user/add", { data: { loginName, nick: `考生${nick}${tag.slice(-3)}`, password: "Caiyun@2026pass" } })).json();
    expect(r.success, r.message).toBe(true);
    made.push({ loginName, nick: `考生${nick}${tag.slice(-3)}` });
  }
  return made;
}

test("an admin adds exam members with the user picker and removes them, one and in batch", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  const name = `考生管理测试考试${tag}`;
  const examId = await newExam(page.request, name);
  const people = await newUsers(page.request);

  // The results tab offers the filters of back-office.md 3.
  await page.goto(`/admin/exams?keyword=${encodeURIComponent(name)}&results=${examId}&tab=results`);
  await page.getByLabel("角色").selectOption({ label: "采购人 / 采购经办人" });
  await page.getByPlaceholder("单位").fill("杭州市财政局");
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/roleId=\d+/);
  await expect(page.getByLabel("角色")).toHaveValue(/\d+/);
  await shot(page, "exam-admin-results-filters");

  await page.goto(`/admin/exams?keyword=${encodeURIComponent(name)}`);
  await page.getByRole("row", { name: new RegExp(name) }).getByRole("link", { name: "考生" }).click();
  const panel = page.getByTestId("member-panel");
  await expect(panel.getByText("暂无考生，可点击「添加考生」")).toBeVisible();

  await panel.getByRole("button", { name: "添加考生" }).click();
  const picker = page.getByRole("dialog", { name: "添加考生" });
  await picker.getByLabel("搜索用户").fill(`ks${tag}`);
  await picker.getByRole("button", { name: "搜索" }).click();
  for (const p of people) await picker.getByLabel(`选择${p.nick}`).check();
  await expect(picker.getByText("已选 3 人")).toBeVisible();
  await shot(page, "exam-admin-member-picker");
  await picker.getByRole("button", { name: "添加（3）" }).click();
  await expect(picker).toBeHidden();
  for (const p of people) await expect(panel.locator(`tr[data-member="${p.loginName}"]`)).toContainText("管理员添加");
  await expect(panel.getByText("共 3 条")).toBeVisible();

  // The picker offers only users who are not members yet.
  await panel.getByRole("button", { name: "添加考生" }).click();
  await picker.getByLabel("搜索用户").fill(`ks${tag}`);
  await picker.getByRole("button", { name: "搜索" }).click();
  await expect(picker.getByText("没有找到用户")).toBeVisible();
  await picker.getByRole("button", { name: "取消" }).click();

  // Search narrows the list.
  await panel.getByLabel("搜索考生").fill(people[1]!.nick);
  await panel.getByRole("button", { name: "查询" }).click();
  await expect(panel.getByText("共 1 条")).toBeVisible();
  await shot(page, "exam-admin-members");
  await panel.getByLabel("搜索考生").fill("");
  await panel.getByRole("button", { name: "查询" }).click();
  await expect(panel.getByText("共 3 条")).toBeVisible();

  // Remove one, with a confirmation.
  await panel.locator(`tr[data-member="${people[0]!.loginName}"]`).getByRole("button", { name: "移除" }).click();
  const confirm = page.getByRole("dialog", { name: "移除考生" });
  await expect(confirm).toContainText(`确定将「${people[0]!.nick}」移出本场考试吗？`);
  await shot(page, "exam-admin-member-remove");
  await confirm.getByRole("button", { name: "移除" }).click();
  await expect(panel.locator(`tr[data-member="${people[0]!.loginName}"]`)).toHaveCount(0);
  await expect(panel.getByText("共 2 条")).toBeVisible();

  // Batch removal of the rest.
  await panel.getByLabel("全选本页").check();
  await panel.getByRole("button", { name: "批量移除（2）" }).click();
  await expect(confirm).toContainText("所选的 2 名考生");
  await confirm.getByRole("button", { name: "移除" }).click();
  await expect(panel.getByText("暂无考生，可点击「添加考生」")).toBeVisible();
  const members = await (await page.request.post("/api/elearning/exam/back/member/page", { data: { examId } })).json();
  expect(members.data.total).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test("an admin sets an exam's open range with the picker and its partial-credit rule", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  const name = `开放范围测试考试${tag}`;
  const examId = await newExam(page.request, name);
  await page.goto(`/admin/exams?keyword=${encodeURIComponent(name)}`);
  await page.getByRole("row", { name: new RegExp(name) }).getByRole("button", { name: "编辑" }).click();
  const editor = page.getByRole("dialog", { name: "编辑考试" });

  // Advanced tab: 少选得分 at 40 %, fill-in blanks scored one by one.
  await editor.getByRole("tab", { name: "高级设置" }).click();
  await editor.getByLabel("多选题少选得分").check();
  await editor.getByLabel("少选得分比例").fill("40");
  await editor.getByLabel("填空题按空给分").check();
  await shot(page, "exam-admin-scoring-rule");
  await editor.getByRole("button", { name: "保存高级设置" }).click();
  await expect(editor.getByText("高级设置已保存")).toBeVisible();

  await editor.getByRole("tab", { name: "开放范围" }).click();
  const picker = editor.getByTestId("open-range-picker");
  await expect(picker.getByText("未选择任何范围：对所有登录用户开放")).toBeVisible();
  await picker.getByLabel("采购经办人").check();
  await picker.getByLabel("杭州市财政局").check();
  await picker.getByRole("button", { name: "评审专家库", exact: true }).click();
  await picker.getByLabel("省份").selectOption({ label: "浙江省" });
  await picker.getByLabel("城市").selectOption({ label: "杭州市" });
  await picker.getByRole("button", { name: "添加地区" }).click();
  await expect(picker.getByText("地区：浙江省 / 杭州市")).toBeVisible();
  await expect(picker.getByText("仅对下列范围内的用户开放", { exact: false })).toBeVisible();
  await shot(page, "exam-admin-open-range");
  await editor.getByRole("button", { name: "保存开放范围" }).click();
  await expect(editor.getByText("开放范围已保存")).toBeVisible();

  const range = await (await page.request.get(`/api/elearning/exam/back/getOpenRange?examId=${examId}`)).json();
  expect(range.data.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(["group", "region", "role", "tag"]);
  expect(range.data.entries.find((e: { kind: string }) => e.kind === "region").target).toBe("330100");
  const adv = await (await page.request.get(`/api/elearning/exam/back/getAdvanced?examId=${examId}`)).json();
  expect(adv.data).toMatchObject({ isPartialScore: 1, partialScoreRate: 40, isBlankScore: 1 });

  // Reopened, the editor shows what was saved; clearing opens the exam to everyone again.
  await editor.getByRole("button", { name: "关闭" }).click();
  await page.getByRole("row", { name: new RegExp(name) }).getByRole("button", { name: "编辑" }).click();
  await editor.getByRole("tab", { name: "开放范围" }).click();
  await expect(picker.getByRole("checkbox", { name: "采购经办人" })).toBeChecked();
  await expect(picker.getByRole("button", { name: "评审专家库", exact: true })).toHaveAttribute("aria-pressed", "true");
  await picker.getByRole("button", { name: "移除地区：浙江省 / 杭州市" }).click();
  await picker.getByRole("button", { name: "清空（对所有登录用户开放）" }).click();
  await editor.getByRole("button", { name: "保存开放范围" }).click();
  await expect(editor.getByText("开放范围已保存")).toBeVisible();
  const cleared = await (await page.request.get(`/api/elearning/exam/back/getOpenRange?examId=${examId}`)).json();
  expect(cleared.data).toMatchObject({ entries: [], openToAll: 1 });
  expect(consoleErrors).toEqual([]);
});

test("practice open range uses the same picker", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  // A practice needs a question folder: the seeded one (db/seed/practice.ts).
  const folders = (await (await page.request.get("/api/trpc/exam.admin.practice.folders")).json()).result.data as { id: number; name: string }[];
  const folderId = folders.find((f) => f.name === "政府采购法律法规题库")!.id;
  const created = await (await page.request.post("/api/elearning/back/practice/saveBase", { data: { name: `开放范围练习${tag}`, folderIds: [folderId] } })).json();
  expect(created.success, created.message).toBe(true);
  await page.goto("/admin/practices");
  await page.getByRole("row", { name: new RegExp(`开放范围练习${tag}`) }).getByRole("button", { name: "开放范围" }).click();
  const dialog = page.getByRole("dialog", { name: `开放范围：开放范围练习${tag}` });
  await dialog.getByLabel("采购人", { exact: true }).check();
  await shot(page, "practice-open-range");
  await dialog.getByRole("button", { name: "保存开放范围" }).click();
  await expect(dialog).toBeHidden();
  const r = await (await page.request.get(`/api/elearning/back/practice/getOpenRange?id=${created.data.id}`)).json();
  expect(r.data.entries).toHaveLength(1);
  expect(r.data.entries[0].kind).toBe("role");
  expect(consoleErrors).toEqual([]);
});
