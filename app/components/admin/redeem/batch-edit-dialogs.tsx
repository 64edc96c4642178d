import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";

export interface BatchRef {
  id: number;
  name: string;
  remark: string;
  count: number;
}

function useForm(open: boolean) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(""), [open]);
  const run = async (action: () => Promise<unknown>, ok: string, done: () => void) => {
    setError("");
    setBusy(true);
    try {
      await action();
      adminToast.success(ok);
      done();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** 编辑备注 of a batch. */
export function RemarkDialog({ batch, onClose, onSaved }: { batch: BatchRef | null; onClose: () => void; onSaved: () => void }) {
  const [remark, setRemark] = useState("");
  const { error, busy, run } = useForm(!!batch);
  useEffect(() => setRemark(batch?.remark ?? ""), [batch]);
  if (!batch) return null;
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[480px]" aria-describedby={undefined}>
        <DialogTitle>编辑备注</DialogTitle>
        <p className="mt-2 text-sm text-muted">{batch.name}</p>
        <textarea className="mt-3 h-24 w-full rounded-md border border-border p-2 text-sm" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} aria-label="备注" />
        <p className="text-right text-xs text-muted">{remark.length}/200</p>
        {error && (
          <p className="text-sm text-danger" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button disabled={busy} onClick={() => void run(() => trpc.redeem.admin.updateRemark.mutate({ redemptionCodeBatchId: batch.id, remark }), "备注已保存", onSaved)}>
            {busy ? "保存中…" : "保存"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 追加兑换码: more codes for a batch still in use. */
export function MoreCodesDialog({ batch, onClose, onSaved }: { batch: BatchRef | null; onClose: () => void; onSaved: () => void }) {
  const [count, setCount] = useState("10");
  const { error, setError, busy, run } = useForm(!!batch);
  useEffect(() => setCount("10"), [batch]);
  if (!batch) return null;
  const save = () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 10000) return setError("追加数量须在1-10000之间");
    void run(() => trpc.redeem.admin.generate.mutate({ redemptionCodeBatchId: batch.id, count: n }), `已追加${n}个兑换码`, onSaved);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[420px]" aria-describedby={undefined}>
        <DialogTitle>追加兑换码</DialogTitle>
        <p className="mt-2 text-sm text-muted">
          {batch.name}（现有 {batch.count} 个）
        </p>
        <label className="mt-3 block space-y-1 text-sm">
          <span>追加数量</span>
          <input className={field} type="number" min={1} max={10000} value={count} onChange={(e) => setCount(e.target.value)} aria-label="追加数量" />
        </label>
        {error && (
          <p className="mt-2 text-sm text-danger" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button disabled={busy} onClick={save}>
            {busy ? "生成中…" : "追加"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
