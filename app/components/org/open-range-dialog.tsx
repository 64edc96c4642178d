import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage } from "~/lib/trpc";
import { OpenRangePicker } from "./open-range-picker";
import { emptyOpenRange, rangeFromRows, rangeToRows, type OpenRangeEntry, type OpenRangeValue } from "@base/open-range";

/** A dialog that reads one item's open range, lets the admin change it and saves it. */
export function OpenRangeDialog({
  title,
  open,
  load,
  save,
  onClose,
  onSaved,
}: {
  title: string;
  open: boolean;
  load: () => Promise<readonly { kind: string; target: string }[]>;
  save: (rows: OpenRangeEntry[]) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const [value, setValue] = useState<OpenRangeValue>(emptyOpenRange);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!open) return;
    setReady(false);
    setError("");
    load()
      .then((rows) => setValue(rangeFromRows(rows)))
      .catch((e) => setError(errorMessage(e)))
      .finally(() => setReady(true));
    // load is recreated by every parent render; reading once per opening is enough
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  async function submit() {
    setBusy(true);
    setError("");
    try {
      await save(rangeToRows(value));
      onSaved?.();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[92vh] w-[760px] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <div className="mt-4">{ready ? <OpenRangePicker value={value} onChange={setValue} /> : <p className="text-sm text-muted">加载中…</p>}</div>
        {error && <p role="alert" className="mt-3 text-sm text-danger">{error}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
          <Button onClick={submit} disabled={busy || !ready}>保存开放范围</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
