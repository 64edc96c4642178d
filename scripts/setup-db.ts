// Applies migrations and seeds an empty database; run before the web process opens the database.
import { openDatabase, pgliteDir } from "@db/client";
import { DEMO_ACCOUNTS, seed } from "@db/seed";
import { parseEnv } from "@base/env.server";

let env;
try {
  env = parseEnv();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const started = Date.now();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR), migrate: true });
const { seeded } = await seed(handle.db);
await handle.close();
const where = env.DATABASE_URL ? "PostgreSQL" : `PGlite (${pgliteDir(env.DATA_DIR)})`;
console.log(`database: ${where} migrated${seeded ? ", demo data seeded" : ""} in ${Date.now() - started} ms`);
if (seeded) for (const a of DEMO_ACCOUNTS) console.log(`  seeded ${a.role} ${a.loginName}`);
