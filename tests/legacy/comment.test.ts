import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { commentBans, courseComments } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/comment";
const B = "/api/elearning/back/comment";

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy comment calls", (getDb) => {
  it("posts, lists, likes and reads replies through the learner paths", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "预算绩效管理" });
    const { user, client } = await signedIn(db, { nick: "王晓雯" });
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });

    const made = await client.post(F, { courseId: String(course.id), content: "讲得很透彻" });
    expect(made.body).toMatchObject({ code: 200, success: true });
    const id = made.body.data.id as number;
    expect((await client.post(F, { courseId: course.id, content: "再来一条" })).body).toMatchObject({ success: false, message: "评论太频繁，请10秒后再试" });

    const list = await legacyClient(db).post(`${F}/list`, { courseId: course.id, pageNo: 1, pageSize: 10 });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id, content: "讲得很透彻", nick: "王*雯", isPraise: 0 }] });
    expect((await client.post("/api/elearning/caiyun/front/praise", { commentId: id })).body.data).toEqual({ isPraise: 1, likeCount: 1 });

    expect((await admin.post(`${B}/reply`, { commentId: id, content: "谢谢支持" })).body).toMatchObject({ success: true });
    expect((await client.get("/api/elearning/front/comment/message/unReadCount")).body.data).toEqual({ count: 1 });
    expect((await client.post(`${F}/getUserNewReplyCount`, {})).body.data).toEqual({ count: 1 });
    const mine = await client.post(`${F}/message/replyMe`, { pageNo: 1, pageSize: 10 });
    expect(mine.body.data.list).toMatchObject([{ content: "谢谢支持", commentContent: "讲得很透彻", isRead: 0 }]);
    expect((await client.post(`${F}/readReply`, { id: mine.body.data.list[0].id })).body.data).toEqual({ count: 1, unReadCount: 0 });
    expect((await client.get("/api/elearning/front/comment/message/readReplyMessage")).body.data).toEqual({ count: 0, unReadCount: 0 });
    expect(user.id).toBeGreaterThan(0);
  });

  it("moderates through the back-office paths and refuses learners and visitors", async () => {
    const db = getDb();
    const { course } = await createCourse(db);
    const { user, client } = await signedIn(db, { loginName: "legacy_cmt" });
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const id = (await client.post(F, { courseId: course.id, content: "第一条评论" })).body.data.id as number;

    const page = await admin.post(`${B}/getCommentPage`, { courseId: course.id, keyword: "第一", pageNo: 1, pageSize: 10 });
    expect(page.body.data).toMatchObject({ total: 1, list: [{ id, loginName: "legacy_cmt", status: 1, isTop: 0, isBan: 0 }] });
    expect((await admin.post(`${B}/ModifyStatusBatch`, { ids: `${id}`, status: 0 })).body.data).toEqual({ count: 1 });
    expect((await admin.post(`${B}/commentTop`, { id, top: 1 })).body.data).toEqual({ id, isTop: 1 });
    const [row] = await db.select().from(courseComments).where(eq(courseComments.id, id));
    expect(row!.status).toBe(0);
    expect(row!.pinnedAt).not.toBeNull();

    const reply = await admin.post(`${B}/reply`, { commentId: id, content: "已收到" });
    expect((await admin.get(`${B}/getCommentReply`, { commentId: id })).body.data).toMatchObject([{ id: reply.body.data.id, content: "已收到" }]);
    expect((await admin.post(`${B}/deleteCommentReply`, { id: reply.body.data.id })).body.success).toBe(true);

    expect((await admin.post(`${B}/addBanUser`, { userId: user.id, remark: "灌水" })).body.success).toBe(true);
    expect((await admin.post(`${B}/banUser/remark`, { userId: user.id, remark: "多次灌水" })).body.success).toBe(true);
    expect((await admin.post(`${B}/getBanUserPage`, {})).body.data).toMatchObject({ total: 1, list: [{ userId: user.id, remark: "多次灌水" }] });
    expect((await admin.post(`${B}/deleteBanUser`, { userId: user.id })).body.success).toBe(true);
    expect(await db.select().from(commentBans)).toHaveLength(0);
    expect((await admin.post(`${B}/delCommentBatch`, { ids: [id] })).body.data).toEqual({ count: 1 });

    expect((await client.post(`${B}/getCommentPage`, {})).body).toMatchObject({ success: false, message: "您没有权限访问管理后台" });
    expect((await legacyClient(db).post(F, { courseId: course.id, content: "游客" })).body).toMatchObject({ success: false, code: 281 });
    expect((await client.post(F, { courseId: course.id, content: "" })).body).toMatchObject({ success: false, message: "请输入评论内容" });
  });
});
