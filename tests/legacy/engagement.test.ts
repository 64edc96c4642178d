import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { notices, userStudyDays } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { forgetRankCache, periodRange } from "@trpc-app/rank/rank.service";
import { createAdminMessage } from "../factories/message";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front";

// Unread counts go to a realtime process that is not running here: that only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
beforeEach(() => forgetRankCache());

async function signedIn(db: Db, nick: string) {
  const user = await createUser(db, { nick });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

const envelope = (body: unknown) => expect(Object.keys(body as object).sort()).toEqual(["code", "data", "message", "success"]);

describeEachDb("legacy study rank, mail and notices", (getDb) => {
  it("userStudyRank: the first ten for anyone, the own place for a learner", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db, "王晓雯");
    const other = await createUser(db, { nick: "欧阳晓明" });
    const today = periodRange("week")!.to;
    await db.insert(userStudyDays).values([
      { userId: user.id, day: today, contentType: 1, contentId: 1, seconds: 1800 },
      { userId: other.id, day: today, contentType: 2, contentId: 1, seconds: 3600 },
    ]);
    const visitor = legacyClient(db);
    const top = await visitor.get(`${F}/userStudyRank/getFirstTen`, { type: "1" });
    envelope(top.body);
    expect(top.body).toMatchObject({ code: 200, success: true });
    expect(top.body.data.map((r: { rank: number; nick: string; learnHour: number }) => [r.rank, r.nick, r.learnHour])).toEqual([
      [1, "欧**明", 1],
      [2, "王*雯", 0.5],
    ]);
    expect((await visitor.get(`${F}/userStudyRank/getUserStudyRankByUserId`, { userId: String(user.id) })).body).toMatchObject({ success: false, code: 281 });
    const mine = await client.get(`${F}/userStudyRank/getUserStudyRankByUserId`, { userId: String(user.id), type: "week" });
    envelope(mine.body);
    expect(mine.body.data).toMatchObject({ type: "week", rank: 2, total: 2, userId: user.id, learnTime: 1800 });
    expect((await client.get(`${F}/userStudyRank/getFirstTen`, { type: "9" })).body).toMatchObject({ success: false });
  });

  it("mail unRead, list and detail; detail reads only the learner's own mail", async () => {
    const db = getDb();
    const admin = await createUser(db, { nick: "管理员", isAdmin: 1 });
    const { user, client } = await signedIn(db, "张敏");
    const { client: otherClient, user: other } = await signedIn(db, "刘洋");
    await createAdminMessage(db, { title: "学习报告", content: "本月学习12小时。", kind: 2, targetType: 3, userIds: [user.id, other.id], createdBy: admin.id, send: true, pushUnread: false });

    const visitor = legacyClient(db);
    for (const path of ["mail/unRead", "mail/list", "mail/detail"]) expect((await visitor.post(`${F}/${path}`, {})).body).toMatchObject({ success: false, code: 281 });

    const unread = await client.post(`${F}/mail/unRead`, {});
    envelope(unread.body);
    expect(unread.body).toMatchObject({ code: 200, success: true, data: { unReadCount: 1 } });
    const list = await client.post(`${F}/mail/list`, { pageNo: 1, pageSize: 10 });
    envelope(list.body);
    expect(list.body.data).toMatchObject({ total: 1, unreadNum: 1, list: [{ title: "学习报告", isRead: 0 }] });
    const mine = list.body.data.list[0].id as number;
    const theirs = (await otherClient.post(`${F}/mail/list`, {})).body.data.list[0].id as number;

    expect((await client.post(`${F}/mail/detail`, { id: theirs })).body).toMatchObject({ success: false, message: "邮件不存在或已删除" });
    const detail = await client.post(`${F}/mail/detail`, { id: String(mine) });
    envelope(detail.body);
    expect(detail.body.data).toMatchObject({ id: mine, content: "本月学习12小时。", isRead: 1 });
    await settleUnreadPushes();
    expect((await client.post(`${F}/mail/unRead`, {})).body.data).toEqual({ unReadCount: 0 });
    expect((await client.get(`${F}/message/getMessageUnreadCount`)).body.data).toEqual({ unreadNum: 0 });
    expect((await otherClient.post(`${F}/mail/unRead`, {})).body.data).toEqual({ unReadCount: 1 });
    expect((await client.post(`${F}/mail/detail`, {})).body).toMatchObject({ success: false, message: "缺少邮件ID" });
  });

  it("notice/list pages the notices on show, with like counts", async () => {
    const db = getDb();
    const now = Date.now();
    await db.insert(notices).values([
      { title: "平台升级公告", content: "3月15日凌晨系统升级。", sort: 1 },
      { title: "新课上线", content: "政府采购法解读已上线。", sort: 2 },
      { title: "已结束的公告", sort: 3, endTime: new Date(now - 60_000) },
      { title: "停用的公告", sort: 4, status: 0 },
    ]);
    const visitor = legacyClient(db);
    const page = await visitor.post(`${F}/notice/list`, { pageNo: 1, pageSize: 1 });
    envelope(page.body);
    expect(page.body).toMatchObject({ code: 200, success: true, data: { total: 2, pageNo: 1, pageSize: 1, list: [{ title: "平台升级公告", praiseCount: 0, praiseCountText: "0", isPraise: 0 }] } });
    expect((await visitor.post(`${F}/notice/list`, { pageNo: 2, pageSize: 1 })).body.data.list[0].title).toBe("新课上线");
    expect((await visitor.post(`${F}/notice/list`, { pageSize: 500 })).body).toMatchObject({ success: false, message: "每页条数须在1-50之间" });

    // The one praise call likes a notice when it names one, once per learner; a comment otherwise.
    const [notice] = await db.select().from(notices).where(eq(notices.title, "平台升级公告"));
    const { client } = await signedIn(db, "王晓雯");
    const { client: other } = await signedIn(db, "张敏");
    for (let i = 0; i < 2; i++) expect((await client.post(`${F}/praise`, { noticeId: notice!.id, status: 1 })).body).toMatchObject({ success: true, data: { id: notice!.id, isPraise: 1, praiseCount: 1 } });
    expect((await other.post(`${F}/praise`, { businessType: "notice", id: notice!.id })).body).toMatchObject({ success: true, data: { praiseCount: 2 } });
    expect((await client.post(`${F}/praise`, { noticeId: notice!.id, status: 0 })).body).toMatchObject({ data: { isPraise: 0, praiseCount: 1 } });
    expect((await client.post(`${F}/praise`, { commentId: 999999 })).body).toMatchObject({ success: false });
    expect((await visitor.post(`${F}/praise`, { noticeId: notice!.id })).body).toMatchObject({ success: false, code: 281 });
  });
});
