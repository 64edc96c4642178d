import { DEMO, expect, loginByApi, query, shot, test } from "./fixtures";

// Redemption codes: an admin makes a batch for a paid course in the back office, reads a code from its
// use detail; a learner redeems it in the exchange centre and can study the course.

const tag = String(Date.now() % 1_000_000);
/** Seeded, and used by no other browser test. */
const LEARNER = { account: "zhuxia_fw", password: "Caiyun@2026pass", nick: "朱霞" };
/** A seeded paid course (¥99) the learner has not bought. */
const COURSE = "政府采购货物和服务招标投标管理办法精讲";

test("an admin makes a batch for a paid course; a learner redeems one of its codes and studies the course", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const name = `处室集中采购兑换码${tag}`;

  await page.goto("/admin/redemption-codes");
  await expect(page.getByRole("heading", { name: "兑换码", exact: true })).toBeVisible();
  // The seeded batch is listed with its one redemption.
  await expect(page.getByTestId("batch-row").filter({ hasText: "2026年度单位集中采购兑换码" })).toContainText("1 / 19 / 0");

  await page.getByRole("button", { name: "新建批次" }).click();
  const form = page.getByRole("dialog", { name: "新建兑换码批次" });
  await form.getByRole("button", { name: "生成兑换码" }).click();
  await expect(form.getByRole("alert")).toHaveText("请输入批次名称");
  await form.getByLabel("批次名称").fill(name);
  await form.getByLabel("搜索课程").fill("招标投标");
  await form.getByLabel("选择课程").selectOption({ label: `${COURSE}（¥99）` });
  await form.getByLabel("生成数量").fill("3");
  await form.getByLabel("备注").fill("发放给采购处经办人员");
  await form.getByRole("button", { name: "生成兑换码" }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId("batch-row").filter({ hasText: name });
  await expect(row).toContainText(COURSE);
  await expect(row).toContainText("0 / 3 / 0");
  await expect(row).toContainText("生效中");
  await shot(page, "redeem-admin");

  await row.getByRole("button", { name: "使用明细" }).click();
  const detail = page.getByRole("dialog", { name: `使用明细：${name}` });
  await expect(detail.getByTestId("code-row")).toHaveCount(3);
  await expect(detail.getByTestId("use-summary")).toContainText("共 3 个");
  const code = (await detail.getByTestId("code-text").first().textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJ-NP-TV-Z]{4}-[2-9A-HJ-NP-TV-Z]{4}-[2-9A-HJ-NP-TV-Z]{4}$/);
  await shot(page, "redeem-admin-detail");
  await detail.getByLabel("关闭", { exact: true }).click();
  await expect(detail).toBeHidden();

  // The learner, in a browser of his own.
  const context = await browser.newContext();
  const learner = await context.newPage();
  const learnerErrors: string[] = [];
  learner.on("console", (m) => m.type() === "error" && learnerErrors.push(m.text()));
  learner.on("pageerror", (e) => learnerErrors.push(e.message));
  await loginByApi(learner, LEARNER);
  await learner.goto("/person/exchange");
  await expect(learner.getByRole("heading", { name: "兑换中心" })).toBeVisible();
  const box = learner.getByLabel("兑换码", { exact: true });

  // A mistyped code is refused in place.
  await box.fill(`${code.slice(0, 13)}${code.endsWith("2") ? "3" : "2"}`);
  await learner.getByRole("button", { name: "查询" }).click();
  await expect(learner.getByTestId("redeem-error")).toHaveText("兑换码有误，请核对后重新输入");

  // Typed in lower case without dashes: shown upper case and grouped.
  await box.fill(code.replaceAll("-", "").toLowerCase());
  await expect(box).toHaveValue(code);
  await learner.getByRole("button", { name: "查询" }).click();
  const preview = learner.getByTestId("redeem-preview");
  await expect(preview).toContainText(COURSE);
  await expect(preview).toContainText("有效期至");
  await shot(learner, "redeem-preview");
  await learner.getByRole("button", { name: "立即兑换" }).first().click();
  const success = learner.getByTestId("redeem-success");
  await expect(success).toContainText("兑换成功");
  await expect(learner.getByTestId("redeem-record").filter({ hasText: COURSE })).toContainText(`****-****-${code.slice(-4)}`);
  await shot(learner, "redeem-exchange");

  // The same code again: the preview says it is his already.
  await box.fill(code);
  await learner.getByRole("button", { name: "查询" }).click();
  await expect(preview).toContainText("您已兑换过该兑换码");
  await expect(preview.getByRole("button", { name: "立即兑换" })).toHaveCount(0);

  await learner.getByTestId("redeem-record").filter({ hasText: COURSE }).getByRole("link", { name: "去学习" }).click();
  await expect(learner).toHaveURL(/\/study\/platform\?id=\d+/);
  await expect(learner.getByTestId("study-title")).toHaveText(COURSE);
  const courseId = Number(new URL(learner.url()).searchParams.get("id"));
  const study = await query<{ course: { name: string } }>(learner, "course.learnDetail", { courseId });
  expect(study.course.name).toBe(COURSE);

  // The back office sees who redeemed it.
  await page.reload();
  await expect(row).toContainText("1 / 2 / 0");
  await row.getByRole("button", { name: "使用明细" }).click();
  await expect(detail.getByTestId("code-row").first()).toContainText(LEARNER.nick);
  await expect(detail.getByTestId("code-row").first()).toContainText("已兑换");

  await context.close();
  // The mistyped code's refusal (HTTP 400) is the only failed request.
  expect(learnerErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
  expect(consoleErrors).toEqual([]);
});
