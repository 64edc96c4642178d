import { useEffect, useRef, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { formatDateTime } from "@base/format";
import { errorMessage, trpc } from "~/lib/trpc";

export interface PushTarget {
  id: number;
  name: string;
  /** 1 when a push key has been handed out; making a new one retires it (decided on the server). */
  hasPushKey: number;
}
type PushAddress = { pushUrl: string; streamKey: string; fullPushUrl: string; m3u8PlayURL: string; expireTime: number };

const madeBefore = (live: PushTarget) => live.hasPushKey === 1;

/** Copies to the clipboard; where the browser refuses, the text is selected for the user to copy. */
async function copy(text: string, input: HTMLInputElement | null, label: string) {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    adminToast.success(`已复制${label}`);
  } catch {
    input?.focus();
    input?.select();
    adminToast.error(`浏览器不允许自动复制，已选中${label}，请按 Ctrl+C（Mac 为 ⌘+C）手动复制`);
  }
}

function CopyRow({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1">
      <div className="text-sm text-[#4e5969]">{label}</div>
      <div className="flex gap-2">
        <input ref={ref} readOnly value={value} aria-label={label} onFocus={(e) => e.currentTarget.select()} className="h-9 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 font-mono text-xs text-[#1d2129]" />
        <Button type="button" variant="outline" onClick={() => copy(value, ref.current, label)} aria-label={`复制${label}`}>
          复制
        </Button>
      </div>
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

/**
 * The RTMP push address of a live: server and stream key for the encoder (OBS etc.), the full address,
 * and the HLS address learners play. Only the key's nonce is kept on the server, so a key cannot be
 * shown again: opening the dialog for a live that already has one asks before retiring it.
 */
export function AdminPushDialog({ live, onClose, onGenerated }: { live: PushTarget | null; onClose: () => void; onGenerated: () => void }) {
  const [address, setAddress] = useState<PushAddress | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const started = useRef<number | null>(null);

  async function generate(id: number) {
    setBusy(true);
    setError("");
    try {
      setAddress(await trpc.live.admin.pushUrl.mutate({ id }));
      onGenerated();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  useEffect(() => {
    if (!live) {
      started.current = null;
      setAddress(null);
      setError("");
      return;
    }
    if (started.current === live.id) return;
    started.current = live.id;
    if (!madeBefore(live)) void generate(live.id);
    // Keyed on the id: the list refreshing the same live must not make another key.
  }, [live?.id]);

  const asking = !!live && !address && !busy && !error && madeBefore(live);
  return (
    <Dialog open={!!live} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[620px]" data-testid="live-push-dialog" hideClose>
        <DialogTitle>推流地址</DialogTitle>
        <DialogDescription>{live ? `「${live.name}」` : ""}在推流软件（如 OBS）中填写推流服务器和推流码即可开播。</DialogDescription>
        <div className="mt-4 space-y-4">
          {busy && <p className="text-sm text-muted">正在生成推流地址…</p>}
          {error && (
            <p role="alert" className="rounded-md bg-[#ffece8] px-3 py-2 text-sm text-danger">
              {error}
            </p>
          )}
          {asking && (
            <div className="rounded-md bg-[#fff7e8] px-3 py-2 text-sm leading-6 text-[#d25f00]">
              该直播已生成过推流地址。出于安全考虑推流码不会再次显示；重新生成后，原推流码立即失效，推流软件需改用新的推流码。
            </div>
          )}
          {address && (
            <>
              <CopyRow label="推流服务器" value={address.pushUrl} />
              <CopyRow label="推流码" value={address.streamKey} hint={`推流码有效期至 ${formatDateTime(address.expireTime)}，过期或重新生成后需更新推流软件中的设置。`} />
              <CopyRow label="完整推流地址" value={address.fullPushUrl} hint="部分推流软件只有一个地址栏，填写此地址即可。" />
              <CopyRow label="播放地址" value={address.m3u8PlayURL} hint="学员端播放的 HLS 地址，生成推流地址时已自动填入直播。" />
            </>
          )}
        </div>
        <DialogFooter>
          {(asking || error) && live && (
            <Button type="button" variant="outline" onClick={() => generate(live.id)} disabled={busy}>
              重新生成
            </Button>
          )}
          <Button type="button" onClick={onClose} disabled={busy}>
            关闭
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
