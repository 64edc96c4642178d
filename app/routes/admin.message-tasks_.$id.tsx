import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { findScene, SCENES } from "@trpc-app/message/task-scenes";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import { useActionToast } from "~/components/course/use-action-toast";
import { TaskForm } from "~/components/message/task-form";
import { TaskPreview } from "~/components/message/task-preview";
import { TaskStatusBadge } from "~/components/message/task-status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.task ? data.task.name : "新建消息任务"} - 消息任务 - 财云学院管理后台` }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    if (params.id === "new") return { task: null };
    return { task: await caller.message.admin.task.detail({ id: params.id } as never) };
  });

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const form = await request.formData();
  const text = (k: string) => (form.has(k) ? String(form.get(k)) : undefined);
  const intent = text("intent");
  const id = params.id === "new" ? undefined : Number(params.id);
  let goTo: string | null = null;
  const result = await adminAction(request, async (caller) => {
    if (intent === "save") {
      const input = {
        id,
        name: text("name"),
        sceneType: text("sceneType"),
        leadMinutes: text("leadMinutes"),
        days: text("days"),
        titleTemplate: text("titleTemplate"),
        contentTemplate: text("contentTemplate"),
        linkUrl: text("linkUrl") ?? "",
      } as never;
      if (!id) {
        goTo = `/admin/message-tasks/${(await caller.message.admin.task.create(input)).id}?created=1`;
        return "消息任务已保存";
      }
      await caller.message.admin.task.update(input);
      return "消息任务已保存";
    }
    if (!id) throw badInput("请先保存消息任务");
    if (intent === "enable") {
      await caller.message.admin.task.operate({ id, status: 1 });
      return "已启用，符合条件的学员将自动收到站内信";
    }
    if (intent === "stop") {
      await caller.message.admin.task.operate({ id, status: 0 });
      return "已停用，现在可以修改任务";
    }
    if (intent === "copy") {
      goTo = `/admin/message-tasks/${(await caller.message.admin.task.copy({ id })).id}?copied=1`;
      return "已复制为停用的新任务";
    }
    if (intent === "delete") {
      await caller.message.admin.task.delete({ id });
      goTo = "/admin/message-tasks";
      return "已删除";
    }
    throw badInput("未知的操作");
  });
  if (goTo && result.ok) throw redirect(goTo);
  return result;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[110px_1fr] gap-3 py-1.5 text-sm">
      <span className="text-right text-[#86909c]">{label}</span>
      <div className="min-w-0 text-[#1d2129]">{children}</div>
    </div>
  );
}

export default function AdminMessageTaskEditor() {
  const { task } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const save = useFetcher<typeof action>({ key: "task-save" });
  const act = useFetcher<typeof action>({ key: "task-act" });
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string }) | null>(null);
  useActionToast(save);
  useActionToast(act, () => setConfirm(null));
  useEffect(() => {
    if (act.state === "idle" && act.data && !act.data.ok) setConfirm(null);
  }, [act.state, act.data]);
  // Creating and copying land here by redirect: say so once.
  const landed = sp.get("created") ? "消息任务已保存" : sp.get("copied") ? "已复制为停用的新任务" : null;
  useEffect(() => {
    if (landed) adminToast.success(landed);
  }, [landed, task?.id]);
  const busy = act.state !== "idle";
  const submit = (intent: string) => act.submit({ intent }, { method: "post" });

  if (!task) {
    return (
      <div className="pb-10">
        <PageHeader title="新建消息任务" trail="互动 / 消息任务">
          <Button variant="outline" asChild>
            <Link to="/admin/message-tasks">返回列表</Link>
          </Button>
        </PageHeader>
        <Card className="p-6">
          <TaskForm task={null} fetcher={save} />
        </Card>
      </div>
    );
  }

  const enabled = task.status === 1;
  const scene = findScene(task.sceneType) ?? SCENES[0]!;
  const ask = (intent: string) => {
    if (intent === "enable")
      setConfirm({ intent, title: `启用「${task.name}」？`, description: `启用后系统每分钟检查一次：${task.ruleText}。每位学员对同一事件只会收到一次。`, confirmText: "确认启用" });
    if (intent === "stop") setConfirm({ intent, title: `停用「${task.name}」？`, description: "停用后不再自动发送，已发送的消息不受影响；停用后可修改任务。", confirmText: "停用", danger: true });
    if (intent === "delete") setConfirm({ intent, title: `删除「${task.name}」？`, description: "删除后不可恢复；学员已收到的消息仍保留在其消息中心。", confirmText: "删除", danger: true });
  };

  return (
    <div className="space-y-4 pb-10">
      <PageHeader title={task.name} trail="互动 / 消息任务">
        <div className="flex items-center gap-3">
          <TaskStatusBadge status={task.status} text={task.statusText} />
          <Button variant="outline" asChild>
            <Link to="/admin/message-tasks">返回列表</Link>
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => submit("copy")}>
            复制
          </Button>
          {!enabled && (
            <Button variant="outline" className="hover:text-danger" disabled={busy} onClick={() => ask("delete")}>
              删除
            </Button>
          )}
          {enabled ? (
            <Button variant="danger" disabled={busy} onClick={() => ask("stop")}>
              停用
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => ask("enable")}>
              启用
            </Button>
          )}
        </div>
      </PageHeader>

      <Card className="flex flex-wrap gap-x-10 gap-y-2 p-4 text-sm" data-testid="task-stats">
        <span>
          已发送 <b className="tabular-nums">{task.sentCount}</b> 条
        </span>
        <span>
          已读 <b className="tabular-nums text-[#00b42a]">{task.readCount}</b> 条
        </span>
        <span className="text-[#4e5969]">最近运行：{formatTime(task.lastRunTime)}</span>
        <span className="text-[#4e5969]">最近发送：{formatTime(task.lastSentTime)}</span>
        {enabled && <span className="text-[#4e5969]">启用时间：{formatTime(task.enabledTime)}</span>}
        {task.lastError && <span className="text-danger">最近一次运行失败：{task.lastError}</span>}
      </Card>

      {enabled ? (
        <Card className="grid gap-8 p-6 xl:grid-cols-[minmax(0,1fr)_380px]" data-testid="task-summary">
          <div>
            <p className="mb-4 rounded-md bg-primary-50 px-3 py-2 text-sm text-primary">任务启用中，系统每分钟检查一次并自动发送；如需修改，请先停用。</p>
            <Fact label="触发场景">{task.sceneName}</Fact>
            <Fact label="规则">{task.ruleText}</Fact>
            <Fact label="标题模板">{task.titleTemplate}</Fact>
            <Fact label="内容模板">
              <p className="whitespace-pre-wrap break-words leading-6">{task.contentTemplate}</p>
            </Fact>
            <Fact label="跳转链接">{task.linkUrl || `默认：${task.defaultLinkName}`}</Fact>
            <Fact label="创建人">{task.creatorName || "-"}</Fact>
          </div>
          <TaskPreview scene={scene} title={task.titleTemplate} content={task.contentTemplate} link={task.linkUrl} />
        </Card>
      ) : (
        <Card className="p-6">
          <h2 className="mb-4 text-base font-semibold">编辑任务</h2>
          <TaskForm key={task.updateTime} task={task} fetcher={save} />
        </Card>
      )}
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && submit(confirm.intent)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
