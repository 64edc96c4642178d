import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { formatCount, formatDateTime } from "@base/format";
import { openLoginDialog } from "~/lib/login-dialog";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

export const COMMENT_MAX = 500;
const PAGE_SIZE = 10;

type CommentPage = Awaited<ReturnType<typeof trpc.comment.list.query>>;
type Comment = CommentPage["list"][number];

/** The 评论 tab of a course: the list (pinned first, then newest), likes, admin replies and the box to post. */
export function CourseComments({ courseId, loggedIn, initial, onTotal }: { courseId: number; loggedIn: boolean; initial: CommentPage; onTotal?: (n: number) => void }) {
  const [list, setList] = useState<Comment[]>(initial.list);
  const [total, setTotal] = useState(initial.total);
  const [pageNo, setPageNo] = useState(1);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);

  async function reload() {
    const page = await trpc.comment.list.query({ courseId, pageNo: 1, pageSize: PAGE_SIZE });
    setList(page.list);
    setTotal(page.total);
    setPageNo(1);
    onTotal?.(page.total);
  }

  async function more() {
    try {
      const page = await trpc.comment.list.query({ courseId, pageNo: pageNo + 1, pageSize: PAGE_SIZE });
      setList((old) => [...old, ...page.list.filter((c) => !old.some((o) => o.id === c.id))]);
      setTotal(page.total);
      setPageNo(pageNo + 1);
    } catch (e) {
      handleApiError(e);
    }
  }

  async function post() {
    if (!loggedIn) return openLoginDialog();
    if (!text.trim()) return toast.error("请输入评论内容");
    setBusy(true);
    try {
      await trpc.comment.add.mutate({ courseId, content: text });
      setText("");
      toast.success("发表成功");
      await reload();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  async function like(c: Comment) {
    if (!loggedIn) return openLoginDialog();
    try {
      const r = await trpc.comment.praise.mutate({ commentId: c.id, status: c.isPraise ? 0 : 1 });
      setList((old) => old.map((o) => (o.id === c.id ? { ...o, isPraise: r.isPraise, likeCount: r.likeCount } : o)));
    } catch (e) {
      handleApiError(e);
    }
  }

  const length = Array.from(text).length;
  return (
    <div className="space-y-5">
      <div className="rounded-md border border-border p-3">
        <textarea
          aria-label="评论内容"
          className="h-20 w-full resize-none text-sm outline-none"
          placeholder={loggedIn ? "说说你对这门课程的看法…" : "登录后发表评论"}
          maxLength={COMMENT_MAX}
          value={text}
          onFocus={() => !loggedIn && openLoginDialog()}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex items-center justify-end gap-3">
          <span className={cn("text-xs", length >= COMMENT_MAX ? "text-red-500" : "text-muted")}>{length}/{COMMENT_MAX}</span>
          <Button size="sm" disabled={busy} onClick={post}>发表</Button>
        </div>
      </div>
      {list.length ? (
        <ul className="divide-y divide-border" aria-label="评论列表">
          {list.map((c) => (
            <li key={c.id} className="py-4" data-comment-id={c.id}>
              <div className="flex items-center gap-2 text-sm">
                <span className="font-medium text-[#1d2129]">{c.nick}</span>
                {c.isTop ? <span className="rounded bg-orange-50 px-1.5 text-xs text-orange-600">置顶</span> : null}
                {c.statusText ? <span className="rounded bg-gray-100 px-1.5 text-xs text-muted">{c.statusText}</span> : null}
                <span className="ml-auto text-xs text-muted">{formatDateTime(c.createTime)}</span>
              </div>
              <p className="mt-2 whitespace-pre-wrap break-all text-sm text-[#4e5969]">{c.content}</p>
              {c.replies.map((r) => (
                <div key={r.id} className="mt-2 rounded bg-[#f7f8fa] px-3 py-2 text-sm">
                  <span className="text-primary">{r.nick}回复：</span>
                  <span className="whitespace-pre-wrap break-all text-[#4e5969]">{r.content}</span>
                  <span className="ml-2 text-xs text-muted">{formatDateTime(r.createTime)}</span>
                </div>
              ))}
              <div className="mt-2 flex justify-end">
                <button
                  type="button"
                  aria-pressed={c.isPraise === 1}
                  aria-label={c.isPraise ? "取消点赞" : "点赞"}
                  onClick={() => like(c)}
                  className={cn("text-xs", c.isPraise ? "text-primary" : "text-muted hover:text-primary")}
                >
                  {c.isPraise ? "已赞" : "点赞"} {formatCount(c.likeCount)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="暂无评论，快来发表第一条吧" />
      )}
      {list.length < total && (
        <div className="text-center">
          <Button variant="outline" size="sm" onClick={more}>加载更多</Button>
        </div>
      )}
    </div>
  );
}
