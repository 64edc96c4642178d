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
import { useActionToast } from "~/components/course/use-action-toast";
import { SCENE_OPTIONS, TASK_STATUS_OPTIONS, TaskStatusBadge } from "~/components/message/task-status";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "消息任务 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", sceneType: sp.get("sceneType") ?? "", status: sp.get("status") ?? "" };
    const page = await caller.message.admin.task.page({ ...filters, pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never);
    return { page, filters };
  });

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "") as never;
  let copiedId: number | null = null;
  const result = await adminAction(request, async (caller) => {
    if (intent === "enable") {
      await caller.message.admin.task.operate({ id, status: 1 });
      return "已启用，符合条件的学员将自动收到站内信";
    }
    if (intent === "stop") {
      await caller.message.admin.task.operate({ id, status: 0 });
      return "已停用，不再自动发送";
    }
    if (intent === "delete") {
      await caller.message.admin.task.delete({ id });
      return "已删除";
    }
    if (intent === "copy") {
      copiedId = (await caller.message.admin.task.copy({ id })).id;
      return "已复制为停用的新任务";
    }
    throw badInput("未知的操作");
  });
  if (copiedId && result.ok) throw redirect(`/admin/message-tasks/${copiedId}?copied=1`);
  return result;
};

type Row = ReturnType<typeof useLoaderData<typeof loader>>["page"]["list"][number];

export default function AdminMessageTasks() {
  const { page, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; id: number }) | null>(null);
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher, () => setConfirm(null));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const submit = (intent: string, id: number) => fetcher.submit({ intent, id: String(id) }, { method: "post" });
  const ask = (intent: "enable" | "stop" | "delete", t: Row) => {
    if (intent === "enable")
      setConfirm({ intent, id: t.id, title: `启用「${t.name}」？`, description: `启用后系统每分钟检查一次：${t.ruleText}。每位学员对同一事件只会收到一次。`, confirmText: "确认启用" });
    if (intent === "stop") setConfirm({ intent, id: t.id, title: `停用「${t.name}」？`, description: "停用后不再自动发送，已发送的消息不受影响；停用后可修改任务。", confirmText: "停用", danger: true });
    if (intent === "delete") setConfirm({ intent, id: t.id, title: `删除「${t.name}」？`, description: "删除后不可恢复；学员已收到的消息仍保留在其消息中心。", confirmText: "删除", danger: true });
  };
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  const filtered = !!(filters.keyword || filters.sceneType || filters.status);

  return (
    <>
      <PageHeader title="消息任务" trail="互动 / 消息任务">
        <Button asChild>
          <Link to="/admin/message-tasks/new">新建消息任务</Link>
        </Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
          <Input name="keyword" defaultValue={filters.keyword} placeholder="搜索任务名称" aria-label="搜索任务名称" className="w-56" maxLength={50} />
          <FilterSelect name="sceneType" label="触发场景" allLabel="全部场景" defaultValue={filters.sceneType} options={SCENE_OPTIONS} />
          <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={TASK_STATUS_OPTIONS} />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>任务名称</Th>
                <Th>触发场景</Th>
                <Th>状态</Th>
                <Th>已发送 / 已读</Th>
                <Th>最近运行</Th>
                <Th>创建人</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((t) => (
                <tr key={t.id} data-task={t.name}>
                  <Td className="max-w-[340px]">
                    <Link to={`/admin/message-tasks/${t.id}`} className="block truncate font-medium hover:text-primary" title={t.name}>
                      {t.name}
                    </Link>
                    <p className="truncate text-xs text-muted" title={t.ruleText}>
                      {t.ruleText}
                    </p>
                  </Td>
                  <Td>{t.sceneName}</Td>
                  <Td>
                    <TaskStatusBadge status={t.status} text={t.statusText} />
                  </Td>
                  <Td className="tabular-nums" data-testid="sent-count">
                    <span>{t.sentCount}</span>
                    <span className="text-muted"> / </span>
                    <span className="text-[#00b42a]">{t.readCount}</span>
                  </Td>
                  <Td className="text-[#4e5969]">
                    {t.status === 1 || t.lastRunTime ? formatTime(t.lastRunTime) : "-"}
                    {t.status === 1 && !t.lastRunTime && <span className="ml-1 text-xs text-muted">等待首次运行</span>}
                    {t.lastError && (
                      <p className="max-w-[220px] truncate text-xs text-danger" title={t.lastError}>
                        运行失败：{t.lastError}
                      </p>
                    )}
                  </Td>
                  <Td className="text-[#4e5969]">{t.creatorName || "-"}</Td>
                  <Td>
                    <div className="flex gap-3 text-sm">
                      <Link className="text-primary" to={`/admin/message-tasks/${t.id}`}>
                        {t.status === 0 ? "编辑" : "查看"}
                      </Link>
                      {t.status === 0 ? (
                        <button type="button" className="text-primary" onClick={() => ask("enable", t)}>
                          启用
                        </button>
                      ) : (
                        <button type="button" className="text-danger" onClick={() => ask("stop", t)}>
                          停用
                        </button>
                      )}
                      <button type="button" className="text-primary" disabled={busy} onClick={() => submit("copy", t.id)}>
                        复制
                      </button>
                      {t.status === 0 && (
                        <button type="button" className="text-danger" onClick={() => ask("delete", t)}>
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
          <EmptyState
            title={filtered ? "没有符合条件的消息任务" : "还没有消息任务"}
            hint="点击右上角「新建消息任务」，选择触发场景并编写消息模板，启用后系统会在场景发生时自动给相关学员发送站内信"
          />
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && submit(confirm.intent, confirm.id)} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
