import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { formatDate } from "@base/format";
import type { HomePopup } from "./types";

const KEY = "cy_home_popup";

// Days turn at midnight in Beijing, as the platform counts them, not in the browser's zone.
const today = () => formatDate(Date.now());

/** The popup banner shows once per day per browser (and again when the operator changes it). */
export function PopupBanner({ popup }: { popup: HomePopup | null }) {
  const [open, setOpen] = useState(false);
  const stamp = popup ? `${today()}:${popup.updatedAt}` : "";

  useEffect(() => {
    if (!popup) return;
    try {
      if (window.localStorage.getItem(KEY) === stamp) return;
      window.localStorage.setItem(KEY, stamp);
    } catch {
      // Storage blocked: show it, it cannot be remembered anyway.
    }
    setOpen(true);
  }, [popup, stamp]);

  if (!popup) return null;
  const picture = <img src={popup.picUrl} alt={popup.title || "活动"} className="block w-full rounded-lg" />;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent hideClose className="w-[480px] max-w-[90vw] border-0 bg-transparent p-0 shadow-none" aria-describedby={undefined}>
        <DialogTitle className="sr-only">{popup.title || "活动推荐"}</DialogTitle>
        {popup.linkUrl ? (
          <Link to={popup.linkUrl} onClick={() => setOpen(false)}>
            {picture}
          </Link>
        ) : (
          picture
        )}
        <DialogClose aria-label="关闭" className="mx-auto mt-4 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full border-2 border-white text-xl leading-none text-white hover:bg-white/20">
          ×
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
