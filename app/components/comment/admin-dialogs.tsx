import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { COMMENT_MAX } from "./course-comments";

/** One text field in a dialog: a reply (required, ≤500) or a ban remark (optional, ≤200). */
export function TextDialog({
  open,
  title,
  description,
  label,
  initial = "",
  max,
  required,
  busy,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  initial?: string;
  max: number;
  required?: boolean;
  busy: boolean;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial, open]);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onCancel()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
        <label className="block text-sm">
          <span className="mb-1 block text-[#4e5969]">{label}</span>
          <textarea aria-label={label} className="h-28 w-full rounded-md border border-border p-2 text-sm" maxLength={max} value={text} onChange={(e) => setText(e.target.value)} />
          <span className="block text-right text-xs text-muted">{Array.from(text).length}/{max}</span>
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>取消</Button>
          <Button disabled={busy || (required && !text.trim())} onClick={() => onSubmit(text)}>{busy ? "处理中…" : "确定"}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type Reply = Awaited<ReturnType<typeof trpc.comment.admin.replies.query>>[number];

/** The replies under one comment, each deletable after a confirmation. */
export function RepliesDialog({ commentId, onClose, onChanged }: { commentId: number | null; onClose: () => void; onChanged: () => void }) {
  const [replies, setReplies] = useState<Reply[] | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReplies(null);
    if (!commentId) return;
    trpc.comment.admin.replies.query({ commentId }).then(setReplies, (e) => adminToast.error(errorMessage(e)));
  }, [commentId]);
  async function remove(id: number) {
    setBusy(true);
    try {
      await trpc.comment.admin.deleteReply.mutate({ id });
      setReplies((r) => (r ?? []).filter((x) => x.id !== id));
      adminToast.success("回复已删除");
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }
  return (
    <Dialog open={!!commentId} onOpenChange={(o) => !o && onClose()}>
      <DialogContent hideClose>
        <DialogTitle>查看回复</DialogTitle>
        {replies === null ? (
          <p className="text-sm text-muted">加载中…</p>
        ) : replies.length ? (
          <ul className="max-h-80 divide-y divide-border overflow-y-auto text-sm">
            {replies.map((r) => (
              <li key={r.id} className="py-2" data-reply={r.content}>
                <p className="whitespace-pre-wrap break-all">{r.content}</p>
                <div className="mt-1 flex items-center gap-3 text-xs text-muted">
                  <span>{r.adminNick || "管理员"}</span>
                  <span>{formatTime(r.createTime)}</span>
                  <span>{r.isRead ? "作者已读" : "作者未读"}</span>
                  <button type="button" className="ml-auto text-danger" onClick={() => setAsking(r.id)}>删除</button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">暂无回复</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>关闭</Button>
        </DialogFooter>
        <ConfirmDialog
          request={asking ? { title: "删除这条回复？", description: "删除后评论作者将不再看到这条回复，不可恢复。", confirmText: "删除", danger: true } : null}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => asking && remove(asking)}
        />
      </DialogContent>
    </Dialog>
  );
}
