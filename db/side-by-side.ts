/**
 * Statements of one transaction sent side by side, answered once every one of them has finished. Like
 * Promise.all, but a failure is thrown only when the others are done: with Promise.all the transaction
 * would roll back while a chain of statements is still under way, and what that chain sent after the
 * rollback would run outside any transaction (a certificate without its pass). After a failure
 * PostgreSQL refuses the rest of the transaction's statements, so the chains end quickly.
 */
export async function sideBySide<T extends readonly unknown[] | []>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(work)) as PromiseSettledResult<unknown>[];
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
