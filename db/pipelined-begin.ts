import type { Sql, TransactionSql } from "postgres";

/** Refused before COMMIT: a statement of the transaction failed, so PostgreSQL rolled it all back. */
export class TransactionRolledBack extends Error {
  constructor(readonly cause: unknown) {
    super("transaction rolled back: one of its statements failed", { cause });
  }
}

type Scope = (sql: TransactionSql) => unknown;
/** The part of postgres.js's connection that tells its transaction it closed. */
type Watched = { onclose?: ((e: unknown) => void) | null };

/**
 * postgres.js's `begin` (what Drizzle's `transaction` calls), with BEGIN sent ahead of the transaction's
 * first statements instead of on its own round trip (decision 022). postgres.js answers BEGIN before it
 * runs the callback; under load each round trip waits for a turn of a busy event loop while it holds its
 * connection. Here the connection is reserved (no other query can come between), BEGIN is written
 * without waiting, and the callback's statements follow in the same write; PostgreSQL runs them in
 * order. COMMIT still waits for the callback, and for what its statements answered.
 *
 * The same rules as postgres.js's own:
 * - the callback throws: ROLLBACK, and the error goes on;
 * - a statement failed though the callback went on (it caught the error): PostgreSQL has aborted the
 *   transaction and its COMMIT rolls back; that is reported as a failure (TransactionRolledBack, with the
 *   statement's error as its cause), never as a success;
 * - the connection closes under it: the transaction fails at once with the connection's error, nothing
 *   more is written to that connection and it is not given back to the pool;
 * - `savepoint` nests (Drizzle's nested `transaction`), its SAVEPOINT sent ahead of the nested statements
 *   in the same way: a failure inside rolls back to the savepoint only;
 *   as in postgres.js, a savepoint that succeeded is left in place (it ends with the transaction).
 */
export function pipelinedBegin(pool: Sql) {
  // Drizzle calls begin(callback) and savepoint(callback) only (it sets an isolation level with a
  // statement of its own): no options, no savepoint names.
  return async function begin(fn: Scope): Promise<unknown> {
    const conn = await pool.reserve();
    let failure: unknown;
    let savepoints = 0;
    // The connection closing under the transaction (PostgreSQL restarting, the network cut) ends it at
    // once, as postgres.js's own begin does: a statement sent in that moment may never be answered, and
    // nothing more may be written to a closed connection (postgres.js would throw outside any promise)
    // nor given back to the pool (it would be handed out again without its socket).
    let closed: unknown = null;
    let watched: Watched | null = null;
    let abort!: (e: unknown) => void;
    const aborted = new Promise<never>((_, reject) => (abort = reject));
    aborted.catch(() => {});
    const refused = () => {
      const no = Promise.reject(closed);
      no.catch(() => {});
      return Object.assign(no, { values: () => no, execute: () => no });
    };
    // Each statement's failure is noted (read after the callback, not instead of its own handling):
    // the callback has chained `.values()` and the like synchronously by the time this runs.
    const unsafe = ((...args: Parameters<Sql["unsafe"]>) => {
      if (closed) return refused();
      const query = conn.unsafe(...args);
      queueMicrotask(() => void query.catch((e: unknown) => void (failure ??= e)));
      return query;
    }) as Sql["unsafe"];
    const send = (text: string) => (closed ? Promise.reject(closed) : conn.unsafe(text).execute());
    const scope = Object.assign(Object.create(conn) as TransactionSql, {
      unsafe,
      async savepoint(inner: Scope) {
        const name = `s${++savepoints}`;
        // Sent ahead of the nested statements too, not answered first.
        const made = send(`savepoint ${name}`);
        made.catch(() => {});
        try {
          // Not released, as postgres.js does not: savepoints of chains side by side (a turn's passes)
          // interleave, and releasing one would end those made after it.
          const result = await inner(scope);
          await made;
          return result;
        } catch (e) {
          await made.catch(() => {});
          await send(`rollback to savepoint ${name}`);
          throw e;
        }
      },
    });
    // BEGIN hands over the connection itself (postgres.js's own begin watches it the same way), and
    // answers true so that the statements behind it are pipelined.
    const begun = conn
      .unsafe("begin", [], {
        onexecute: (connection: Watched) => {
          watched = connection;
          connection.onclose = (e: unknown) => {
            closed = e ?? new Error("connection closed");
            abort(closed);
          };
          return true;
        },
      } as never)
      .execute();
    begun.catch(() => {});
    try {
      const result = await Promise.race([fn(scope), aborted]);
      await Promise.race([begun, aborted]);
      const done = await Promise.race([send("commit"), aborted]);
      if (done.command !== "COMMIT") throw new TransactionRolledBack(failure);
      return result;
    } catch (e) {
      // Raced with the close as well: a connection reset as COMMIT went out fails that COMMIT first, and
      // the close that follows answers nothing still queued on it (a ROLLBACK sent in between).
      if (!closed) await Promise.race([send("rollback"), aborted]).catch(() => {});
      throw closed ?? e;
    } finally {
      if (!closed) {
        const w = watched as Watched | null;
        if (w) w.onclose = null;
        conn.release();
      }
    }
  };
}
