import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { liveMessages, liveSeats, liveWatchRecords, questionnaireAnswers, questionnaireBindings, QUESTIONNAIRE_BUSINESS } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createLive } from "../factories/live";
import { addMembership, createTag } from "../factories/org";
import { createQuestionnaire } from "../factories/questionnaire";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";
import { legacyClient } from "../helpers/legacy";

// The watch rule (room.service assertMayWatch) where the room page was not the only way in: the lists,
// the player's reports of watch time and interactions, the host's messages and a live's questionnaire.

// The app's publishes go to a stand-in realtime process.
useRealtimeStub();

type Client = ReturnType<typeof testClient>;
const F = "/api/elearning/front/live";

const STREAM = { m3u8PlayUrl: "https://pull.cdn.example.cn/live/room.m3u8", playbackUrl: "https://pull.cdn.example.cn/live/replay.m3u8", subtitleUrl: "https://pull.cdn.example.cn/live/zh.vtt" };
const WITHHELD = { m3u8PlayURL: "", playbackUrl: "", subtitleUrl: "" };
const addresses = (v: { m3u8PlayURL: string; playbackUrl: string; subtitleUrl: string }) => ({ m3u8PlayURL: v.m3u8PlayURL, playbackUrl: v.playbackUrl, subtitleUrl: v.subtitleUrl });

const SIGN_IN = { legacyCode: "281", message: "请先登录" };
const OUT_OF_RANGE = { legacyCode: "102", message: "您暂无该直播的观看权限" };
const NOT_BOUGHT = { legacyCode: "106", message: "该直播为付费直播，请先购买后观看" };
const GONE = { legacyCode: "404", message: "直播不存在或已下线" };
const refusal = async (call: Promise<unknown>) => {
  const e = await rejection(call);
  return { legacyCode: e.legacyCode, message: e.message };
};

/** A free live opened to one tag, its member and an outsider. */
async function rangedLive(db: Db, input: Parameters<typeof createLive>[1] = {}) {
  const tag = await createTag(db, "政府采购从业人员");
  const live = await createLive(db, { openRange: [{ kind: "tag", target: String(tag.id) }], ...input });
  const memberRow = await createUser(db, { nick: "张敏" });
  await addMembership(db, memberRow.id, { tagIds: [tag.id] });
  const outsiderRow = await createUser(db, { nick: "刘洋" });
  return { live, memberRow, outsiderRow, member: await signedInClient(db, memberRow.id), outsider: await signedInClient(db, outsiderRow.id) };
}

const records = (db: Db, liveId: number, userId: number) => db.select().from(liveWatchRecords).where(eq(liveWatchRecords.liveId, liveId)).then((r) => r.filter((x) => x.userId === userId));

