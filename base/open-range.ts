/**
 * Open range of courses, exams, practices and lives. Stored as `{ kind, target }` rows (target is a
 * role, group or tag id as a string, or an area code); edited as four lists. No entry = open to every
 * logged-in user.
 */
export type OpenRangeKind = "role" | "group" | "tag" | "region";
export interface OpenRangeEntry {
  kind: OpenRangeKind;
  target: string;
}
export interface OpenRangeValue {
  roleIds: number[];
  groupIds: number[];
  tagIds: number[];
  areaCodes: string[];
}

export const emptyOpenRange = (): OpenRangeValue => ({ roleIds: [], groupIds: [], tagIds: [], areaCodes: [] });

export const isOpenToAll = (v: OpenRangeValue) => v.roleIds.length + v.groupIds.length + v.tagIds.length + v.areaCodes.length === 0;

const uniq = <T,>(list: T[]) => [...new Set(list)];

/** Stored rows → picker value; unknown kinds and unreadable ids are skipped. */
export function rangeFromRows(rows: readonly { kind: string; target: string | number }[] | null | undefined): OpenRangeValue {
  const ids = (kind: string) =>
    uniq(
      (rows ?? [])
        .filter((r) => r.kind === kind)
        .map((r) => Number(r.target))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    );
  return {
    roleIds: ids("role"),
    groupIds: ids("group"),
    tagIds: ids("tag"),
    areaCodes: uniq((rows ?? []).filter((r) => r.kind === "region").map((r) => String(r.target).trim()).filter(Boolean)),
  };
}

/** Picker value → stored rows, in a stable order (roles, groups, tags, regions). */
export function rangeToRows(v: OpenRangeValue): OpenRangeEntry[] {
  return [
    ...uniq(v.roleIds).map((id) => ({ kind: "role" as const, target: String(id) })),
    ...uniq(v.groupIds).map((id) => ({ kind: "group" as const, target: String(id) })),
    ...uniq(v.tagIds).map((id) => ({ kind: "tag" as const, target: String(id) })),
    ...uniq(v.areaCodes).map((code) => ({ kind: "region" as const, target: code })),
  ];
}
