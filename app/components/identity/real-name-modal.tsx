import { useState } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { trpc } from "~/lib/trpc";
import { identityFormHref, REAL_NAME_TEXT, REAL_NAME_TITLE } from "@base/real-name";


/**
 * The real-name confirmation modal. Show it when identity.checkNeedAuth answers isNeedAuth 1
 * (server side: checkNeedAuth in trpc/identity/identity.service.ts).
 */
export function RealNameModal({ open, onClose, from }: { open: boolean; onClose: () => void; from?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = from ?? `${location.pathname}${location.search}`;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[400px]">
        <DialogTitle>{REAL_NAME_TITLE}</DialogTitle>
        <DialogDescription>{REAL_NAME_TEXT}</DialogDescription>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button
            onClick={() => {
              onClose();
              navigate(identityFormHref(back));
            }}
          >
            去认证
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** For pages that gate an action on real name: `if (!(await gate.ensure())) return;` and render gate.modal. */
export function useRealNameGate() {
  const [open, setOpen] = useState(false);
  async function ensure(checkBusinessType?: number, checkBusinessId?: number): Promise<boolean> {
    const result = await trpc.identity.checkNeedAuth.query({ checkBusinessType, checkBusinessId });
    if (result.isNeedAuth === 1) setOpen(true);
    return result.isNeedAuth !== 1;
  }
  return { ensure, modal: <RealNameModal open={open} onClose={() => setOpen(false)} /> };
}
