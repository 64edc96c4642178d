const SUFFIX = "（副本）";

/** The name of a copy: 「原名（副本）」, shortening the original so the suffix always fits within `max`. */
export function copyName(name: string, max: number): string {
  return name.length + SUFFIX.length > max ? `${name.slice(0, max - SUFFIX.length)}${SUFFIX}` : `${name}${SUFFIX}`;
}
