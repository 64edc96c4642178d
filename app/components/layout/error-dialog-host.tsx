import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { onErrorDialog, reacquireFailedDialog, type DialogButton, type ErrorDialogRequest } from "~/lib/api-errors";
import { openLoginDialog } from "~/lib/login-dialog";

/** Shows the dialogs the error handler asks for; mounted once in the root, newest request wins. */
export function ErrorDialogHost() {
  const [request, setRequest] = useState<ErrorDialogRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  useEffect(
    () =>
      onErrorDialog((next) => {
        setRequest(next);
        setOpen(true);
      }),
    [],
  );

  async function reacquire(current: ErrorDialogRequest) {
    // Without a page-supplied call, a fresh load asks the server again.
    if (!current.onReacquire) return window.location.reload();
    setBusy(true);
    try {
      await current.onReacquire();
      setOpen(false);
      toast.success("重新获取权限成功");
    } catch {
      setRequest({ dialog: reacquireFailedDialog(current.accountIssueUrl) });
    } finally {
      setBusy(false);
    }
  }

  function press(button: DialogButton) {
    if (!request) return;
    if (button.action === "reacquire") return void reacquire(request);
    setOpen(false);
    if (button.action === "login") openLoginDialog(button.courseId ? { courseId: button.courseId } : {});
    else if (button.action === "replace") window.location.replace(button.href);
    else if (button.action === "link") {
      if (button.external) window.open(button.href, "_blank", "noopener");
      else navigate(button.href);
    }
  }

  const dialog = request?.dialog;
  return (
    <Dialog open={open && !!dialog} onOpenChange={setOpen}>
      {dialog && (
        <DialogContent>
          <DialogTitle>{dialog.title}</DialogTitle>
          <DialogDescription className="whitespace-pre-line">{dialog.content}</DialogDescription>
          <DialogFooter>
            {dialog.buttons.map((b, i) => (
              <Button
                key={b.label}
                variant={i === dialog.buttons.length - 1 ? "default" : "outline"}
                disabled={busy && b.action === "reacquire"}
                onClick={() => press(b)}
              >
                {busy && b.action === "reacquire" ? "获取中…" : b.label}
              </Button>
            ))}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
