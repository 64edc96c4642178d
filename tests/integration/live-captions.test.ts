import { and, eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { liveCaptions, livePlaybackSubscriptions, liveSeriesSubscriptions, stationMessages, users } from "@db/schema";
import { sendToUsers, settleUnreadPushes } from "@trpc-app/message/message.service";
import { createLive, createLiveSeries } from "../factories/live";
import { createQuestionnaire } from "../factories/questionnaire";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

const frames = useRealtimeStub();
afterEach(() => vi.restoreAllMocks());

const engine = (db: Db) => testClient(db, { headers: { authorization: `Bearer ${process.env.SERVICE_TOKEN}` } });
const roomFrames = (liveId: number, type: string) => frames.filter((f) => f.topic === `live/${liveId}` && f.message.type === type).map((f) => f.message.data!);
/** Unread counts are pushed in the background after the call answers. */
const settle = settleUnreadPushes;
afterEach(() => settleUnreadPushes());

async function admin(db: Db) {
  const row = await createUser(db, { nick: "李建国", isAdmin: 1 });
  return signedInClient(db, row.id);
}

describeEachDb("live captions: speech-recognition sentences", (getDb) => {
  it("stores a batch, shows each new sentence once in the room, and skips a retried batch", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1 });
    const asr = engine(db);
    const batch = [
      { sentenceId: "s-1", text: "各位学员大家好", beginTime: 1000, endTime: 2600 },
      { sentenceId: "s-2", text: "今天讲政府采购需求管理", beginTime: 2600, endTime: 5200 },
    ];
    expect(await asr.call((c) => c.live.service.asrSentences({ liveId: live.id, sentences: batch }))).toEqual({ liveId: live.id, received: 2, saved: 2 });
    // The engine retries the same batch with one new sentence, by room id this time.
    const again = await asr.call((c) => c.live.service.asrSentences({ roomId: live.roomId, sentences: [...batch, { sentenceId: "s-3", text: "第一部分：需求调查", beginTime: 5200 }] }));
    expect(again).toEqual({ liveId: live.id, received: 3, saved: 1 });
    const rows = await db.select().from(liveCaptions).where(eq(liveCaptions.liveId, live.id)).orderBy(liveCaptions.beginMs);
    expect(rows.map((r) => [r.sentenceId, r.text, r.beginMs, r.endMs, r.source])).toEqual([
      ["s-1", "各位学员大家好", 1000, 2600, "asr"],
      ["s-2", "今天讲政府采购需求管理", 2600, 5200, "asr"],
      ["s-3", "第一部分：需求调查", 5200, 9200, "asr"],
    ]);
    expect(roomFrames(live.id, "asr_sentence").map((d) => d.sentenceId)).toEqual(["s-1", "s-2", "s-3"]);
    expect(roomFrames(live.id, "asr_sentence")[0]).toEqual({ sentenceId: "s-1", text: "各位学员大家好", beginTime: 1000, endTime: 2600, source: "asr" });

    // The replay gets them as WebVTT, each cue ending where the next begins.
    const learner = testClient(db);
    const vtt = await learner.call((c) => c.live.captionsVtt({ liveId: live.id }));
    expect(vtt).toBe(
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.600\n各位学员大家好\n\n2\n00:00:02.600 --> 00:00:05.200\n今天讲政府采购需求管理\n\n3\n00:00:05.200 --> 00:00:09.200\n第一部分：需求调查\n",
    );
    expect((await learner.call((c) => c.live.captions({ liveId: live.id }))).map((c) => c.sentenceId)).toEqual(["s-1", "s-2", "s-3"]);
  });

  it("refuses callers without the service token, bad sentences in Chinese, and a live not yet started", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1 });
    const upcoming = await createLive(db, { liveStatus: 0 });
    const one = [{ sentenceId: "a1", text: "你好", beginTime: 0 }];
    const learnerRow = await createUser(db);
    const learner = await signedInClient(db, learnerRow.id);
    expect((await rejection(learner.call((c) => c.live.service.asrSentences({ liveId: live.id, sentences: one })))).message).toBe("服务令牌无效");
    const wrong = testClient(db, { headers: { authorization: "Bearer nope" } });
    expect((await rejection(wrong.call((c) => c.live.service.asrSentences({ liveId: live.id, sentences: one })))).message).toBe("服务令牌无效");
    const asr = engine(db);
    const bad = (sentences: unknown) => rejection(asr.call((c) => c.live.service.asrSentences({ liveId: live.id, sentences } as never)));
    expect((await bad([])).message).toBe("缺少字幕句子");
    expect((await bad([{ sentenceId: "a1", text: "  ", beginTime: 0 }])).message).toBe("请填写字幕内容");
    expect((await bad([{ sentenceId: "a 1", text: "你好", beginTime: 0 }])).message).toBe("句子ID只能包含字母、数字及._:-");
    expect((await bad([{ sentenceId: "a1", text: "你好", beginTime: 3000, endTime: 1000 }])).message).toBe("结束时间不能早于开始时间");
    expect((await bad([{ sentenceId: "a1", text: "你好", beginTime: -5 }])).message).toBe("开始时间格式不正确");
    expect((await rejection(asr.call((c) => c.live.service.asrSentences({ liveId: upcoming.id, sentences: one })))).message).toBe("直播尚未开始，不能推送字幕");
    expect(await db.select().from(liveCaptions)).toHaveLength(0);
    expect(roomFrames(live.id, "asr_sentence")).toHaveLength(0);
  });

  it("an operator's typed line becomes a caption timed from the real start; the switch sends the subtitle change", async () => {
    const db = getDb();
    const boss = await admin(db);
    const live = await createLive(db, { liveStatus: 0 });
    expect((await rejection(boss.call((c) => c.live.admin.caption({ liveId: live.id, text: "还没开始" })))).message).toBe("直播尚未开始，不能推送字幕");
    await boss.call((c) => c.live.admin.operate({ id: live.id, action: "start" }));
    const typed = await boss.call((c) => c.live.admin.caption({ liveId: live.id, text: "欢迎来到直播间", clientId: "line-0001" }));
    expect(typed).toMatchObject({ saved: 1 });
    expect(typed.beginTime).toBeGreaterThanOrEqual(0);
    expect(typed.beginTime).toBeLessThan(5000);
    // A double click sends the same line id: stored once.
    expect(await boss.call((c) => c.live.admin.caption({ liveId: live.id, text: "欢迎来到直播间", clientId: "line-0001" }))).toMatchObject({ saved: 0 });
    expect(roomFrames(live.id, "asr_sentence")).toEqual([expect.objectContaining({ text: "欢迎来到直播间", source: "human" })]);
    expect(await boss.call((c) => c.live.admin.captionsOpen({ liveId: live.id, isOpenSubtitle: 1 }))).toMatchObject({ isOpenSubtitle: 1 });
    expect(roomFrames(live.id, "subtitle")).toEqual([{ isOpenSubtitle: 1, subtitleUrl: "" }]);
    expect((await testClient(db).call((c) => c.live.info({ liveId: live.id }))).isOpenSubtitle).toBe(1);
    const learnerRow = await createUser(db);
    const learner = await signedInClient(db, learnerRow.id);
    expect((await rejection(learner.call((c) => c.live.admin.caption({ liveId: live.id, text: "我来说两句" })))).legacyCode).toBeDefined();
  });
});

