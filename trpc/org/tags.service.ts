import { and, asc, count, eq, ilike, ne } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { tags, userTags } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";

async function findTag(db: DbOrTx, id: number) {
  const [tag] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  if (!tag) throw notFound("标签不存在或已删除");
  return tag;
}

const tagView = (t: typeof tags.$inferSelect, useCount: number) => ({
  id: t.id,
  tagId: t.id,
  name: t.name,
  tagName: t.name,
  remark: t.remark ?? "",
  useCount,
  createdAt: t.createdAt.getTime(),
});

export async function listTags(db: DbOrTx, input: { keyword?: string; pageNo: number; pageSize: number }) {
  const where = input.keyword ? ilike(tags.name, likePattern(input.keyword)) : undefined;
  const page = await paginate(input, db.select({ total: count() }).from(tags).where(where), db.select().from(tags).where(where).orderBy(asc(tags.id)));
  const uses = await db.select({ id: userTags.tagId, n: count() }).from(userTags).groupBy(userTags.tagId);
  const byId = new Map(uses.map((u) => [u.id, u.n]));
  return { ...page, list: page.list.map((t) => tagView(t, byId.get(t.id) ?? 0)) };
}

/** Whether a tag is on any user (the page warns before removing one that is). */
export async function tagUse(db: DbOrTx, id: number) {
  await findTag(db, id);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userTags).where(eq(userTags.tagId, id));
  return { id, inUse: n > 0, useCount: n };
}

async function ensureFreeName(db: DbOrTx, name: string, exceptId?: number) {
  const where = exceptId ? and(eq(tags.name, name), ne(tags.id, exceptId)) : eq(tags.name, name);
  const dup = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
  if (dup.length) throw fail(`标签“${name}”已存在`);
}

export async function createTag(db: DbOrTx, input: { name: string; remark?: string }) {
  await ensureFreeName(db, input.name);
  const [row] = await db.insert(tags).values({ name: input.name, remark: input.remark ?? null }).onConflictDoNothing().returning();
  if (!row) throw fail(`标签“${input.name}”已存在`);
  return tagView(row, 0);
}

export async function modifyTag(db: DbOrTx, input: { id: number; name: string; remark?: string }) {
  await findTag(db, input.id);
  await ensureFreeName(db, input.name, input.id);
  await db.update(tags).set({ name: input.name, remark: input.remark ?? null }).where(eq(tags.id, input.id));
  const use = await tagUse(db, input.id);
  return tagView(await findTag(db, input.id), use.useCount);
}

/** Removing a tag also takes it off its users, in one transaction. */
export async function removeTag(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    await findTag(tx, id);
    const removed = await tx.delete(userTags).where(eq(userTags.tagId, id)).returning({ userId: userTags.userId });
    await tx.delete(tags).where(eq(tags.id, id));
    return { id, removedFromUsers: removed.length };
  });
}
