import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

export interface PickedUser {
  userId: number;
  nick: string;
  loginName: string;
  mobile: string;
}

/** Searches enabled users by name, login name or mobile and returns the ones ticked (kept across searches). */
export function UserPickerDialog({
  open,
  title = "选择用户",
  confirmText = "确定",
  excludeIds = [],
  search,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title?: string;
  confirmText?: string;
  /** Users already chosen elsewhere (shown as such and not selectable). */
  excludeIds?: number[];
  /** Where candidates come from (default: every enabled user). */
  search?: (q: { keyword?: string; pageNo: number; pageSize: number }) => Promise<{ list: { userId: number; nick: string; loginName: string; mobile: string | null }[]; total: number }>;
  onClose: () => void;
  onConfirm: (users: PickedUser[]) => Promise<unknown> | void;
}) {
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<{ list: PickedUser[]; total: number } | null>(null);
  const [picked, setPicked] = useState<Map<number, PickedUser>>(new Map());
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const pageSize = 8;

  useEffect(() => {
    if (open) {
      setKeyword("");
      setQuery("");
      setPageNo(1);
      setPicked(new Map());
      setError("");
    }
  }, [open]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const q = { keyword: query || undefined, pageNo, pageSize };
    (search ? search(q) : trpc.org.admin.users.page.query({ ...q, status: 1 }))
      .then((r) => live && setData({ total: r.total, list: r.list.map((u) => ({ userId: u.userId, nick: u.nick, loginName: u.loginName, mobile: u.mobile ?? "" })) }))
      .catch((e) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [open, query, pageNo]);

  const toggle = (u: PickedUser) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(u.userId)) next.delete(u.userId);
      else next.set(u.userId, u);
      return next;
    });
  const last = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  async function confirm() {
    setBusy(true);
    setError("");
    try {
      await onConfirm([...picked.values()]);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>{title}</DialogTitle>
        <form
          className="mt-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setPageNo(1);
            setQuery(keyword.trim());
          }}
        >
          <input className="h-9 flex-1 rounded-md border border-border px-3 text-sm" placeholder="姓名、用户名或手机号" aria-label="搜索用户" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          <Button type="submit" variant="secondary">搜索</Button>
        </form>
        <div className="mt-3 h-[330px] overflow-y-auto rounded-md border border-border">
          {!data && <p className="p-3 text-sm text-muted">加载中…</p>}
          {data?.list.length === 0 && <p className="p-3 text-sm text-muted">没有找到用户</p>}
          {data?.list.map((u) => {
            const taken = excludeIds.includes(u.userId);
            return (
              <label key={u.userId} className="flex h-10 cursor-pointer items-center gap-3 border-b border-border px-3 text-sm last:border-0 hover:bg-primary-50/40">
                <input type="checkbox" disabled={taken} checked={taken || picked.has(u.userId)} onChange={() => toggle(u)} aria-label={`选择${u.nick}`} />
                <span className="w-28 truncate">{u.nick}</span>
                <span className="w-36 truncate text-muted">{u.loginName}</span>
                <span className="flex-1 text-muted">{u.mobile}</span>
                {taken && <span className="text-xs text-muted">已添加</span>}
              </label>
            );
          })}
        </div>
        <div className="mt-2 flex items-center justify-between text-sm text-muted">
          <span>已选 {picked.size} 人</span>
          <span className="flex items-center gap-2">
            <Button type="button" size="sm" variant="outline" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>上一页</Button>
            {pageNo} / {last}
            <Button type="button" size="sm" variant="outline" disabled={pageNo >= last} onClick={() => setPageNo(pageNo + 1)}>下一页</Button>
          </span>
        </div>
        {error && <p role="alert" className="mt-2 text-sm text-danger">{error}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
          <Button onClick={confirm} disabled={busy || picked.size === 0}>{confirmText}{picked.size ? `（${picked.size}）` : ""}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
