import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

/** Pastes login names or mobiles (one per line or comma-separated); accounts that match nobody are listed back. */
export function AccountsDialog({ open, messageId, onClose, onChanged }: { open: boolean; messageId: number; onClose: () => void; onChanged: () => void }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [missed, setMissed] = useState<{ notFound: string[]; disabled: string[] } | null>(null);
  useEffect(() => {
    if (open) {
      setText("");
      setError("");
      setMissed(null);
    }
  }, [open]);
  async function submit() {
    setBusy(true);
    setError("");
    try {
      const r = await trpc.message.admin.bindAccounts.mutate({ id: messageId, accounts: text });
      adminToast.success(`已添加 ${r.added} 名接收用户，共 ${r.boundCount} 人`);
      onChanged();
      if (r.notFound.length || r.disabled.length) setMissed({ notFound: r.notFound, disabled: r.disabled });
      else onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>按账号添加</DialogTitle>
        <DialogDescription>填写登录名或手机号，每行一个，或用逗号分隔；一次最多500个。</DialogDescription>
        {missed ? (
          <div className="mt-4 space-y-2 text-sm" data-testid="accounts-missed">
            {missed.notFound.length > 0 && <p className="text-danger">未找到的账号：{missed.notFound.join("、")}</p>}
            {missed.disabled.length > 0 && <p className="text-[#ff7d00]">已停用、未添加的账号：{missed.disabled.join("、")}</p>}
          </div>
        ) : (
          <textarea
            className="mt-4 h-40 w-full rounded-md border border-border p-2 text-sm focus:border-primary focus:outline-none"
            aria-label="登录名或手机号"
            placeholder={"zhangmin_cg\n13700000000"}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {error && <p role="alert" className="mt-2 text-sm text-danger">{error}</p>}
        <DialogFooter>
          {missed ? (
            <Button onClick={onClose}>完成</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
              <Button onClick={submit} disabled={busy || !text.trim()}>{busy ? "添加中…" : "添加"}</Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
