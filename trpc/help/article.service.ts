import { and, asc, desc, eq, ilike, or } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { helpArticles } from "@db/schema";
import { notFound } from "@base/errors";
import { escapeLike } from "@base/sql";
import { freshDetailHtml, sanitizeCourseHtml } from "../course/rich-text";

type Article = typeof helpArticles.$inferSelect;

const view = (a: Article) => ({
  id: a.id,
  title: a.title,
  category: a.category,
  content: freshDetailHtml(a.content),
  sort: a.sort,
  published: a.published,
  updateTime: a.updatedAt.getTime(),
});

/** Published articles for learners, in the admin's order; the keyword searches title and text. */
export async function publishedArticles(db: DbOrTx, input: { keyword?: string; category?: string }) {
  const conds = [eq(helpArticles.published, 1)];
  if (input.category) conds.push(eq(helpArticles.category, input.category));
  if (input.keyword) {
    const like = `%${escapeLike(input.keyword)}%`;
    conds.push(or(ilike(helpArticles.title, like), ilike(helpArticles.content, like))!);
  }
  const rows = await db.select().from(helpArticles).where(and(...conds)).orderBy(asc(helpArticles.sort), asc(helpArticles.id));
  const all = await db.selectDistinct({ category: helpArticles.category }).from(helpArticles).where(eq(helpArticles.published, 1));
  return { categories: all.map((c) => c.category).sort(), list: rows.map(view) };
}

export async function publishedArticle(db: DbOrTx, id: number) {
  const [a] = await db.select().from(helpArticles).where(and(eq(helpArticles.id, id), eq(helpArticles.published, 1)));
  if (!a) throw notFound("帮助文章不存在或已下线");
  return view(a);
}

export async function allArticles(db: DbOrTx) {
  return (await db.select().from(helpArticles).orderBy(asc(helpArticles.sort), desc(helpArticles.id))).map(view);
}

export async function saveArticle(db: DbOrTx, input: { id?: number; title: string; category: string; content: string; sort?: number; published?: 0 | 1 }) {
  const values = { title: input.title, category: input.category, content: sanitizeCourseHtml(input.content), sort: input.sort ?? 0, published: input.published ?? 0 };
  if (!input.id) return view((await db.insert(helpArticles).values(values).returning())[0]!);
  const [a] = await db.update(helpArticles).set(values).where(eq(helpArticles.id, input.id)).returning();
  if (!a) throw notFound("帮助文章不存在");
  return view(a);
}

export async function deleteArticle(db: DbOrTx, id: number) {
  const [a] = await db.delete(helpArticles).where(eq(helpArticles.id, id)).returning({ id: helpArticles.id });
  if (!a) throw notFound("帮助文章不存在");
  return { id: a.id };
}
