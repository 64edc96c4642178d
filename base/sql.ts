// Small helpers for SQL text that every domain's queries share.

/** Escapes the characters LIKE reads as wildcards (and the escape character itself) so they match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A LIKE/ILIKE pattern matching the keyword anywhere, its wildcard characters taken literally. */
export const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** A write refused by a unique index (PostgreSQL 23505), as the driver or Drizzle's wrapper reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
