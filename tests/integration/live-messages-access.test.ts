import { afterAll, expect, it } from "vitest";
import type { Db } from "@db/client";
import { overrideDb } from "@db/index.server";
import { liveMessages, liveSeats } from "@db/schema";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { loadRoom } from "~/components/live/room-loader.server";
import { createLive } from "../factories/live";
import { addMembership, createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

type Client = ReturnType<typeof testClient>;

// The room page's server caller opens the test's database.
// The pages' loaders read the test's database; set back after the file (threads share loaded modules).
afterAll(() => overrideDb(undefined));

/** The live room page's first paint, as a browser with this session cookie (or none) loads it. */
const roomPage = (roomId: string, token?: string) =>
  loadRoom(new Request(`http://127.0.0.1:3000/live/detail?roomId=${roomId}`, { headers: { cookie: token ? `${SESSION_COOKIE}=${token}` : "", [PEER_ADDRESS_HEADER]: "10.0.0.5" } }), "detail");

/** Two stored comments of the room, the first hidden by the host. */
async function chat(db: Db, liveId: number) {
  const sentAt = Date.now() - 60_000;
  await db.insert(liveMessages).values([
    { msgId: `hidden-${liveId}`, liveId, userId: null, nick: "刘洋", content: "内部报价是多少？", hidden: 1, sentAt: new Date(sentAt) },
    { msgId: `shown-${liveId}`, liveId, userId: null, nick: "张敏", content: "请问框架协议采购怎么操作？", sentAt: new Date(sentAt + 1000) },
  ]);
  return sentAt;
}

/** What a caller reads of the room: the history, the catch-up after a time, and the hidden ids. */
async function reads(client: Client, liveId: number, since: number) {
  return {
    history: (await client.call((c) => c.live.messages({ liveId }))).map((m) => m.msgId),
    since: (await client.call((c) => c.live.messages({ liveId, since, pageSize: 200 }))).map((m) => m.msgId),
    hidden: await client.call((c) => c.live.hiddenMessages({ liveId })),
  };
}
const readable = (liveId: number) => ({ history: [`shown-${liveId}`], since: [`shown-${liveId}`], hidden: [`hidden-${liveId}`] });

/** Each read of the room is refused the same way. */
async function refusals(client: Client, liveId: number, since: number) {
  const calls = [
    () => client.call((c) => c.live.messages({ liveId })),
    () => client.call((c) => c.live.messages({ liveId, since, pageSize: 200 })),
    () => client.call((c) => c.live.hiddenMessages({ liveId })),
  ];
  const errors = [];
  for (const call of calls) errors.push(await rejection(call()));
  return errors.map((e) => ({ code: e.code, legacyCode: e.legacyCode, message: e.message }));
}
const thrice = <T>(x: T) => [x, x, x];

const SIGN_IN = { code: "UNAUTHORIZED", legacyCode: "281", message: "请先登录" };
const OUT_OF_RANGE = { code: "FORBIDDEN", legacyCode: "102", message: "您暂无该直播的观看权限" };
const NOT_BOUGHT = { code: "FORBIDDEN", legacyCode: "106", message: "该直播为付费直播，请先购买后观看" };

describeEachDb("live: who reads a room's comments", (getDb) => {
  it("a live open to everyone and free: visitors and learners read its comments", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1 });
    const since = await chat(db, live.id);
    const learner = await signedInClient(db, (await createUser(db, { nick: "张敏" })).id);
    expect(await reads(testClient(db), live.id, since)).toEqual(readable(live.id));
    expect(await reads(learner, live.id, since)).toEqual(readable(live.id));
    // The answer keeps its shape.
    expect((await testClient(db).call((c) => c.live.messages({ liveId: live.id })))[0]).toEqual({
      msgId: `shown-${live.id}`,
      liveId: live.id,
      userId: null,
      nick: "张敏",
      content: "请问框架协议采购怎么操作？",
      kind: "comment",
      hidden: 0,
      sentAt: since + 1000,
    });
  });

  it("a live opened to a tag: a visitor must sign in, an outsider gets joining's 102, a member reads", async () => {
    const db = getDb();
    const tag = await createTag(db, "政府采购从业人员");
    const live = await createLive(db, { liveStatus: 1, openRange: [{ kind: "tag", target: String(tag.id) }] });
    const since = await chat(db, live.id);
    const outsiderRow = await createUser(db, { nick: "刘洋" });
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    const outsider = await signedInClient(db, outsiderRow.id);
    const member = await signedInClient(db, memberRow.id);

    expect(await refusals(testClient(db), live.id, since)).toEqual(thrice(SIGN_IN));
    expect(await refusals(outsider, live.id, since)).toEqual(thrice(OUT_OF_RANGE));
    // The same refusal as asking to join the room.
    const join = await rejection(outsider.call((c) => c.live.authToken({ liveId: live.id })));
    expect({ code: join.code, legacyCode: join.legacyCode, message: join.message }).toEqual(OUT_OF_RANGE);
    expect(await reads(member, live.id, since)).toEqual(readable(live.id));
    // The open range binds admins too (only a sold live lets them in without buying).
    const admin = await signedInClient(db, (await createUser(db, { nick: "李建国", isAdmin: 1 })).id);
    expect(await refusals(admin, live.id, since)).toEqual(thrice(OUT_OF_RANGE));
  });

  it("a sold live: a visitor must sign in, a learner without a seat gets 106; a seat, an admin or a teacher reads", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1, price: 4_900 });
    const since = await chat(db, live.id);
    const buyerRow = await createUser(db, { nick: "张敏" });
    await db.insert(liveSeats).values({ liveId: live.id, userId: buyerRow.id });
    const learner = await signedInClient(db, (await createUser(db, { nick: "刘洋" })).id);

    expect(await refusals(testClient(db), live.id, since)).toEqual(thrice(SIGN_IN));
    expect(await refusals(learner, live.id, since)).toEqual(thrice(NOT_BOUGHT));
    const check = await rejection(learner.call((c) => c.live.checkPermission({ liveId: live.id })));
    expect({ code: check.code, legacyCode: check.legacyCode, message: check.message }).toEqual(NOT_BOUGHT);
    expect(await reads(await signedInClient(db, buyerRow.id), live.id, since)).toEqual(readable(live.id));
    expect(await reads(await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id), live.id, since)).toEqual(readable(live.id));
    expect(await reads(await signedInClient(db, (await createUser(db, { isTeacher: 1 })).id), live.id, since)).toEqual(readable(live.id));
  });

  it("the room page still opens for a viewer who may not watch, without the chat; a member gets it", async () => {
    const db = getDb();
    overrideDb(db);
    const tag = await createTag(db, "政府采购从业人员");
    const ranged = await createLive(db, { liveStatus: 1, openRange: [{ kind: "tag", target: String(tag.id) }] });
    const sold = await createLive(db, { liveStatus: 1, price: 4_900 });
    await chat(db, ranged.id);
    await chat(db, sold.id);
    const outsider = (await createSession(db, (await createUser(db, { nick: "刘洋" })).id)).token;
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    await db.insert(liveSeats).values({ liveId: sold.id, userId: memberRow.id });
    const member = (await createSession(db, memberRow.id)).token;
    for (const live of [ranged, sold]) {
      for (const token of [undefined, outsider]) expect(await roomPage(live.roomId, token)).toMatchObject({ info: { id: live.id }, messages: [] });
      expect((await roomPage(live.roomId, member)).messages.map((m) => m.msgId)).toEqual([`shown-${live.id}`]);
    }
  });

  it("a live that does not exist, or that learners cannot see, shows no comments", async () => {
    const db = getDb();
    const visitor = testClient(db);
    expect(await reads(visitor, 999_999, 0)).toEqual({ history: [], since: [], hidden: [] });
    const down = await createLive(db, { liveStatus: 1, status: 0 });
    const since = await chat(db, down.id);
    expect(await reads(visitor, down.id, since)).toEqual({ history: [], since: [], hidden: [] });
  });
});
