import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "./client";
import { prepared } from "./prepared";

/** The most calls one statement takes; more go in further statements sent beside it. */
export const BATCH_MAX = 200;

/**
 * Gathers the calls made in one turn of the event loop into one statement: the same hot statement
 * sent once for every call that arrived with it, as a database's group commit does. Under a
 * synchronised exam start hundreds of requests are read in one turn, each needing its session and its
 * answer's upsert; one statement for them all costs PostgreSQL one parse, one plan and one commit
 * instead of one each, and the web process one write and one round trip
 * (docs/decisions/022-exam-start-load.md). A call alone in its turn waits for nothing but the end of it.
 *
 * `run` answers every key's result in the keys' order. When it throws, the whole statement has failed
 * and nothing was written: every call of it gets the error (callers fall back to the call alone).
 * Keys that must not meet in one statement (the same row twice) share a `group` value; the second one
 * goes in the next statement, sent once the first has answered.
 */
export function batcher<K, R>(run: (keys: K[]) => Promise<R[]>, opts: { group?: (key: K) => string } = {}) {
  type Call = { key: K; resolve: (r: R) => void; reject: (e: unknown) => void };
  let waiting: Call[] = [];
  let scheduled = false;

  async function send(calls: Call[]) {
    try {
      const results = await run(calls.map((c) => c.key));
      calls.forEach((c, i) => c.resolve(results[i] as R));
    } catch (e) {
      for (const c of calls) c.reject(e);
    }
  }

  async function flush() {
    scheduled = false;
    let rest = waiting;
    waiting = [];
    while (rest.length) {
      const now: Call[] = [];
      const later: Call[] = [];
      const seen = new Set<string>();
      for (const c of rest) {
        const g = opts.group?.(c.key);
        if (g !== undefined && seen.has(g)) later.push(c);
        else {
          if (g !== undefined) seen.add(g);
          now.push(c);
        }
      }
      const sends: Promise<void>[] = [];
      for (let i = 0; i < now.length; i += BATCH_MAX) sends.push(send(now.slice(i, i + BATCH_MAX)));
      await Promise.all(sends);
      rest = later;
    }
  }

  return (key: K) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/**
 * The batcher `name` of this database handle, made once (as prepared statements are). Inside a
 * transaction there is nothing to gather (its statements run one after another on its connection): the
 * call runs there by itself.
 */
export function batched<K, R>(
  db: DbOrTx,
  name: string,
  run: (db: Db, keys: K[]) => Promise<R[]>,
  opts: { group?: (key: K) => string } = {},
): (key: K) => Promise<R> {
  if (db instanceof PgTransaction) return (key) => run(db as unknown as Db, [key]).then((r) => r[0] as R);
  return prepared(db, `batch:${name}`, (d) => batcher<K, R>((keys) => run(d as Db, keys), opts));
}
