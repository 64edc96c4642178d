import type { Page } from "@playwright/test";
import { DEMO, expect, loginByApi, mutate, ownCourse, query, shot, test } from "./fixtures";

// The course back office: a course's learners, the category picker and the rich-text detail, and the paid-course state.

const suffix = Date.now().toString(36).slice(-6);

test("admin adds learners to a course on its learners page and removes one", async ({ page }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const courseId = await ownCourse(page, `学员管理验收课程${suffix}`);
  for (const tag of ["甲", "乙"]) await mutate(page, "org.admin.users.add", { loginName: `h2l_${suffix}_${tag === "甲" ? "a" : "b"}`, nick: `学员${tag}${suffix}` });

  await page.goto(`/admin/courses/${courseId}/learners`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: `学员管理 · 学员管理验收课程${suffix}` })).toBeVisible();
  await expect(page.getByText("还没有学员加入这门课程")).toBeVisible();

  await page.getByRole("button", { name: "添加学员" }).click();
  const dialog = page.getByRole("dialog", { name: "添加学员" });
  await dialog.getByLabel("查找用户").fill(`h2l_${suffix}`);
  await dialog.getByRole("button", { name: "查找" }).click();
  await expect(dialog.getByText("共 2 个用户。")).toBeVisible();
  await dialog.getByLabel(`选择学员甲${suffix}`).check();
  await dialog.getByLabel(`选择学员乙${suffix}`).check();
  await dialog.getByRole("button", { name: "添加 2 人" }).click();
  await expect(page.getByText("已添加 2 名学员")).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId("learner-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("0%");
  await expect(rows.first()).toContainText("未开始");
  await expect(page.getByText("共 2 条")).toBeVisible();
  await shot(page, "admin-course-learners");

  // Search narrows the list; the row's 移除 asks before it removes.
  await page.getByLabel("关键词").fill(`学员甲${suffix}`);
  await page.getByRole("button", { name: "查询" }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "移除" }).click();
  const confirm = page.getByRole("dialog", { name: "移除学员" });
  await expect(confirm).toContainText(`确定将「学员甲${suffix}」移出`);
  await shot(page, "admin-course-learners-remove");
  await confirm.getByRole("button", { name: "移除" }).click();
  await expect(page.getByText("已移除 1 名学员")).toBeVisible();
  await expect(page.getByText("没有符合条件的学员")).toBeVisible();

  await page.goto(`/admin/courses/${courseId}/learners`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`学员乙${suffix}`);
  const page1 = await query<{ total: number; list: { nick: string }[] }>(page, "course.admin.learners.page", { courseId });
  expect(page1.list.map((r) => r.nick)).toEqual([`学员乙${suffix}`]);
});

