import type { DbOrTx } from "@db/client";
import { apps, pageElements, positions, tags, userGroups, userPositions, userRoles, userTags } from "@db/schema";
import { addNode, type TreeKind } from "@trpc-app/org/tree.service";

/** A tree node added the way the back office adds one (positions stay contiguous). */
export function createNode(db: DbOrTx, kind: TreeKind, name: string, parentId?: number) {
  return addNode(db, kind, { name, parentId });
}

export const createGroup = (db: DbOrTx, name: string, parentId?: number) => createNode(db, "group", name, parentId);
export const createRole = (db: DbOrTx, name: string, parentId?: number) => createNode(db, "role", name, parentId);

export async function createTag(db: DbOrTx, name: string, remark?: string) {
  const [row] = await db.insert(tags).values({ name, remark: remark ?? null }).returning();
  return row!;
}

export async function addMembership(db: DbOrTx, userId: number, m: { groupIds?: number[]; roleIds?: number[]; tagIds?: number[] }) {
  for (const groupId of m.groupIds ?? []) await db.insert(userGroups).values({ userId, groupId }).onConflictDoNothing();
  for (const roleId of m.roleIds ?? []) await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
  for (const tagId of m.tagIds ?? []) await db.insert(userTags).values({ userId, tagId }).onConflictDoNothing();
}

/** Positions, page elements and apps of the privilege calls. */
export async function createPrivileges(db: DbOrTx, holderId?: number) {
  const [ops, audit] = await db
    .insert(positions)
    .values([
      { name: "运营管理员", type: 1 },
      { name: "审计人员", type: 1 },
    ])
    .returning();
  await db.insert(pageElements).values([
    { pageUrl: "/admin/users", code: "user.add", name: "新增用户", positionId: ops!.id },
    { pageUrl: "/admin/users", code: "user.import", name: "导入用户", positionId: ops!.id },
    { pageUrl: "/admin/users", code: "user.export", name: "导出用户", positionId: audit!.id },
    { pageUrl: "/admin/users", code: "user.view", name: "查看用户", positionId: null },
  ]);
  await db.insert(apps).values([
    { name: "财云学院后台", code: "elearning-admin", url: "/admin", sort: 1 },
    { name: "考试监考台", code: "exam-monitor", url: "/admin/exams", sort: 2, positionId: ops!.id },
    { name: "审计报表", code: "audit-report", url: "/admin/report", sort: 3, positionId: audit!.id },
  ]);
  if (holderId) await db.insert(userPositions).values({ userId: holderId, positionId: ops!.id }).onConflictDoNothing();
  return { ops: ops!, audit: audit! };
}
