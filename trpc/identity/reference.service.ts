// Identity categories and areas (reference data seeded from tests/factories/identity.ts).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { areas, identityCategories } from "@db/schema";
import { badInput } from "@base/errors";

export async function identityCategoryList(db: DbOrTx) {
  const rows = await db
    .select({ identityCategoryCode: identityCategories.code, identityCategoryName: identityCategories.name })
    .from(identityCategories)
    .where(eq(identityCategories.status, 1))
    .orderBy(asc(identityCategories.sort), asc(identityCategories.code));
  return rows;
}

/** Provinces with their cities, or the children of one area when parentCode is given. */
export async function areaList(db: DbOrTx, parentCode?: string) {
  return parentCode ? areaChildren(db, parentCode) : areaTree(db);
}

export async function areaChildren(db: DbOrTx, parentCode: string) {
  return db
    .select({ areaCode: areas.code, areaName: areas.name })
    .from(areas)
    .where(eq(areas.parentCode, parentCode))
    .orderBy(asc(areas.sort));
}

export async function areaTree(db: DbOrTx) {
  const all = await db.select().from(areas).orderBy(asc(areas.level), asc(areas.sort));
  const provinces = all.filter((a) => a.parentCode === null);
  return provinces.map((p) => ({
    areaCode: p.code,
    areaName: p.name,
    children: all.filter((c) => c.parentCode === p.code).map((c) => ({ areaCode: c.code, areaName: c.name })),
  }));
}

/** Refuses codes that are not active categories. */
export async function assertIdentityCodes(db: DbOrTx, list: number[] | undefined) {
  if (!list?.length) return;
  const found = await db
    .select({ code: identityCategories.code })
    .from(identityCategories)
    .where(and(inArray(identityCategories.code, list), eq(identityCategories.status, 1)));
  if (found.length !== new Set(list).size) throw badInput("身份类型不正确");
}

export async function assertAreaCode(db: DbOrTx, code: string | undefined) {
  if (!code) return;
  const [hit] = await db.select({ code: areas.code }).from(areas).where(eq(areas.code, code)).limit(1);
  if (!hit) throw badInput("所属地区不正确");
}

/** "浙江省 杭州市" for a city, the province name for a province. */
export async function areaName(db: DbOrTx, code: string | null | undefined) {
  if (!code) return "";
  const [row] = await db.select().from(areas).where(eq(areas.code, code)).limit(1);
  if (!row) return "";
  if (!row.parentCode) return row.name;
  const [parent] = await db.select({ name: areas.name }).from(areas).where(eq(areas.code, row.parentCode)).limit(1);
  return parent ? `${parent.name} ${row.name}` : row.name;
}

export async function identityNames(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  const rows = await db.select().from(identityCategories).where(inArray(identityCategories.code, list));
  return list.map((c) => rows.find((r) => r.code === c)?.name).filter((n): n is string => !!n);
}

