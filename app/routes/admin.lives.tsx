import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { priceFromForm } from "~/components/admin/price-fields";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useActionToast } from "~/components/course/use-action-toast";
import { AdminLiveForm } from "~/components/live/admin-live-form";
import { AdminPushDialog, type PushTarget } from "~/components/live/admin-push-dialog";
import { LiveAdvancedEditor } from "~/components/live/live-advanced-editor";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime, formatMoney } from "@base/format";
import { useRefresh } from "~/lib/use-refresh";
import { FilterSelect } from "~/components/admin/filter-select";
import { LiveCover } from "~/components/live/live-cover";

export const meta: MetaFunction = () => [{ title: "直播管理 - 财云学院管理后台" }];
const PAGE_SIZE = 10;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", liveStatus: sp.get("liveStatus") ?? "" };
    const count = (liveStatus?: number) => caller.live.admin.page({ liveStatus, pageSize: 1 } as never).then((p) => p.total);
    const edit = sp.get("edit");
    const [page, series, counts, editing] = await Promise.all([
      caller.live.admin.page({ keyword: filters.keyword || undefined, liveStatus: filters.liveStatus || undefined, pageNo: Number(sp.get("page")) || 1, pageSize: PAGE_SIZE } as never),
      caller.live.admin.series.page({ pageNo: 1, pageSize: 100 } as never),
      Promise.all([count(), count(0), count(1), count(2)]),
      edit && edit !== "new" ? caller.live.admin.detail({ id: edit } as never) : null,
    ]);
    // Series beyond the first hundred are looked up one by one for the rows that show them.
    const names = new Map(series.list.map((s) => [s.id, s.name]));
    for (const id of new Set(page.list.map((l) => l.seriesId).filter((id): id is number => !!id && !names.has(id)))) {
      names.set(id, (await caller.live.admin.series.detail({ id })).name);
    }
    const list = page.list.map((l) => ({ ...l, seriesName: l.seriesId ? (names.get(l.seriesId) ?? "") : "" }));
    return { page: { ...page, list }, filters, counts, editing, creating: edit === "new", series: series.list };
  });

const toMs = (v: FormDataEntryValue | null) => (v ? new Date(`${String(v)}:00+08:00`).getTime() : undefined);

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const id = String(form.get("id") ?? "");
    const text = (k: string) => String(form.get(k) ?? "");
    if (intent === "save") {
      const saved = await caller.live.admin.save({
        id: id || undefined,
        name: text("name"),
        teacherName: text("teacherName"),
        coverUrl: text("coverUrl"),
        introduction: text("introduction"),
        m3u8PlayUrl: text("m3u8PlayUrl"),
        channelCode: text("channelCode"),
        thirdLiveId: text("thirdLiveId"),
        seriesId: text("seriesId") || null,
        startTime: toMs(form.get("startTime")),
        endTime: toMs(form.get("endTime")),
        ...priceFromForm(form),
      } as never);
      return `已保存直播「${saved.name}」`;
    }
    if (intent === "copy") return `已复制为「${(await caller.live.admin.copy({ id } as never)).name}」`;
    if (intent === "del") return (await caller.live.admin.del({ id } as never), "已删除该直播");
    if (intent === "shelf") return (await caller.live.admin.shelf({ id, status: text("status") } as never), text("status") === "1" ? "已上架" : "已下架");
    throw badInput("未知的操作");
  });

const STATUS = ["未开始", "直播中", "已结束"] as const;
const STATUS_TONE = ["blue", "green", "gray"] as const;

