// Small helpers for SQL text that every domain's queries share.

/** Escapes the characters LIKE reads as wildcards (and the escape character itself) so they match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A LIKE/ILIKE pattern matching the keyword anywhere, its wildcard characters taken literally. */
export const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;
