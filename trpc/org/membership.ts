import type { DbOrTx } from "@db/client";

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
 * The user's memberships. Until groups, roles and tags exist this answers an empty scope, so content
 * with an open range is closed to everyone but content open to all stays open.
 */
export async function userScope(_db: DbOrTx, userId: number): Promise<UserScope> {
  return { userId, roleIds: [], groupIds: [], tagIds: [], areaCode: null };
}

export type OpenRangeKind = "role" | "group" | "tag" | "region";
export interface OpenRangeEntry {
  kind: OpenRangeKind;
  /** Role, group or tag id as a string, or an area code. */
  target: string;
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