export default function AdminLives() {
  const { page, filters, counts, editing, creating, series } = useLoaderData<typeof loader>();
  const saved = useActionData<typeof action>();
  const nav = useNavigation();
  const refresh = useRefresh();
  const fetcher = useFetcher<typeof action>();
  const [params, setParams] = useSearchParams();
  const [confirm, setConfirm] = useState<(ConfirmRequest & { id: number }) | null>(null);
  const [pushing, setPushing] = useState<PushTarget | null>(null);
  useEffect(() => {
    if (!saved) return;
    if (saved.ok) adminToast.success(saved.message);
    else adminToast.error(saved.message);
  }, [saved]);
  useActionToast(fetcher, () => setConfirm(null));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const act = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });
  const close = () => {
    const p = new URLSearchParams(params);
    p.delete("edit");
    setParams(p);
  };
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const editHref = (id: number) => {
    const q = new URLSearchParams(params);
    q.set("edit", String(id));
    return `?${q}`;
  };
  const filtered = !!(filters.keyword || filters.liveStatus);

  return (
    <div className="space-y-4 pb-10">
      <PageHeader title="直播" trail="内容">
        <div className="flex items-center gap-4">
          <Link to="/admin/live-series" className="text-sm text-primary">
            直播系列
          </Link>
          <Button onClick={() => setParams({ ...Object.fromEntries(params), edit: "new" })}>新建直播</Button>
        </div>
      </PageHeader>
      <div className="grid grid-cols-4 gap-3">
        {[["全部直播", counts[0]], ...STATUS.map((s, i) => [s, counts[i + 1]] as const)].map(([l, n]) => (
          <Card key={l} className="px-4 py-3">
            <p className="text-xs text-muted">{l}</p>
            <p className="mt-1 text-xl font-semibold">{n}</p>
          </Card>
        ))}
      </div>
      {(creating || editing) && <AdminLiveForm key={editing?.id ?? "new"} editing={editing} series={series} busy={nav.state !== "idle"} onClose={close} />}
      {editing && <LiveAdvancedEditor key={editing.id} live={editing} onSaved={refresh} />}
      <Card className="p-4">
        <Form method="get" className="mb-4 flex gap-3">
          <Input name="keyword" defaultValue={filters.keyword} placeholder="直播名称" aria-label="直播名称" maxLength={40} className="w-64" />
          <FilterSelect name="liveStatus" label="直播状态" allLabel="全部状态" defaultValue={filters.liveStatus} options={STATUS.map((label, value) => ({ value, label }))} />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>直播</Th>
                <Th>讲师</Th>
                <Th>开始时间</Th>
                <Th>价格</Th>
                <Th>直播状态</Th>
                <Th>上架状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((l) => (
                <tr key={l.id} data-testid="admin-live-row">
                  <Td className="max-w-[380px]">
                    <div className="flex items-center gap-3">
                      <LiveCover name={l.name} coverUrl={l.liveCoverUrl} compact className="h-10 w-16 shrink-0 rounded" />
                      <div className="min-w-0">
                        <div className="truncate font-medium" title={l.name}>
                          {l.name}
                        </div>
                        <div className="truncate text-xs text-muted">{l.seriesName ? `系列：${l.seriesName}` : "未加入系列"}</div>
                      </div>
                    </div>
                  </Td>
                  <Td>{l.teacherName || "-"}</Td>
                  <Td className="text-muted">{formatDateTime(l.startTime)}</Td>
                  <Td>{l.isFree ? "免费" : `¥${formatMoney(l.realPrice)}`}</Td>
                  <Td>
                    <Badge tone={STATUS_TONE[l.liveStatus as 0 | 1 | 2]}>{STATUS[l.liveStatus as 0 | 1 | 2]}</Badge>
                  </Td>
                  <Td>{l.status === 0 ? <Badge tone="gray">已下架</Badge> : <Badge tone="green">已上架</Badge>}</Td>
                  <Td>
                    <div className="flex gap-3 text-primary">
                      <Link to={`/admin/lives/console?id=${l.id}`}>控制台</Link>
                      <Link to={editHref(l.id)}>编辑</Link>
                      <Link to={`/admin/lives/${l.id}/members`}>观看学员</Link>
                      <Link to={`/admin/reports?live=${l.id}`}>报告</Link>
                      {l.liveStatus === 2 ? (
                        <span className="cursor-not-allowed text-[#c9cdd4]" title="直播已结束，不能生成推流地址">
                          推流地址
                        </span>
                      ) : (
                        <button type="button" onClick={() => setPushing({ id: l.id, name: l.name, hasPushKey: "hasPushKey" in l ? Number(l.hasPushKey) : 0 })}>
                          推流地址
                        </button>
                      )}
                      <button type="button" onClick={() => act({ intent: "copy", id: String(l.id) })}>
                        复制
                      </button>
                      <button type="button" onClick={() => act({ intent: "shelf", id: String(l.id), status: l.status === 0 ? "1" : "0" })}>
                        {l.status === 0 ? "上架" : "下架"}
                      </button>
                      {l.liveStatus === 1 ? (
                        <span className="cursor-not-allowed text-[#c9cdd4]" title="直播进行中，请先结束直播再删除">
                          删除
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="text-danger"
                          onClick={() => setConfirm({ id: l.id, title: "删除直播", description: `确定删除「${l.name}」吗？删除后学员将无法再看到这场直播及其回放。`, confirmText: "删除", danger: true })}
                        >
                          删除
                        </button>
                      )}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={filtered ? "没有符合条件的直播" : "还没有直播"} hint={filtered ? "调整关键词或直播状态后再试" : "点击右上角「新建直播」创建第一场直播"} />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={fetcher.state !== "idle"} onConfirm={() => confirm && act({ intent: "del", id: String(confirm.id) })} onCancel={() => setConfirm(null)} />
      <AdminPushDialog live={pushing} onClose={() => setPushing(null)} onGenerated={refresh} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
