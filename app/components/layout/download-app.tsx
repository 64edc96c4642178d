import * as Popover from "@radix-ui/react-popover";
import { useEffect, useState } from "react";
import { PhoneIcon } from "./icons";

/** Download-app popover: the QR of the MobileAppQrcode static value, drawn in the browser. */
export function DownloadApp({ qrcode }: { qrcode: string }) {
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !qrcode || image) return;
    let live = true;
    // Loaded on first open: the QR encoder is not needed for the first paint.
    import("qrcode")
      .then((m) => m.toDataURL(qrcode, { width: 280, margin: 1, color: { dark: "#1d2129", light: "#ffffff" } }))
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [open, qrcode, image]);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="flex cursor-pointer items-center gap-1 text-sm text-[#4e5969] hover:text-primary data-[state=open]:text-primary"
        onMouseEnter={() => setOpen(true)}
        // Hover already opened it: a click must not toggle it shut again.
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <PhoneIcon className="text-base" />
        下载APP
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={10}
          onMouseLeave={() => setOpen(false)}
          className="z-40 w-[200px] rounded-lg border border-border bg-white p-4 text-center shadow-lg focus:outline-none"
        >
          {qrcode ? (
            <>
              <div className="mx-auto flex h-[140px] w-[140px] items-center justify-center bg-surface">
                {image ? <img src={image} alt="财云学院APP下载二维码" width={140} height={140} /> : <span className="text-xs text-muted">二维码生成中…</span>}
              </div>
              <p className="mt-3 text-sm text-[#1d2129]">扫码下载财云学院APP</p>
              <p className="mt-1 text-xs text-muted">随时随地学课程、看直播</p>
            </>
          ) : (
            <>
              <p className="text-sm text-[#1d2129]">移动端APP即将上线</p>
              <p className="mt-1 text-xs leading-5 text-muted">上线后可在此扫码下载</p>
            </>
          )}
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
