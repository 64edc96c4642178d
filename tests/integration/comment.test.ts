import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { commentBans, commentLikes, commentReplies, courseComments, liveSensitiveWords } from "@db/schema";
import { setSetting } from "@trpc-app/site/site.service";
import { createCourse } from "../factories/course";
import { addMembership, createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "cmt_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const zhangRow = await createUser(db, { loginName: "cmt_zhang", nick: "张晓敏" });
  const liuRow = await createUser(db, { loginName: "cmt_liu", nick: "刘洋" });
  const zhang = await signedInClient(db, zhangRow.id);
  const liu = await signedInClient(db, liuRow.id);
  const { course } = await createCourse(db, { name: "政府采购法实务精讲" });
  return { adminRow, admin, zhangRow, liuRow, zhang, liu, course };
}

/** Moves a user's comments back in time so the rate limit lets the next one through. */
const ageComments = (db: Db, userId: number) =>
  db.update(courseComments).set({ createdAt: sql`${courseComments.createdAt} - interval '1 minute'` }).where(eq(courseComments.userId, userId));

describeEachDb("course comments", (getDb) => {
  it("lets a learner comment on a visible course and lists it with a masked nick for others", async () => {
    const db = getDb();
    const { zhang, liu, course, zhangRow } = await setup(db);
    const made = await zhang.call((c) => c.comment.add({ courseId: course.id, content: "  老师讲得很清楚，案例很实用。 " }));
    const [row] = await db.select().from(courseComments).where(eq(courseComments.id, made.id));
    expect(row).toMatchObject({ courseId: course.id, userId: zhangRow.id, content: "老师讲得很清楚，案例很实用。", status: 1, likeCount: 0 });
    const seenByLiu = await liu.call((c) => c.comment.list({ courseId: course.id }));
    expect(seenByLiu.total).toBe(1);
    expect(seenByLiu.list[0]).toMatchObject({ nick: "张*敏", isMine: 0, content: "老师讲得很清楚，案例很实用。" });
    expect((await zhang.call((c) => c.comment.list({ courseId: course.id }))).list[0]).toMatchObject({ nick: "张晓敏", isMine: 1 });
    // Visitors read but cannot post.
    const visitor = testClient(db);
    expect((await visitor.call((c) => c.comment.list({ courseId: course.id }))).total).toBe(1);
    expect((await rejection(visitor.call((c) => c.comment.add({ courseId: course.id, content: "游客评论" })))).legacyCode).toBe("281");
  });

  it("refuses courses the learner cannot see, bad input, sensitive words and closed courses", async () => {
    const db = getDb();
    const { zhang, course } = await setup(db);
    const { course: draft } = await createCourse(db, { status: 0 });
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: draft.id, content: "草稿课程" })))).message).toBe("课程不存在或已下架");
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "   " })))).message).toBe("请输入评论内容");
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "好".repeat(501) })))).message).toBe("评论内容不能超过500字");
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: "abc" as never, content: "好" })))).message).toBe("课程ID格式不正确");
    await db.insert(liveSensitiveWords).values({ word: "代开发票" });
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "有需要代开发票的联系我" })))).message).toBe("评论包含敏感词，请修改后再发表");
    await setSetting(db, "static.getDisabledCommentCourses", [course.id]);
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "可以评论吗" })))).message).toBe("该课程已关闭评论");
    expect(await db.select().from(courseComments)).toHaveLength(0);
  });

  it("a course opened to a tag takes comments from its learners only; an outsider still reads them", async () => {
    const db = getDb();
    const { zhang, zhangRow, liu } = await setup(db);
    const tag = await createTag(db, "政府采购从业人员");
    await addMembership(db, zhangRow.id, { tagIds: [tag.id] });
    const { course } = await createCourse(db, { name: "采购人内控管理", openRange: [{ kind: "tag", target: String(tag.id) }] });
    const refused = await rejection(liu.call((c) => c.comment.add({ courseId: course.id, content: "我也想学这门课" })));
    expect([refused.legacyCode, refused.message]).toEqual(["102", "该课程未对您开放，暂无学习权限"]);
    expect(await db.select().from(courseComments)).toHaveLength(0);
    await zhang.call((c) => c.comment.add({ courseId: course.id, content: "内控流程讲得很细" }));
    expect((await liu.call((c) => c.comment.list({ courseId: course.id }))).list.map((c) => c.content)).toEqual(["内控流程讲得很细"]);
  });

  it("limits a user to one comment per 10 seconds", async () => {
    const db = getDb();
    const { zhang, zhangRow, course } = await setup(db);
    await zhang.call((c) => c.comment.add({ courseId: course.id, content: "第一条" }));
    const err = await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "第二条" })));
    expect(err.message).toBe("评论太频繁，请10秒后再试");
    expect(err.legacyCode).toBe("429");
    await ageComments(db, zhangRow.id);
    await zhang.call((c) => c.comment.add({ courseId: course.id, content: "第二条" }));
    expect(await db.select().from(courseComments).where(eq(courseComments.userId, zhangRow.id))).toHaveLength(2);
  });

  it("refuses a banned user in Chinese until the ban is lifted", async () => {
    const db = getDb();
    const { admin, zhang, zhangRow, course } = await setup(db);
    await admin.call((c) => c.comment.admin.ban({ userId: zhangRow.id, remark: "发布广告" }));
    expect((await rejection(zhang.call((c) => c.comment.add({ courseId: course.id, content: "你好" })))).message).toBe("您已被禁言，暂时无法发表评论");
    const bans = await admin.call((c) => c.comment.admin.bans({ keyword: "cmt_zh" }));
    expect(bans.list).toMatchObject([{ userId: zhangRow.id, remark: "发布广告", loginName: "cmt_zhang" }]);
    await admin.call((c) => c.comment.admin.banRemark({ userId: zhangRow.id, remark: "多次发布广告" }));
    expect((await db.select().from(commentBans))[0]!.remark).toBe("多次发布广告");
    await admin.call((c) => c.comment.admin.unban({ userId: zhangRow.id }));
    expect(await db.select().from(commentBans)).toHaveLength(0);
    await zhang.call((c) => c.comment.add({ courseId: course.id, content: "你好" }));
    expect((await rejection(admin.call((c) => c.comment.admin.unban({ userId: zhangRow.id })))).message).toBe("该用户未被禁言");
  });

  it("hides hidden comments from others but shows them to their author; deleted ones from everyone", async () => {
    const db = getDb();
    const { admin, zhang, liu, liuRow, course } = await setup(db);
    const a = await zhang.call((c) => c.comment.add({ courseId: course.id, content: "张的评论" }));
    const b = await liu.call((c) => c.comment.add({ courseId: course.id, content: "刘的评论" }));
    expect(await admin.call((c) => c.comment.admin.setStatus({ ids: [a.id], status: 0 }))).toEqual({ count: 1 });
    expect((await liu.call((c) => c.comment.list({ courseId: course.id }))).list.map((x) => x.id)).toEqual([b.id]);
    const own = await zhang.call((c) => c.comment.list({ courseId: course.id }));
    expect(own.list.find((x) => x.id === a.id)).toMatchObject({ status: 0, statusText: "已隐藏" });
    // Nobody else can like a hidden comment.
    expect((await rejection(liu.call((c) => c.comment.praise({ commentId: a.id } as never)))).message).toBe("评论不存在或已删除");
    expect((await admin.call((c) => c.comment.admin.page({ status: 0 }))).list.map((x) => x.id)).toEqual([a.id]);
    await admin.call((c) => c.comment.admin.del({ ids: [a.id, b.id] }));
    expect((await zhang.call((c) => c.comment.list({ courseId: course.id }))).total).toBe(0);
    expect((await admin.call((c) => c.comment.admin.page({}))).total).toBe(0);
    expect(liuRow.id).toBeGreaterThan(0);
  });

  it("lists pinned comments first, then newest, with paging", async () => {
    const db = getDb();
    const { admin, zhang, zhangRow, course } = await setup(db);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await zhang.call((c) => c.comment.add({ courseId: course.id, content: `评论${n}` }))).id);
      await ageComments(db, zhangRow.id);
    }
    await admin.call((c) => c.comment.admin.top({ id: ids[0]!, top: 1 }));
    const page1 = await zhang.call((c) => c.comment.list({ courseId: course.id, pageNo: 1, pageSize: 2 }));
    expect(page1.list.map((x) => [x.content, x.isTop])).toEqual([["评论1", 1], ["评论3", 0]]);
    expect(page1.total).toBe(3);
    expect((await zhang.call((c) => c.comment.list({ courseId: course.id, pageNo: 2, pageSize: 2 }))).list.map((x) => x.content)).toEqual(["评论2"]);
    await admin.call((c) => c.comment.admin.top({ id: ids[0]!, top: 0 }));
    expect((await zhang.call((c) => c.comment.list({ courseId: course.id }))).list.map((x) => x.content)).toEqual(["评论3", "评论2", "评论1"]);
  });

  it("keeps one like per user; status repeats change nothing and a toggle takes it back", async () => {
    const db = getDb();
    const { zhang, liu, course } = await setup(db);
    const { id } = await zhang.call((c) => c.comment.add({ courseId: course.id, content: "点赞测试" }));
    expect(await liu.call((c) => c.comment.praise({ commentId: id, status: 1 } as never))).toEqual({ isPraise: 1, likeCount: 1 });
    expect(await liu.call((c) => c.comment.praise({ commentId: id, status: 1 } as never))).toEqual({ isPraise: 1, likeCount: 1 });
    expect(await zhang.call((c) => c.comment.praise({ commentId: id } as never))).toEqual({ isPraise: 1, likeCount: 2 });
    expect(await db.select().from(commentLikes)).toHaveLength(2);
    expect((await liu.call((c) => c.comment.list({ courseId: course.id }))).list[0]).toMatchObject({ likeCount: 2, isPraise: 1 });
    expect(await zhang.call((c) => c.comment.praise({ commentId: id } as never))).toEqual({ isPraise: 0, likeCount: 1 });
    expect(await liu.call((c) => c.comment.praise({ commentId: id, status: 0 } as never))).toEqual({ isPraise: 0, likeCount: 0 });
    expect(await liu.call((c) => c.comment.praise({ commentId: id, status: 0 } as never))).toEqual({ isPraise: 0, likeCount: 0 });
    expect(await db.select().from(commentLikes)).toHaveLength(0);
  });

  it("shows admin replies under the comment and in the author's 回复我的 with read state", async () => {
    const db = getDb();
    const { admin, zhang, liu, course } = await setup(db);
    const { id } = await zhang.call((c) => c.comment.add({ courseId: course.id, content: "第三章的案例能再讲讲吗？" }));
    const r = await admin.call((c) => c.comment.admin.reply({ commentId: id, content: "感谢反馈，下周补充案例讲解。" }));
    expect((await liu.call((c) => c.comment.list({ courseId: course.id }))).list[0]).toMatchObject({ replyCount: 1, replies: [{ content: "感谢反馈，下周补充案例讲解。", nick: "管理员" }] });
    expect(await zhang.call((c) => c.comment.unreadCount())).toEqual({ count: 1 });
    expect(await liu.call((c) => c.comment.unreadCount())).toEqual({ count: 0 });
    const mine = await zhang.call((c) => c.comment.replyMe({}));
    expect(mine.list).toMatchObject([{ id: r.id, commentContent: "第三章的案例能再讲讲吗？", courseName: "政府采购法实务精讲", isRead: 0 }]);
    // Someone else cannot mark it read.
    expect(await liu.call((c) => c.comment.readReply({ id: r.id }))).toEqual({ count: 0, unReadCount: 0 });
    expect(await zhang.call((c) => c.comment.readReply(undefined))).toEqual({ count: 1, unReadCount: 0 });
    expect((await admin.call((c) => c.comment.admin.replies({ commentId: id })))[0]).toMatchObject({ adminNick: "李建国", isRead: 1 });
    await admin.call((c) => c.comment.admin.deleteReply({ id: r.id }));
    expect(await db.select().from(commentReplies)).toHaveLength(0);
    expect((await db.select().from(courseComments))[0]!.replyCount).toBe(0);
    expect((await rejection(admin.call((c) => c.comment.admin.deleteReply({ id: r.id })))).message).toBe("回复不存在或已删除");
  });

  it("answers 403 to a learner on every admin call and refuses banning an admin", async () => {
    const db = getDb();
    const { admin, adminRow, zhang, zhangRow } = await setup(db);
    const calls = [
      () => zhang.call((c) => c.comment.admin.page({})),
      () => zhang.call((c) => c.comment.admin.setStatus({ ids: [1], status: 0 })),
      () => zhang.call((c) => c.comment.admin.del({ ids: [1] })),
      () => zhang.call((c) => c.comment.admin.ban({ userId: zhangRow.id })),
      () => zhang.call((c) => c.comment.admin.bans({})),
    ];
    for (const run of calls) expect((await rejection(run())).code).toBe("FORBIDDEN");
    expect((await rejection(admin.call((c) => c.comment.admin.ban({ userId: adminRow.id })))).message).toBe("不能禁言管理员");
    expect((await rejection(admin.call((c) => c.comment.admin.setStatus({ ids: [], status: 0 })))).message).toBe("请选择评论");
    expect((await rejection(admin.call((c) => c.comment.admin.setStatus({ ids: [1], status: 5 })))).message).toBe("评论状态须在0-1之间");
    // Empty filter fields from a GET form count as absent.
    expect(await admin.call((c) => c.comment.admin.page({ courseId: "", keyword: "", status: "", pageNo: "" } as never))).toMatchObject({ total: 0, pageNo: 1, pageSize: 10 });
  });
});
