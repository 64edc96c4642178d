import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback } from "react";

/**
 * After the session cookie changed (login, register, reset): re-read every loader, then go on.
 * Revalidating first marks all loaders stale, so the navigation that follows reloads the root too.
 */
export function useAuthChanged() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return useCallback(
    (to?: string) => {
      revalidator.revalidate();
      if (to) navigate(to);
    },
    [revalidator, navigate],
  );
}
