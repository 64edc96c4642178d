import { DEMO, expect, loginByApi, shot, signedInWithoutSeriesPop, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);
const LINKS = [
  ["政策法规库", "https://www.ccgp.gov.cn/zcfg/"],
  ["采购公告查询", "https://www.ccgp.gov.cn/cggg/"],
  ["采购案例分析", "https://www.ccgp.gov.cn/aljd/"],
] as const;

test("an admin builds a map with three nodes and a certificate; a learner unlocks them in order and gets the certificate", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(150_000);
  await loginByApi(page, DEMO.admin);
  const name = `采购实务入门地图${tag}`;

  await page.goto("/admin/learning-paths");
  await expect(page.getByRole("heading", { name: "学习地图", exact: true })).toBeVisible();
  await expect(page.getByTestId("path-row").filter({ hasText: "政府采购全流程实务学习地图" })).toBeVisible();
  await shot(page, "path-admin-list");

  await page.getByRole("button", { name: "新建学习地图" }).click();
  const form = page.getByRole("dialog", { name: "新建学习地图" });
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByRole("alert")).toHaveText("请输入学习地图名称");
  await form.getByLabel("学习地图名称").fill(name);
  await form.getByLabel("简介").fill("三步了解政府采购信息公开渠道，完成即可获得结业证书。");
  await form.getByLabel("结业证书").selectOption({ label: "学习地图结业证书（政府采购全流程实务结业证书）" });
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/learning-paths\/\d+$/);
  const mapId = Number(page.url().split("/").pop());

  for (const [nodeName, url] of LINKS) {
    await page.getByRole("button", { name: "添加节点" }).click();
    const d = page.getByRole("dialog", { name: "添加节点" });
    await d.getByLabel("节点类型").selectOption({ label: "外部链接" });
    await d.getByLabel("节点名称").fill(nodeName);
    await d.getByLabel("链接地址").fill(url);
    await d.getByRole("button", { name: "确定" }).click();
    await expect(d).toBeHidden();
  }
  await page.getByRole("button", { name: "添加节点" }).click();
  const cert = page.getByRole("dialog", { name: "添加节点" });
  await cert.getByLabel("节点类型").selectOption({ label: "证书" });
  await cert.getByRole("button", { name: "确定" }).click();
  await expect(page.getByTestId("path-node-row")).toHaveCount(4);
  await page.getByRole("button", { name: "保存节点" }).click();
  await expect(page.getByRole("button", { name: "已保存" })).toBeVisible();
  await shot(page, "path-admin-nodes");
  await page.getByRole("button", { name: "上线", exact: true }).click();
  await expect(page.getByText("已上线").first()).toBeVisible();

  // A learner opens the map: node 1 open, node 2 locked until node 1 is done.
  const learner = await signedInWithoutSeriesPop(browser, { account: "linna_cg", password: "Caiyun@2026pass" });
  const errors: string[] = [];
  learner.on("pageerror", (e) => errors.push(e.message));
  await learner.goto(`/map/detail?id=${mapId}`);
  await expect(learner.getByRole("heading", { name })).toBeVisible();
  await learner.getByRole("button", { name: "加入学习" }).click();
  await expect(learner.getByTestId("map-progress")).toHaveText("0%");
  const nodes = learner.getByTestId("map-node");
  await expect(nodes).toHaveCount(4);
  await expect(nodes.nth(0).getByTestId("node-status")).toHaveText("未开始");
  await expect(nodes.nth(1).getByTestId("node-status")).toContainText("未解锁");
  await nodes.nth(1).getByRole("button").click();
  await expect(learner.getByRole("region", { name: /Notifications/ }).getByText("完成上一节内容才能解锁")).toBeVisible();
  await shot(learner, "path-map-locked");

  for (let i = 0; i < 3; i++) {
    const popup = learner.context().waitForEvent("page");
    await nodes.nth(i).getByRole("button").click();
    await (await popup).close();
    await expect(nodes.nth(i).getByTestId("node-status")).toHaveText("已完成");
    if (i < 2) await expect(nodes.nth(i + 1).getByTestId("node-status")).toHaveText("未开始");
  }
  // The last node completes the map: the certificate is issued and the pop-up shows it.
  const popupCert = learner.getByRole("dialog").filter({ hasText: "恭喜您获得证书" });
  await expect(popupCert).toBeVisible();
  await shot(learner, "path-map-certificate");
  await learner.keyboard.press("Escape");
  await expect(popupCert).toBeHidden();
  await expect(learner.getByTestId("map-progress")).toHaveText("100%");
  await expect(nodes.nth(3).getByRole("button")).toHaveText("查看证书");
  await shot(learner, "path-map-done");
  expect(errors).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await learner.context().close();

  // The seeded map as the demo learner sees it: the check-in detail dialog opens once a day.
  const demo = await signedInWithoutSeriesPop(browser, DEMO.learner);
  const seeded = (await (await demo.request.get("/api/elearning/caiyun/front/checkIn/getCheckInMedal")).json()).data[0];
  await demo.goto(`/map/detail?id=${seeded.businessId}`);
  await expect(demo.getByTestId("checkin-dialog")).toBeVisible();
  await shot(demo, "path-map-medal-dialog");
  await demo.keyboard.press("Escape");
  await expect(demo.getByTestId("checkin-widget")).toBeVisible();
  await shot(demo, "path-map-seeded");
  // Maps are found by search and listed in 我的学习.
  await demo.goto(`/search/detail?keyword=${encodeURIComponent("全流程")}`);
  await expect(demo.getByTestId("search-map")).toContainText("政府采购全流程实务学习地图");
  await demo.goto("/person/study?status=map");
  await expect(demo.getByTestId("my-maps")).toContainText("政府采购全流程实务学习地图");
  await shot(demo, "path-my-maps");
  await demo.goto("/");
  await expect(demo.locator(`a[href="/map/detail?id=${seeded.businessId}"]`).first()).toBeAttached();
  await demo.context().close();
});
