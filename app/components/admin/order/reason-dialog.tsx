import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { REASON_MAX } from "./order-format";

export interface ReasonRequest {
  title: string;
  description: React.ReactNode;
  label: string;
  placeholder: string;
  confirmText: string;
}

/**
 * Asks why (a refund, a refused invoice): required, at most 200 characters, with a counter.
 * `onSubmit` rejects with the message to show under the field.
 */
export function ReasonDialog({ request, onClose, onSubmit }: { request: ReasonRequest | null; onClose: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason("");
    setError("");
  }, [request]);

  async function submit() {
    const text = reason.trim();
    if (!text) return setError(`请输入${request?.label ?? "原因"}`);
    if (text.length > REASON_MAX) return setError(`${request?.label ?? "原因"}不能超过${REASON_MAX}字`);
    setBusy(true);
    setError("");
    try {
      await onSubmit(text);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  const id = "reason-field";
  return (
    <Dialog open={!!request} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[480px]">
        <DialogTitle>{request?.title}</DialogTitle>
        <DialogDescription asChild>
          <div>{request?.description}</div>
        </DialogDescription>
        <label htmlFor={id} className="mt-4 block text-sm text-[#1d2129]">
          <span className="text-danger">*</span> {request?.label}
        </label>
        <textarea
          id={id}
          className="mt-1 h-24 w-full resize-none rounded-md border border-border px-3 py-2 text-sm focus:border-primary focus:outline-none"
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={!!error || undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError("");
          }}
          placeholder={request?.placeholder}
        />
        <div className="flex items-start justify-between gap-3">
          <p role={error ? "alert" : undefined} className="text-xs text-danger">
            {error}
          </p>
          <span className="shrink-0 text-xs tabular-nums text-muted" data-testid="reason-count">
            {reason.length}/{REASON_MAX}
          </span>
        </div>
        <DialogFooter className="mt-4">
          <Button variant="outline" disabled={busy} onClick={onClose}>
            取消
          </Button>
          <Button variant="danger" disabled={busy} onClick={submit}>
            {busy ? "处理中…" : request?.confirmText}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
