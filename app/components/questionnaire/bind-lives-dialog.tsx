import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "@base/format";
import { errorMessage, trpc } from "~/lib/trpc";

type Bound = { businessId: number; businessName: string; bindTime: number | null };
type Unbound = { businessId: number; name: string; startTime: number | null };
const PAGE_SIZE = 6;

/**
 * The lives a questionnaire is bound to: while collecting answers it shows in those live rooms whenever
 * the console has not pushed another one. A live holds one questionnaire, so only lives without one are
 * offered.
 */
export function BindLivesDialog({
  questionnaire,
  onClose,
  onChanged,
}: {
  questionnaire: { id: number; title: string; status: number } | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [bound, setBound] = useState<Bound[]>([]);
  const [keyword, setKeyword] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [unbound, setUnbound] = useState<{ list: Unbound[]; total: number }>({ list: [], total: 0 });
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const id = questionnaire?.id;
  const draft = questionnaire?.status === 0;

  useEffect(() => {
    if (!id) return;
    let gone = false;
    trpc.questionnaire.admin.bindInfo.query({ questionnaireId: id }).then(
      (rows) => !gone && setBound(rows),
      (e) => !gone && adminToast.error(errorMessage(e)),
    );
    return () => void (gone = true);
  }, [id, version]);

  useEffect(() => {
    if (!id || draft) return;
    let gone = false;
    trpc.questionnaire.admin.unbound.query({ keyword: search || undefined, pageNo: page, pageSize: PAGE_SIZE }).then(
      (r) => !gone && setUnbound(r),
      (e) => !gone && adminToast.error(errorMessage(e)),
    );
    return () => void (gone = true);
  }, [id, draft, search, page, version]);

  useEffect(() => {
    setKeyword("");
    setSearch("");
    setPage(1);
  }, [id]);

  async function change(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      adminToast.success(done);
      setVersion((v) => v + 1);
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const pages = Math.max(1, Math.ceil(unbound.total / PAGE_SIZE));
  return (
    <Dialog open={!!questionnaire} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="w-[620px] max-w-[92vw]">
        <DialogTitle>绑定直播</DialogTitle>
        <p className="text-sm text-muted">
          「{questionnaire?.title}」收集答卷期间，会显示在绑定的直播间里（控制台推送了其他问卷时以推送的为准）。
        </p>
        <section className="mt-3" data-testid="bound-lives">
          <h3 className="mb-2 text-sm font-medium">已绑定（{bound.length}）</h3>
          {bound.length ? (
            <ul className="divide-y divide-border rounded-md border border-border text-sm">
              {bound.map((b) => (
                <li key={b.businessId} className="flex items-center gap-3 px-3 py-2" data-live={b.businessName}>
                  <span className="min-w-0 flex-1 truncate">{b.businessName || `直播 ${b.businessId}（已删除）`}</span>
                  <span className="text-xs text-muted">绑定于 {formatDateTime(b.bindTime)}</span>
                  <button type="button" className="text-danger disabled:opacity-50" disabled={busy} onClick={() => change(() => trpc.questionnaire.admin.unbind.mutate({ businessId: b.businessId }), `已解除「${b.businessName}」的绑定`)}>
                    解除绑定
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-md bg-surface px-3 py-2 text-sm text-muted">还没有绑定直播</p>
          )}
        </section>
        <section className="mt-4" data-testid="unbound-lives">
          <h3 className="mb-2 text-sm font-medium">添加直播</h3>
          {draft ? (
            <p className="rounded-md bg-[#fff7e8] px-3 py-2 text-sm text-[#d25f00]">草稿问卷不能绑定，请先发布</p>
          ) : (
            <>
              <form
                className="mb-2 flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  setPage(1);
                  setSearch(keyword.trim());
                }}
              >
                <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="搜索直播名称" aria-label="搜索直播名称" maxLength={50} className="h-9" />
                <Button type="submit" variant="secondary">
                  搜索
                </Button>
              </form>
              {unbound.list.length ? (
                <ul className="divide-y divide-border rounded-md border border-border text-sm">
                  {unbound.list.map((l) => (
                    <li key={l.businessId} className="flex items-center gap-3 px-3 py-2" data-live={l.name}>
                      <span className="min-w-0 flex-1 truncate">{l.name}</span>
                      <span className="text-xs text-muted">{formatDateTime(l.startTime)}</span>
                      <button type="button" className="text-primary disabled:opacity-50" disabled={busy} onClick={() => change(() => trpc.questionnaire.admin.bind.mutate({ questionnaireId: id!, businessId: l.businessId }), `已绑定到「${l.name}」`)}>
                        绑定
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="rounded-md bg-surface px-3 py-2 text-sm text-muted">{search ? "没有符合条件的未绑定直播" : "没有未绑定问卷的直播"}</p>
              )}
              {pages > 1 && (
                <div className="mt-2 flex items-center justify-end gap-2 text-sm">
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    上一页
                  </Button>
                  <span className="text-muted">
                    {page} / {pages}
                  </span>
                  <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    下一页
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
