import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { goodsFilters } from "~/components/admin/goods-filters";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { GoodsPicker } from "~/components/admin/goods-picker";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { formatDateTime, formatMoney, fromChinaInput, toChinaInput } from "@base/format";

export const meta: MetaFunction = () => [{ title: "拼团 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const { filters, query } = goodsFilters(request, PAGE_SIZE);
    return { page: await caller.groupBuy.admin.search(query), filters };
  });

type Row = Awaited<ReturnType<typeof loader>>["page"]["list"][number];
const input = "h-9 rounded-md border border-border bg-white px-3 text-sm";
const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
const STATE_TONE: Record<string, "green" | "gray" | "orange" | "red"> = { 进行中: "green", 未开始: "orange", 已结束: "gray", 已作废: "red" };
const OUTCOME_TONE: Record<number, "green" | "gray" | "orange" | "red"> = { 0: "orange", 1: "green", 2: "red" };

const COURSE_ONLY = [{ value: 1, label: "课程" }];

/** 新建拼团 / 编辑拼团: name, a paid course, the group price (yuan), size and window. */
function GroupBuyDialog({ editing, open, onClose, onSaved }: { editing: Row | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState("");
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const [price, setPrice] = useState("");
  const [minMembers, setMinMembers] = useState("3");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const now = Date.now();
    setName(editing?.name ?? "");
    setGoodsId(editing?.goodsId ?? null);
    setPrice(editing ? formatMoney(editing.groupPrice) : "");
    setMinMembers(String(editing?.minMembers ?? 3));
    setFrom(toChinaInput(editing?.startTime ?? now));
    setTo(toChinaInput(editing?.endTime ?? now + 7 * 86_400_000));
    setError("");
  }, [open, editing]);

  const locked = !!editing && editing.joined > 0;

  async function save() {
    setError("");
    const cents = Math.round(Number(price) * 100);
    if (!name.trim()) return setError("请输入拼团名称");
    if (!goodsId) return setError("请选择拼团课程");
    if (!/^\d+(\.\d{1,2})?$/.test(price.trim()) || cents <= 0) return setError("请输入正确的拼团价（元，最多两位小数）");
    if (!from || !to) return setError("请选择开始和结束时间");
    const body = { name, goodsType: 1, goodsId, groupPrice: cents, minMembers: Number(minMembers), startTime: fromChinaInput(from), endTime: fromChinaInput(to) };
    setBusy(true);
    try {
      if (editing) await trpc.groupBuy.admin.update.mutate({ ...body, groupBuyId: editing.id });
      else await trpc.groupBuy.admin.create.mutate(body);
      adminToast.success(editing ? "拼团已保存" : "拼团已创建");
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (!open) return null;
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] w-[600px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>{editing ? "编辑拼团" : "新建拼团"}</DialogTitle>
        <div className="mt-3 space-y-4 text-sm">
          {locked && <p className="rounded bg-[#fff7e8] p-2 text-xs text-[#ff7d00]">已有学员参团，只能修改拼团名称或延长结束时间。</p>}
          <label className="block space-y-1">
            <span>拼团名称 <span className="text-danger">*</span></span>
            <input className={field} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} placeholder="如：三人成团特惠" aria-label="拼团名称" />
          </label>
          <div className="space-y-1">
            <span>拼团课程 <span className="text-danger">*</span></span>
            <GoodsPicker
              types={COURSE_ONLY}
              goodsType={1}
              goodsId={goodsId}
              shown
              sold
              disabled={locked}
              fieldClass={field}
              initialKeyword={editing?.goodsName ?? ""}
              current={editing ? { id: editing.goodsId, name: editing.goodsName } : null}
              onChange={(_, id) => setGoodsId(id)}
            />
          </div>
          <div className="flex gap-3">
            <label className="block flex-1 space-y-1">
              <span>拼团价（元） <span className="text-danger">*</span></span>
              <input className={field} value={price} disabled={locked} onChange={(e) => setPrice(e.target.value)} placeholder="须低于课程售价" aria-label="拼团价" />
            </label>
            <label className="block flex-1 space-y-1">
              <span>成团人数 <span className="text-danger">*</span></span>
              <input className={field} type="number" min={2} max={100} value={minMembers} disabled={locked} onChange={(e) => setMinMembers(e.target.value)} aria-label="成团人数" />
            </label>
          </div>
          <div className="space-y-1">
            <span>活动时间 <span className="text-danger">*</span></span>
            <div className="flex items-center gap-2">
              <input type="datetime-local" className={field} value={from} disabled={locked} onChange={(e) => setFrom(e.target.value)} aria-label="开始时间" />
              <span>至</span>
              <input type="datetime-local" className={field} value={to} onChange={(e) => setTo(e.target.value)} aria-label="结束时间" />
            </div>
            <span className="text-xs text-muted">按北京时间；到结束时间仍未达到成团人数的，已支付订单将自动原路退款。</span>
          </div>
          {error && (
            <p className="text-danger" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? "保存中…" : "保存"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Group buys: list with filters, create and edit, 作废. */
export default function AdminGroupBuys() {
  const { page, filters } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<{ editing: Row | null } | null>(null);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);
  const filtered = !!(filters.name || filters.goodsName || filters.status);
  const pageHref = (n: number) =>
    `?${new URLSearchParams({ ...(filters.name ? { name: filters.name } : {}), ...(filters.goodsName ? { goodsName: filters.goodsName } : {}), ...(filters.status ? { status: filters.status } : {}), page: String(n) })}`;

  return (
    <div>
      <PageHeader title="拼团" trail="交易">
        <Button onClick={() => setDialog({ editing: null })}>新建拼团</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3" aria-label="筛选">
          <input name="name" defaultValue={filters.name} placeholder="拼团名称" aria-label="拼团名称" className={`${input} w-52`} />
          <input name="goodsName" defaultValue={filters.goodsName} placeholder="课程名称" aria-label="课程名称" className={`${input} w-52`} />
          <select name="status" defaultValue={filters.status} aria-label="状态" className={`${input} px-2`}>
            <option value="">全部状态</option>
            <option value="1">启用</option>
            <option value="2">已作废</option>
          </select>
          <Button type="submit" variant="outline">
            查询
          </Button>
          {filtered && (
            <Link to="?" className="text-sm text-muted hover:text-primary">
              重置
            </Link>
          )}
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title={filtered ? "没有符合条件的拼团" : "暂无拼团"} hint="新建拼团，让学员以更低的价格组团购买付费课程" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>拼团名称</Th>
                <Th>课程</Th>
                <Th>拼团价</Th>
                <Th>参团 / 成团人数</Th>
                <Th>活动时间</Th>
                <Th>状态</Th>
                <Th>成团结果</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((g) => (
                <tr key={g.id} data-testid="group-buy-row">
                  <Td className="max-w-[200px] whitespace-normal py-2 font-medium">{g.name}</Td>
                  <Td className="max-w-[220px] whitespace-normal py-2">{g.goodsName}</Td>
                  <Td>¥{formatMoney(g.groupPrice)}</Td>
                  <Td>
                    {g.joined} / {g.minMembers}
                  </Td>
                  <Td className="text-xs">
                    <p>{formatDateTime(g.startTime)}</p>
                    <p className="text-muted">至 {formatDateTime(g.endTime)}</p>
                  </Td>
                  <Td>
                    <Badge tone={STATE_TONE[g.statusName] ?? "gray"}>{g.statusName}</Badge>
                  </Td>
                  <Td>
                    <Badge tone={OUTCOME_TONE[g.outcome] ?? "gray"}>{g.outcomeName}</Badge>
                  </Td>
                  <Td>
                    {g.status === 1 && g.statusName !== "已结束" && (
                      <div className="flex gap-x-1">
                        <Button variant="link" size="sm" onClick={() => setDialog({ editing: g })}>
                          编辑
                        </Button>
                        <Button
                          variant="link"
                          size="sm"
                          className="text-danger"
                          onClick={() =>
                            setConfirm({
                              title: "作废拼团",
                              description:
                                g.outcome === 0 && g.joined > 0
                                  ? `“${g.name}”尚未成团，作废后已支付的 ${g.joined} 笔订单将自动原路退款。确定作废吗？`
                                  : `确定作废“${g.name}”吗？作废后课程恢复原价销售。`,
                              confirmText: "作废",
                              danger: true,
                              ok: "拼团已作废",
                              run: () => trpc.groupBuy.admin.expire.mutate({ groupBuyId: g.id }),
                            })
                          }
                        >
                          作废
                        </Button>
                      </div>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={pageHref} />
        </div>
      </Card>
      <GroupBuyDialog
        open={!!dialog}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
