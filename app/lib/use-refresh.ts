import { useRevalidator } from "@remix-run/react";
import { useCallback } from "react";

/**
 * Reloads the page's data. A refresh superseded by a newer one rejects with AbortError, which is
 * expected when events arrive in bursts, so only other failures surface.
 */
export function useRefresh() {
  const revalidator = useRevalidator();
  return useCallback(() => {
    void Promise.resolve(revalidator.revalidate()).catch((e: unknown) => {
      if (!(e instanceof Error && e.name === "AbortError")) throw e;
    });
  }, [revalidator]);
}
