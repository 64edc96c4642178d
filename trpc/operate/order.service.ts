import { asc, eq, isNull, max, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@db/client";
import { notFound } from "@base/errors";
import type { MoveInput } from "./schemas";

/** A table ordered by `sort` inside a scope (e.g. the banners of one platform and site). */
export interface Ordered {
  table: PgTable;
  id: PgColumn;
  sort: PgColumn;
  /** The scope a row belongs to, from the row itself. */
  scopeOf: (row: Record<string, unknown>) => SQL | undefined;
  missing: string;
}

/** `col = value`, or `col is null` for a null value: scopes compare nullable parents and sites. */
export const sameAs = (col: PgColumn, value: unknown) => (value === null || value === undefined ? isNull(col) : eq(col, value));

/** The next sort position at the end of a scope. */
export async function nextSort(db: DbOrTx, o: Ordered, scope: SQL | undefined) {
  const [row] = await db.select({ m: max(o.sort) }).from(o.table).where(scope);
  return (Number(row?.m) || 0) + 1;
}

async function orderedIds(db: DbOrTx, o: Ordered, scope: SQL | undefined) {
  const rows = await db.select({ id: o.id }).from(o.table).where(scope).orderBy(asc(o.sort), asc(o.id));
  return rows.map((r) => Number(r.id));
}

/** Writes positions 1..n in the given order, touching only rows whose position changed. */
async function writeOrder(db: DbOrTx, o: Ordered, ids: number[], scope: SQL | undefined) {
  const current = await db.select({ id: o.id, sort: o.sort }).from(o.table).where(scope);
  const was = new Map(current.map((r) => [Number(r.id), Number(r.sort)]));
  for (const [i, id] of ids.entries()) {
    if (was.get(id) === i + 1) continue;
    await db.update(o.table).set({ sort: i + 1 } as never).where(eq(o.id, id));
  }
}

/** Renumbers a scope 1..n after a delete, so positions stay contiguous. */
export async function closeGaps(db: DbOrTx, o: Ordered, scope: SQL | undefined) {
  await writeOrder(db, o, await orderedIds(db, o, scope), scope);
}

/** Moves one row inside its scope; moving to the same place twice changes nothing the second time. */
export async function moveRow(db: DbOrTx, o: Ordered, input: MoveInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(o.table).where(eq(o.id, input.id)).limit(1);
    if (!row) throw notFound(o.missing);
    const scope = o.scopeOf(row as Record<string, unknown>);
    const ids = await orderedIds(tx, o, scope);
    const from = ids.indexOf(input.id);
    let to = from;
    if (input.targetId !== undefined) {
      const at = ids.indexOf(input.targetId);
      if (at < 0) throw notFound("目标位置不存在");
      to = at;
    } else if (input.position !== undefined) to = input.position - 1;
    else if (input.direction === "up") to = from - 1;
    else if (input.direction === "down") to = from + 1;
    else if (input.direction === "top") to = 0;
    else if (input.direction === "bottom") to = ids.length - 1;
    to = Math.max(0, Math.min(ids.length - 1, to));
    ids.splice(from, 1);
    ids.splice(to, 0, input.id);
    await writeOrder(tx, o, ids, scope);
    return { id: input.id, sort: to + 1 };
  });
}

/** Puts rows in an explicit order (drag and drop of a whole list); ids not named keep their relative order after. */
export async function reorderRows(db: DbOrTx, o: Ordered, scope: SQL | undefined, order: number[]) {
  return db.transaction(async (tx) => {
    const ids = await orderedIds(tx, o, scope);
    const named = order.filter((id) => ids.includes(id));
    const rest = ids.filter((id) => !named.includes(id));
    await writeOrder(tx, o, [...named, ...rest], scope);
    return { ids: [...named, ...rest] };
  });
}
