import cluster from "node:cluster";
import { dbPoolSize, env } from "@base/env.server";
import { openDatabase, pgliteDir, type Db, type DbHandle } from "./client";

// One handle per process. The start script migrates before the server opens it; with several web
// workers the primary migrates once before forking them (migrateDb), so workers only connect.
let handle: Promise<DbHandle> | undefined;

export function getDbHandle(): Promise<DbHandle> {
  const e = env();
  handle ??= openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: pgliteDir(e.DATA_DIR),
    migrate: !cluster.isWorker,
    max: dbPoolSize(e),
  });
  return handle;
}

/** Applies pending migrations with a short-lived connection (the cluster primary, before forking). */
export async function migrateDb() {
  const e = env();
  const h = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: pgliteDir(e.DATA_DIR), migrate: true, max: 1 });
  await h.close();
}

// A database the caller chose for this process's pages (overrideDb), in place of the one the environment names.
let override: Db | undefined;

/**
 * Points the pages' loaders of this process at the given database; `undefined` goes back to the one the
 * environment names. For tests that call loaders over a test database of their own (and must set it back).
 */
export function overrideDb(db: Db | undefined) {
  override = db;
}

export async function getDb() {
  return override ?? (await getDbHandle()).db;
}

export async function closeDb() {
  if (!handle) return;
  const h = await handle;
  handle = undefined;
  await h.close();
}
