import { and, asc, eq, gt } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { liveMessages } from "@db/schema";
import { messageList, SHARED_READ_ROWS } from "@trpc-app/live/message.service";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

/** The database with its selects counted and, while `hold` is set, their answers held back until it settles. */
function watched(db: Db) {
  const state = { selects: 0, hold: undefined as Promise<void> | undefined };
  const wrap = (target: object, gate: Promise<void> | undefined): any =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key);
        if (key === "then" && gate) return (ok: never, bad: never) => (t as Promise<unknown>).then((v) => gate.then(() => v)).then(ok, bad);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const out = value.apply(t, args);
          return out && typeof out === "object" ? wrap(out, gate) : out;
        };
      },
    });
  const proxy = new Proxy(db, {
    get(t, key) {
      if (key !== "select") return Reflect.get(t, key);
      return (...args: unknown[]) => {
        state.selects++;
        return wrap((t.select as (...a: unknown[]) => object)(...args), state.hold);
      };
    },
  });
  return { db: proxy as Db, state };
}

async function room(db: Db, count: number, spanMs: number) {
  const live = await createLive(db, { liveStatus: 1 });
  const start = Date.now() - spanMs;
  const rows = Array.from({ length: count }, (_, i) => ({ msgId: `m-${live.id}-${i}`, liveId: live.id, userId: null, nick: `观众${i % 37}`, content: `第${i}条：电子卖场怎么下单？`, sentAt: new Date(start + Math.floor((i * spanMs) / count)) }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(liveMessages).values(rows.slice(i, i + 1000));
  return { live, sentAt: rows.map((r) => r.sentAt.getTime()) };
}

/** What a query of its own answers. */
async function direct(db: Db, liveId: number, since: number, size: number) {
  const rows = await db
    .select({ msgId: liveMessages.msgId })
    .from(liveMessages)
    .where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 0), gt(liveMessages.sentAt, new Date(since))))
    .orderBy(asc(liveMessages.sentAt), asc(liveMessages.id))
    .limit(size);
  return rows.map((r) => r.msgId);
}

const ids = (rows: { msgId: string }[]) => rows.map((r) => r.msgId);

describeEachDb("live: reconnect catch-up", (getDb) => {
  it("viewers returning at once share the room's reads, and each gets the page a query of its own gives", async () => {
    const base = getDb();
    const { live, sentAt } = await room(base, 600, 60_000);
    await base.update(liveMessages).set({ hidden: 1 }).where(eq(liveMessages.msgId, `m-${live.id}-300`));
    const { db, state } = watched(base);
    const sinces = Array.from({ length: 50 }, (_, i) => sentAt[(i * 11) % 600]! - (i % 3));
    const answers = await Promise.all(sinces.map((since, i) => messageList(db, { liveId: live.id, since, pageSize: i % 2 ? 200 : 20 })));
    // The first starts a read (one select); the other 49 arrived while it ran and share the one after it
    // (two selects: the messages between their sinces, the largest page after the newest).
    expect(state.selects).toBe(3);
    for (const [i, since] of sinces.entries()) expect(ids(answers[i]!)).toEqual(await direct(base, live.id, since, i % 2 ? 200 : 20));
    expect(answers.flat().some((m) => m.msgId === `m-${live.id}-300`)).toBe(false);
  });

  it("a viewer arriving while a read runs waits for the next one: a comment stored before it asked is in its answer", async () => {
    const base = getDb();
    const { live, sentAt } = await room(base, 100, 10_000);
    const { db, state } = watched(base);
    let release!: () => void;
    state.hold = new Promise<void>((r) => (release = r));
    const first = messageList(db, { liveId: live.id, since: sentAt[0]!, pageSize: 200 });
    state.hold = undefined;
    // Stored (committed) while the first read is still running, before the second viewer asks.
    await base.insert(liveMessages).values({ msgId: `late-${live.id}`, liveId: live.id, userId: null, nick: "晚到的观众", content: "刚重连上", sentAt: new Date(sentAt[99]! + 1) });
    const second = messageList(db, { liveId: live.id, since: sentAt[50]!, pageSize: 200 });
    release();
    expect(ids(await second)).toContain(`late-${live.id}`);
    expect(ids(await second)).toEqual(await direct(base, live.id, sentAt[50]!, 200));
    expect((await first).length).toBeGreaterThan(0);
    expect(state.selects).toBe(2);
  });

  it("a page running past what a shared read holds is read on its own", async () => {
    const base = getDb();
    const count = SHARED_READ_ROWS + 400;
    const { live, sentAt } = await room(base, count, 120_000);
    const { db, state } = watched(base);
    const opener = messageList(db, { liveId: live.id, since: sentAt[count - 10]!, pageSize: 200 });
    // Both join the read after the opener's; between their sinces lie more than SHARED_READ_ROWS messages.
    const [oldest, near] = await Promise.all([
      messageList(db, { liveId: live.id, since: sentAt[0]! - 1, pageSize: 200 }),
      messageList(db, { liveId: live.id, since: sentAt[SHARED_READ_ROWS + 100]!, pageSize: 200 }),
    ]);
    await opener;
    expect(ids(oldest)).toEqual(await direct(base, live.id, sentAt[0]! - 1, 200));
    expect(near).toHaveLength(200);
    expect(ids(near)).toEqual(await direct(base, live.id, sentAt[SHARED_READ_ROWS + 100]!, 200));
    expect(state.selects).toBe(4);
  });

  it("a since older than five minutes is no reconnect: it reads on its own", async () => {
    const base = getDb();
    const { live, sentAt } = await room(base, 30, 30 * 60_000);
    const { db, state } = watched(base);
    const answers = await Promise.all([0, 1, 2].map((i) => messageList(db, { liveId: live.id, since: sentAt[i]!, pageSize: 5 })));
    expect(state.selects).toBe(3);
    for (const [i, a] of answers.entries()) expect(ids(a)).toEqual(await direct(base, live.id, sentAt[i]!, 5));
  });

  it("the realtime process's history call: the service token only, a sound window, the shared run", async () => {
    const db = getDb();
    const { live, sentAt } = await room(db, 300, 30_000);
    const service = testClient(db, { headers: { authorization: `Bearer ${process.env.SERVICE_TOKEN}` } });
    const run = await service.call((c) => c.live.service.history({ liveId: live.id, from: sentAt[10]!, to: sentAt[20]!, size: 50 }));
    expect(run.complete).toBe(true);
    // Everything in (from, to] and 50 more after it.
    expect(run.rows.map((r) => r.msgId)).toEqual(await direct(db, live.id, sentAt[10]!, 60));
    for (const bad of [{ from: 5, to: 4, size: 10 }, { from: 0, to: 1, size: 0 }, { from: 0, to: 1, size: 201 }, { from: -1, to: 1, size: 10 }])
      expect((await rejection(service.call((c) => c.live.service.history({ liveId: live.id, ...bad })))).code).toBe("BAD_REQUEST");
    const learner = await signedInClient(db, (await createUser(db, { nick: "林晓" })).id);
    expect((await rejection(learner.call((c) => c.live.service.history({ liveId: live.id, from: 0, to: 0, size: 10 })))).code).toBe("FORBIDDEN");
  });
});
