import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase } from "@db/client";
import { migrationsKey, pgliteTemplatePath, pgTemplateName, POOLED_DB_PREFIX } from "./db-templates";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Builds the migrated templates test databases are copied from (see db-templates.ts), once a run. */
export default async function setup() {
  const key = migrationsKey();
  await pgliteTemplateFor(key);
  await postgresTemplateFor(key).catch(() => {});
  await dropPooledDatabases().catch(() => {});
  // The databases the workers kept between suites (tests/helpers/db.ts), once every worker has ended.
  return () => dropPooledDatabases().catch(() => {});
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Drops the kept test databases of this run's processes, and of runs that ended without their teardown. */
async function dropPooledDatabases() {
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    const pattern = `${POOLED_DB_PREFIX.replace(/_/g, "\\_")}%`;
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${pattern}`;
    for (const { datname } of rows) {
      const pid = Number(new RegExp(`^${POOLED_DB_PREFIX}(\\d+)_[0-9a-f]+$`).exec(datname)?.[1]);
      // A worker process of this run (the forks pool) has ended by teardown; one of another run still going has not.
      if (!pid || (pid !== process.pid && alive(pid))) continue;
      await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } finally {
    await admin.end({ timeout: 1 });
  }
}

async function pgliteTemplateFor(key: string) {
  const path = pgliteTemplatePath(key);
  mkdirSync(dirname(path), { recursive: true });
  for (const old of readdirSync(dirname(path)).filter((n) => n.startsWith("pglite-template-") && !n.includes(key))) rmSync(join(dirname(path), old), { force: true });
  if (existsSync(path)) return;
  // Without it tests migrate their own databases.
  await writeTemplate(path).catch(() => {});
}

async function writeTemplate(path: string) {
  const handle = await openDatabase({ dataDir: "memory://", migrate: true });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  await handle.close();
  // Written aside and renamed, so a run started meanwhile never reads half a file.
  const part = `${path}.${randomBytes(4).toString("hex")}.part`;
  writeFileSync(part, tar);
  renameSync(part, path);
}

async function postgresTemplateFor(key: string) {
  const name = pgTemplateName(key);
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    const existing = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'cy\_tmpl\_%'`;
    if (existing.some((d) => d.datname === name)) return;
    // Built under a name of its own and renamed when migrated, so no run copies it half-way.
    const building = `cy_tmpl_build_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database ${building}`);
    const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), migrate: true, max: 2 });
    await handle.close();
    try {
      await admin.unsafe(`alter database ${building} rename to ${name}`);
    } catch {
      await admin.unsafe(`drop database if exists ${building} with (force)`);
    }
    // Templates of older migrations go; one in use by another run is left for next time.
    for (const d of existing.filter((d) => /^cy_tmpl_[0-9a-f]{12}$/.test(d.datname))) await admin.unsafe(`drop database if exists ${d.datname}`).catch(() => {});
  } finally {
    await admin.end({ timeout: 1 });
  }
}
