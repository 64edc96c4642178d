import type { Page } from "@playwright/test";
import { DEMO, expect, loginByApi, mutate, ownCourse, query, shot, test } from "./fixtures";

// Course comments: a learner comments and likes; the admin hides, replies and pins; the learner sees it.

const suffix = Date.now().toString(36).slice(-6);

test("a learner comments and likes; the admin hides, replies and pins; the learner sees the reply", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const courseName = `评论验收课程${suffix}`;
  const courseId = await ownCourse(page, courseName);
  const learner = { account: `cmt_${suffix}`, password: "Caiyun@2026pass" };
  await mutate(page, "org.admin.users.add", { loginName: learner.account, nick: `评论学员${suffix}`, password: learner.password });

  const ctx = await browser.newContext();
  const lp = await ctx.newPage();
  await lp.goto("/");
  await loginByApi(lp, learner);
  await lp.goto(`/course/detail?id=${courseId}`);
  await lp.getByRole("tab", { name: "评论" }).click();
  await expect(lp.getByText("暂无评论，快来发表第一条吧")).toBeVisible();
  const text = "老师讲得很清楚，第一章的导读帮我理清了思路。";
  await lp.getByLabel("评论内容").fill(text);
  await expect(lp.getByText(`${Array.from(text).length}/500`)).toBeVisible();
  await lp.getByRole("button", { name: "发表" }).click();
  await expect(lp.getByText("发表成功")).toBeVisible();
  const item = lp.getByRole("list", { name: "评论列表" }).getByRole("listitem").first();
  await expect(item).toContainText(text);
  await expect(lp.getByRole("tab", { name: "评论（1）" })).toBeVisible();
  await item.getByRole("button", { name: "点赞" }).click();
  await expect(item.getByRole("button", { name: "取消点赞" })).toHaveText("已赞 1");
  await shot(lp, "course-comments-learner");

  // The back office: filter by the course, hide, reply and pin.
  await page.goto(`/admin/comments?courseId=${courseId}`);
  await expect(page.getByRole("heading", { name: "评论管理" })).toBeVisible();
  const row = page.locator(`tr[data-comment="${text}"]`);
  await expect(row).toContainText(courseName);
  await expect(row).toContainText("显示");
  await row.getByRole("button", { name: "隐藏" }).click();
  await expect(page.getByText("已隐藏 1 条评论")).toBeVisible();
  await expect(row).toContainText("隐藏");
  await expect(row.getByRole("button", { name: "显示" })).toBeVisible();

  await row.getByRole("button", { name: "回复", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "回复评论" });
  await dialog.getByLabel("回复内容").fill("感谢反馈，后续章节会继续补充案例。");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("回复成功")).toBeVisible();
  await expect(row).toContainText("1 / 1");

  await row.getByRole("button", { name: "置顶" }).click();
  await expect(page.getByText("已置顶")).toBeVisible();
  await expect(row).toContainText("[置顶]");
  await row.getByRole("button", { name: "查看回复" }).click();
  const replies = page.getByRole("dialog", { name: "查看回复" });
  await expect(replies).toContainText("感谢反馈，后续章节会继续补充案例。");
  await shot(page, "admin-comments-replies");
  await replies.getByRole("button", { name: "关闭" }).click();
  await shot(page, "admin-comments");

  // Ban the author with a remark, see it in 禁言用户, then lift it.
  await row.getByRole("button", { name: "禁言" }).click();
  const ban = page.getByRole("dialog", { name: `禁言「评论学员${suffix}」` });
  await ban.getByLabel("备注（选填）").fill("验收测试");
  await ban.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已禁言，该用户将无法发表评论")).toBeVisible();
  await expect(row).toContainText("已禁言");
  await page.getByRole("tab", { name: "禁言用户" }).click();
  const banned = page.locator(`tr[data-ban="${learner.account}"]`);
  await expect(banned).toContainText("验收测试");
  await shot(page, "admin-comments-bans");
  await banned.getByRole("button", { name: "解除禁言" }).click();
  await page.getByRole("dialog", { name: `解除「评论学员${suffix}」的禁言？` }).getByRole("button", { name: "解除禁言" }).click();
  await expect(page.getByText("已解除禁言")).toBeVisible();
  await expect(banned).toBeHidden();

  // The author finds the reply under 回复我的 in the message centre; opening it reads it and shows the
  // course's comments, where the hidden comment is still theirs to see, marked, pinned and answered.
  await lp.goto("/person/message");
  const replyTab = lp.getByRole("navigation", { name: "消息分类" }).getByRole("link", { name: /回复我的/ });
  await expect(replyTab).toHaveText("回复我的1");
  await replyTab.click();
  const reply = lp.getByTestId("comment-replies").getByRole("button").first();
  await expect(reply).toContainText("感谢反馈，后续章节会继续补充案例。");
  await expect(reply).toHaveAttribute("data-read", "0");
  await shot(lp, "person-message-replies");
  await reply.click();
  await expect(lp).toHaveURL(new RegExp(`/course/detail\\?id=${courseId}&tab=comments$`));
  const mine = lp.getByRole("list", { name: "评论列表" }).getByRole("listitem").first();
  await expect(mine).toContainText("已隐藏");
  await expect(mine).toContainText("置顶");
  await expect(mine).toContainText("管理员回复：感谢反馈，后续章节会继续补充案例。");
  await shot(lp, "course-comments-reply");
  await lp.goto("/person/message?tab=reply");
  await expect(lp.getByTestId("comment-replies").getByRole("button").first()).toHaveAttribute("data-read", "1");
  await expect(replyTab).toHaveText("回复我的");

  // Other visitors do not see the hidden comment.
  const visitor = await browser.newPage();
  await visitor.goto(`/course/detail?id=${courseId}`);
  await visitor.getByRole("tab", { name: "评论" }).click();
  await expect(visitor.getByText("暂无评论，快来发表第一条吧")).toBeVisible();
  await visitor.close();

  // The admin deletes the reply after confirming; the learner no longer sees it.
  await page.goto(`/admin/comments?courseId=${courseId}`);
  await row.getByRole("button", { name: "查看回复" }).click();
  await replies.getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog", { name: "删除这条回复？" }).getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("回复已删除")).toBeVisible();
  await expect(replies).toContainText("暂无回复");
  await replies.getByRole("button", { name: "关闭" }).click();
  await expect(row).toContainText("1 / 0");
  await lp.goto(`/course/detail?id=${courseId}&tab=comments`);
  await expect(lp.getByRole("list", { name: "评论列表" })).toBeVisible();
  await expect(lp.getByText("管理员回复：")).toBeHidden();
  await ctx.close();
});
