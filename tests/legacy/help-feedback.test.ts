import { expect, it } from "vitest";
import { createSession } from "@trpc-app/auth/session";
import { recordUploads } from "@trpc-app/upload/access.service";
import { createAwardRecord, createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const E = "/api/elearning";
const SEND = `${E}/caiyun/front/message/sendUserMessage`;
const JUMP = `${E}/caiyun/front/user/getJumpUrl`;
const ADDRESS = `${E}/front/live/getAwardReceiveAddress`;
const RECEIVE = `${E}/front/live/receiveAward`;

describeEachDb("legacy help, feedback, jump and prize calls", (getDb) => {
  it("visitors get 281 on every call", async () => {
    const client = legacyClient(getDb());
    for (const answer of [
      await client.post(SEND, { content: "你好" }),
      await client.post(JUMP, { returnTo: "/person/study" }),
      await client.get(ADDRESS, { liveUserAwardRecordId: 1 }),
      await client.post(RECEIVE, { liveUserAwardRecordId: 1, receiverName: "张敏", receiverMobile: "13912345678", receiverAddress: "杭州" }),
    ])
      expect(answer.body).toMatchObject({ code: 281, success: false });
  });

  it("sendUserMessage opens a thread and follows it up; getJumpUrl answers only paths on this site", async () => {
    const db = getDb();
    const user = await createUser(db, { nick: "学员甲" });
    const key = `1133/20261127/${user.id}/shot.png`;
    await recordUploads(db, [{ key, ownerId: user.id, bizCode: "1133", purpose: "file" }]);
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, user.id)).token;

    const first = await client.post(SEND, { content: "证书下载后是空白的", images: [`/storage/file/${key}`] });
    expect(first.body).toEqual({ code: 200, message: expect.any(String), success: true, data: { feedbackId: expect.any(Number), replyId: null, status: 0 } });
    const follow = await client.post(SEND, { content: "补充：用的是手机浏览器", feedbackId: String(first.body.data.feedbackId) });
    expect(follow.body.data).toEqual({ feedbackId: first.body.data.feedbackId, replyId: expect.any(Number), status: 0 });
    const bad = await client.post(SEND, { content: "" });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: "请输入反馈内容" });

    const base = "http://127.0.0.1:3000";
    const cases: [unknown, string][] = [
      [{ returnTo: "/person/study?tab=1" }, "/person/study?tab=1"],
      [{ url: `${base}/course/detail?courseId=3` }, "/course/detail?courseId=3"],
      [{ redirect: "https://evil.example/phish" }, "/"],
      [{ returnTo: "//evil.example" }, "/"],
      [{ returnTo: "/\\evil.example" }, "/"],
      [{ returnTo: "javascript:alert(1)" }, "/"],
      [{}, "/"],
    ];
    for (const [body, url] of cases) expect((await client.post(JUMP, body)).body).toMatchObject({ code: 200, success: true, data: { url } });
  });

  it("getAwardReceiveAddress and receiveAward answer the owner only", async () => {
    const db = getDb();
    const a = await createUser(db, { nick: "学员甲" });
    const b = await createUser(db, { nick: "学员乙" });
    const live = await createLive(db, { liveStatus: 2 });
    const { record } = await createAwardRecord(db, { liveId: live.id, userId: a.id });
    const A = legacyClient(db);
    A.jar.cy_session = (await createSession(db, a.id)).token;
    const B = legacyClient(db);
    B.jar.cy_session = (await createSession(db, b.id)).token;
    const form = { liveUserAwardRecordId: record.id, receiverName: "张敏", receiverMobile: "13912345678", receiverAddress: "浙江省杭州市西湖区文三路1号" };

    expect((await B.get(ADDRESS, { liveUserAwardRecordId: record.id })).body).toMatchObject({ success: false, code: 404 });
    expect((await B.post(RECEIVE, form)).body).toMatchObject({ success: false, code: 404 });
    const given = await A.post(RECEIVE, form);
    expect(given.body).toMatchObject({ code: 200, success: true, data: { liveUserAwardRecordId: record.id, receiveStatus: 1, receiverName: "张敏" } });
    const read = await A.get(ADDRESS, { liveUserAwardRecordId: String(record.id) });
    expect(read.body.data).toMatchObject({ receiverMobile: "13912345678", receiverAddress: "浙江省杭州市西湖区文三路1号", shipTime: null });
    expect((await A.post(RECEIVE, { ...form, receiverMobile: "123" })).body).toMatchObject({ success: false, message: "手机号格式不正确" });
  });
});
