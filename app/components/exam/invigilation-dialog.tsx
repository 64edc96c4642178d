import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { HELPER_MESSAGES, type HelperState } from "./invigilation";

export const FEEDBACK_HREF = "/person/help";

export interface HelperDownloads {
  winDownloadUrl: string;
  macInterDownloadUrl: string;
  macM1DownloadUrl: string;
}

/** Download links of the helper (Windows, Mac Intel, Mac Apple chip) and the feedback link. */
export function HelperDownloadLinks({ urls }: { urls: HelperDownloads }) {
  const links: [string, string][] = [
    ["Windows版", urls.winDownloadUrl],
    ["Mac Intel版", urls.macInterDownloadUrl],
    ["Mac Apple芯片版", urls.macM1DownloadUrl],
  ];
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-muted">下载监考助手：</span>
      {links.map(([label, href]) =>
        href ? (
          <a key={label} className="text-primary hover:underline" href={href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ) : (
          <span key={label} className="text-muted">{label}（暂未提供）</span>
        ),
      )}
    </p>
  );
}

/** The invigilation dialog: what the helper found, download and feedback, and a re-check. It cannot be dismissed. */
export function InvigilationDialog({
  state,
  urls,
  checking,
  onRecheck,
  onCancel,
}: {
  state: Exclude<HelperState, { kind: "ok" }> | null;
  urls: HelperDownloads;
  checking: boolean;
  onRecheck: () => void;
  onCancel?: () => void;
}) {
  return (
    <Dialog open={!!state} onOpenChange={(o) => !o && onCancel?.()}>
      <DialogContent className="w-[480px]" hideClose={!onCancel} onEscapeKeyDown={(e) => !onCancel && e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()}>
        <DialogTitle>监考提示</DialogTitle>
        {state && (
          <div data-testid="invigilation-dialog">
            <DialogDescription className="font-medium text-danger">{HELPER_MESSAGES[state.kind]}</DialogDescription>
            {state.kind === "apps" && state.apps.length > 0 && (
              <div className="mt-3 rounded bg-[#f7f8fa] p-3 text-sm text-[#4e5969]">
                <p>请关闭以下应用后重新检测：</p>
                <ul className="mt-1 list-disc pl-5">
                  {state.apps.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </div>
            )}
            {state.kind === "displays" && <p className="mt-3 text-sm text-[#4e5969]">当前连接了{state.count}个显示器，请只保留一个显示器后重新检测。</p>}
            {state.kind === "absent" && <p className="mt-3 text-sm text-[#4e5969]">请下载并打开监考助手，保持其运行后重新检测。</p>}
            {state.kind === "error" && <p className="mt-3 text-sm text-[#4e5969]">请重启监考助手后重新检测；如仍有问题请反馈。</p>}
            <div className="mt-4 space-y-2">
              <HelperDownloadLinks urls={urls} />
              <p className="text-sm">
                遇到问题？<a className="text-primary hover:underline" href={FEEDBACK_HREF} target="_blank" rel="noreferrer">问题反馈</a>
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              取消
            </Button>
          )}
          <Button disabled={checking} onClick={onRecheck}>
            {checking ? "检测中…" : "重新检测"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
