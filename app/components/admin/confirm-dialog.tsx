import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmText: string;
  danger?: boolean;
}

/** Asks before an action changes data; stays open while the action runs. */
export function ConfirmDialog({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: ConfirmRequest | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={!!request} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent hideClose>
        {request && (
          <>
            <DialogTitle>{request.title}</DialogTitle>
            <DialogDescription>{request.description}</DialogDescription>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                取消
              </Button>
              <Button variant={request.danger ? "danger" : "default"} onClick={onConfirm} disabled={busy}>
                {busy ? "处理中…" : request.confirmText}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
