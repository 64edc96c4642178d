import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { prepared, preparedSql, rowsOf } from "@db/prepared";
import { sessions, users } from "@db/schema";
import { createSession, validateSessionToken } from "@trpc-app/auth/session";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";

describeEachDb("kept hot queries (db/prepared.ts)", (getDb, kind) => {
  it("are built once per database handle and answer each call's own values", async () => {
    const db = getDb();
    const a = await createUser(db, { loginName: "kept_a" });
    const b = await createUser(db, { loginName: "kept_b" });
    let builds = 0;
    const byId = (id: number) =>
      prepared(db, "test_user_by_id", (d) => {
        builds += 1;
        return d.select({ loginName: users.loginName }).from(users).where(eq(users.id, sql.placeholder("id"))).prepare("test_user_by_id");
      }).execute({ id });
    expect(await byId(a.id)).toEqual([{ loginName: "kept_a" }]);
    expect(await byId(b.id)).toEqual([{ loginName: "kept_b" }]);
    expect(builds).toBe(1);
    const raw = preparedSql(db, "test_login_name", () => sql`select login_name from ${users} where id = ${sql.placeholder("id")}`);
    expect(rowsOf(await raw.execute({ id: b.id }))).toEqual([{ login_name: "kept_b" }]);
  });

  // Named statements let postgres.js pipeline up to 100 queries on a busy connection, and a BEGIN that
  // lands as the 100th is sent without reserving its connection (UNSAFE_TRANSACTION, porsager/postgres#823).
  // Here that pool's connections are held by sleeps, 99 lookups per connection are sent,
  // then transactions: they must not land on those connections (db/client.ts gives them a pool of their own).
  it("leave transactions safe while hundreds of session lookups wait for the pool", async () => {
    const db = getDb();
    const user = await createUser(db, { loginName: "crowd" });
    const { token } = await createSession(db, user.id);
    // A request's account carries no password hash (only the login and a password change read it).
    const found = await validateSessionToken(db, token);
    expect(found?.user).toMatchObject({ id: user.id, loginName: "crowd", status: 1 });
    expect(found?.user).not.toHaveProperty("passwordHash");
    // The connections of the pool that runs everything but transactions (postgres.js keeps its options).
    const POOL = (db as unknown as { $client: { options?: { max?: number } } }).$client.options?.max ?? 1;
    await Promise.all(Array.from({ length: 50 }, () => validateSessionToken(db, token)));
    // (drizzle queries start when awaited: then() sends them now)
    const hold = Array.from({ length: POOL }, () => db.execute(sql`select pg_sleep(0.3)`).then(() => null));
    const lookups = Array.from({ length: 99 * POOL }, () => validateSessionToken(db, token).then((found) => expect(found?.user.id).toBe(user.id)));
    await new Promise((r) => setTimeout(r, 20));
    const writes = Array.from({ length: POOL }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.update(users).set({ nick: `人群${i}` }).where(eq(users.id, user.id));
        return (await tx.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n;
      }),
    );
    const results = await Promise.allSettled([...hold, ...lookups, ...writes]);
    const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed.slice(0, 3)).toEqual([]);
  });
});
