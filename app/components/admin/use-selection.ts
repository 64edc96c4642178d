import { useEffect, useState } from "react";

export interface Selection {
  /** Ticked ids among the rows on show, in row order. */
  ids: number[];
  has: (id: number) => boolean;
  /** Ticks (on) or unticks one row; without `on`, flips it. */
  toggle: (id: number, on?: boolean) => void;
  /** State for a "select the whole page" box: all, some ("indeterminate") or none. */
  page: boolean | "indeterminate";
  setPage: (on: boolean) => void;
  clear: () => void;
}

/**
 * The ticked rows of an admin list. Only rows on show count: `rowIds` are the ids that can be ticked on
 * this page, and whenever one of `resetOn` changes (page number, filters, total) the selection starts
 * empty again, so a batch action never reaches rows the admin cannot see.
 */
export function useSelection(rowIds: readonly number[], resetOn: readonly unknown[]): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set());
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what starts a new page
  useEffect(() => setTicked(new Set()), resetOn);

  const ids = rowIds.filter((id) => ticked.has(id));
  return {
    ids,
    has: (id) => ticked.has(id),
    toggle: (id, on) =>
      setTicked((s) => {
        const next = new Set(s);
        if (on ?? !next.has(id)) next.add(id);
        else next.delete(id);
        return next;
      }),
    page: ids.length === 0 ? false : ids.length === rowIds.length ? true : "indeterminate",
    setPage: (on) => setTicked(on ? new Set(rowIds) : new Set()),
    clear: () => setTicked(new Set()),
  };
}