describeEachDb("live questionnaire hook", (getDb) => {
  it("answers null, then the pushed questionnaire for late joiners, then null after withdrawal", async () => {
    const db = getDb();
    const boss = await admin(db);
    const live = await createLive(db, { liveStatus: 1 });
    const visitor = testClient(db);
    expect(await visitor.call((c) => c.live.questionnaire({ liveId: live.id }))).toBeNull();
    const pushed = await boss.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "直播满意度调查", url: "https://wj.example.cn/s/abc" }));
    expect(pushed).toMatchObject({ liveId: live.id, title: "直播满意度调查", url: "https://wj.example.cn/s/abc" });
    expect(roomFrames(live.id, "questionnaire")).toEqual([{ liveId: live.id, title: "直播满意度调查", url: "https://wj.example.cn/s/abc", pushedAt: pushed.pushedAt }]);
    expect(await visitor.call((c) => c.live.questionnaire({ liveId: live.id }))).toEqual(pushed);
    // A second push replaces the first.
    await boss.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "课后测评", url: "http://wj.example.cn/s/def" }));
    expect(await visitor.call((c) => c.live.questionnaire({ liveId: live.id }))).toMatchObject({ title: "课后测评" });
    await boss.call((c) => c.live.admin.withdrawQuestionnaire({ liveId: live.id }));
    expect(roomFrames(live.id, "questionnaire").at(-1)).toEqual({ liveId: live.id, closed: 1 });
    expect(await visitor.call((c) => c.live.questionnaire({ liveId: live.id }))).toBeNull();
  });

  it("withdrawing a push brings back the questionnaire bound to the live, without the invitation", async () => {
    const db = getDb();
    const boss = await admin(db);
    const live = await createLive(db, { liveStatus: 1 });
    const { questionnaire: q } = await createQuestionnaire(db, { title: "直播满意度调查" });
    await boss.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: live.id }));
    await boss.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "课后测评", url: "https://wj.example.cn/s/def" }));
    await boss.call((c) => c.live.admin.withdrawQuestionnaire({ liveId: live.id }));
    expect(roomFrames(live.id, "questionnaire").at(-1)).toMatchObject({ liveId: live.id, title: "直播满意度调查", url: `/questionnaire?id=${q.id}`, source: "bound" });
  });

  it("open rooms follow binding, unbinding and the bound questionnaire's status, unless a push is showing", async () => {
    const db = getDb();
    const boss = await admin(db);
    const live = await createLive(db, { liveStatus: 1 });
    const { questionnaire: q } = await createQuestionnaire(db, { title: "直播满意度调查" });
    const last = () => roomFrames(live.id, "questionnaire").at(-1);
    await boss.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: live.id }));
    expect(last()).toMatchObject({ title: "直播满意度调查", source: "bound" });
    await boss.call((c) => c.questionnaire.admin.setStatus({ ids: [q.id], status: 2 }));
    expect(last()).toEqual({ liveId: live.id, closed: 1 });
    await boss.call((c) => c.questionnaire.admin.setStatus({ ids: [q.id], status: 1 }));
    expect(last()).toMatchObject({ title: "直播满意度调查", source: "bound" });
    await boss.call((c) => c.questionnaire.admin.unbind({ businessId: live.id }));
    expect(last()).toEqual({ liveId: live.id, closed: 1 });
    // While a push is showing, binding changes nothing in the room.
    await boss.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "课后测评", url: "https://wj.example.cn/s/def" }));
    const frames = roomFrames(live.id, "questionnaire").length;
    await boss.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: live.id }));
    expect(roomFrames(live.id, "questionnaire")).toHaveLength(frames);
  });

  it("refuses a link that is not http(s), a missing title, and learners", async () => {
    const db = getDb();
    const boss = await admin(db);
    const live = await createLive(db, { liveStatus: 1 });
    const push = (title: string, url: string) => rejection(boss.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title, url })));
    expect((await push("问卷", "javascript:alert(1)")).message).toBe("问卷链接须为 http 或 https 地址");
    expect((await push("问卷", "wj.example.cn")).message).toBe("问卷链接须为 http 或 https 地址");
    expect((await push(" ", "https://wj.example.cn")).message).toBe("请填写问卷标题");
    const learnerRow = await createUser(db);
    const learner = await signedInClient(db, learnerRow.id);
    expect((await rejection(learner.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "问卷", url: "https://wj.example.cn" })))).message).toBe("您没有权限访问管理后台");
    expect(await testClient(db).call((c) => c.live.questionnaire({ liveId: live.id }))).toBeNull();
  });
});

