import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

/** 《财云学院用户购买协议》, read from the server (getPayAgreement) when first opened. */
export function PayAgreementDialog({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const [text, setText] = useState<{ title: string; content: string } | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!open || text) return;
    trpc.order.getPayAgreement
      .query()
      .then(setText)
      .catch((e) => setError(errorMessage(e)));
  }, [open, text]);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>{text?.title ?? "财云学院用户购买协议"}</DialogTitle>
        <div className="max-h-[50vh] overflow-y-auto whitespace-pre-line text-sm leading-7 text-[#4e5969]" data-testid="pay-agreement">
          {error || text?.content || "正在加载…"}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>关闭</Button>
          <Button onClick={onAgree}>同意并继续</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
