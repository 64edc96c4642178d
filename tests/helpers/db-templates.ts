import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// Migrated databases to copy from: a fresh test database is a copy of one of these instead of running
// every migration again (PGlite about 2.5 s to 0.7 s, PostgreSQL about 0.6 s to 0.05 s, 63 suites twice).
// Both are named after a hash of the migrations and the PGlite version, so a change builds new ones; without them
// (a test file run on its own before the global set-up, or a template being rebuilt) tests migrate as before.
// Nothing here imports vitest: the global set-up runs it outside a test worker.

const root = fileURLToPath(new URL("../..", import.meta.url));

export function migrationsKey(): string {
  const dir = join(root, "db/migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".sql")).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  hash.update(readFileSync(join(dir, "meta/_journal.json")));
  // A PGlite of another version may not read an older data folder.
  hash.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
  return hash.digest("hex").slice(0, 12);
}

export const pgliteTemplatePath = (key = migrationsKey()) => join(root, ".tmp", `pglite-template-${key}.tar`);
export const pgTemplateName = (key = migrationsKey()) => `cy_tmpl_${key}`;

/** PostgreSQL test databases a worker keeps between suites are named `${POOLED_DB_PREFIX}<process id>_…`; the run's teardown drops them. */
export const POOLED_DB_PREFIX = "cy_pool_";

let template: { path: string; blob: Blob } | undefined;
/** The migrated PGlite data folder as a tarball, when the global set-up made one for these migrations; read once per worker (48 MB). */
export function pgliteTemplate(): Blob | undefined {
  const path = pgliteTemplatePath();
  if (template?.path === path) return template.blob;
  if (!existsSync(path)) return undefined;
  template = { path, blob: new Blob([readFileSync(path)]) };
  return template.blob;
}
