import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { operateCategories } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { pageOfArray } from "@base/paging";
import { closeGaps, moveRow, nextSort, sameAs, type Ordered } from "./order.service";
import type { CategoryInput, MoveInput } from "./schemas";

// Operation categories: a tree per content type; a category's children are its tabs.

export const categoryOrder: Ordered = {
  table: operateCategories,
  id: operateCategories.id,
  sort: operateCategories.sort,
  scopeOf: (r) => and(eq(operateCategories.type, Number(r.type)), sameAs(operateCategories.parentId, r.parentId)),
  missing: "分类不存在或已删除",
};

type Row = typeof operateCategories.$inferSelect;
export function categoryView(c: Row) {
  return { id: c.id, parentId: c.parentId, type: c.type, name: c.name, picUrl: c.picUrl, sort: c.sort, status: c.status };
}
export type CategoryView = ReturnType<typeof categoryView> & { children: CategoryView[] };

function tree(rows: Row[], parent: number | null = null): CategoryView[] {
  return rows
    .filter((r) => (r.parentId ?? null) === parent)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((r) => ({ ...categoryView(r), children: tree(rows, r.id) }));
}

/** The back-office list: the tree of one type (or all), paged over top-level categories. */
export async function listCategories(db: DbOrTx, input: { type?: number; pageNo: number; pageSize: number }) {
  const rows = await db.select().from(operateCategories).where(input.type ? eq(operateCategories.type, input.type) : undefined);
  const all = tree(rows).sort((a, b) => a.type - b.type || a.sort - b.sort);
  return pageOfArray(all, input);
}

export async function categoryDetail(db: DbOrTx, id: number) {
  const [row] = await db.select().from(operateCategories).where(eq(operateCategories.id, id)).limit(1);
  if (!row) throw notFound(categoryOrder.missing);
  const kids = await db.select().from(operateCategories).where(eq(operateCategories.parentId, id));
  return { ...categoryView(row), children: tree(kids, id) };
}

async function parentType(db: DbOrTx, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return undefined;
  const [parent] = await db.select().from(operateCategories).where(eq(operateCategories.id, parentId)).limit(1);
  if (!parent) throw notFound("上级分类不存在");
  if (parent.id === selfId) throw badInput("不能把分类移到自己下面");
  if (parent.parentId !== null) throw badInput("分类最多两级");
  return parent.type;
}

export async function addCategory(db: DbOrTx, input: CategoryInput) {
  return db.transaction(async (tx) => {
    const type = (await parentType(tx, input.parentId)) ?? input.type ?? 1;
    const v = { name: input.name, type, parentId: input.parentId ?? null, picUrl: input.picUrl ?? "", status: input.status ?? 1 };
    const sort = await nextSort(tx, categoryOrder, categoryOrder.scopeOf(v));
    const [row] = await tx.insert(operateCategories).values({ ...v, sort }).returning();
    return categoryView(row!);
  });
}

export async function editCategory(db: DbOrTx, input: CategoryInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(operateCategories).where(eq(operateCategories.id, input.id)).limit(1);
    if (!old) throw notFound(categoryOrder.missing);
    const type = (await parentType(tx, input.parentId, input.id)) ?? input.type ?? old.type;
    const v = { name: input.name, type, parentId: input.parentId ?? null, picUrl: input.picUrl ?? old.picUrl, status: input.status ?? old.status };
    const moved = v.type !== old.type || (v.parentId ?? null) !== (old.parentId ?? null);
    if (moved) {
      const [kids] = await tx.select({ n: count() }).from(operateCategories).where(eq(operateCategories.parentId, input.id));
      if ((kids?.n ?? 0) > 0 && v.parentId !== null) throw badInput("该分类下有子分类，不能移到其他分类下");
    }
    const sort = moved ? await nextSort(tx, categoryOrder, categoryOrder.scopeOf(v)) : old.sort;
    const [row] = await tx.update(operateCategories).set({ ...v, sort }).where(eq(operateCategories.id, input.id)).returning();
    if (moved) {
      await tx.update(operateCategories).set({ type: v.type }).where(eq(operateCategories.parentId, input.id));
      await closeGaps(tx, categoryOrder, categoryOrder.scopeOf(old));
    }
    return categoryView(row!);
  });
}

export async function delCategory(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(operateCategories).where(eq(operateCategories.id, id)).limit(1);
    if (!old) throw notFound(categoryOrder.missing);
    const kids = await tx.select({ id: operateCategories.id }).from(operateCategories).where(eq(operateCategories.parentId, id));
    await tx.delete(operateCategories).where(inArray(operateCategories.id, [id, ...kids.map((k) => k.id)]));
    await closeGaps(tx, categoryOrder, categoryOrder.scopeOf(old));
    return true;
  });
}

export const moveCategory = (db: DbOrTx, input: MoveInput) => moveRow(db, categoryOrder, input);

/** categoryList: enabled top-level categories of a type. */
export async function learnerCategories(db: DbOrTx, type: number | undefined) {
  const rows = await db
    .select()
    .from(operateCategories)
    .where(and(eq(operateCategories.status, 1), sameAs(operateCategories.parentId, null), type ? eq(operateCategories.type, type) : undefined))
    .orderBy(asc(operateCategories.type), asc(operateCategories.sort), asc(operateCategories.id));
  return rows.map(categoryView);
}

/** categoryTabList: enabled tabs of a category. */
export async function learnerCategoryTabs(db: DbOrTx, categoryId: number) {
  const rows = await db
    .select()
    .from(operateCategories)
    .where(and(eq(operateCategories.status, 1), eq(operateCategories.parentId, categoryId)))
    .orderBy(asc(operateCategories.sort), asc(operateCategories.id));
  return rows.map(categoryView);
}
