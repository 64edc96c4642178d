import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { trpc } from "~/lib/trpc";

interface Candidate {
  userId: number;
  loginName: string;
  nick: string;
  mobile: string;
}

/** Finds users by account, nickname or phone and hands back the ones ticked. */
export function LearnerPickDialog({ open, busy, onClose, onPick }: { open: boolean; busy: boolean; onClose: () => void; onPick: (userIds: number[]) => void }) {
  const [keyword, setKeyword] = useState("");
  const [list, setList] = useState<Candidate[]>([]);
  const [total, setTotal] = useState(0);
  const [picked, setPicked] = useState<Map<number, Candidate>>(new Map());
  const [error, setError] = useState("");

  async function search(q: string) {
    setError("");
    try {
      const page = await trpc.org.admin.users.page.query({ keyword: q.trim() || undefined, pageSize: 10 });
      setList(page.list.map((u) => ({ userId: u.userId, loginName: u.loginName, nick: u.nick, mobile: u.mobile ?? "" })));
      setTotal(page.total);
    } catch {
      setError("查询用户失败，请稍后再试");
    }
  }

  useEffect(() => {
    if (!open) return;
    setPicked(new Map());
    setKeyword("");
    void search("");
  }, [open]);

  const toggle = (u: Candidate, on: boolean) => {
    const next = new Map(picked);
    if (on) next.set(u.userId, u);
    else next.delete(u.userId);
    setPicked(next);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>添加学员</DialogTitle>
        <form
          className="mt-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void search(keyword);
          }}
        >
          <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="账号、昵称或手机号" aria-label="查找用户" maxLength={40} />
          <Button type="submit" variant="secondary">查找</Button>
        </form>
        <div className="mt-3 h-64 overflow-y-auto rounded-md border border-border">
          {error && <p className="p-3 text-sm text-danger">{error}</p>}
          {!error && list.length === 0 && <p className="p-3 text-sm text-muted">没有找到用户</p>}
          {list.map((u) => (
            <label key={u.userId} className="flex cursor-pointer items-center gap-3 border-b border-border px-3 py-2 text-sm last:border-0 hover:bg-primary-50/40">
              <input type="checkbox" checked={picked.has(u.userId)} onChange={(e) => toggle(u, e.target.checked)} aria-label={`选择${u.nick}`} />
              <span className="font-medium text-[#1d2129]">{u.nick}</span>
              <span className="text-muted">{u.loginName}</span>
              <span className="ml-auto text-muted">{u.mobile}</span>
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted">
          {total > list.length ? `共 ${total} 个用户，仅显示前 ${list.length} 个，请输入关键词缩小范围。` : `共 ${total} 个用户。`}
          {picked.size > 0 && <span className="ml-1 text-primary">已选 {[...picked.values()].map((u) => u.nick).join("、")}</span>}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
          <Button onClick={() => onPick([...picked.keys()])} disabled={busy || picked.size === 0}>
            {busy ? "添加中…" : `添加${picked.size ? ` ${picked.size} 人` : ""}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
