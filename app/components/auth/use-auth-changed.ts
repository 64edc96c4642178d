import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { useRefresh } from "~/lib/use-refresh";

/**
 * After the session cookie changed (login, register, reset): re-read every loader, then go on.
 * Revalidating first marks all loaders stale, so the navigation that follows reloads the root too.
 */
export function useAuthChanged() {
  const refresh = useRefresh();
  const navigate = useNavigate();
  return useCallback(
    (to?: string) => {
      refresh();
      if (to) navigate(to);
    },
    [refresh, navigate],
  );
}
