import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { lives, liveWatchRecords } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient, trpcHttp } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

// The back office's member list of a live (page/memberList): keyword filter, order, paging and refusals.

// Publishing to a realtime process that is not running only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function setup(db: Db) {
  const adminRow = await createUser(db, { nick: "李建国", isAdmin: 1 });
  const live = await createLive(db, { liveStatus: 1, name: "政府采购需求管理实务" });
  const zhang = await createUser(db, { nick: "张敏", loginName: "zhangmin_hz", mobile: "13911112222" });
  const liu = await createUser(db, { nick: "刘洋", loginName: "liuyang_nb", mobile: "13733334444" });
  const wang = await createUser(db, { nick: "王晓雯", loginName: "wxw_100%", mobile: null });
  const zhao = await createUser(db, { nick: "赵磊", loginName: "zhaolei_sz", mobile: "13655556666" });
  const admin = await signedInClient(db, adminRow.id);
  // Three entered at different times; 赵磊 was added by an admin and has not entered yet.
  const t = Date.now();
  await db.insert(liveWatchRecords).values([
    { liveId: live.id, userId: zhang.id, entryCount: 3, watchSeconds: 3900, playbackSeconds: 0, score: 65, orgName: "杭州市财政局", areaName: "杭州市", lastEntryAt: new Date(t - 3600e3) },
    { liveId: live.id, userId: liu.id, entryCount: 1, watchSeconds: 600, playbackSeconds: 300, score: 15, orgName: "宁波市采购中心", areaName: "宁波市", lastEntryAt: new Date(t - 60e3) },
    { liveId: live.id, userId: wang.id, entryCount: 2, watchSeconds: 1200, score: 20, lastEntryAt: new Date(t - 7200e3) },
  ]);
  await admin.call((c) => c.live.admin.addMembers({ liveId: live.id, userIds: [zhao.id] }));
  return { db, admin, adminRow, live, zhang, liu, wang, zhao };
}

const nicks = (r: { list: { nick: string }[] }) => r.list.map((m) => m.nick);

