import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

type Platform = Awaited<ReturnType<typeof trpc.oauth.platforms.query>>[number];

/** Sends the browser to the platform's authorize page; it comes back to /oauth/callback. */
export async function startPlatformLogin(platformId: number, returnTo?: string, courseId?: number) {
  const here = typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;
  const { url } = await trpc.oauth.authorizeUrl.query({ platformId, returnTo: returnTo ?? here, ...(courseId ? { courseId } : {}) });
  window.location.assign(url);
}

function Logo({ p }: { p: Platform }) {
  return p.picUrl ? (
    <img src={p.picUrl} alt="" className="h-10 w-10 rounded-full border border-border bg-white object-contain" />
  ) : (
    <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-100 text-base font-medium text-primary">
      {Array.from(p.name)[0]}
    </span>
  );
}

/**
 * The authorisation-platform picker: every enabled platform with its logo; for a course only 乐采云
 * (`courseId`), the server lists only the platforms that course allows this learner.
 */
export function PlatformPickerDialog({ open, onOpenChange, returnTo, courseId }: { open: boolean; onOpenChange: (o: boolean) => void; returnTo?: string; courseId?: number }) {
  const [platforms, setPlatforms] = useState<Platform[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => setPlatforms(null), [courseId]);
  useEffect(() => {
    if (!open || platforms) return;
    trpc.oauth.platforms
      .query(courseId ? { courseId } : undefined)
      .then(setPlatforms)
      .catch((e) => {
        setPlatforms([]);
        toast.error(errorMessage(e));
      });
  }, [open, platforms, courseId]);
  const go = async (p: Platform) => {
    setBusy(p.id);
    try {
      await startPlatformLogin(p.id, returnTo, courseId);
    } catch (e) {
      setBusy(null);
      toast.error(errorMessage(e));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[460px]">
        <DialogTitle>选择授权平台</DialogTitle>
        <DialogDescription>使用已有的授权平台账号登录，首次登录将自动绑定或创建财云学院账号。</DialogDescription>
        <ul className="mt-4 grid grid-cols-3 gap-3" aria-label="授权平台列表">
          {platforms === null && <li className="col-span-3 py-6 text-center text-sm text-muted">加载中…</li>}
          {platforms?.length === 0 && <li className="col-span-3 py-6 text-center text-sm text-muted">暂无可用的授权平台</li>}
          {platforms?.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => go(p)}
                className="flex w-full flex-col items-center gap-2 rounded-md border border-border px-2 py-3 text-sm hover:border-primary hover:text-primary disabled:opacity-60"
              >
                <Logo p={p} />
                <span className="truncate">{busy === p.id ? "正在跳转…" : p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/** The line under the login tabs: opens the picker. */
export function PlatformLoginEntry({ courseId }: { courseId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 flex items-center justify-center gap-2 text-xs text-[#86909c]">
      <span className="h-px flex-1 bg-border" />
      <button type="button" className="text-[#4e5969] hover:text-primary" onClick={() => setOpen(true)}>
        授权平台登录
      </button>
      <span className="h-px flex-1 bg-border" />
      <PlatformPickerDialog open={open} onOpenChange={setOpen} courseId={courseId} />
    </div>
  );
}
