import { and, asc, count, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { orgGroups, orgRoles, userGroups, userRoles } from "@db/schema";
import { fail, notFound } from "@base/errors";

export type TreeKind = "group" | "role";
type Table = typeof orgGroups;
type Node = Table["$inferSelect"];

// Both trees share one shape, so one set of rules serves groups and roles.
const tableOf = (kind: TreeKind): Table => (kind === "group" ? orgGroups : (orgRoles as unknown as Table));
const labelOf = (kind: TreeKind) => (kind === "group" ? "组织" : "角色");

export interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  code: string | null;
  source: string;
  memberCount: number;
  children: TreeNode[];
}

const parentIs = (t: Table, parentId: number | null): SQL => (parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId));

async function memberCounts(db: DbOrTx, kind: TreeKind): Promise<Map<number, number>> {
  const rows =
    kind === "group"
      ? await db.select({ id: userGroups.groupId, n: count() }).from(userGroups).groupBy(userGroups.groupId)
      : await db.select({ id: userRoles.roleId, n: count() }).from(userRoles).groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function findNode(db: DbOrTx, kind: TreeKind, id: number): Promise<Node> {
  const t = tableOf(kind);
  const [node] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  if (!node) throw notFound(`${labelOf(kind)}不存在或已删除`);
  return node;
}

/** Every node, flat, siblings in order. */
export async function listNodes(db: DbOrTx, kind: TreeKind, keyword?: string) {
  const t = tableOf(kind);
  const rows = await db.select().from(t).orderBy(asc(t.parentId), asc(t.position), asc(t.id));
  const counts = await memberCounts(db, kind);
  const filtered = keyword ? rows.filter((r) => r.name.includes(keyword)) : rows;
  return filtered.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    position: r.position,
    code: r.code,
    source: r.source,
    memberCount: counts.get(r.id) ?? 0,
  }));
}

/** The whole forest, or the subtree under one node. */
export async function readTree(db: DbOrTx, kind: TreeKind, rootId?: number): Promise<TreeNode[]> {
  const flat = await listNodes(db, kind);
  const byParent = new Map<number | null, TreeNode[]>();
  const nodes = new Map<number, TreeNode>();
  for (const r of flat) nodes.set(r.id, { ...r, children: [] });
  for (const n of nodes.values()) {
    const list = byParent.get(n.parentId) ?? [];
    list.push(n);
    byParent.set(n.parentId, list);
  }
  for (const n of nodes.values()) n.children = (byParent.get(n.id) ?? []).sort((a, b) => a.position - b.position);
  if (rootId !== undefined) {
    const root = nodes.get(rootId);
    if (!root) throw notFound(`${labelOf(kind)}不存在或已删除`);
    return [root];
  }
  return (byParent.get(null) ?? []).sort((a, b) => a.position - b.position);
}

