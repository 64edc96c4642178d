import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerCache, unregisterCache } from "@base/cache-registry";
import { users } from "@db/schema";
import { createUser } from "../factories/user";
import { acquireTestDb, releaseTestDb, type DbKind } from "../helpers/db";

// Suites of a worker hand their databases on (tests/helpers/db.ts): what one suite left must never reach
// the next, and a database stuck in a transaction must not be handed on while it is stuck.
for (const kind of ["pglite", "postgres"] as const satisfies DbKind[]) {
  describe.skipIf(kind === "postgres" && !(globalThis as { __pgUp?: boolean }).__pgUp)(`test databases handed between suites [${kind}]`, () => {
    it("the next suite gets the same database with its tables empty and the caches forgotten", async () => {
      const first = await acquireTestDb(kind);
      await createUser(first.db, { loginName: "pool_left_behind" });
      let forgotten = 0;
      registerCache({ name: `pool-probe-${kind}`, title: "探针", description: "测试用", keys: () => [], get: () => null, delete: () => ++forgotten });
      await releaseTestDb(kind, first);

      const next = await acquireTestDb(kind);
      try {
        expect(next).toBe(first);
        expect((await next.db.select({ n: count() }).from(users))[0]!.n).toBe(0);
        expect(forgotten).toBeGreaterThanOrEqual(1);
      } finally {
        unregisterCache(`pool-probe-${kind}`);
        await releaseTestDb(kind, next);
      }
    });

    it("a database left inside a transaction is handed on only once that transaction is ended (PostgreSQL), else closed (PGlite)", async () => {
      const stuck = await acquireTestDb(kind);
      const row = await createUser(stuck.db, { loginName: "pool_stuck" });
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      // A transaction that has locked a row and waits, as a test that timed out inside one leaves it: the
      // reset's delete of that row would wait on it.
      const open = stuck.db
        .transaction(async (tx) => {
          await tx.update(users).set({ nick: "锁定中" }).where(eq(users.id, row.id));
          await held;
        })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      await releaseTestDb(kind, stuck);
      expect(Date.now() - started).toBeLessThan(5_000);

      const next = await acquireTestDb(kind);
      try {
        // PGlite has one connection: the stuck one is closed and another opened. On PostgreSQL the stuck
        // connection is ended, and the database is reset and handed on.
        if (kind === "pglite") expect(next).not.toBe(stuck);
        else expect(next).toBe(stuck);
        expect((await next.db.select({ n: count() }).from(users))[0]!.n).toBe(0);
      } finally {
        finish();
        await open;
        await releaseTestDb(kind, next);
      }
    }, 20_000);
  });
}
