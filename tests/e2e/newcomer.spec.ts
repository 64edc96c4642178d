import { CAPTCHA, expect, mutate, query, smsCodeFor, test } from "./fixtures";

/** Servers started with NEWCOMER_TASK_SECONDS=5 (tests/e2e/servers.ts). */
const TASK_SECONDS = 5;

test("a new learner sees the gift, studies for the task's time, receives the course and finds it in my study", async ({ page }) => {
  // Registers on the sign-up page like any visitor.
  const mobile = "13655557788";
  await page.goto("/sign/up?target=/");
  await page.getByPlaceholder("请输入用户名").fill("xin_xueyuan_01");
  await page.getByPlaceholder("请输入昵称").fill("新学员小林");
  await page.getByPlaceholder("请输入手机号").fill(mobile);
  const after = Date.now() - 1000;
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByPlaceholder("请输入图形验证码").fill(CAPTCHA);
  await page.getByRole("button", { name: "确定" }).click();
  await page.getByPlaceholder("请输入验证码").fill(await smsCodeFor(mobile, after));
  await page.getByPlaceholder("请输入密码").fill("Lin@2026xinxue");
  await page.getByPlaceholder("请再次输入密码").fill("Lin@2026xinxue");
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "注册", exact: true }).click();

  // The gift popup opens on the home page.
  const popup = page.getByTestId("newcomer-popup");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("学习任意课程或直播满1分钟，即可解锁价值199元的课程");
  await expect(popup.getByRole("button", { name: "去学习" })).toHaveCount(3);
  await expect(popup.getByRole("button", { name: "看直播" })).toHaveCount(1);
  await expect(popup.getByText(/人已加入课程/)).toHaveCount(3);
  expect((await popup.boundingBox())!.width).toBe(509);
  await page.waitForTimeout(300);
  await page.screenshot({ path: "test-results/newcomer-popup.png" });

  // Closing it leaves the floating widget; it stays closed on the next visit.
  await popup.getByLabel("关闭", { exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId("newcomer-widget")).toBeVisible();
  await page.goto("/course/center");
  await expect(page.getByTestId("newcomer-widget")).toBeVisible();
  await expect(popup).toBeHidden();

  // Before the task is done the server refuses the course.
  const task = await query<{ isNewcomer: boolean; isCompleteTask: boolean; recommendContentList: { recommendContentId: number; recommendContentType: number }[] }>(page, "newcomer.task", {});
  expect(task).toMatchObject({ isNewcomer: true, isCompleteTask: false });
  const early = await page.request.post("/api/elearning/caiyun/front/user/receive/newcomer/award", { data: { identity: 1, areaCode: "330100" } });
  expect((await early.json()).success).toBe(false);

  // Studies a recommended course as its player reports: open, then progress after the task's seconds of real time.
  const courseId = task.recommendContentList.find((i) => i.recommendContentType === 1)!.recommendContentId;
  await mutate(page, "course.join", { courseId });
  const detail = await query<{ chapters: { children: { id: number; type: number }[] }[] }>(page, "course.learnDetail", { courseId });
  const section = detail.chapters.flatMap((c) => c.children).find((s) => s.type === 1)!;
  await mutate(page, "course.learn", { courseId, chapterId: section.id, position: 0, event: "play" });
  await page.waitForTimeout((TASK_SECONDS + 1) * 1000);
  await mutate(page, "course.learn", { courseId, chapterId: section.id, position: TASK_SECONDS + 1, event: "progress" });

  // Back on the home page the receive popup opens by itself; both fields are required.
  await page.goto("/");
  const receive = page.getByTestId("newcomer-receive");
  await expect(receive).toBeVisible();
  await receive.getByRole("button", { name: "去领取课程" }).click();
  await expect(receive.getByText("请选择身份类型", { exact: true }).last()).toBeVisible();
  await expect(receive.getByText("请选择所属地区")).toBeVisible();
  await receive.getByLabel("身份类型").selectOption({ label: "采购人" });
  await receive.getByLabel("所属省份").selectOption({ label: "浙江省" });
  await receive.getByLabel("所属城市").selectOption({ label: "杭州市" });
  await receive.getByRole("button", { name: "去领取课程" }).click();
  await expect(receive.getByText("领取成功")).toBeVisible();
  await expect(receive.getByText("框架协议采购实务")).toBeVisible();
  await expect(receive.getByText("价值 ¥199")).toBeVisible();
  await expect(receive.getByText("课程已放入个人中心“我的学习”")).toBeVisible();
  await page.screenshot({ path: "test-results/newcomer-received.png" });
  await receive.getByLabel("关闭", { exact: true }).click();
  await expect(page.getByTestId("newcomer-widget")).toBeHidden();

  // The course is in my study, and the gift is gone.
  await page.goto("/person/study");
  await expect(page.getByText("框架协议采购实务").first()).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("newcomer-widget")).toBeHidden();
  await expect(page.getByTestId("newcomer-popup")).toBeHidden();
});

test("the demo learner, who already received the gift, sees neither popup nor widget", async ({ page }) => {
  const res = await page.request.post("/api/login/e-learning", { data: { authentication_type: "password", account: "demo_learner", password: "Demo@2026learn" } });
  expect((await res.json()).success).toBe(true);
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect((await query<{ isNewcomer: boolean }>(page, "newcomer.task", {})).isNewcomer).toBe(false);
  await expect(page.getByTestId("newcomer-popup")).toHaveCount(0);
  await expect(page.getByTestId("newcomer-widget")).toHaveCount(0);
});
