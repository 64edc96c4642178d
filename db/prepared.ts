import { sql, type SQL } from "drizzle-orm";
import { PgDialect, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot query built once per database handle (or transaction) and kept: `build` returns the query
 * builder's `.prepare(name)` with `sql.placeholder`s for the values. Drizzle then makes the SQL text once
 * instead of on every call, and on PostgreSQL postgres.js keeps it as a named statement per connection,
 * so the server parses and plans it once and a call is one round trip (unnamed statements with
 * parameters are described first: two).
 *
 * Named statements are pipelined on busy connections, which is why transactions run on a pool of their
 * own (openDatabase in db/client.ts; tests/integration/db-prepared.test.ts shows the failure otherwise).
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let q = byName.get(name) as T | undefined;
  if (q === undefined) byName.set(name, (q = build(db)));
  return q;
}

const dialect = new PgDialect();

/**
 * A hand-written statement (sql`…` with sql.placeholder values) kept the same way; execute(values)
 * answers the driver's raw rows (an array on postgres.js, { rows } on PGlite: see rowsOf).
 */
export function preparedSql(db: DbOrTx, name: string, build: () => SQL) {
  return prepared(db, name, (d) => d._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false));
}

/** Runs a hand-written statement once, as a named statement (one round trip; postgres.js reuses the parse per connection by its text). */
export function executeNamed(db: DbOrTx, name: string, query: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * `column` is one of the ids in the placeholder `name` (a comma-separated list, `ids` unless said): one
 * statement text whatever their number, so it is built once per database handle and prepared once per
 * connection.
 */
export const idIn = (column: AnyPgColumn, name = "ids") => sql`${column} = any(string_to_array(${sql.placeholder(name)}, ',')::bigint[])`;
