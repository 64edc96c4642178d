import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { useActionToast } from "~/components/course/use-action-toast";
import { MESSAGE_KIND_OPTIONS, MESSAGE_STATUS_OPTIONS, MessageStatusBadge, ReadCount } from "~/components/message/status";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { errorMessage, trpc } from "~/lib/trpc";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "站内信管理 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", status: sp.get("status") ?? "", kind: sp.get("kind") ?? "" };
    const page = await caller.message.admin.page({ keyword: filters.keyword, status: filters.status, kind: filters.kind, pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never);
    return { page, filters };
  });

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ids = String(form.get("ids") ?? "").split(",").filter(Boolean);
  let copiedId: number | null = null;
  const result = await adminAction(request, async (caller) => {
    const id = ids[0] as never;
    if (intent === "send") {
      const r = await caller.message.admin.operate({ id, status: 1 });
      return r.delivered ? `已发送给 ${r.delivered} 名用户` : `没有新的接收用户，已发送 ${r.recipientCount} 人`;
    }
    if (intent === "withdraw") return `已撤回，${(await caller.message.admin.operate({ id, status: 2 })).withdrawn} 名用户将不再看到这条站内信`;
    if (intent === "delete") return `已删除 ${(await caller.message.admin.del({ ids } as never)).deleted} 条站内信`;
    if (intent === "copy") {
      copiedId = (await caller.message.admin.copy({ id })).id;
      return "已复制为新的草稿";
    }
    throw badInput("未知的操作");
  });
  if (copiedId) throw redirect(`/admin/messages/${copiedId}?copied=1`);
  return result;
};

type Row = ReturnType<typeof useLoaderData<typeof loader>>["page"]["list"][number];

export default function AdminMessages() {
  const { page, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; ids: number[] }) | null>(null);
  const busy = fetcher.state !== "idle";
  // Sent messages are withdrawn before they can be deleted, so only the others can be ticked.
  const deletable = page.list.filter((m) => m.status !== 1);
  const selection = useSelection(deletable.map((m) => m.id), [page.pageNo, page.total, filters.keyword, filters.status]);
  useActionToast(fetcher, () => {
    setConfirm(null);
    selection.clear();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const submit = (intent: string, ids: number[]) => fetcher.submit({ intent, ids: ids.join(",") }, { method: "post" });
  async function askSend(m: Row) {
    try {
      const d = await trpc.message.admin.detail.query({ id: m.id });
      const who = d.targetType === 3 ? `指定的 ${d.expectedCount ?? 0} 名用户` : `${d.targetText}（当前 ${d.expectedCount ?? 0} 人）`;
      setConfirm({ intent: "send", ids: [m.id], title: `发送「${m.title}」？`, description: `将发送给${who}，对方会在消息中心和页头消息提醒中看到。发送后内容不能再修改。`, confirmText: "确认发送" });
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  }
  const askWithdraw = (m: Row) =>
    setConfirm({ intent: "withdraw", ids: [m.id], title: `撤回「${m.title}」？`, description: `撤回后 ${m.recipientCount} 名接收人将不再看到这条站内信，未读提醒同时消失。撤回后不能再次发送，可复制后重新发送。`, confirmText: "撤回", danger: true });
  const askDelete = (rows: Row[]) =>
    setConfirm({
      intent: "delete",
      ids: rows.map((m) => m.id),
      title: rows.length === 1 ? `删除「${rows[0]!.title}」？` : `删除选中的 ${rows.length} 条站内信？`,
      description: "删除后不可恢复；已撤回的站内信连同其发送记录一并删除。",
      confirmText: "删除",
      danger: true,
    });
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const picked = deletable.filter((m) => selection.has(m.id));

  return (
    <>
      <PageHeader title="站内信管理" trail="互动 / 站内信">
        <Button asChild>
          <Link to="/admin/messages/new">新建站内信</Link>
        </Button>
      </PageHeader>
      <Card className="p-4">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <Form method="get" className="flex gap-3">
            <Input name="keyword" defaultValue={filters.keyword} placeholder="搜索标题或内容" aria-label="搜索标题或内容" className="w-64" maxLength={100} />
            <FilterSelect name="kind" label="类型" allLabel="全部类型" defaultValue={filters.kind} options={MESSAGE_KIND_OPTIONS} />
            <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={MESSAGE_STATUS_OPTIONS} />
            <Button type="submit" variant="secondary">
              查询
            </Button>
          </Form>
          <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => askDelete(picked)}>
            批量删除{picked.length ? `（${picked.length}）` : ""}
          </Button>
        </div>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th className="w-10">
                  <input type="checkbox" aria-label="全选本页" disabled={!deletable.length} checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
                </Th>
                <Th>标题</Th>
                <Th>类型</Th>
                <Th>接收对象</Th>
                <Th>状态</Th>
                <Th>已读 / 接收</Th>
                <Th>发送时间</Th>
                <Th>创建人</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((m) => (
                <tr key={m.id} data-message={m.title}>
                  <Td>
                    {m.status !== 1 && <input type="checkbox" aria-label={`选择${m.title}`} checked={selection.has(m.id)} onChange={(e) => selection.toggle(m.id, e.target.checked)} />}
                  </Td>
                  <Td className="max-w-[360px]">
                    <Link to={`/admin/messages/${m.id}`} className="block truncate font-medium hover:text-primary" title={m.title}>
                      {m.title}
                    </Link>
                    <p className="truncate text-xs text-muted" title={m.content}>
                      {m.content}
                    </p>
                  </Td>
                  <Td>{m.kindText}</Td>
                  <Td>{m.targetType === 3 && m.status === 0 ? `${m.targetText}（${m.boundCount}人）` : m.targetText}</Td>
                  <Td>
                    <MessageStatusBadge status={m.status} text={m.statusText} />
                  </Td>
                  <Td>
                    <ReadCount status={m.status} readCount={m.readCount} recipientCount={m.recipientCount} />
                  </Td>
                  <Td className="text-[#4e5969]">{formatTime(m.sentTime)}</Td>
                  <Td className="text-[#4e5969]">{m.creatorName || "-"}</Td>
                  <Td>
                    <div className="flex gap-3 text-sm">
                      <Link className="text-primary" to={`/admin/messages/${m.id}`}>
                        {m.status === 0 ? "编辑" : "详情"}
                      </Link>
                      {m.status === 0 && (
                        <button type="button" className="text-primary" onClick={() => askSend(m)}>
                          发送
                        </button>
                      )}
                      {m.status === 1 && (
                        <button type="button" className="text-danger" onClick={() => askWithdraw(m)}>
                          撤回
                        </button>
                      )}
                      <button type="button" className="text-primary" disabled={busy} onClick={() => submit("copy", [m.id])}>
                        复制
                      </button>
                      {m.status !== 1 && (
                        <button type="button" className="text-danger" onClick={() => askDelete([m])}>
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
          <EmptyState title={filters.keyword || filters.status || filters.kind ? "没有符合条件的站内信" : "还没有站内信"} hint="点击右上角「新建站内信」，写好后发送给全部用户、开放范围或指定用户" />
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && submit(confirm.intent, confirm.ids)} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