describeEachDb("live: the watch rule beyond the room page", (getDb) => {
  it("the learner lists (centre, calendar, recommendations, recently watched) carry no stream addresses, old paths included", async () => {
    const db = getDb();
    const { live, outsider, outsiderRow } = await rangedLive(db, { name: "内部采购培训直播", liveStatus: 1, ...STREAM });
    await db.insert(liveWatchRecords).values({ liveId: live.id, userId: outsiderRow.id, entryCount: 1, lastEntryAt: new Date() });
    const visitor = testClient(db);
    const shown = (list: { id: number; m3u8PlayURL: string; playbackUrl: string; subtitleUrl: string }[]) => addresses(list.find((l) => l.id === live.id)!);

    expect(shown((await visitor.call((c) => c.live.page({ pageNo: 1, pageSize: 50 } as never))).list)).toEqual(WITHHELD);
    const days = await visitor.call((c) => c.live.calendar({ startTime: Date.now() - 86400e3, endTime: Date.now() + 86400e3 }));
    expect(shown(days.flatMap((d) => d.list))).toEqual(WITHHELD);
    expect(shown(await visitor.call((c) => c.live.recommend({})))).toEqual(WITHHELD);
    expect(shown(await outsider.call((c) => c.live.recently()))).toEqual(WITHHELD);

    const old = legacyClient(db);
    old.jar.cy_session = (await createSession(db, outsiderRow.id)).token;
    const calendar = await old.post(`${F}/calendar`, { startTime: Date.now() - 86400e3, endTime: Date.now() + 86400e3 });
    expect(shown((calendar.body.data as { list: never[] }[]).flatMap((d) => d.list))).toEqual(WITHHELD);
    expect(shown((await old.get(`${F}/getRecommend`, {})).body.data)).toEqual(WITHHELD);
    expect(shown((await old.get(`${F}/getRecommendList`, {})).body.data.list)).toEqual(WITHHELD);
    expect(shown((await old.get(`${F}/recentlyList`, {})).body.data)).toEqual(WITHHELD);
  });

  it("interactions and watch reports go only into a live the learner may watch, refused as entering it is", async () => {
    const db = getDb();
    const ranged = await rangedLive(db, { liveStatus: 2, isPlayback: 1 });
    const sold = await createLive(db, { liveStatus: 2, isPlayback: 1, price: 4_900 });
    const hidden = await createLive(db, { liveStatus: 2, isPlayback: 1, status: 0 });
    const learner = ranged.outsider;
    const reports = (client: Client, liveId: number) => ({
      interaction: () => client.call((c) => c.live.interaction({ liveId, type: "like", count: 10 })),
      record: () => client.call((c) => c.live.record({ liveId, watchSeconds: 600 })),
      watchPlayback: () => client.call((c) => c.live.watchPlayback({ liveId, watchSeconds: 600 })),
      leave: () => client.call((c) => c.live.leave({ liveId, watchSeconds: 600 })),
    });
    const cases = [
      [ranged.live.id, OUT_OF_RANGE],
      [sold.id, NOT_BOUGHT],
      [hidden.id, GONE],
    ] as const;
    for (const [liveId, expected] of cases) {
      for (const [name, call] of Object.entries(reports(learner, liveId))) expect([name, await refusal(call())]).toEqual([name, expected]);
      expect(await records(db, liveId, ranged.outsiderRow.id)).toEqual([]);
    }
    // The old client's paths answer the same refusal in the envelope.
    const old = legacyClient(db);
    old.jar.cy_session = (await createSession(db, ranged.outsiderRow.id)).token;
    expect((await old.post(`${F}/interaction`, { liveId: ranged.live.id, type: "like" })).body).toEqual({ code: 102, message: OUT_OF_RANGE.message, success: false, data: null });
    expect((await old.post(`${F}/record`, { liveId: sold.id, watchSeconds: 60 })).body).toMatchObject({ code: 106, success: false });
    expect(await records(db, ranged.live.id, ranged.outsiderRow.id)).toEqual([]);

    // A member, and a buyer, are credited as before.
    await ranged.member.call((c) => c.live.entry({ liveId: ranged.live.id }));
    expect(await ranged.member.call((c) => c.live.interaction({ liveId: ranged.live.id, type: "like", count: 2 }))).toMatchObject({ score: 2 });
    await ranged.member.call((c) => c.live.record({ liveId: ranged.live.id, watchSeconds: 60 }));
    await ranged.member.call((c) => c.live.leave({ liveId: ranged.live.id, watchSeconds: 60 }));
    expect(await records(db, ranged.live.id, ranged.memberRow.id)).toMatchObject([{ interactions: 2, lastLeaveAt: expect.any(Date) }]);
    await db.insert(liveSeats).values({ liveId: sold.id, userId: ranged.memberRow.id });
    expect(await ranged.member.call((c) => c.live.watchPlayback({ liveId: sold.id, watchSeconds: 60 }))).toEqual({ success: true });
  });

  it("a teacher speaks as the host only in a live learners see and the teacher may watch; an admin in any live", async () => {
    const db = getDb();
    const tag = await createTag(db, "政府采购从业人员");
    const ranged = await createLive(db, { liveStatus: 1, openRange: [{ kind: "tag", target: String(tag.id) }] });
    const hidden = await createLive(db, { liveStatus: 1, status: 0 });
    const open = await createLive(db, { liveStatus: 1, price: 4_900 });
    const teacher = await signedInClient(db, (await createUser(db, { nick: "王立新", isTeacher: 1 })).id);
    const admin = await signedInClient(db, (await createUser(db, { nick: "李建国", isAdmin: 1 })).id);
    const send = (client: Client, liveId: number, kind: "anchorSend" | "robotSend") => client.call((c) => c.live[kind]({ liveId, content: "请大家注意听讲" }));

    for (const kind of ["anchorSend", "robotSend"] as const) {
      expect(await refusal(send(teacher, ranged.id, kind))).toEqual(OUT_OF_RANGE);
      expect(await refusal(send(teacher, hidden.id, kind))).toEqual(GONE);
    }
    expect(await db.select().from(liveMessages)).toEqual([]);
    // A teacher watches a sold live without buying, and so speaks in it.
    expect(await send(teacher, open.id, "anchorSend")).toMatchObject({ liveId: open.id, nick: "王立新", kind: "anchor" });
    for (const liveId of [ranged.id, hidden.id]) expect(await send(admin, liveId, "robotSend")).toMatchObject({ liveId, nick: "直播助手", kind: "robot" });
  });

  it("a questionnaire bound to a live is answered and read by whoever may watch it; an unbound one stays open to all", async () => {
    const db = getDb();
    const { live, member, outsider, memberRow } = await rangedLive(db, { liveStatus: 2, isPlayback: 1 });
    const sold = await createLive(db, { liveStatus: 2, isPlayback: 1, price: 4_900 });
    const { questionnaire: internal, questions } = await createQuestionnaire(db, { title: "内部满意度调查" });
    const { questionnaire: paidSurvey } = await createQuestionnaire(db, { title: "付费直播满意度调查" });
    const { questionnaire: general } = await createQuestionnaire(db, { title: "公开培训需求调查" });
    await db.insert(questionnaireBindings).values([
      { businessType: QUESTIONNAIRE_BUSINESS.live, businessId: live.id, questionnaireId: internal.id },
      { businessType: QUESTIONNAIRE_BUSINESS.live, businessId: sold.id, questionnaireId: paidSurvey.id },
    ]);
    const answers = [{ questionId: questions[0]!.id, choices: [0] }, { questionId: questions[1]!.id, choices: [1] }];
    const visitor = testClient(db);

    expect(await refusal(outsider.call((c) => c.questionnaire.submit({ id: internal.id, answers })))).toEqual(OUT_OF_RANGE);
    expect(await refusal(outsider.call((c) => c.questionnaire.info({ id: internal.id })))).toEqual(OUT_OF_RANGE);
    expect(await refusal(visitor.call((c) => c.questionnaire.info({ id: internal.id })))).toEqual(SIGN_IN);
    expect(await refusal(member.call((c) => c.questionnaire.info({ id: paidSurvey.id })))).toEqual(NOT_BOUGHT);
    expect(await db.select().from(questionnaireAnswers)).toEqual([]);

    expect(await member.call((c) => c.questionnaire.info({ id: internal.id }))).toMatchObject({ title: "内部满意度调查", isSubmit: 0 });
    await member.call((c) => c.questionnaire.submit({ id: internal.id, answers }));
    expect(await db.select({ userId: questionnaireAnswers.userId }).from(questionnaireAnswers)).toEqual([{ userId: memberRow.id }]);
    await db.insert(liveSeats).values({ liveId: sold.id, userId: memberRow.id });
    expect(await member.call((c) => c.questionnaire.info({ id: paidSurvey.id }))).toMatchObject({ title: "付费直播满意度调查" });
    // Decision 016 stands for a questionnaire of no live: visitors read it, learners answer it.
    expect(await visitor.call((c) => c.questionnaire.info({ id: general.id }))).toMatchObject({ title: "公开培训需求调查" });
    const generalQs = (await outsider.call((c) => c.questionnaire.info({ id: general.id }))).questions;
    await outsider.call((c) => c.questionnaire.submit({ id: general.id, answers: [{ questionId: generalQs[0]!.id, choices: [0] }, { questionId: generalQs[1]!.id, choices: [0] }] }));
  });
});
