import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { searchBarWords } from "@db/schema";
import { notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { normalisePathName } from "../site/site.service";
import { closeGaps, moveRow, nextSort, type Ordered } from "./order.service";
import type { MoveInput, PageInput, SearchBarInput } from "./schemas";

// Hot search words per site path; the first enabled one is the box's recommended keyword.

export const searchBarOrder: Ordered = {
  table: searchBarWords,
  id: searchBarWords.id,
  sort: searchBarWords.sort,
  scopeOf: (r) => eq(searchBarWords.pathName, String(r.pathName ?? "")),
  missing: "搜索词不存在或已删除",
};

export function wordView(w: typeof searchBarWords.$inferSelect) {
  return { id: w.id, name: w.name, pathName: w.pathName, linkUrl: w.linkUrl, sort: w.sort, status: w.status, statisticsCount: w.statisticsCount, createdAt: w.createdAt.getTime() };
}
export type WordView = ReturnType<typeof wordView>;

export async function pageWords(db: DbOrTx, input: PageInput) {
  const where = input.keyword ? ilike(searchBarWords.name, likePattern(input.keyword)) : undefined;
  const page = await paginate(
    input,
    db.select({ total: count() }).from(searchBarWords).where(where),
    db.select().from(searchBarWords).where(where).orderBy(asc(searchBarWords.pathName), asc(searchBarWords.sort), asc(searchBarWords.id)),
  );
  return { ...page, list: page.list.map(wordView) };
}

const values = (input: SearchBarInput) => ({ name: input.name, pathName: normalisePathName(input.pathName), linkUrl: input.linkUrl ?? "", status: input.status ?? 1 });

export async function addWord(db: DbOrTx, input: SearchBarInput) {
  return db.transaction(async (tx) => {
    const v = values(input);
    const sort = await nextSort(tx, searchBarOrder, searchBarOrder.scopeOf(v));
    const [row] = await tx.insert(searchBarWords).values({ ...v, sort }).returning();
    return wordView(row!);
  });
}

export async function updateWord(db: DbOrTx, input: SearchBarInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(searchBarWords).where(eq(searchBarWords.id, input.id)).limit(1);
    if (!old) throw notFound(searchBarOrder.missing);
    const v = values(input);
    const moved = v.pathName !== old.pathName;
    const sort = moved ? await nextSort(tx, searchBarOrder, searchBarOrder.scopeOf(v)) : old.sort;
    const [row] = await tx.update(searchBarWords).set({ ...v, sort }).where(eq(searchBarWords.id, input.id)).returning();
    if (moved) await closeGaps(tx, searchBarOrder, searchBarOrder.scopeOf(old));
    return wordView(row!);
  });
}

export async function delWord(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(searchBarWords).where(eq(searchBarWords.id, id)).returning();
    if (!old) throw notFound(searchBarOrder.missing);
    await closeGaps(tx, searchBarOrder, searchBarOrder.scopeOf(old));
    return true;
  });
}

export const moveWord = (db: DbOrTx, input: MoveInput) => moveRow(db, searchBarOrder, input);

/** Enabled words of a path; a path without its own words falls back to the main site's. */
export async function learnerWords(db: DbOrTx, pathName: string) {
  const read = (p: string) =>
    db.select().from(searchBarWords).where(and(eq(searchBarWords.pathName, p), eq(searchBarWords.status, 1))).orderBy(asc(searchBarWords.sort), asc(searchBarWords.id));
  const path = normalisePathName(pathName);
  let rows = await read(path);
  if (!rows.length && path) rows = await read("");
  return rows.map((w) => ({ id: w.id, name: w.name, pathName: w.pathName, linkUrl: w.linkUrl, statisticsCount: w.statisticsCount }));
}

/** One click on a hot word: an atomic increment, so concurrent clicks are all counted. */
export async function countClick(db: DbOrTx, id: number) {
  const [row] = await db
    .update(searchBarWords)
    .set({ statisticsCount: sql`${searchBarWords.statisticsCount} + 1` })
    .where(eq(searchBarWords.id, id))
    .returning({ id: searchBarWords.id, statisticsCount: searchBarWords.statisticsCount });
  if (!row) throw notFound(searchBarOrder.missing);
  return row;
}
