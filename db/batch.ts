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
 * Keys that must not meet in one statement (the same row twice) share a `group` value; a key whose group
 * is in a statement still out waits for it to answer and goes in the next.
 *
 * `concurrency` bounds the statements out at once (unbounded by default). Calls made while the bound is
 * reached wait and go together in the next statement once one answers, so the busier the process, the
 * more calls a statement takes: a transaction that holds a connection for several round trips (the
 * submits' closes) then runs once for many calls instead of queueing for connections.
 */
export function batcher<K, R>(run: (keys: K[]) => Promise<R[]>, opts: { group?: (key: K) => string; concurrency?: number } = {}) {
  type Call = { key: K; group: string | undefined; resolve: (r: R) => void; reject: (e: unknown) => void };
  const limit = opts.concurrency ?? Infinity;
  let waiting: Call[] = [];
  let scheduled = false;
  let out = 0;
  /** Groups with a call in a statement that has not answered yet. */
  const busy = new Set<string>();

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  async function send(calls: Call[]) {
    try {
      const results = await run(calls.map((c) => c.key));
      calls.forEach((c, i) => c.resolve(results[i] as R));
    } catch (e) {
      for (const c of calls) c.reject(e);
    } finally {
      out -= 1;
      for (const c of calls) if (c.group !== undefined) busy.delete(c.group);
      if (waiting.length) schedule();
    }
  }

  function flush() {
    scheduled = false;
    while (waiting.length && out < limit) {
      const now: Call[] = [];
      const later: Call[] = [];
      for (const c of waiting) {
        if (now.length >= BATCH_MAX || (c.group !== undefined && busy.has(c.group))) later.push(c);
        else {
          if (c.group !== undefined) busy.add(c.group);
          now.push(c);
        }
      }
      waiting = later;
      if (!now.length) return;
      out += 1;
      void send(now);
    }
  }

  return (key: K) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ key, group: opts.group?.(key), resolve, reject });
      schedule();
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
  opts: { group?: (key: K) => string; concurrency?: number } = {},
): (key: K) => Promise<R> {
  if (db instanceof PgTransaction) return (key) => run(db as unknown as Db, [key]).then((r) => r[0] as R);
  return prepared(db, `batch:${name}`, (d) => batcher<K, R>((keys) => run(d as Db, keys), opts));
}
