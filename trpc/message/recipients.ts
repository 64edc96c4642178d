import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { ADMIN_MESSAGE_TARGET, adminMessageUsers, orgGroups, orgRoles, tags, userGroups, userIdentities, userRoles, users, userTags } from "@db/schema";
import type { OpenRangeEntry } from "@base/open-range";

type Tree = typeof orgRoles | typeof orgGroups;

/** The nodes given and every node under them (content opened to a department reaches its sub-units). */
async function withDescendants(db: DbOrTx, tree: Tree, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.execute(sql`
    with recursive down as (
      select t.id from ${tree} t where t.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      union
      select c.id from ${tree} c join down on c.parent_id = down.id
    ) select id from down`);
  const list = Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? []);
  return (list as Array<{ id: unknown }>).map((r) => Number(r.id));
}

const inList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Enabled users an open range reaches, read the way `isOpenTo` (org/membership) reads it for one user:
 * a member of a listed role or group or of any node under it, a holder of a listed tag, or a user whose
 * identity's area code is the listed code or lies inside it.
 */
export async function usersInRange(db: DbOrTx, entries: readonly OpenRangeEntry[]): Promise<number[]> {
  const ids = (kind: OpenRangeEntry["kind"]) => entries.filter((e) => e.kind === kind).map((e) => Number(e.target)).filter((n) => Number.isSafeInteger(n) && n > 0);
  const [roleIds, groupIds] = await Promise.all([withDescendants(db, orgRoles, ids("role")), withDescendants(db, orgGroups, ids("group"))]);
  const tagIds = ids("tag");
  const areas = entries.filter((e) => e.kind === "region").map((e) => e.target);
  const parts: SQL[] = [];
  if (roleIds.length) parts.push(sql`select ${userRoles.userId} as user_id from ${userRoles} where ${userRoles.roleId} in (${inList(roleIds)})`);
  if (groupIds.length) parts.push(sql`select ${userGroups.userId} as user_id from ${userGroups} where ${userGroups.groupId} in (${inList(groupIds)})`);
  if (tagIds.length) parts.push(sql`select ${userTags.userId} as user_id from ${userTags} where ${userTags.tagId} in (${inList(tagIds)})`);
  for (const code of areas) {
    const prefix = code.replace(/0+$/, "");
    const match = prefix ? sql`(${userIdentities.areaCode} = ${code} or ${userIdentities.areaCode} like ${`${prefix}%`})` : sql`${userIdentities.areaCode} = ${code}`;
    parts.push(sql`select ${userIdentities.userId} as user_id from ${userIdentities} where ${userIdentities.areaCode} <> '' and ${match}`);
  }
  if (!parts.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 1), sql`${users.id} in (${sql.join(parts, sql` union `)})`))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** Who a message reaches now: every enabled user, the enabled users of its open range, or its enabled bound users. */
export async function resolveRecipients(db: DbOrTx, message: { id: number; targetType: number; openRange: OpenRangeEntry[] }): Promise<number[]> {
  if (message.targetType === ADMIN_MESSAGE_TARGET.all) {
    return (await db.select({ id: users.id }).from(users).where(eq(users.status, 1)).orderBy(asc(users.id))).map((r) => r.id);
  }
  if (message.targetType === ADMIN_MESSAGE_TARGET.range) return usersInRange(db, message.openRange);
  const rows = await db
    .select({ id: adminMessageUsers.userId })
    .from(adminMessageUsers)
    .innerJoin(users, eq(users.id, adminMessageUsers.userId))
    .where(and(eq(adminMessageUsers.messageId, message.id), eq(users.status, 1)))
    .orderBy(asc(adminMessageUsers.userId));
  return rows.map((r) => r.id);
}

/** Role, group and tag ids of a range that no longer exist (the range is saved only when all do). */
export async function missingRangeTargets(db: DbOrTx, entries: readonly OpenRangeEntry[]): Promise<string | null> {
  const check = async (kind: "role" | "group" | "tag", label: string) => {
    const want = [...new Set(entries.filter((e) => e.kind === kind).map((e) => Number(e.target)))];
    if (!want.length) return null;
    const table = kind === "role" ? orgRoles : kind === "group" ? orgGroups : tags;
    const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, want))).map((r) => r.id));
    return want.some((id) => !found.has(id)) ? `所选${label}不存在或已删除，请重新选择` : null;
  };
  return (await check("role", "角色")) ?? (await check("group", "组织")) ?? (await check("tag", "标签"));
}