describeEachDb("live admin: member list", (getDb) => {
  it("lists entered learners newest first, then the ones added ahead, with their figures", async () => {
    const { admin, live } = await setup(getDb());
    const all = await admin.call((c) => c.live.admin.members({ liveId: live.id }));
    expect(all.total).toBe(4);
    expect(nicks(all)).toEqual(["刘洋", "张敏", "王晓雯", "赵磊"]);
    expect(all.list[1]).toMatchObject({ loginName: "zhangmin_hz", mobile: "13911112222", entryCount: 3, watchSeconds: 3900, score: 65, orgName: "杭州市财政局", areaName: "杭州市", lastEntryAt: expect.any(Number) });
    expect(all.list[3]).toMatchObject({ nick: "赵磊", entryCount: 0, watchSeconds: 0, orgName: "", areaName: "", lastEntryAt: null });
    expect(all.list[2]!.mobile).toBe("");
    const second = await admin.call((c) => c.live.admin.members({ liveId: live.id, pageNo: 2, pageSize: 3 }));
    expect(second).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(nicks(second)).toEqual(["赵磊"]);
  });

  it("filters by nick, login name or mobile, and counts only the matches", async () => {
    const { admin, live } = await setup(getDb());
    const by = (keyword: string, extra: Record<string, unknown> = {}) => admin.call((c) => c.live.admin.members({ liveId: live.id, keyword, ...extra } as never));
    expect(nicks(await by("张"))).toEqual(["张敏"]);
    expect(nicks(await by("LIUYANG"))).toEqual(["刘洋"]);
    expect(nicks(await by("3333"))).toEqual(["刘洋"]);
    // Login names containing "zh": the keyword is trimmed first.
    const zh = await by("  zh ");
    expect(nicks(zh)).toEqual(["张敏", "赵磊"]);
    expect(zh.total).toBe(2);
    // Wildcards are literal characters.
    expect(nicks(await by("%"))).toEqual(["王晓雯"]);
    expect(await by("1_0")).toMatchObject({ list: [], total: 0 });
    expect(await by("不存在的学员")).toMatchObject({ list: [], total: 0 });
    // A blank keyword lists everyone; a number (query strings) is read as text.
    expect((await by("")).total).toBe(4);
    expect(nicks(await by(139 as never))).toEqual(["张敏"]);
    // Paging applies within the matches.
    const paged = await by("zh", { pageNo: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(nicks(paged)).toEqual(["赵磊"]);
  });

  it("refuses bad input with a Chinese message and an unknown or deleted live as not found", async () => {
    const { db, admin, live } = await setup(getDb());
    const refusal = (input: unknown) => rejection(admin.call((c) => c.live.admin.members(input as never)));
    expect((await refusal({ liveId: live.id, keyword: "采".repeat(41) })).message).toBe("关键词不超过40个字符");
    expect((await refusal({ liveId: live.id, keyword: { $ne: 1 } })).message).toBe("关键词格式不正确");
    expect((await refusal({ keyword: "张" })).message).toBe("缺少直播ID");
    expect((await refusal({ liveId: "abc" })).message).toBe("直播ID格式不正确");
    expect((await refusal({ liveId: live.id, pageSize: 500 })).message).toBe("每页条数须在1-100之间");
    expect((await refusal({ liveId: live.id, pageNo: 0 })).message).toBe("页码须在1-100000之间");
    const missing = await refusal({ liveId: live.id + 1000 });
    expect(missing.legacyCode).toBe("404");
    expect(missing.message).toBe("直播不存在或已下线");
    await db.update(lives).set({ deletedAt: new Date() }).where(eq(lives.id, live.id));
    expect((await refusal({ liveId: live.id })).legacyCode).toBe("404");
    // The export reads the same list, so it refuses the deleted live too.
    expect((await rejection(admin.call((c) => c.live.admin.exportMembers({ liveId: live.id })))).legacyCode).toBe("404");
  });

  it("answers bad input over HTTP as 400, never as an internal error, and only to admins", async () => {
    const { db, adminRow, live, zhang } = await setup(getDb());
    const { token } = await createSession(db, adminRow.id);
    const bad = await trpcHttp(db, "live.admin.members", { liveId: live.id, keyword: "x".repeat(80) }, { type: "query", cookie: `cy_session=${token}` });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("关键词不超过40个字符");
    expect(bad.internal).toEqual([]);
    const learner = await signedInClient(db, zhang.id);
    expect((await rejection(learner.call((c) => c.live.admin.members({ liveId: live.id, keyword: "张" })))).legacyCode).toBe("403");
  });

  it("serves the keyword on the legacy page/memberList with the same answer shape", async () => {
    const { db, adminRow, live } = await setup(getDb());
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, adminRow.id)).token;
    const r = await client.post("/api/elearning/back/live/page/memberList", { id: String(live.id), keyword: "刘", page: "1", element: "10" });
    expect(r.body).toMatchObject({ success: true, data: { total: 1, pageNo: 1, pageSize: 10 } });
    expect(r.body.data.list).toEqual([
      { userId: expect.any(Number), nick: "刘洋", loginName: "liuyang_nb", mobile: "13733334444", entryCount: 1, watchSeconds: 600, playbackSeconds: 300, score: 15, orgName: "宁波市采购中心", areaName: "宁波市", lastEntryAt: expect.any(Number) },
    ]);
    const bad = await client.post("/api/elearning/back/live/page/memberList", { liveId: live.id, keyword: "x".repeat(41) });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: "关键词不超过40个字符" });
  });

  it("adds members once, and refuses deleting a live that is on air", async () => {
    const { db, admin, live, zhang, zhao } = await setup(getDb());
    expect(await admin.call((c) => c.live.admin.addMembers({ liveId: live.id, userIds: [zhang.id, zhao.id] }))).toEqual({ count: 2, added: 0 });
    expect(await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.liveId, live.id))).toHaveLength(4);
    // The learner who already entered keeps the figures.
    const [kept] = await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.userId, zhang.id));
    expect(kept).toMatchObject({ entryCount: 3, watchSeconds: 3900 });
    expect((await rejection(admin.call((c) => c.live.admin.addMembers({ liveId: live.id, userIds: [] })))).message).toBe("请选择用户");

    const refused = await rejection(admin.call((c) => c.live.admin.del({ id: live.id })));
    expect(refused.message).toBe("直播进行中，请先停止直播");
    const [still] = await db.select().from(lives).where(eq(lives.id, live.id));
    expect(still!.deletedAt).toBeNull();
    await admin.call((c) => c.live.admin.stop({ id: live.id }));
    expect(await admin.call((c) => c.live.admin.del({ id: live.id }))).toEqual({ success: true });
    const [gone] = await db.select().from(lives).where(eq(lives.id, live.id));
    expect(gone!.deletedAt).toBeInstanceOf(Date);
  });
  it("adding reports who is new to the list; the export keeps to the page's keyword and carries replay time", async () => {
    const { admin, live, zhang, zhao } = await setup(getDb());
    const extra = await createUser(getDb(), { nick: "孙悦", loginName: "sunyue_cg" });
    expect(await admin.call((c) => c.live.admin.addMembers({ liveId: live.id, userIds: [zhang.id, zhao.id, extra.id] }))).toEqual({ count: 3, added: 1 });
    const file = await admin.call((c) => c.live.admin.exportMembers({ liveId: live.id, keyword: "liuyang" } as never));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain("回放分钟");
    expect(ws.rowCount).toBe(2);
    const row = Object.fromEntries(header.map((h, j) => [h, ws.getRow(2).getCell(j + 1).value]));
    expect(row).toMatchObject({ 昵称: "刘洋", 观看分钟: 10, 回放分钟: 5 });
  });
  it("the admin list tells whether a push key is out, so the page can ask before retiring it", async () => {
    const { admin, live } = await setup(getDb());
    const row = async () => ((await admin.call((c) => c.live.admin.page({ keyword: live.name } as never))).list as { id: number; hasPushKey?: number }[]).find((l) => l.id === live.id)!;
    expect((await row()).hasPushKey).toBe(0);
    await admin.call((c) => c.live.admin.pushUrl({ id: live.id } as never));
    expect((await row()).hasPushKey).toBe(1);
    // Learners' lists never carry it.
    expect((await admin.call((c) => c.live.page({ keyword: live.name } as never))).list[0]).not.toHaveProperty("hasPushKey");
  });
});
