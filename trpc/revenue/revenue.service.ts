import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, GOODS_TYPE, learningPaths, lives, revenueConfigs } from "@db/schema";
import { notFound } from "@base/errors";
import { DEPARTMENTS, type RelateInput } from "./schemas";

const departmentName = (v: number | null) => DEPARTMENTS.find((d) => d.value === v)?.label ?? "";

/** The content's name, or 内容不存在 when it is gone. */
async function businessName(db: DbOrTx, type: number, id: number) {
  const table = type === GOODS_TYPE.course ? courses : type === GOODS_TYPE.live ? lives : learningPaths;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .limit(1);
  if (!row) throw notFound("业务内容不存在或已删除");
  return row.name;
}

/** detail: which department the content's revenue belongs to (departmentType null when not set). */
export async function revenueDetail(db: DbOrTx, input: { relateBusinessId: number; relateBusinessType: number }) {
  const name = await businessName(db, input.relateBusinessType, input.relateBusinessId);
  const [c] = await db
    .select()
    .from(revenueConfigs)
    .where(and(eq(revenueConfigs.relateBusinessType, input.relateBusinessType), eq(revenueConfigs.relateBusinessId, input.relateBusinessId)))
    .limit(1);
  const departmentType = c?.departmentType ?? null;
  return {
    relateBusinessId: input.relateBusinessId,
    relateBusinessType: input.relateBusinessType,
    relateBusinessName: name,
    departmentType,
    departmentName: departmentName(departmentType),
    updateTime: c ? c.updatedAt.getTime() : null,
  };
}

/** relate: sets the department (insert or update on the unique pair). */
export async function relateRevenue(db: DbOrTx, adminId: number, input: RelateInput) {
  await businessName(db, input.relateBusinessType, input.relateBusinessId);
  const now = new Date();
  await db
    .insert(revenueConfigs)
    .values({ ...input, updatedBy: adminId })
    .onConflictDoUpdate({ target: [revenueConfigs.relateBusinessType, revenueConfigs.relateBusinessId], set: { departmentType: input.departmentType, updatedBy: adminId, updatedAt: now } });
  return revenueDetail(db, input);
}
