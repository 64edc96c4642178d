import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { badInput } from "@base/errors";
import { formatDateTime } from "@base/format";
import type { ImportAnswer } from "~/components/admin/task/assign-dialog";
import { LearnerPanel } from "~/components/admin/task/learner-panel";
import { NodePanel } from "~/components/admin/task/node-panel";
import { TaskFormDialog } from "~/components/admin/task/task-form-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import { useRefresh } from "~/lib/use-refresh";

const USER_PAGE = 10;

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { ukw: sp.get("ukw") ?? "", udone: sp.get("udone") ?? "" };
    const task = await caller.task.admin.detail({ id: params.id as never });
    const [users, groups, roles] = await Promise.all([
      caller.task.admin.users({ taskId: task.id, keyword: filters.ukw || undefined, isComplete: filters.udone || undefined, pageNo: sp.get("upage") ?? undefined, pageSize: USER_PAGE } as never),
      caller.org.admin.group.list(),
      caller.org.admin.role.list(),
    ]);
    const pick = (n: { id: number; name: string; parentId: number | null }) => ({ id: n.id, name: n.name, parentId: n.parentId });
    return { task, users, filters, groups: groups.map(pick), roles: roles.map(pick), now: Date.now() };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.task.name ?? "任务"} - 任务管理 - 财云学院管理后台` }];

/** The .xlsx list of learners arrives as a form upload and goes to the same procedure as the other ways. */
export const action = async ({ request, params }: ActionFunctionArgs): Promise<ImportAnswer> => {
  const form = await request.formData();
  let result: ImportAnswer["result"];
  const answer = await adminAction(request, async (caller) => {
    if (form.get("intent") !== "import") throw badInput("未知的操作");
    const file = form.get("file");
    if (!(file instanceof Blob) || !file.size) throw badInput("请选择要导入的 Excel 文件");
    result = await caller.task.admin.addUsers({ taskId: params.id as never, file });
    return `已导入，新增 ${result.added} 名学员`;
  });
  return { ...answer, result };
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2 text-sm">
      <span className="w-20 shrink-0 text-[#86909c]">{label}</span>
      <span className="min-w-0 text-[#1d2129]">{children}</span>
    </div>
  );
}

/** One task: its facts, its nodes and its learners. */
export default function AdminTaskEditor() {
  const { task, users, filters, groups, roles, now } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const tab = sp.get("tab") === "users" ? "users" : "nodes";
  const tabHref = (t: string) => (t === "users" ? "?tab=users" : "?");
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("tab", "users");
    q.set("upage", String(n));
    return `?${q}`;
  };
  const overdue = task.deadline < now;

  return (
    <div className="pb-10">
      <PageHeader title={task.name} trail="内容 / 任务">
        <div className="flex gap-3">
          <Button onClick={() => setEditing(true)}>编辑任务</Button>
          <Button variant="outline" asChild>
            <Link to="/admin/tasks">返回列表</Link>
          </Button>
        </div>
      </PageHeader>
      <Card className="mb-4 grid grid-cols-2 gap-x-8 gap-y-2 p-5 lg:grid-cols-3" data-testid="task-facts">
        <Fact label="状态">
          <Badge tone={task.status === 1 ? "green" : "gray"}>{task.statusName}</Badge>
        </Fact>
        <Fact label="开始时间">{task.startTime ? formatDateTime(task.startTime) : "立即开始"}</Fact>
        <Fact label="截止时间">
          <span className={overdue ? "text-danger" : ""}>
            {formatDateTime(task.deadline)}
            {overdue && "（已截止）"}
          </span>
        </Fact>
        <Fact label="任务积分">{task.score} 分（截止前完成获得）</Fact>
        <Fact label="学员">
          {task.userNum} 人，已完成 {task.completeNum} 人
        </Fact>
        <Fact label="节点">{task.nodeNum} 个</Fact>
        {task.description && (
          <div className="col-span-full">
            <Fact label="任务说明">
              <span className="whitespace-pre-line">{task.description}</span>
            </Fact>
          </div>
        )}
      </Card>
      <Card className="p-4">
        <div className="mb-4 flex gap-8 border-b border-border" role="tablist">
          {[
            ["nodes", `学习内容（${task.nodeNum}）`],
            ["users", `学员进度（${task.userNum}）`],
          ].map(([key, label]) => (
            <Link
              key={key}
              to={tabHref(key!)}
              role="tab"
              aria-selected={tab === key}
              className={cn("-mb-px border-b-2 pb-2 text-base", tab === key ? "border-primary font-semibold text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
            >
              {label}
            </Link>
          ))}
        </div>
        {tab === "nodes" ? (
          <NodePanel taskId={task.id} nodes={task.nodeList} onChanged={refresh} />
        ) : (
          <LearnerPanel taskId={task.id} page={users} filters={filters} hrefFor={hrefFor} groups={groups} roles={roles} onChanged={refresh} />
        )}
      </Card>
      <TaskFormDialog
        open={editing}
        task={task}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          refresh();
        }}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
