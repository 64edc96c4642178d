import { AsyncLocalStorage } from "node:async_hooks";

// Work that must wait for a transaction to commit: a realtime frame or an unread count that tells
// browsers to read what the transaction wrote. Inside a committing scope (the back office's audited
// transaction, trpc/init.ts) it is queued and run after the commit, and dropped if the transaction rolls
// back; outside one it runs at once.

interface Scope {
  open: boolean;
  /** The database outside the transaction, for work that reads after the commit. */
  root: unknown;
  pending: (() => unknown)[];
}
const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` (which commits a transaction when it resolves) and then the work queued inside it. */
export async function committing<T>(root: unknown, work: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true, root, pending: [] };
  let result: T;
  try {
    result = await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
  // The queued work is awaited (a frame is handed to the realtime process before the call answers, as it
  // was before the commit); work that should not hold the answer returns nothing and runs on by itself.
  await Promise.all(
    scope.pending.map((fn) =>
      Promise.resolve()
        .then(fn)
        .catch((e: unknown) => console.warn(`after commit: ${e instanceof Error ? e.message : String(e)}`)),
    ),
  );
  return result;
}

/** True inside a transaction that has not committed yet. */
export function insideCommitting(): boolean {
  return scopes.getStore()?.open === true;
}

/** Runs `fn` after the surrounding transaction commits (never if it rolls back), or now outside one. */
export function afterCommit(fn: () => unknown): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.pending.push(fn);
  else void Promise.resolve()
    .then(fn)
    .catch((e: unknown) => console.warn(`after commit: ${e instanceof Error ? e.message : String(e)}`));
}

/** The database to read with once committed: the scope's root, else the one given. */
export function committedDb<T>(db: T): T {
  const scope = scopes.getStore();
  return scope?.open ? (scope.root as T) : db;
}