/** Ids of a node and everything under it. */
export async function descendantIds(db: DbOrTx, kind: TreeKind, id: number): Promise<number[]> {
  const t = tableOf(kind);
  const rows = await db.select({ id: t.id, parentId: t.parentId }).from(t);
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

/** Writes 0..n-1 positions for the given sibling order. */
async function renumber(tx: DbOrTx, kind: TreeKind, orderedIds: number[], parentId: number | null) {
  if (!orderedIds.length) return;
  const t = tableOf(kind);
  const now = await tx.select({ id: t.id, position: t.position, parentId: t.parentId }).from(t).where(inArray(t.id, orderedIds));
  const current = new Map(now.map((r) => [r.id, r]));
  // Only rows whose place changed are written.
  for (const [i, id] of orderedIds.entries()) {
    const row = current.get(id);
    if (row && row.position === i && row.parentId === parentId) continue;
    await tx.update(t).set({ position: i, parentId }).where(eq(t.id, id));
  }
}

async function siblingIds(tx: DbOrTx, kind: TreeKind, parentId: number | null, exceptId?: number) {
  const t = tableOf(kind);
  const where = exceptId === undefined ? parentIs(t, parentId) : and(parentIs(t, parentId), ne(t.id, exceptId));
  const rows = await tx.select({ id: t.id }).from(t).where(where).orderBy(asc(t.position), asc(t.id));
  return rows.map((r) => r.id);
}

export async function addNode(
  db: DbOrTx,
  kind: TreeKind,
  input: { name: string; parentId?: number; position?: number; code?: string; source?: string },
) {
  return db.transaction(async (tx) => {
    const t = tableOf(kind);
    if (input.parentId) await findNode(tx, kind, input.parentId);
    const parentId = input.parentId ?? null;
    const dup = await tx.select({ id: t.id }).from(t).where(and(parentIs(t, parentId), eq(t.name, input.name))).limit(1);
    if (dup.length) throw fail(`同一上级下已有名为“${input.name}”的${labelOf(kind)}`);
    const siblings = await siblingIds(tx, kind, parentId);
    const [created] = await tx
      .insert(t)
      .values({ name: input.name, parentId, position: siblings.length, code: input.code ?? null, source: input.source ?? "manual" })
      .returning();
    const at = Math.min(input.position ?? siblings.length, siblings.length);
    siblings.splice(at, 0, created!.id);
    await renumber(tx, kind, siblings, parentId);
    return findNode(tx, kind, created!.id);
  });
}

export async function renameNode(db: DbOrTx, kind: TreeKind, id: number, name: string) {
  const t = tableOf(kind);
  const node = await findNode(db, kind, id);
  const dup = await db
    .select({ id: t.id })
    .from(t)
    .where(and(parentIs(t, node.parentId), eq(t.name, name), ne(t.id, id)))
    .limit(1);
  if (dup.length) throw fail(`同一上级下已有名为“${name}”的${labelOf(kind)}`);
  await db.update(t).set({ name }).where(eq(t.id, id));
  return findNode(db, kind, id);
}

/** Deleting is refused while the node still has children or members, so nothing is orphaned. */
export async function deleteNode(db: DbOrTx, kind: TreeKind, id: number) {
  return db.transaction(async (tx) => {
    const t = tableOf(kind);
    const node = await findNode(tx, kind, id);
    const [{ n: kids } = { n: 0 }] = await tx.select({ n: count() }).from(t).where(eq(t.parentId, id));
    if (kids > 0) throw fail(`该${labelOf(kind)}下还有${kids}个下级${labelOf(kind)}，请先删除或移走下级后再删除`);
    const members = (await memberCounts(tx, kind)).get(id) ?? 0;
    if (members > 0) throw fail(`该${labelOf(kind)}下还有${members}名用户，请先移除用户后再删除`);
    await tx.delete(t).where(eq(t.id, id));
    await renumber(tx, kind, await siblingIds(tx, kind, node.parentId), node.parentId);
    return { id };
  });
}

/** Moves a node (with its subtree) under a new parent at a position; a node never goes under itself. */
export async function moveNode(db: DbOrTx, kind: TreeKind, input: { id: number; parentId: number | null; position?: number }) {
  return db.transaction(async (tx) => {
    const node = await findNode(tx, kind, input.id);
    if (input.parentId !== null) {
      await findNode(tx, kind, input.parentId);
      const below = await descendantIds(tx, kind, input.id);
      if (below.includes(input.parentId)) throw fail(`不能把${labelOf(kind)}移动到它自己或它的下级之下`);
    }
    const t = tableOf(kind);
    if (node.parentId !== input.parentId) {
      const dup = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(parentIs(t, input.parentId), eq(t.name, node.name)))
        .limit(1);
      if (dup.length) throw fail(`目标上级下已有名为“${node.name}”的${labelOf(kind)}`);
      await renumber(tx, kind, await siblingIds(tx, kind, node.parentId, node.id), node.parentId);
    }
    const target = await siblingIds(tx, kind, input.parentId, node.id);
    const at = Math.min(input.position ?? target.length, target.length);
    target.splice(at, 0, node.id);
    await renumber(tx, kind, target, input.parentId);
    return findNode(tx, kind, node.id);
  });
}

export async function ensureNodesExist(db: DbOrTx, kind: TreeKind, ids: number[]) {
  if (!ids.length) return;
  const t = tableOf(kind);
  const found = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((i) => !known.has(i));
  if (missing.length) throw notFound(`${labelOf(kind)}不存在：${missing.join("、")}`);
}

/** Name → id, matching a plain name or a path "上级/下级". */
export async function nodeIdsByName(db: DbOrTx, kind: TreeKind) {
  const flat = await listNodes(db, kind);
  const byId = new Map(flat.map((n) => [n.id, n]));
  const pathOf = (n: (typeof flat)[number]): string => {
    const parts = [n.name];
    let p = n.parentId;
    while (p !== null && byId.has(p)) {
      parts.unshift(byId.get(p)!.name);
      p = byId.get(p)!.parentId;
    }
    return parts.join("/");
  };
  const byName = new Map<string, number[]>();
  for (const n of flat) {
    for (const key of new Set([n.name, pathOf(n)])) byName.set(key, [...(byName.get(key) ?? []), n.id]);
  }
  return byName;
}
