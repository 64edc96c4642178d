import { DEMO, expect, loginByApi, test } from "./fixtures";

// Organisations, whitelists and channels in the back office: an admin creates an organisation with the
// region picker, adds a learner to a whitelist by mobile, creates a channel and copies its link; a visitor
// opens the link and the admin sees the visit counted.

const tag = String(Date.now() % 1_000_000);
/** Seeded (孙悦), and used by no other browser test. */
const MOBILE = "13710073310";
/** A seeded released course. */
const COURSE = "政府采购法实施条例解读";

test("an admin manages organisations, a whitelist and a channel; a visit through the link is counted", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginByApi(page, DEMO.admin);

  // Organisations: the seeded ones are listed; a new one placed with the cascading picker.
  await page.goto("/admin/organizations");
  await expect(page.getByRole("heading", { name: "机构管理" })).toBeVisible();
  await expect(page.getByTestId("organization-row").filter({ hasText: "广东省政府采购中心" })).toBeVisible();
  await page.getByRole("button", { name: "新增机构" }).click();
  const orgForm = page.getByRole("dialog", { name: "新增机构" });
  const orgName = `深圳市南山区政府采购中心${tag}`;
  await orgForm.getByLabel("机构名称").fill(orgName);
  await orgForm.getByLabel("省份").selectOption({ label: "广东省" });
  await orgForm.getByLabel("城市").selectOption({ label: "深圳市" });
  await orgForm.getByLabel("区县").selectOption({ label: "南山区" });
  await orgForm.getByLabel("联系人").fill("林主任");
  await orgForm.getByLabel("联系电话").fill("0755-86500000");
  await orgForm.getByRole("button", { name: "保存" }).click();
  await expect(orgForm).toBeHidden();
  const orgRow = page.getByTestId("organization-row").filter({ hasText: orgName });
  await expect(orgRow).toContainText("广东省 深圳市 南山区");
  await expect(orgRow).toContainText("手工创建");
  // Filtered by the region picker.
  await page.getByLabel("省份").selectOption({ label: "广东省" });
  await page.getByLabel("城市").selectOption({ label: "深圳市" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/cityCode=440300/);
  await expect(page.getByTestId("organization-row").filter({ hasText: "湖南省公共资源交易中心" })).toHaveCount(0);
  await expect(orgRow).toBeVisible();
  await page.screenshot({ path: "test-results/org-units-organizations.png" });

  // Whitelist: one mobile found, one unknown, each row answered.
  await page.goto("/admin/whitelists");
  await expect(page.getByRole("heading", { name: "白名单管理" })).toBeVisible();
  await page.getByRole("button", { name: "添加白名单" }).click();
  const whiteForm = page.getByRole("dialog", { name: "添加白名单" });
  await whiteForm.getByLabel("白名单类型").selectOption({ label: "考试免人脸核验" });
  await whiteForm.getByText("指定考试").click();
  await whiteForm.getByLabel("搜索考试").fill("第四季度");
  await whiteForm.getByLabel("选择考试").selectOption({ label: "2025年第四季度政府采购业务考核" });
  await whiteForm.getByLabel("手机号").fill(`${MOBILE}\n13999990000`);
  await whiteForm.getByLabel("原因").fill("证件照过期，已现场核验");
  await whiteForm.getByRole("button", { name: "添加", exact: true }).click();
  const results = whiteForm.getByTestId("white-result-row");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText("已添加");
  await expect(results.nth(0)).toContainText("孙悦");
  await expect(results.nth(1)).toContainText("未找到使用该手机号的用户");
  await whiteForm.getByRole("button", { name: "完成" }).click();
  await expect(whiteForm).toBeHidden();
  const whiteRow = page.getByTestId("white-row").filter({ hasText: "孙悦" });
  await expect(whiteRow).toContainText("考试免人脸核验");
  await expect(whiteRow).toContainText("2025年第四季度政府采购业务考核");
  await page.screenshot({ path: "test-results/org-units-whitelists.png" });

  // Channels: a taken code is refused by the server; a new channel, then its link copied.
  await page.goto("/admin/channels");
  await expect(page.getByRole("heading", { name: "渠道管理" })).toBeVisible();
  await expect(page.getByTestId("channel-row").filter({ hasText: "微信公众号推广" })).toBeVisible();
  await page.getByRole("button", { name: "新建渠道" }).click();
  const chForm = page.getByRole("dialog", { name: "新建渠道" });
  const code = `e2e_${tag}`;
  await chForm.getByLabel("渠道编码").fill("WX_MP");
  await chForm.getByLabel("渠道名称").fill(`培训通知短信${tag}`);
  await chForm.getByLabel("搜索课程").fill("实施条例");
  await chForm.getByLabel("选择课程").selectOption({ label: `${COURSE}（免费）` });
  await chForm.getByRole("button", { name: "保存" }).click();
  await expect(chForm.getByRole("alert")).toHaveText("渠道编码已存在");
  await chForm.getByLabel("渠道编码").fill(code);
  await chForm.getByRole("button", { name: "保存" }).click();
  await expect(chForm).toBeHidden();
  const chRow = page.getByTestId("channel-row").filter({ hasText: code });
  await expect(chRow.getByTestId("visit-count")).toHaveText("0");
  await chRow.getByRole("button", { name: "复制链接" }).click();
  await expect(page.getByText("推广链接已复制")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/course/detail\\?id=\\d+&channel=${code}$`));

  // A visitor opens the link (twice: one visit a day).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on("console", (m) => m.type() === "error" && visitorErrors.push(m.text()));
  for (let i = 0; i < 2; i++) {
    const counted = visitor.waitForResponse((r) => r.url().includes("org.promote"));
    await visitor.goto(link);
    await expect(visitor.getByRole("heading", { name: COURSE })).toBeVisible();
    expect((await counted).status()).toBe(200);
  }
  expect(visitorErrors.filter((e) => !e.includes("WebSocket"))).toEqual([]);
  await visitorContext.close();

  await page.reload();
  await expect(chRow.getByTestId("visit-count")).toHaveText("1");
  await expect(chRow.getByTestId("signup-count")).toHaveText("0");
  await page.screenshot({ path: "test-results/org-units-channels.png" });
  // The duplicate code was the only refusal (a 400 the browser logs).
  expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  expect(consoleErrors.filter((e) => e.includes("status of 400"))).toHaveLength(1);
});
