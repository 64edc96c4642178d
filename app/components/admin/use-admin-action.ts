import { useState } from "react";
import { errorMessage } from "~/lib/trpc";
import type { ConfirmRequest } from "./confirm-dialog";
import { adminToast } from "./toast";

export type PendingConfirm = ConfirmRequest & { run: () => Promise<unknown>; ok: string };

/**
 * A list page's actions: `act` runs one, toasts its success or the server's refusal, closes the
 * confirmation and reloads the page's data; `confirm` is the question a destructive action asks first
 * (render it with ConfirmDialog and `act(confirm.run, confirm.ok)`).
 */
export function useAdminAction(refresh: () => void) {
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await run();
      adminToast.success(ok);
      setConfirm(null);
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { act, busy, confirm, setConfirm };
}
