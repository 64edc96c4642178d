import { useCallback, useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDateTime } from "@base/format";

type Detail = Awaited<ReturnType<typeof trpc.redeem.admin.useDetail.query>>;
type CodeRow = Detail["list"][number];
const PAGE_SIZE = 10;
const STATUS_TONE = { 0: "blue", 1: "green", 2: "gray" } as const;
const field = "h-9 rounded-md border border-border bg-white px-2 text-sm";

/**
 * 使用明细 of one batch: its codes with who redeemed them and when, filtered by state or keyword, ten
 * a page; an unused code can be expired on its own.
 */
export function UseDetailDialog({ batch, onClose, onChanged }: { batch: { id: number; name: string } | null; onClose: () => void; onChanged: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const [status, setStatus] = useState("");
  const [keyword, setKeyword] = useState("");
  const [applied, setApplied] = useState("");
  const [data, setData] = useState<Detail | null>(null);
  const [voiding, setVoiding] = useState<CodeRow | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPageNo(1);
    setStatus("");
    setKeyword("");
    setApplied("");
    setData(null);
  }, [batch?.id]);

  const load = useCallback(async () => {
    if (!batch) return;
    try {
      setData(await trpc.redeem.admin.useDetail.query({ redemptionCodeBatchId: batch.id, pageNo, pageSize: PAGE_SIZE, status: status === "" ? undefined : Number(status), keyword: applied || undefined }));
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  }, [batch, pageNo, status, applied]);
  useEffect(() => {
    void load();
  }, [load]);

  async function expireCode() {
    if (!voiding) return;
    setBusy(true);
    try {
      await trpc.redeem.admin.expireCode.mutate({ redemptionCodeId: voiding.id });
      adminToast.success("兑换码已作废");
      setVoiding(null);
      await load();
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (!batch) return null;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] w-[960px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>使用明细：{batch.name}</DialogTitle>
        {data && (
          <p className="mt-2 text-sm text-[#4e5969]" data-testid="use-summary">
            共 {data.batch.count} 个，已兑换 <b className="text-[#00b42a]">{data.batch.usedNum}</b>，未使用 <b className="text-primary">{data.batch.unusedNum}</b>，已过期 <b className="text-muted">{data.batch.expiredNum}</b>
          </p>
        )}
        <form
          className="mt-3 flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setPageNo(1);
            setApplied(keyword.trim());
          }}
        >
          <select
            className={field}
            value={status}
            aria-label="兑换状态"
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">全部状态</option>
            <option value="0">未使用</option>
            <option value="1">已兑换</option>
            <option value="2">已过期</option>
          </select>
          <input className={`${field} w-64 px-3`} value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="兑换码 / 兑换人 / 手机号" aria-label="关键词" />
          <Button type="submit" variant="outline" size="sm">
            查询
          </Button>
        </form>
        <div className="mt-3 min-h-[200px]">
          {!data ? (
            <p className="py-10 text-center text-sm text-muted">加载中…</p>
          ) : data.list.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted">没有符合条件的兑换码</p>
          ) : (
            <Table>
              <thead>
                <tr>
                  <Th>兑换码</Th>
                  <Th>状态</Th>
                  <Th>兑换人</Th>
                  <Th>手机号</Th>
                  <Th>兑换时间</Th>
                  <Th>操作</Th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((r) => (
                  <tr key={r.id} data-testid="code-row">
                    <Td className="font-mono" data-testid="code-text">
                      {r.redemptionCode}
                    </Td>
                    <Td>
                      <Badge tone={STATUS_TONE[r.status as 0 | 1 | 2]}>{r.statusName}</Badge>
                    </Td>
                    <Td>{r.userName || "--"}</Td>
                    <Td>{r.mobile || "--"}</Td>
                    <Td className="text-xs">{r.redeemedAt ? formatDateTime(r.redeemedAt) : "--"}</Td>
                    <Td>
                      {r.status === 0 ? (
                        <Button variant="link" size="sm" className="text-danger" onClick={() => setVoiding(r)}>
                          作废
                        </Button>
                      ) : (
                        <span className="text-xs text-muted">--</span>
                      )}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        {data && data.total > 0 && (
          <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label="明细分页">
            <span className="mr-2 text-muted">
              共 {data.total} 条，第 {pageNo}/{pages} 页
            </span>
            <Button variant="outline" size="sm" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
              上一页
            </Button>
            <Button variant="outline" size="sm" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
              下一页
            </Button>
          </nav>
        )}
        <ConfirmDialog
          request={voiding ? { title: "作废兑换码", description: `确定作废兑换码 ${voiding.redemptionCode} 吗？作废后该兑换码不能再兑换。`, confirmText: "作废", danger: true } : null}
          busy={busy}
          onCancel={() => setVoiding(null)}
          onConfirm={() => void expireCode()}
        />
      </DialogContent>
    </Dialog>
  );
}
