import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { OpenRangeEntry } from "@base/open-range";
import type { DbOrTx } from "@db/client";
import { orgGroups, orgRoles, userGroups, userIdentities, userRoles, userTags } from "@db/schema";

/** What decides whether content opened to roles, groups, tags or regions is open to a user. */
export interface UserScope {
  userId: number;
  roleIds: number[];
  groupIds: number[];
  tagIds: number[];
  /** Administrative area code from the user's identity, when known. */
  areaCode: string | null;
}

/**
 * The user's memberships: roles, groups and tags assigned in the back office. A user in a group is
 * also in every ancestor group (content opened to a department is open to its sub-units' people),
 * likewise for roles. The area code comes from the user's identity record.
 */
export async function userScope(db: DbOrTx, userId: number): Promise<UserScope> {
  const [roleRows, groupRows, tagRows, identityRows] = await Promise.all([
    db.execute(sql`
      with recursive up as (
        select r.id, r.parent_id from ${orgRoles} r join ${userRoles} ur on ur.role_id = r.id where ur.user_id = ${userId}
        union
        select p.id, p.parent_id from ${orgRoles} p join up on p.id = up.parent_id
      ) select distinct id from up`),
    db.execute(sql`
      with recursive up as (
        select g.id, g.parent_id from ${orgGroups} g join ${userGroups} ug on ug.group_id = g.id where ug.user_id = ${userId}
        union
        select p.id, p.parent_id from ${orgGroups} p join up on p.id = up.parent_id
      ) select distinct id from up`),
    db.select({ id: userTags.tagId }).from(userTags).where(eq(userTags.userId, userId)),
    db.select({ areaCode: userIdentities.areaCode }).from(userIdentities).where(eq(userIdentities.userId, userId)).limit(1),
  ]);
  const ids = (r: unknown) => rowsOf(r).map((x) => Number(x.id)).sort((a, b) => a - b);
  return {
    userId,
    roleIds: ids(roleRows),
    groupIds: ids(groupRows),
    tagIds: tagRows.map((t) => t.id).sort((a, b) => a - b),
    areaCode: identityRows[0]?.areaCode || null,
  };
}

/** postgres.js answers an array, PGlite an object with rows. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return result as Array<Record<string, unknown>>;
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []) as Array<Record<string, unknown>>;
}


/** Content with no entries is open to every logged-in user; otherwise any matching entry opens it. */
export function isOpenTo(entries: OpenRangeEntry[], scope: UserScope): boolean {
  if (entries.length === 0) return true;
  return entries.some((e) => {
    if (e.kind === "role") return scope.roleIds.includes(Number(e.target));
    if (e.kind === "group") return scope.groupIds.includes(Number(e.target));
    if (e.kind === "tag") return scope.tagIds.includes(Number(e.target));
    return !!scope.areaCode && (scope.areaCode === e.target || scope.areaCode.startsWith(e.target.replace(/0+$/, "")));
  });
}

/**
 * SQL condition for list filters: the user in `userIdColumn` belongs to the role or group `nodeId` or
 * to any node under it (the same reading as open ranges, where a parent's content reaches its sub-units).
 */
export function inOrgNode(kind: "role" | "group", nodeId: number, userIdColumn: AnyColumn): SQL {
  if (kind === "group") {
    return sql`exists (with recursive down as (
        select g.id from ${orgGroups} g where g.id = ${nodeId}
        union select c.id from ${orgGroups} c join down on c.parent_id = down.id
      ) select 1 from ${userGroups} m where m.user_id = ${userIdColumn} and m.group_id in (select id from down))`;
  }
  return sql`exists (with recursive down as (
      select r.id from ${orgRoles} r where r.id = ${nodeId}
      union select c.id from ${orgRoles} c join down on c.parent_id = down.id
    ) select 1 from ${userRoles} m where m.user_id = ${userIdColumn} and m.role_id in (select id from down))`;
}
