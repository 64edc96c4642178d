import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { sendToUsers, settleUnreadPushes } from "@trpc-app/message/message.service";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const M = "/api/elearning/caiyun/front/message";

// Unread counts go to a realtime process that is not running here: that only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function signedIn(db: Db) {
  const user = await createUser(db, { nick: "王晓雯" });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy caiyun/front/message (station messages)", (getDb) => {
  it("pages the learner's messages, counts unread ones, and marks them read by id, list or all", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db);
    const other = await createUser(db);
    for (const n of [1, 2, 3]) await sendToUsers(db, [user.id, other.id], { title: `通知${n}`, content: `第${n}条`, link: "/live/center", businessType: "test", businessId: n });
    await settleUnreadPushes();
    const page = await client.get(`${M}/pageUserStationMessageList`, { pageNo: "1", pageSize: "2" });
    expect(page.body).toMatchObject({ code: 200, success: true, data: { total: 3, pageNo: 1, pageSize: 2, unreadNum: 3 } });
    expect(page.body.data.list).toHaveLength(2);
    expect(Object.keys(page.body.data.list[0]).sort()).toEqual(["businessId", "businessType", "content", "createTime", "id", "isRead", "linkUrl", "readTime", "title"]);
    expect(page.body.data.list[0]).toMatchObject({ title: "通知3", isRead: 0, readTime: null, linkUrl: "/live/center", businessType: "test", businessId: "3" });
    expect((await client.get(`${M}/getMessageUnreadCount`)).body.data).toEqual({ unreadNum: 3 });

    const first = page.body.data.list[0].id;
    expect((await client.post(`${M}/modifyMessageStatus`, { id: String(first), status: 1 })).body.data).toEqual({ updated: 1, unreadNum: 2 });
    // A form post with a comma list, as old clients send it.
    const ids = (await client.get(`${M}/pageUserStationMessageList`, { pageNo: 1, pageSize: 10 })).body.data.list.map((m: { id: number }) => m.id).join(",");
    expect((await client.call("POST", `${M}/modifyMessageStatus`, { form: { ids } })).body.data).toEqual({ updated: 2, unreadNum: 0 });
    expect((await client.post(`${M}/modifyMessageStatus`, { readAll: 1 })).body.data).toEqual({ updated: 0, unreadNum: 0 });
    expect((await client.get(`${M}/getMessageUnreadCount`)).body.data).toEqual({ unreadNum: 0 });
  });

  it("answers 281 to a visitor and a readable message to bad input", async () => {
    const db = getDb();
    const visitor = legacyClient(db);
    expect((await visitor.get(`${M}/getMessageUnreadCount`)).body).toMatchObject({ success: false, code: 281 });
    const { client } = await signedIn(db);
    expect((await client.post(`${M}/modifyMessageStatus`, {})).body).toMatchObject({ success: false, message: "请选择要标记的消息" });
    expect((await client.post(`${M}/modifyMessageStatus`, { id: "abc" })).body).toMatchObject({ success: false, message: "消息ID格式不正确" });
    expect((await client.get(`${M}/pageUserStationMessageList`, { pageSize: "500" })).body).toMatchObject({ success: false, message: "每页条数须在1-100之间" });
  });
});
