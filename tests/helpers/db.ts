import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { registeredCaches } from "@base/cache-registry";
import { openDatabase, type Db, type DbHandle } from "@db/client";
import { pgliteTemplate, pgTemplateName, POOLED_DB_PREFIX } from "./db-templates";

export type DbKind = "pglite" | "postgres";
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let postgresUp: boolean | undefined;
export async function postgresAvailable(): Promise<boolean> {
  if (postgresUp !== undefined) return postgresUp;
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await admin`select 1`;
    postgresUp = true;
  } catch {
    postgresUp = false;
  } finally {
    await admin.end({ timeout: 1 });
  }
  return postgresUp;
}

/** A migrated database of its own: in-memory PGlite, or a fresh database on the local PostgreSQL. */
export async function createTestDb(kind: DbKind, { prefix = "cy_test_" }: { prefix?: string } = {}): Promise<DbHandle> {
  if (kind === "pglite") {
    const template = pgliteTemplate();
    // The migrator still runs: on a copy of the migrated template it finds nothing to do.
    return openDatabase({ dataDir: "memory://", migrate: true, ...(template ? { loadDataDir: template } : {}) });
  }
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${pgTemplateName()}`);
  } catch {
    // No template for these migrations (or it is being replaced): an empty database, migrated below.
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const handle = await openDatabase({ databaseUrl: url, migrate: true, max: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const drop = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await drop.unsafe(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

// ---------- databases kept open between the suites of a worker ----------
//
// Opening a test database is most of what a short suite costs: a PGlite copied from the migrated template
// takes 1.5-2.5 s (the 48 MB data folder unpacked and the server started), a PostgreSQL copy 0.5 s, and
// the integration and legacy files open about 250 of them. Test files of a worker thread run one after
// another and share its loaded modules, so a suite hands its databases back when it ends and the next
// suite of the worker takes them: every test still starts on empty tables (resetDb, before each test),
// and the in-process caches are forgotten when a database changes hands. A database that does not answer
// a check within two seconds (a test that timed out inside a transaction) is not handed on.

const idle: Record<DbKind, DbHandle[]> = { pglite: [], postgres: [] };
const uses = new WeakMap<DbHandle, number>();
/** PGlite has no autovacuum: the rows its suites deleted are vacuumed away every so many hand-overs. */
const PGLITE_VACUUM_EVERY = 10;

/** What `work` came to within `ms`: its value, its error, or "still waiting" (a test of something that must not hang). */
export function settledWithin<T>(work: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | "still waiting"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work.then((value) => ({ value }), (error: unknown) => ({ error })),
    new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** `work`'s value, or a failure when it fails or takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const outcome = await settledWithin(work, ms);
  if (outcome === "still waiting") throw new Error(`no answer within ${ms} ms`);
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

/** A test database for a suite: one another suite of this worker handed back, or a new one. */
export async function acquireTestDb(kind: DbKind): Promise<DbHandle> {
  const handle = idle[kind].pop() ?? (await createTestDb(kind, { prefix: `${POOLED_DB_PREFIX}${process.pid}_` }));
  // Caches keyed by nothing or by the database handle would otherwise carry the last suite's rows.
  for (const cache of registeredCaches()) cache.delete("*");
  return handle;
}

/** Hands a suite's database back for the worker's next suite, or closes it when it is not in a state to share. */
export async function releaseTestDb(kind: DbKind, handle: DbHandle): Promise<void> {
  try {
    if (kind === "postgres") {
      // A connection left inside a transaction holds locks the reset below would wait on: ended first.
      await within(2_000, handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`));
    }
    await within(2_000, resetDb(handle.db));
    const used = (uses.get(handle) ?? 0) + 1;
    uses.set(handle, used);
    if (kind === "pglite" && used % PGLITE_VACUUM_EVERY === 0) await within(10_000, handle.db.execute(sql`vacuum`));
    idle[kind].push(handle);
  } catch {
    // Not awaited: a PGlite stuck in a transaction never finishes closing.
    void handle.close().catch(() => {});
  }
}

const resetStatements = new WeakMap<Db, string[]>();

/**
 * Empties every table of the schema between tests. DELETE with foreign-key triggers off is about a
 * hundred times faster than TRUNCATE on many small tables; sequences restart so ids start at 1.
 */
export async function resetDb(db: Db) {
  let statements = resetStatements.get(db);
  if (!statements) {
    const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
    const tables = rowsOf<{ tablename: string }>(
      await db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '\_\_drizzle%'`),
    );
    const seqs = rowsOf<{ name: string }>(
      await db.execute(sql`select quote_ident(sequence_name) as name from information_schema.sequences where sequence_schema = 'public'`),
    );
    statements = [
      "set session_replication_role = replica",
      ...tables.map((t) => `delete from "${t.tablename}"`),
      ...seqs.map((q) => `alter sequence ${q.name} restart`),
      "set session_replication_role = default",
    ];
    resetStatements.set(db, statements);
  }
  // One script, one call: PGlite's exec (about 3 ms where a statement at a time took 50 ms, on every test
  // of every PGlite suite); postgres.js sends it as one simple query.
  const script = statements.join(";\n");
  const pglite = (db as { $client?: { exec?: (script: string) => Promise<unknown> } }).$client;
  if (pglite?.exec) await pglite.exec(script);
  else await db.execute(sql.raw(script));
}

/**
 * For a check that does not depend on the database (or is covered on the other one elsewhere): true for
 * the one database it runs on, PostgreSQL when it is there (the faster of the two), else PGlite.
 */
export const onceOn = (kind: DbKind) => kind === ((globalThis as { __pgUp?: boolean }).__pgUp ? "postgres" : "pglite");

/**
 * Runs a suite on PGlite, and again on PostgreSQL when it answers on 127.0.0.1:5432.
 * The suite receives a getter for the open database.
 */
export function describeEachDb(name: string, suite: (getDb: () => Db, kind: DbKind) => void) {
  for (const kind of ["pglite", "postgres"] as const) {
    describe.skipIf(kind === "postgres" && !(globalThis as { __pgUp?: boolean }).__pgUp)(`${name} [${kind}]`, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await acquireTestDb(kind);
      });
      afterAll(async () => {
        if (handle) await releaseTestDb(kind, handle);
      });
      beforeEach(async () => {
        await resetDb(handle!.db);
      });
      suite(() => handle!.db, kind);
    });
  }
}
