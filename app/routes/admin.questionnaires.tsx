import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { useSelection } from "~/components/admin/use-selection";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "@base/format";
import { FilterSelect } from "~/components/admin/filter-select";
import { BindLivesDialog } from "~/components/questionnaire/bind-lives-dialog";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "问卷管理 - 财云学院管理后台" }];
const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", status: sp.get("status") ?? "" };
    const page = await caller.questionnaire.admin.page({
      keyword: filters.keyword || undefined,
      status: filters.status === "" ? undefined : Number(filters.status),
      pageNo: Number(sp.get("page")) || 1,
      pageSize: PAGE_SIZE,
    });
    return { page, filters };
  });

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  let copiedId = 0;
  const result = await adminAction(request, async (caller) => {
    const intent = String(form.get("intent"));
    const ids = String(form.get("ids") ?? "").split(",").filter(Boolean) as never;
    if (intent === "publish") return `已发布 ${(await caller.questionnaire.admin.setStatus({ ids, status: 1 })).count} 份问卷`;
    if (intent === "stop") return `已停止 ${(await caller.questionnaire.admin.setStatus({ ids, status: 2 })).count} 份问卷`;
    if (intent === "del") return `已删除 ${(await caller.questionnaire.admin.del({ ids })).count} 份问卷`;
    if (intent === "copy") {
      copiedId = (await caller.questionnaire.admin.copy({ id: ids[0] })).id;
      return "已复制为新的草稿";
    }
    throw badInput("未知的操作");
  });
  // The copy opens in its editor, where the admin revises it before publishing.
  if (copiedId) throw redirect(`/admin/questionnaires/${copiedId}?copied=1`);
  return result;
};

const STATUS = [
  { value: "0", label: "草稿" },
  { value: "1", label: "已发布" },
  { value: "2", label: "已停止" },
];
const tone = (s: number) => (s === 1 ? "green" : s === 2 ? "gray" : "orange") as "green" | "gray" | "orange";
type Row = { id: number; title: string; status: number };

export default function AdminQuestionnaires() {
  const { page, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; ids: number[] }) | null>(null);
  const [binding, setBinding] = useState<Row | null>(null);
  const refresh = useRefresh();
  const selection = useSelection(page.list.map((q) => q.id), [page.pageNo, page.total, filters.keyword, filters.status]);
  useActionToast(fetcher, () => {
    setConfirm(null);
    selection.clear();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);
  const submit = (intent: string, ids: number[]) => fetcher.submit({ intent, ids: ids.join(",") }, { method: "post" });
  const picked = page.list.filter((q) => selection.has(q.id));
  const names = (rows: Row[]) => (rows.length === 1 ? `「${rows[0]!.title}」` : `选中的 ${rows.length} 份问卷`);
  const ask = (intent: "publish" | "stop" | "del", rows: Row[]) => {
    const ids = rows.map((r) => r.id);
    if (intent === "publish") setConfirm({ intent, ids, title: "发布问卷", description: `发布后学员即可填写${names(rows)}，题目将不能再修改。确定发布吗？`, confirmText: "发布" });
    if (intent === "stop") setConfirm({ intent, ids, title: "停止问卷", description: `停止后学员不能再提交${names(rows)}，已收集的答卷保留。确定停止吗？`, confirmText: "停止", danger: true });
    if (intent === "del") setConfirm({ intent, ids, title: "删除问卷", description: `确定删除${names(rows)}吗？问卷的答卷和直播绑定将一并删除，且不可恢复。`, confirmText: "删除", danger: true });
  };
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  return (
    <div>
      <PageHeader title="问卷" trail="互动 / 问卷">
        <Button asChild>
          <Link to="/admin/questionnaires/new">新建问卷</Link>
        </Button>
      </PageHeader>
      <Card className="p-4">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <Form method="get" className="flex gap-3">
            <Input name="keyword" defaultValue={filters.keyword} placeholder="搜索问卷标题" aria-label="搜索问卷标题" className="w-64" maxLength={50} />
            <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={STATUS} />
            <Button type="submit" variant="secondary">
              查询
            </Button>
          </Form>
          <span className="flex-1" />
          <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => ask("publish", picked)}>
            批量发布{picked.length ? `（${picked.length}）` : ""}
          </Button>
          <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => ask("stop", picked)}>
            批量停止
          </Button>
          <Button size="sm" variant="outline" disabled={!picked.length || busy} onClick={() => ask("del", picked)}>
            批量删除
          </Button>
        </div>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th className="w-10">
                  <input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
                </Th>
                <Th>问卷标题</Th>
                <Th>状态</Th>
                <Th>答卷数</Th>
                <Th>绑定直播</Th>
                <Th>备注</Th>
                <Th>更新时间</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((q) => (
                <tr key={q.id} data-testid="questionnaire-row" data-title={q.title}>
                  <Td>
                    <input type="checkbox" aria-label={`选择${q.title}`} checked={selection.has(q.id)} onChange={(e) => selection.toggle(q.id, e.target.checked)} />
                  </Td>
                  <Td className="max-w-[320px]">
                    <span className="block truncate font-medium" title={q.title}>
                      {q.title}
                    </span>
                    {q.anonymous ? <span className="text-xs text-muted">匿名</span> : null}
                  </Td>
                  <Td>
                    <Badge tone={tone(q.status)}>{q.statusText}</Badge>
                  </Td>
                  <Td>{q.answerCount}</Td>
                  <Td>
                    <button type="button" className="text-primary" onClick={() => setBinding(q)} aria-label={`绑定直播：${q.title}`}>
                      {q.bindCount ? `${q.bindCount} 场直播` : "绑定直播"}
                    </button>
                  </Td>
                  <Td className="max-w-[160px] truncate text-muted">{q.remark || "-"}</Td>
                  <Td className="text-muted">{formatDateTime(q.updateTime)}</Td>
                  <Td>
                    <div className="flex gap-3 text-sm text-primary">
                      <Link to={`/admin/questionnaires/${q.id}`}>{q.status === 0 ? "编辑" : "查看"}</Link>
                      <Link to={`/admin/questionnaires/${q.id}/results`}>结果</Link>
                      <button type="button" disabled={busy} onClick={() => submit("copy", [q.id])}>
                        复制
                      </button>
                      {q.status === 1 ? (
                        <button type="button" className="text-danger" onClick={() => ask("stop", [q])}>
                          停止
                        </button>
                      ) : (
                        <button type="button" onClick={() => ask("publish", [q])}>
                          发布
                        </button>
                      )}
                      {q.status !== 1 && (
                        <button type="button" className="text-danger" onClick={() => ask("del", [q])}>
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
          <EmptyState title={filters.keyword || filters.status ? "没有符合条件的问卷" : "还没有问卷"} hint="点击右上角「新建问卷」，添加题目后发布给学员填写" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && submit(confirm.intent, confirm.ids)} onCancel={() => setConfirm(null)} />
      <BindLivesDialog questionnaire={binding} onClose={() => setBinding(null)} onChanged={refresh} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
