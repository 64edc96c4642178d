import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { FEEDBACK_STATUS, stationMessages } from "@db/schema";
import { FEEDBACK_CLOSED, FEEDBACK_REFUSED, FEEDBACK_REPLY_BUSINESS, NOT_OWN_IMAGE } from "@trpc-app/help/feedback.service";
import { recordUploads } from "@trpc-app/upload/access.service";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function people(db: Db) {
  const a = await createUser(db, { nick: "学员甲" });
  const b = await createUser(db, { nick: "学员乙" });
  const admin = await createUser(db, { nick: "管理员", isAdmin: 1 });
  const shotA = `1133/20261127/${a.id}/shot.png`;
  const shotB = `1133/20261127/${b.id}/shot.png`;
  await recordUploads(db, [
    { key: shotA, ownerId: a.id, bizCode: "1133", purpose: "file" },
    { key: shotB, ownerId: b.id, bizCode: "1133", purpose: "file" },
  ]);
  return { a, b, A: await signedInClient(db, a.id), B: await signedInClient(db, b.id), Admin: await signedInClient(db, admin.id), shotA, shotB };
}

describeEachDb("help articles and feedback", (getDb) => {
  it("admins write articles; learners see only published ones and search them by keyword", async () => {
    const db = getDb();
    const { A, Admin } = await people(db);
    await Admin.call((c) => c.help.admin.articles.save({ title: "如何报名考试", category: "考试", content: "<p>进入考试中心<script>alert(1)</script>点击报名</p>", sort: 2, published: 1 }));
    await Admin.call((c) => c.help.admin.articles.save({ title: "证书如何下载", category: "证书", content: "<p>个人中心-我的证书</p>", sort: 1, published: 1 }));
    const draft = await Admin.call((c) => c.help.admin.articles.save({ title: "草稿", category: "其他", content: "<p>未发布</p>", published: 0 }));

    const all = await testClient(db).call((c) => c.help.articles({}));
    expect(all.list.map((x) => x.title)).toEqual(["证书如何下载", "如何报名考试"]);
    expect(all.categories).toEqual(["考试", "证书"].sort());
    expect(all.list[1]!.content).not.toContain("<script>");
    expect((await A.call((c) => c.help.articles({ keyword: "报名" }))).list.map((x) => x.title)).toEqual(["如何报名考试"]);
    expect((await A.call((c) => c.help.articles({ keyword: "%" }))).list).toEqual([]);
    expect((await rejection(A.call((c) => c.help.article({ id: draft.id })))).legacyCode).toBe("404");
    expect((await rejection(A.call((c) => c.help.admin.articles.save({ title: "x", category: "y", content: "" })))).legacyCode).toBe("403");
  });

  it("a thread runs 待处理 -> 已回复 -> 待处理 -> 已关闭; the learner gets one station message per answer", async () => {
    const db = getDb();
    const { a, A, Admin, shotA } = await people(db);
    const sent = await A.call((c) => c.help.feedback.send({ content: "直播回放无法播放，一直转圈", images: [`/storage/file/${shotA}`] }));
    expect(sent).toMatchObject({ status: FEEDBACK_STATUS.pending, replyId: null });

    const queue = await Admin.call((c) => c.help.admin.feedback.page({ status: 0 }));
    expect(queue.list).toEqual([expect.objectContaining({ feedbackId: sent.feedbackId, nick: "学员甲", statusName: "待处理", imageCount: 1 })]);

    const answer = await Admin.call((c) => c.help.admin.feedback.reply({ feedbackId: sent.feedbackId, content: "请清除浏览器缓存后重试" }));
    expect(answer.status).toBe(FEEDBACK_STATUS.answered);
    const mine = await A.call((c) => c.help.feedback.detail({ feedbackId: sent.feedbackId }));
    expect(mine).toMatchObject({ status: 1, statusName: "已回复" });
    expect(mine.messages.map((m) => [m.fromAdmin, m.content])).toEqual([
      [0, "直播回放无法播放，一直转圈"],
      [1, "请清除浏览器缓存后重试"],
    ]);
    expect(mine.images[0]).toMatch(new RegExp(`^/storage/file/${shotA}\\?`));

    const messages = () => db.select().from(stationMessages).where(and(eq(stationMessages.userId, a.id), eq(stationMessages.businessType, FEEDBACK_REPLY_BUSINESS)));
    expect(await messages()).toHaveLength(1);
    expect((await messages())[0]).toMatchObject({ title: "您的反馈有了新回复", businessId: String(answer.replyId), link: `/person/help?feedbackId=${sent.feedbackId}` });

    // The learner follows up: back in the queue; a second answer is a second message.
    const follow = await A.call((c) => c.help.feedback.send({ feedbackId: sent.feedbackId, content: "清除后还是不行" }));
    expect(follow.status).toBe(FEEDBACK_STATUS.pending);
    await Admin.call((c) => c.help.admin.feedback.reply({ feedbackId: sent.feedbackId, content: "已为您反馈技术人员处理" }));
    expect(await messages()).toHaveLength(2);

    await Admin.call((c) => c.help.admin.feedback.close({ feedbackId: sent.feedbackId }));
    expect((await rejection(A.call((c) => c.help.feedback.send({ feedbackId: sent.feedbackId, content: "再问一下" })))).message).toBe(FEEDBACK_CLOSED);
    expect((await rejection(Admin.call((c) => c.help.admin.feedback.reply({ feedbackId: sent.feedbackId, content: "补充" })))).message).toBe("该反馈已关闭");
    expect(await messages()).toHaveLength(2);
  });

  it("learner A can neither read nor write into B's thread, nor attach B's upload", async () => {
    const db = getDb();
    const { A, B, shotA, shotB } = await people(db);
    const mine = await B.call((c) => c.help.feedback.send({ content: "发票抬头填错了怎么办" }));
    const refused = await rejection(A.call((c) => c.help.feedback.detail({ feedbackId: mine.feedbackId })));
    expect(refused.message).toBe(FEEDBACK_REFUSED);
    expect((await rejection(A.call((c) => c.help.feedback.send({ feedbackId: mine.feedbackId, content: "插一句" })))).message).toBe(FEEDBACK_REFUSED);
    expect((await A.call((c) => c.help.feedback.list({}))).list).toEqual([]);
    expect((await B.call((c) => c.help.feedback.list({}))).total).toBe(1);
    expect((await rejection(A.call((c) => c.help.feedback.send({ content: "截图", images: [shotB] })))).message).toBe(NOT_OWN_IMAGE);
    expect((await rejection(A.call((c) => c.help.admin.feedback.detail({ feedbackId: mine.feedbackId })))).legacyCode).toBe("403");
    // Bad input: empty text, other hosts, too many screenshots; visitors are refused.
    expect((await rejection(A.call((c) => c.help.feedback.send({ content: "  " })))).message).toBe("请输入反馈内容");
    expect((await rejection(A.call((c) => c.help.feedback.send({ content: "x", images: ["https://evil.example/a.png"] })))).message).toBe("截图须为本站上传的图片");
    expect((await rejection(A.call((c) => c.help.feedback.send({ content: "x", images: Array(7).fill(shotA) })))).message).toBe("截图最多6张");
    expect((await rejection(testClient(db).call((c) => c.help.feedback.send({ content: "x" })))).legacyCode).toBe("281");
  });
});
