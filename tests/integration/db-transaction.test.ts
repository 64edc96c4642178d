import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "@db/client";
import { TransactionRolledBack } from "@db/pipelined-begin";
import { examAttempts } from "@db/schema";
import { loadExam } from "@trpc-app/exam/access";
import { closeSubmitted, SubmitType } from "@trpc-app/exam/attempt.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { createTestDb, postgresAvailable, settledWithin } from "../helpers/db";
import { pgRelay, poolThroughRelay } from "../helpers/pg-relay";

// Transactions on PostgreSQL send BEGIN with their first statements (db/pipelined-begin.ts): counted here
// through a relay between the app's pool and the server, with the rules a transaction must keep.

const pgUp = await postgresAvailable();

describe.skipIf(!pgUp)("transactions on PostgreSQL [postgres]", () => {
  let backing: DbHandle;
  let viaRelay: DbHandle;
  let proxy: ReturnType<typeof pgRelay>;
  let db: Db;
  const rows = async () =>
    ((await backing.db.execute(sql.raw("select id, note from tx_probe order by id"))) as unknown as { id: number; note: string }[]).map((r) => [r.id, r.note]);

  beforeAll(async () => {
    backing = await createTestDb("postgres");
    await backing.db.execute(sql.raw("create table tx_probe (id int primary key, note text not null)"));
    ({ proxy, handle: viaRelay } = await poolThroughRelay(backing));
    db = viaRelay.db;
    // The transaction connections are opened (their start-up has round trips of its own) before counting.
    await Promise.all([1, 2].map((i) => db.transaction((tx) => tx.execute(sql.raw(`select ${i}`)))));
  });
  afterAll(async () => {
    await viaRelay?.close().catch(() => {});
    await proxy?.close();
    await backing?.close();
  });
  beforeEach(async () => {
    await backing.db.execute(sql.raw("delete from tx_probe"));
  });

  it("sends BEGIN with the first statement: a transaction of one statement is two round trips, then commits", async () => {
    proxy.count();
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw("insert into tx_probe values (1, '采购意向公开')"));
    });
    // [BEGIN, insert], [COMMIT]: three with BEGIN answered on its own.
    expect(proxy.roundTrips()).toBe(2);
    expect(await rows()).toEqual([[1, "采购意向公开"]]);
    proxy.count();
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw("insert into tx_probe values (2, '采购需求')"));
      await tx.execute(sql.raw("update tx_probe set note = note || '（已审核）'"));
    });
    expect(proxy.roundTrips()).toBe(3);
    expect(await rows()).toEqual([
      [1, "采购意向公开（已审核）"],
      [2, "采购需求（已审核）"],
    ]);
  });

  it("rolls everything back when the callback throws", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw("insert into tx_probe values (1, '采购计划')"));
        throw new Error("预算不足");
      }),
    ).rejects.toThrow("预算不足");
    expect(await rows()).toEqual([]);
    // The connection went back to the pool in a clean state: the next transaction commits.
    await db.transaction((tx) => tx.execute(sql.raw("insert into tx_probe values (2, '采购计划（调整）')")));
    expect(await rows()).toEqual([[2, "采购计划（调整）"]]);
  });

  it("fails at once when its connection is ended just before COMMIT, and the pool goes on", async () => {
    // PostgreSQL ends the connection while the transaction waits in the app (a restart, a failover, an
    // idle-in-transaction timeout) and COMMIT goes out before the app has read the close: that COMMIT
    // fails with the reset, and the ROLLBACK sent after it must not wait for an answer that never comes.
    for (let round = 0; round < 3; round++) {
      const started = Date.now();
      // Straight to the server (the relay would answer the cut connection's close itself).
      const outcome = await settledWithin(
        backing.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`insert into tx_probe values (${10 + round}, '终止前写入')`));
          const [{ pid }] = (await tx.execute(sql.raw("select pg_backend_pid() as pid"))) as unknown as { pid: number }[];
          await backing.db.execute(sql.raw(`select pg_terminate_backend(${pid})`));
        }),
        5_000,
      );
      const said = outcome === "still waiting" ? outcome : "error" in outcome ? `refused ${(outcome.error as { code?: string }).code ?? ""}` : "committed";
      expect(said).toMatch(/^refused (57P01|CONNECTION_CLOSED|ECONNRESET)$/);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    expect(await rows()).toEqual([]);
    await backing.db.transaction((tx) => tx.execute(sql.raw("insert into tx_probe values (1, '恢复后提交')")));
    expect(await rows()).toEqual([[1, "恢复后提交"]]);
  });

  it("never reports a transaction whose statement failed as committed, even when the callback caught the failure", async () => {
    await db.transaction((tx) => tx.execute(sql.raw("insert into tx_probe values (1, '合同备案')")));
    const caught: unknown[] = [];
    const outcome = db.transaction(async (tx) => {
      await tx.execute(sql.raw("insert into tx_probe values (2, '验收报告')"));
      // The same key again: PostgreSQL aborts the transaction; the callback swallows the error and goes on.
      await tx.execute(sql.raw("insert into tx_probe values (1, '重复')")).catch((e: unknown) => caught.push(e));
      return "完成";
    });
    await expect(outcome).rejects.toBeInstanceOf(TransactionRolledBack);
    await expect(outcome).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(caught).toHaveLength(1);
    expect(await rows()).toEqual([[1, "合同备案"]]);
  });

  it("a nested transaction sends its SAVEPOINT with its first statement; one that fails rolls back to its savepoint only", async () => {
    proxy.count();
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw("insert into tx_probe values (10, '外层')"));
      await tx.transaction((inner) => inner.execute(sql.raw("insert into tx_probe values (11, '内层')")));
    });
    // [BEGIN, insert], [SAVEPOINT, insert], [COMMIT]
    expect(proxy.roundTrips()).toBe(3);
    expect(await rows()).toEqual([
      [10, "外层"],
      [11, "内层"],
    ]);
    await backing.db.execute(sql.raw("delete from tx_probe"));
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw("insert into tx_probe values (1, '外层')"));
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql.raw("insert into tx_probe values (2, '内层')"));
          await inner.execute(sql.raw("insert into tx_probe values (1, '内层重复')"));
        }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      await tx.transaction((inner) => inner.execute(sql.raw("insert into tx_probe values (3, '内层二')")));
      await tx.execute(sql.raw("insert into tx_probe values (4, '外层二')"));
    });
    expect(await rows()).toEqual([
      [1, "外层"],
      [3, "内层二"],
      [4, "外层二"],
    ]);
  });

  it("transactions side by side on the pool's connections keep their locks: twenty increments, twenty counted", async () => {
    await backing.db.execute(sql.raw("insert into tx_probe values (1, '0')"));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const [row] = (await tx.execute(sql.raw("select note from tx_probe where id = 1 for update"))) as unknown as { note: string }[];
          await tx.execute(sql`update tx_probe set note = ${String(Number(row!.note) + 1)} where id = 1`);
        }),
      ),
    );
    expect(await rows()).toEqual([[1, "20"]]);
  });

  it("closes a turn of submits with passes and nothing bound in three round trips: locks and reads, writes, COMMIT", async () => {
    const b = backing.db;
    const single = await createQuestion(b, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
    const judge = await createQuestion(b, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const paper = await createFixedPaper(b, "法规基础卷", [single, judge].map((q) => ({ questionId: q.id, score: 50 })));
    const created = await createExam(b, { paperId: paper.id, passScore: 50 });
    const papers: number[] = [];
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
      const client = await signedInClient(b, (await createUser(b, { nick: `交卷考生${i}` })).id);
      await client.call((c) => c.exam.register({ examId: created.id }));
      const { paperId } = await client.call((c) => c.exam.start({ examId: created.id }));
      await client.call((c) => c.exam.saveAnswer({ paperId, questionId: single.id, answer: [i % 3 === 2 ? "B" : "A"], seq: 1 }));
      papers.push(paperId);
    }
    const exam = await loadExam(db, created.id);
    const attempts = await db.select().from(examAttempts).where(inArray(examAttempts.id, papers)).orderBy(examAttempts.id);
    const turn = (i: number) => Promise.all(attempts.slice(3 * i, 3 * i + 3).map((a) => closeSubmitted(db, exam, a, SubmitType.learner)));
    // Two turns first, one on each of the pool's two transaction connections: each connection prepares a
    // named statement the first time it runs it (a round trip of its own), once.
    await turn(0);
    await turn(1);
    proxy.count();
    const closed = await turn(2);
    expect(proxy.roundTrips()).toBe(3);
    expect(closed.map((c) => [c.attempt!.status, c.attempt!.score, c.attempt!.isPass])).toEqual([
      [2, 50, 1],
      [2, 50, 1],
      [2, 0, 0],
    ]);
  });
});
