import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services take this so callers can compose them. */
export type DbOrTx = Db | Tx;

/** How long a query waits for a new PostgreSQL connection before it fails (postgres.js's default is 30). */
export const CONNECT_TIMEOUT_SECONDS = 5;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** Migrations folder, found from this file's place whether run from source or from the build. */
export function migrationsFolder(): string {
  const candidates = [
    resolve(process.cwd(), "db/migrations"),
    resolve(dirname(fileURLToPath(import.meta.url)), "migrations"),
  ];
  return candidates[0]!;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir?: string;
  migrate?: boolean;
  /** PGlite only: start from this dumped data folder (already migrated) instead of an empty one. */
  loadDataDir?: Blob;
  /** postgres.js connections in all: half of them (at least one) run transactions, the rest the other queries. */
  max?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { pipelinedBegin } = await import("./pipelined-begin");
    // Transactions get connections of their own (half of the pool, at least one). postgres.js pipelines
    // queries on a busy connection, up to 100 of the named statements of db/prepared.ts; a BEGIN that lands
    // as the 100th is sent without reserving its connection (postgres.js 3.4.9, porsager/postgres#823):
    // UNSAFE_TRANSACTION, and a transaction left open on a pooled connection. On a pool that only runs
    // transactions a BEGIN always finds an idle connection or waits for one.
    const total = opts.max ?? 10;
    const txMax = Math.max(1, Math.floor(total / 2));
    // A request waits at most CONNECT_TIMEOUT_SECONDS for a connection while the server is down or
    // restarting, then gets a retryable refusal (trpc/init.ts) instead of hanging; postgres.js reconnects
    // by itself once the server is back.
    //
    // No start-up read of the server's array types (postgres.js's fetch_types): Drizzle writes and parses
    // the two array columns itself and the prepared list look-ups pass text (db/prepared.ts), so nothing
    // needs it. That read runs outside any call: when a connection opened for a transaction (`reserve`)
    // was cut during it (the database restarting), the read rejected with no one to catch it, which ends
    // a web process, and the transaction waited for good (database-outage.test.ts). It also cost every
    // new connection a round trip. Without it, postgres.js 3.4.9 never hands a transaction a connection
    // it opened for it: patches/postgres+3.4.9.patch (applied on install) hands it over.
    const options = { connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {}, fetch_types: false };
    const sql = postgres(opts.databaseUrl, { max: Math.max(1, total - txMax), ...options });
    const txSql = postgres(opts.databaseUrl, { max: txMax, ...options });
    const db = drizzle(sql, { schema }) as unknown as Db;
    // BEGIN goes out with the transaction's first statements, not on a round trip of its own (db/pipelined-begin.ts).
    const txClient = Object.assign(Object.create(txSql) as typeof txSql, { begin: pipelinedBegin(txSql) });
    const txDb = drizzle({ client: txClient, schema }) as unknown as Db;
    db.transaction = txDb.transaction.bind(txDb) as Db["transaction"];
    if (opts.migrate) {
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      await migrate(db as never, { migrationsFolder: migrationsFolder() });
    }
    return { db, kind: "postgres", close: () => Promise.all([sql.end({ timeout: 5 }), txSql.end({ timeout: 5 })]).then(() => {}) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // Extensions the migrations may create: trigram search for Chinese text.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dataDir = opts.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  if (opts.migrate) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder: migrationsFolder() });
  }
  return { db, kind: "pglite", close: () => client.close() };
}

export function pgliteDir(dataDir: string) {
  return join(dataDir, "pglite");
}