test("admin files a course under a category and writes its detail in the rich-text editor; learners see it", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const courseId = await ownCourse(page, `富文本详情验收课程${suffix}`);

  await page.goto(`/admin/courses/${courseId}`);
  await page.waitForLoadState("networkidle");
  const picker = page.getByRole("button", { name: "课程分类" });
  await expect(picker).toHaveText(/请选择课程分类/);
  await picker.click();
  await page.getByRole("option", { name: "法律法规" }).click();
  await shot(page, "admin-course-editor-category");
  await page.getByRole("option", { name: "实施条例" }).click();
  await expect(picker).toHaveText(/法律法规 \/ 实施条例/);
  await page.getByRole("button", { name: "保存基本信息" }).click();
  await expect(page.getByText("基本信息已保存")).toBeVisible();

  const editor = page.getByRole("textbox", { name: "课程详情" });
  await editor.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("本课程讲解");
  await page.getByRole("button", { name: "加粗" }).click();
  await page.keyboard.type("采购意向公开要点");
  await page.getByRole("button", { name: "加粗" }).click();
  await page.keyboard.type("，结合案例。");
  await expect(editor.locator("strong")).toHaveText("采购意向公开要点");
  await page.getByRole("button", { name: "保存详情" }).click();
  await expect(page.getByText("课程详情已保存")).toBeVisible();
  await shot(page, "admin-course-editor-rich-text");

  await page.reload();
  await expect(page.getByRole("button", { name: "课程分类" })).toHaveText(/法律法规 \/ 实施条例/);
  await expect(page.getByRole("textbox", { name: "课程详情" }).locator("strong")).toHaveText("采购意向公开要点");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/course/detail?id=${courseId}`);
  const description = visitor.getByTestId("course-description");
  await expect(description.locator("strong")).toHaveText("采购意向公开要点");
  await expect(description).toContainText("本课程讲解采购意向公开要点，结合案例。");
  await shot(visitor, "course-detail-rich-text");

  // The course centre lists it under the chosen category.
  const found = await query<{ list: { id: number }[] }>(page, "course.search", { categoryId: (await query<{ categoryId: number }>(page, "course.admin.getOne", { id: courseId })).categoryId, pageSize: 50, sort: "new" });
  expect(found.list.map((c) => c.id)).toContain(courseId);
});

test("a paid course shows its price and 购买课程 opens the order page", async ({ page }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const hit = await query<{ list: { id: number; name: string; isFree: number }[] }>(page, "course.search", { keyword: "框架协议采购实务" });
  const paid = hit.list.find((c) => c.name === "框架协议采购实务" && c.isFree === 0)!;
  await page.goto(`/course/detail?id=${paid.id}`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("main")).toContainText("¥199");
  await expect(page.getByTestId("purchase-state")).toHaveText("付费课程 · 购买后即可学习");
  await shot(page, "course-detail-paid");
  await page.getByRole("button", { name: "购买课程" }).click();
  await expect(page).toHaveURL(new RegExp(`/order\\?goodsType=1&goodsId=${paid.id}$`));
  await expect(page.getByTestId("order-goods-name")).toHaveText("框架协议采购实务");
});

test("admin ticks library items on one page, deletes them after confirming, and the rest stays", async ({ page }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const tag = `批删${suffix}`;
  for (const n of ["甲", "乙", "丙"]) await mutate(page, "material.admin.courseware.add", { name: `${tag}讲义${n}`, url: `/storage/file/material/${suffix}-${n}.pdf`, fileName: `讲义${n}.pdf` });

  await page.goto(`/admin/courseware?keyword=${encodeURIComponent(tag)}`);
  await page.waitForLoadState("networkidle");
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  // 全选本页 ticks the three rows; unticking one leaves two for the batch.
  await page.getByLabel("全选本页").check();
  await expect(page.getByText("已选 3 项")).toBeVisible();
  await page.getByLabel(`选择${tag}讲义丙`).uncheck();
  await expect(page.getByText("已选 2 项")).toBeVisible();
  await expect(page.getByLabel("全选本页")).not.toBeChecked();

  await page.getByRole("button", { name: "批量删除" }).click();
  const confirm = page.getByRole("dialog", { name: "批量删除素材" });
  await expect(confirm).toContainText("确定删除选中的 2 个素材吗？");
  await shot(page, "admin-courseware-batch-delete");
  await confirm.getByRole("button", { name: "取消" }).click();
  await expect(rows).toHaveCount(3);

  await page.getByRole("button", { name: "批量删除" }).click();
  await confirm.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("已删除所选素材")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag}讲义丙`);
  await expect(page.getByText("已选 0 项")).toBeVisible();
  const left = await query<{ list: { name: string }[] }>(page, "material.admin.courseware.pageList", { keyword: tag });
  expect(left.list.map((r) => r.name)).toEqual([`${tag}讲义丙`]);
});

test("admin renames a library folder in place and deletes it after confirming; a course is taken offline only after confirming", async ({ page, consoleErrors }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const name = `专题讲义${suffix}`;
  await page.goto("/admin/folders");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("课件资料新文件夹名称").fill(name);
  await page.getByRole("button", { name: "新建" }).first().click();
  await expect(page.getByText("已新建文件夹")).toBeVisible();
  const row = page.locator(`[data-folder="${name}"]`);
  await row.getByRole("button", { name: "重命名" }).click();
  await page.getByLabel(`${name}的新名称`).fill(`${name}（修订）`);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已重命名")).toBeVisible();
  const renamed = page.locator(`[data-folder="${name}（修订）"]`);
  await renamed.getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除文件夹" });
  await expect(ask).toContainText(`确定删除「${name}（修订）」吗？`);
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("已删除文件夹")).toBeVisible();
  await expect(renamed).toHaveCount(0);

  const courseId = await ownCourse(page, `下架确认课程${suffix}`);
  await page.goto(`/admin/courses?keyword=${encodeURIComponent(`下架确认课程${suffix}`)}`);
  await page.waitForLoadState("networkidle");
  const courseRow = page.getByTestId("admin-course-row");
  await courseRow.getByRole("button", { name: "下架" }).click();
  const offline = page.getByRole("dialog", { name: "下架课程" });
  await offline.getByRole("button", { name: "取消" }).click();
  await expect(courseRow).toContainText("已发布");
  await courseRow.getByRole("button", { name: "下架" }).click();
  await offline.getByRole("button", { name: "下架" }).click();
  await expect(courseRow).toContainText("已下架");
  const detail = await query<{ status: number }>(page, "course.admin.getOne", { id: courseId });
  expect(detail.status).toBe(2);
  expect(consoleErrors).toEqual([]);
});
