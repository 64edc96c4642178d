// Paging of list answers: one count and one page of rows, read together. The answer's field names stay
// with each caller (list/total/pageNo/pageSize for most, other names for some legacy calls).

/** The page a caller asks for: pageNo counts from 1. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

export interface Page<T> extends PageRequest {
  list: T[];
  /** Every matching row, not only this page's. */
  total: number;
}

/** A query that can still be limited and offset: a Drizzle select builder before .limit(). */
export interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** The count of matching rows: a select of one `total` column, or a number already counted. */
export type PageCount = PromiseLike<readonly { total: number | string }[]> | PromiseLike<number>;

/** Rows before the page (inputs check pageNo >= 1). */
export const pageOffset = ({ pageNo, pageSize }: PageRequest) => (pageNo - 1) * pageSize;

/**
 * Reads one page and the total. Both queries are sent at once: each driver runs them one after the other on a
 * transaction's own connection (postgres.js queues them, PGlite holds a lock per query), so this is safe inside a
 * transaction too. A page past the end answers an empty list with the real total.
 */
export async function paginate<T>(page: PageRequest, count: PageCount, rows: Pageable<T>): Promise<Page<T>> {
  const [counted, list] = await Promise.all([count, rows.limit(page.pageSize).offset(pageOffset(page))]);
  // count() comes back as a number from Drizzle; a raw count(*) is a bigint, read as text by the drivers.
  const total = typeof counted === "number" ? counted : Number(counted[0]?.total ?? 0);
  return { list, total, pageNo: page.pageNo, pageSize: page.pageSize };
}

/** The same page taken from rows already in memory (lists assembled or ranked in code). */
export function pageOfArray<T>(all: readonly T[], page: PageRequest): Page<T> {
  const from = pageOffset(page);
  return { list: all.slice(from, from + page.pageSize), total: all.length, pageNo: page.pageNo, pageSize: page.pageSize };
}
