import { useEffect, useRef } from "react";
import { adminToast } from "~/components/admin/toast";

/** Shows a fetcher's action result once as a toast. */
export function useActionToast(fetcher: { state: string; data?: { ok: boolean; message: string } | undefined }, onOk?: (data: any) => void) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      onOk?.(fetcher.data);
    } else adminToast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data, onOk]);
}
