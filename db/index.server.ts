import { env } from "~/lib/env.server";
import { openDatabase, pgliteDir, type DbHandle } from "./client";

// One handle per process. The start script migrates before the server opens it.
let handle: Promise<DbHandle> | undefined;

export function getDbHandle(): Promise<DbHandle> {
  const e = env();
  handle ??= openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: pgliteDir(e.DATA_DIR),
    migrate: true,
  });
  return handle;
}

export async function getDb() {
  return (await getDbHandle()).db;
}

export async function closeDb() {
  if (!handle) return;
  const h = await handle;
  handle = undefined;
  await h.close();
}
