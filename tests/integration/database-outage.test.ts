import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "@db/client";
import { courses } from "@db/schema";
import { isDatabaseUnavailable } from "@base/errors";
import { createCourse } from "../factories/course";
import { testClient } from "../helpers/caller";
import { createTestDb, postgresAvailable, settledWithin } from "../helpers/db";
import { pgRelay, poolThroughRelay } from "../helpers/pg-relay";

// PostgreSQL going away under a running app: requests get a clear, retryable refusal within the connect
// timeout instead of hanging, and the same app answers again once the server is back, without a restart.
// The outage is a TCP relay between the app and PostgreSQL that stops relaying (the database itself is
// shared by the whole suite and stays up).

const pgUp = await postgresAvailable();

describe.skipIf(!pgUp)("the database goes away and comes back [postgres]", () => {
  let backing: DbHandle;
  let viaRelay: DbHandle;
  let proxy: ReturnType<typeof pgRelay>;
  let courseId: number;

  beforeAll(async () => {
    backing = await createTestDb("postgres");
    courseId = (await createCourse(backing.db, { name: "政府采购法律法规精讲" })).course.id;
    ({ proxy, handle: viaRelay } = await poolThroughRelay(backing));
  });
  afterAll(async () => {
    await viaRelay?.close().catch(() => {});
    await proxy?.close();
    await backing?.close();
  });

  it("refuses with a retryable 503 within the connect timeout, then answers again without a restart", async () => {
    const client = testClient(viaRelay.db);
    const detail = () => client.call((c) => c.course.detail({ courseId }));
    expect(await detail()).toMatchObject({ name: "政府采购法律法规精讲" });

    proxy.down();
    const started = Date.now();
    await expect(detail()).rejects.toMatchObject({ legacyCode: "503", code: "SERVICE_UNAVAILABLE", message: "服务暂时繁忙，请稍后重试", retryAfter: 5 });
    console.log(`database outage: a call on a dropped connection refused after ${Date.now() - started} ms`);
    // The next call needs a new connection, which hangs: it waits out the 5 s connect timeout, never the
    // 30 s default, never without end.
    const again = Date.now();
    await expect(detail()).rejects.toMatchObject({ legacyCode: "503", code: "SERVICE_UNAVAILABLE" });
    const waited = Date.now() - again;
    console.log(`database outage: a call needing a new connection refused after ${waited} ms`);
    expect(waited).toBeLessThan(8000);
    // A transaction reserves its connection before it sends BEGIN (db/pipelined-begin.ts): that wait is
    // bounded the same way and refused as the database being away.
    const reserving = Date.now();
    const refused = await viaRelay.db.transaction((tx) => tx.execute(sql`select 1`)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(Date.now() - reserving).toBeLessThan(8000);

    proxy.up();
    const back = Date.now();
    let answer: unknown;
    while (Date.now() - back < 10_000) {
      answer = await detail().catch(() => null);
      if (answer) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`database back: answering again after ${Date.now() - back} ms`);
    expect(answer).toMatchObject({ name: "政府采购法律法规精讲" });
    // Back and answering: a transaction whose connection drops while it runs is refused at once as the
    // database being away, and the pool is not left holding the dead connection (the next commit).
    // Every connection of the pool up again first, so the cut below meets a running transaction.
    const commits = async () => (await viaRelay.db.transaction((tx) => tx.execute(sql`select 1 as n`)).catch(() => null)) !== null;
    await Promise.all([commits(), commits(), detail(), detail()]);
    const started2 = Date.now();
    const dropped = await viaRelay.db
      .transaction(async (tx) => {
        await tx.update(courses).set({ name: "写到一半的课程名" }).where(eq(courses.id, courseId));
        proxy.down();
        proxy.up();
        await tx.execute(sql`select 2`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const refusedAfter = Date.now() - started2;
    console.log(`database outage: a transaction whose connection dropped refused after ${refusedAfter} ms: ${(dropped as Error | null)?.message}`);
    expect(isDatabaseUnavailable(dropped)).toBe(true);
    // At once, not after a connect timeout (5 s) or postgres.js's wait for a dead socket; its write is gone.
    expect(refusedAfter).toBeLessThan(3000);
    const [course] = await backing.db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
    expect(course!.name).toBe("政府采购法律法规精讲");
    // The pool's other connection was cut too: a transaction may meet it once, then they commit again.
    const againAt = Date.now();
    while (!(await commits()) && Date.now() - againAt < 10_000) await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 4; i++) expect(await commits()).toBe(true);
  }, 40_000);

  it("a connection cut as it starts fails only the calls on it, never the process", async () => {
    // A new pool: its connections start during the test. Each is cut as it sends its first query, which
    // a pool that reads the server's types on start-up sends outside any call: that read then rejects with
    // no one to catch it, and a web process ends on an unhandled rejection.
    const { proxy: cutting, handle: fresh } = await poolThroughRelay(backing, 2);
    const stray: unknown[] = [];
    const onStray = (reason: unknown) => void stray.push(reason);
    process.on("unhandledRejection", onStray);
    try {
      // The pool's two connections, one for queries and one for transactions, each cut as it starts.
      const client = testClient(fresh.db);
      const detail = () => client.call((c) => c.course.detail({ courseId }));
      cutting.cutAtFirstQuery(1);
      const call = await detail().then(() => null, (e: unknown) => e);
      cutting.cutAtFirstQuery(1);
      const tx = await settledWithin(fresh.db.transaction((t) => t.execute(sql`select 1`)), 8000);
      // Give a stray rejection time to surface.
      await new Promise((r) => setTimeout(r, 200));
      expect(stray).toEqual([]);
      // The call and the transaction were on the cut connections: refused as the database being away.
      expect(call).toMatchObject({ legacyCode: "503", code: "SERVICE_UNAVAILABLE" });
      expect(tx !== "still waiting" && "error" in tx && isDatabaseUnavailable(tx.error), JSON.stringify(tx)).toBe(true);
      expect(await detail()).toMatchObject({ name: "政府采购法律法规精讲" });
      expect(await fresh.db.transaction((t) => t.execute(sql`select 1 as n`))).toHaveLength(1);
    } finally {
      process.off("unhandledRejection", onStray);
      await fresh.close().catch(() => {});
      await cutting.close();
    }
  });

  it("of two transactions opening connections at once, one refused at its start leaves the other to commit and loses no connection", async () => {
    // A new pool of two transaction connections, both opened by this test's two transactions. The second
    // connection is reset as it arrives (a failover, a busy server's refusal) while the first starts well.
    const { proxy: resetting, handle: fresh } = await poolThroughRelay(backing, 4);
    try {
      resetting.resetNth(2);
      const [a, b] = await Promise.all([0, 1].map(() => settledWithin(fresh.db.transaction((t) => t.execute(sql`select 1 as n`)), 8000)));
      // One is refused as the database being away, the other commits; neither waits for good.
      const outcomes = [a, b].map((o) => (o === "still waiting" ? o : "error" in o ? (isDatabaseUnavailable(o.error) ? "refused" : String(o.error)) : "committed"));
      expect(outcomes.sort()).toEqual(["committed", "refused"]);
      // Both connections serve again: a transaction started while another sleeps ends first.
      const ended: string[] = [];
      const sleeper = fresh.db.transaction((t) => t.execute(sql`select pg_sleep(0.6)`)).then(() => ended.push("sleeper"));
      await new Promise((r) => setTimeout(r, 100));
      const quick = fresh.db.transaction((t) => t.execute(sql`select 1`)).then(() => ended.push("quick"));
      expect(await settledWithin(Promise.all([sleeper, quick]), 8000)).not.toBe("still waiting");
      expect(ended).toEqual(["quick", "sleeper"]);
    } finally {
      await fresh.close().catch(() => {});
      await resetting.close();
    }
  }, 30_000);
});

// Every connection slot taken (PostgreSQL's 53300, as when the web tier's pools together outgrow the
// server's max_connections): the same retryable refusal, not a failure. A role allowed no connection
// at all meets the same refusal on every attempt.
describe.skipIf(!pgUp)("the database has no connection slot left [postgres]", () => {
  let backing: DbHandle;
  let limited: DbHandle;
  const role = `cy_no_slot_${process.pid}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    backing = await createTestDb("postgres");
    await backing.db.execute(sql.raw(`create role ${role} login connection limit 0`));
    const [{ db: name }] = (await backing.db.execute(sql`select current_database() as db`)) as unknown as { db: string }[];
    limited = await openDatabase({ databaseUrl: `postgres://${role}@127.0.0.1:5432/${name}`, max: 2 });
  });
  afterAll(async () => {
    await limited?.close().catch(() => {});
    await backing?.db.execute(sql.raw(`drop role if exists ${role}`)).catch(() => {});
    await backing?.close();
  });

  it("refuses with a retryable 503", async () => {
    const client = testClient(limited.db);
    await expect(client.call((c) => c.course.detail({ courseId: 1 }))).rejects.toMatchObject({
      legacyCode: "503",
      code: "SERVICE_UNAVAILABLE",
      message: "服务暂时繁忙，请稍后重试",
      retryAfter: 5,
    });
  });
});