describeEachDb("live notifications: station messages", (getDb) => {
  async function learners(db: Db, n: number) {
    const rows = [];
    for (let i = 0; i < n; i++) rows.push(await createUser(db));
    return rows;
  }
  const messagesOf = (db: Db, userId: number) => db.select().from(stationMessages).where(eq(stationMessages.userId, userId));

  it("tells each replay subscriber once when the live stops with its replay open, and not others", async () => {
    const db = getDb();
    const boss = await admin(db);
    const [a, b, outsider] = await learners(db, 3);
    const live = await createLive(db, { liveStatus: 1, isPlayback: 1, playbackUrl: "/live/hls/demo/index.m3u8", name: "采购合同履约管理" });
    await db.insert(livePlaybackSubscriptions).values([a!, b!].map((u) => ({ liveId: live.id, userId: u.id })));
    await boss.call((c) => c.live.admin.operate({ id: live.id, action: "stop" }));
    // Stopping again, and saving the replay config again, send nothing more.
    await boss.call((c) => c.live.admin.stop({ id: live.id }));
    await boss.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 1, playbackUrl: "/live/hls/demo/index.m3u8" }));
    for (const u of [a!, b!]) {
      const got = await messagesOf(db, u.id);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: "直播回放已生成", link: `/live/detail?roomId=${live.roomId}`, businessType: "live_replay", businessId: String(live.id), readAt: null });
      expect(got[0]!.content).toContain("采购合同履约管理");
    }
    expect(await messagesOf(db, outsider!.id)).toHaveLength(0);
    await settle();
    expect(frames.filter((f) => f.topic === `user/${a!.id}`).map((f) => f.message)).toEqual([{ type: "unread", unreadNum: 1 }]);
  });

  it("a live ended without replay tells subscribers when the admin opens the replay later", async () => {
    const db = getDb();
    const boss = await admin(db);
    const [a] = await learners(db, 1);
    const live = await createLive(db, { liveStatus: 2, isPlayback: 0 });
    const me = await signedInClient(db, a!.id);
    await me.call((c) => c.live.playbackSubscribe({ liveId: live.id }));
    await boss.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 0 }));
    await boss.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 1 }));
    expect(await messagesOf(db, a!.id)).toHaveLength(0);
    await boss.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 1, playbackUrl: "/live/hls/demo/index.m3u8" }));
    await boss.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 1, playbackUrl: "/live/hls/demo/v2.m3u8" }));
    expect(await messagesOf(db, a!.id)).toHaveLength(1);
    const page = await me.call((c) => c.message.page({}));
    expect(page).toMatchObject({ total: 1, unreadNum: 1, list: [{ title: "直播回放已生成", isRead: 0, linkUrl: `/live/detail?roomId=${live.roomId}` }] });
    expect(await me.call((c) => c.message.unreadCount())).toEqual({ unreadNum: 1 });
    expect(await engine(db).call((c) => c.realtime.service.unreadNum({ userId: a!.id }))).toBe(1);
    expect(await me.call((c) => c.message.markRead({ id: page.list[0]!.id }))).toEqual({ updated: 1, unreadNum: 0 });
    expect(await engine(db).call((c) => c.realtime.service.unreadNum({ userId: a!.id }))).toBe(0);
  });

  it("tells series subscribers once when a live of the series is created, and once when it starts", async () => {
    const db = getDb();
    const boss = await admin(db);
    const [a, b, gone] = await learners(db, 3);
    const series = await createLiveSeries(db, { name: "政府采购实务系列讲座" });
    await db.insert(liveSeriesSubscriptions).values([a!, b!].map((u) => ({ seriesId: series.id, userId: u.id })));
    const start = Date.now() + 86400e3;
    const created = await boss.call((c) => c.live.admin.save({ name: "第三讲：评审专家管理", startTime: start, endTime: start + 7200e3, seriesId: series.id }));
    // Editing it, putting it up again and binding it again send nothing new.
    await boss.call((c) => c.live.admin.save({ id: created.id, name: "第三讲：评审专家管理（更新）", startTime: start, endTime: start + 7200e3, seriesId: series.id }));
    await boss.call((c) => c.live.admin.shelf({ id: created.id, status: 1 }));
    await boss.call((c) => c.live.admin.series.relate({ id: series.id, liveIds: [created.id] }));
    const other = await createLive(db, { liveStatus: 0 });
    await boss.call((c) => c.live.admin.series.relate({ id: series.id, liveIds: [other.id] }));
    await boss.call((c) => c.live.admin.operate({ id: created.id, action: "start" }));
    await boss.call((c) => c.live.admin.operate({ id: created.id, action: "start" }));
    for (const u of [a!, b!]) {
      const got = (await messagesOf(db, u.id)).map((m) => [m.businessType, m.businessId]).sort();
      expect(got).toEqual([
        ["live_series_new", String(created.id)],
        ["live_series_new", String(other.id)],
        ["live_series_start", String(created.id)],
      ].sort());
    }
    expect(await messagesOf(db, gone!.id)).toHaveLength(0);
    // A hidden live or an offline series tells nobody.
    await boss.call((c) => c.live.admin.series.status({ id: series.id, status: 0 }));
    await boss.call((c) => c.live.admin.save({ name: "第四讲", startTime: start, endTime: start + 7200e3, seriesId: series.id }));
    expect(await messagesOf(db, a!.id)).toHaveLength(3);
  });

  it("sends to many users in batches, once each, and marks read only the reader's own messages", async () => {
    const db = getDb();
    // Plain rows: 2,300 learners need no password hashing.
    const inserted = await db
      .insert(users)
      .values(Array.from({ length: 2300 }, (_, i) => ({ loginName: `batch_${i}`, nick: `学员${i}`, passwordHash: "x" })))
      .returning({ id: users.id });
    const ids = inserted.map((u) => u.id);
    const draft = { title: "系统通知", content: "平台将于今晚维护", businessType: "test_notice", businessId: 1 };
    expect(await sendToUsers(db, [...ids, ...ids.slice(0, 10)], draft)).toHaveLength(2300);
    expect(await sendToUsers(db, ids, draft)).toHaveLength(0);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(stationMessages)) as [{ n: number }];
    expect(n).toBe(2300);
    const [first, second] = ids;
    const mine = await db.select().from(stationMessages).where(eq(stationMessages.userId, first!));
    const theirs = await db.select().from(stationMessages).where(eq(stationMessages.userId, second!));
    const reader = await signedInClient(db, first!);
    expect(await reader.call((c) => c.message.markRead({ ids: [theirs[0]!.id, mine[0]!.id] }))).toEqual({ updated: 1, unreadNum: 0 });
    expect((await db.select().from(stationMessages).where(and(eq(stationMessages.userId, second!))))[0]!.readAt).toBeNull();
    expect((await rejection(reader.call((c) => c.message.markRead({} as never)))).message).toBe("请选择要标记的消息");
    expect((await rejection(testClient(db).call((c) => c.message.page({})))).legacyCode).toBe("281");
  }, 30_000);
});
