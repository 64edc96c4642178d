import { afterEach, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { MESSAGE_KIND, stationMessages } from "@db/schema";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { createAdminMessage } from "../factories/message";
import { addMembership, createGroup } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

const frames = useRealtimeStub();
afterEach(() => settleUnreadPushes());
const unreadPushed = (userId: number) => frames.filter((f) => f.topic === `user/${userId}` && f.message.type === "unread").map((f) => f.message.unreadNum);

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "mail_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const zhang = await createUser(db, { loginName: "zhangmin_m", nick: "张敏" });
  const liu = await createUser(db, { loginName: "liuyang_m", nick: "刘洋" });
  return { adminRow, admin, zhang, liu };
}

describeEachDb("mail", (getDb) => {
  it("counts unread mails in the badge's unreadNum, reads a mail once and only for its owner", async () => {
    const db = getDb();
    const { adminRow, zhang, liu } = await setup(db);
    await createAdminMessage(db, { title: "站内通知一则", targetType: 3, userIds: [zhang.id], createdBy: adminRow.id, send: true });
    const mail = await createAdminMessage(db, { title: "2026年度学习报告", content: "您今年共学习42小时。", kind: 2, targetType: 3, userIds: [zhang.id, liu.id], createdBy: adminRow.id, send: true });
    expect(mail).toMatchObject({ kind: 2, kindText: "邮件" });
    await settleUnreadPushes();
    // The socket learns the count of both kinds.
    expect(unreadPushed(zhang.id).at(-1)).toBe(2);

    const me = await signedInClient(db, zhang.id);
    expect(await me.call((c) => c.message.unreadCount())).toEqual({ unreadNum: 2 });
    expect(await me.call((c) => c.message.mail.unread())).toEqual({ unReadCount: 1 });
    // Each list holds its own kind.
    const stations = await me.call((c) => c.message.page({ pageNo: 1, pageSize: 10 }));
    expect(stations.list.map((m) => m.title)).toEqual(["站内通知一则"]);
    expect(stations.unreadNum).toBe(1);
    const mails = await me.call((c) => c.message.mail.list({ pageNo: 1, pageSize: 10 }));
    expect(mails).toMatchObject({ total: 1, unreadNum: 1, list: [{ title: "2026年度学习报告", isRead: 0, readTime: null }] });
    const id = mails.list[0]!.id;

    // Another learner's mail reads as missing and stays unread.
    const other = await signedInClient(db, liu.id);
    expect((await rejection(other.call((c) => c.message.mail.detail({ id })))).message).toBe("邮件不存在或已删除");
    const [copy] = await db.select().from(stationMessages).where(eq(stationMessages.id, id));
    expect(copy!.readAt).toBeNull();

    frames.length = 0;
    const read = await me.call((c) => c.message.mail.detail({ id }));
    expect(read).toMatchObject({ id, title: "2026年度学习报告", content: "您今年共学习42小时。", isRead: 1 });
    await settleUnreadPushes();
    expect(unreadPushed(zhang.id)).toEqual([1]);
    expect(await me.call((c) => c.message.unreadCount())).toEqual({ unreadNum: 1 });
    // Reading again changes nothing: same read time, no new push.
    const again = await me.call((c) => c.message.mail.detail({ mailId: id } as never));
    expect(again.readTime).toBe(read.readTime);
    await settleUnreadPushes();
    expect(unreadPushed(zhang.id)).toEqual([1]);
    // Marking every station message read leaves mails alone, and the other learner's copy is still unread.
    expect(await me.call((c) => c.message.markRead({ readAll: 1 } as never))).toEqual({ updated: 1, unreadNum: 0 });
    expect(await other.call((c) => c.message.mail.unread())).toEqual({ unReadCount: 1 });
  });

  it("lets an admin write a mail to a group through the station-message back office", async () => {
    const db = getDb();
    const { admin, zhang, liu } = await setup(db);
    const group = await createGroup(db, "采购一科");
    await addMembership(db, zhang.id, { groupIds: [group.id] });
    const made = await admin.call((c) => c.message.admin.add({ title: "培训安排", content: "请于周五前完成报名。", kind: 2, targetType: 2, groupIds: [String(group.id)] } as never));
    expect(made).toMatchObject({ kind: 2, kindText: "邮件", targetType: 2, expectedCount: 1 });
    const sent = await admin.call((c) => c.message.admin.operate({ id: made.id, status: 1 }));
    expect(sent).toMatchObject({ status: 1, delivered: 1 });
    const rows = await db.select().from(stationMessages).where(and(eq(stationMessages.businessType, "station"), eq(stationMessages.businessId, String(made.id))));
    expect(rows.map((r) => [r.userId, r.kind])).toEqual([[zhang.id, MESSAGE_KIND.mail]]);
    expect((await (await signedInClient(db, zhang.id)).call((c) => c.message.mail.list({ pageNo: 1, pageSize: 10 }))).total).toBe(1);
    expect((await (await signedInClient(db, liu.id)).call((c) => c.message.mail.list({ pageNo: 1, pageSize: 10 }))).total).toBe(0);
    // The back office filters by kind; a copy keeps the kind.
    expect((await admin.call((c) => c.message.admin.page({ kind: 2 } as never))).list.map((m) => m.id)).toEqual([made.id]);
    expect((await admin.call((c) => c.message.admin.page({ kind: 1 } as never))).total).toBe(0);
    expect((await rejection(admin.call((c) => c.message.admin.add({ title: "x", content: "y", kind: 3 } as never)))).message).toBe("消息类型只能为 1 站内信 或 2 邮件");
  });
});
