import { useEffect, useState } from "react";
import { errorMessage } from "~/lib/trpc";
import { adminToast } from "./toast";

/**
 * Options of a picker that searches as the admin types: asked 250 ms after the last change of `deps`,
 * null while loading (or when `load` is null: nothing to search), an answer that arrives after a newer
 * search started is dropped.
 */
export function useSearchOptions<T>(load: (() => Promise<T[]>) | null, deps: readonly unknown[]): T[] | null {
  const [options, setOptions] = useState<T[] | null>(null);
  useEffect(() => {
    setOptions(null);
    if (!load) return;
    let live = true;
    const t = setTimeout(() => {
      load().then(
        (list) => live && setOptions(list),
        (e) => live && (setOptions([]), adminToast.error(errorMessage(e))),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return options;
}
