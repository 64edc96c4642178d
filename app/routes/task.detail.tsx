import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { formatDateTime } from "@base/format";
import { pageTitle } from "~/components/layout/page-title";
import { LoginRequired } from "~/components/person/login-required";
import { ProgressBar, TaskStateBadge, timeLeft } from "~/components/task/task-progress";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

const REFUSED = "任务不存在或未分配给您";
const OPEN_TEXT: Record<number, string> = { 1: "去学习", 2: "去观看", 3: "去考试" };

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id");
  const id = Number(raw);
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { task: null, result: null, error: null, needLogin: true, now: Date.now() };
  if (!raw || !Number.isInteger(id) || id <= 0) return { task: null, result: null, error: REFUSED, needLogin: false, now: Date.now() };
  try {
    // Opening the page recomputes the node rates from the learner's real study.
    const task = await caller.task.saveNodeRate({ taskId: id });
    return { task, result: await caller.task.result({ id }), error: null, needLogin: false, now: Date.now() };
  } catch (e) {
    if (e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR") return { task: null, result: null, error: e.message || REFUSED, needLogin: false, now: Date.now() };
    throw e;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.task ? data.task.name : "任务详情", "我的任务") }];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Detail = NonNullable<Data["task"]>;
type Result = NonNullable<Data["result"]>;

export default function TaskDetail() {
  const { task, result, error, needLogin, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <nav aria-label="位置" className="mb-4 flex items-center gap-2 text-sm text-muted">
        <Link to="/person/overview" className="hover:text-primary">
          个人中心
        </Link>
        <span>/</span>
        <Link to="/person/task" className="hover:text-primary">
          我的任务
        </Link>
        <span>/</span>
        <span className="text-[#1d2129]">任务详情</span>
      </nav>
      {needLogin ? (
        <div className="rounded-lg bg-white">
          <LoginRequired />
        </div>
      ) : task && result ? (
        <TaskBody task={task} result={result} now={now} />
      ) : (
        <div className="rounded-lg bg-white" data-testid="task-refused">
          <EmptyState
            title={error ?? REFUSED}
            hint="请从「我的任务」进入查看分配给您的任务"
            action={
              <Button asChild variant="outline">
                <Link to="/person/task">返回我的任务</Link>
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}

function TaskBody({ task, result, now }: { task: Detail; result: Result; now: number }) {
  const revalidator = useRevalidator();
  const left = task.state === 1 ? timeLeft(task.deadline, now) : "";
  return (
    <div className="flex items-start gap-5">
      <div className="min-w-0 flex-1 space-y-5">
        <section className="rounded-lg bg-white p-6">
          <div className="flex items-start gap-3">
            <h1 className="flex-1 text-xl font-semibold text-[#1d2129]">{task.name}</h1>
            <TaskStateBadge state={task.state} name={task.stateName} className="mt-1" />
          </div>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-[#4e5969]">
            {task.startTime && <span>开始时间：{formatDateTime(task.startTime)}</span>}
            <span className={task.state === 3 ? "text-danger" : ""}>截止时间：{formatDateTime(task.deadline)}（北京时间）</span>
            {left && <span className="text-[#ff7d00]">{left}</span>}
            <span>
              任务积分：<span className="font-medium text-[#ff7d00]">{task.taskScore}</span>
            </span>
          </p>
          {task.description && <p className="mt-3 whitespace-pre-line rounded-md bg-[#f7f8fa] p-3 text-sm leading-6 text-[#4e5969]">{task.description}</p>}
          <ProgressBar rate={task.rate} done={task.isComplete === 1} label="任务总进度" className="mt-4 max-w-[520px]" />
        </section>

        <section className="rounded-lg bg-white p-6">
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-[#1d2129]">
              学习内容<span className="ml-2 text-sm font-normal text-muted">已完成 {task.completeNodeNum}/{task.nodeNum}</span>
            </h2>
            <Button variant="outline" size="sm" disabled={revalidator.state !== "idle"} onClick={() => revalidator.revalidate()}>
              {revalidator.state !== "idle" ? "刷新中…" : "刷新进度"}
            </Button>
          </div>
          {task.nodeList.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">任务暂未设置学习内容</p>
          ) : (
            <ol className="space-y-3">
              {task.nodeList.map((n, i) => (
                <li key={n.id} data-testid="task-node" className={cn("flex items-center gap-4 rounded-lg p-4 ring-1", n.isComplete ? "bg-[#f6fff7] ring-[#aff0b5]" : "ring-border")}>
                  <span className={cn("flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-medium", n.isComplete ? "bg-[#00b42a] text-white" : "bg-primary-50 text-primary")}>{n.isComplete ? "✓" : i + 1}</span>
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <p className="flex items-center gap-2">
                      <span className="rounded bg-primary-50 px-1.5 py-px text-[11px] text-primary">{n.contentTypeName}</span>
                      <span className="truncate text-sm font-medium text-[#1d2129]" title={n.name}>
                        {n.name}
                      </span>
                    </p>
                    <div className="flex items-center gap-3">
                      <ProgressBar rate={n.rate} done={n.isComplete === 1} label={`${n.name}进度`} className="max-w-[300px] flex-1" />
                      <span className="text-xs text-muted">{n.contentType === 3 ? "要求：考试通过" : `要求进度 ${n.requiredRate}%`}</span>
                    </div>
                  </div>
                  <Button asChild size="sm" variant={n.isComplete ? "outline" : "default"}>
                    <Link to={n.link}>{n.isComplete ? "再次查看" : OPEN_TEXT[n.contentType] ?? "去学习"}</Link>
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <aside className="w-[300px] shrink-0 rounded-lg bg-white p-6" data-testid="task-result">
        <h2 className="mb-4 text-base font-semibold text-[#1d2129]">任务结果</h2>
        <div className={cn("rounded-lg p-4 text-center", result.isComplete ? "bg-[#e8ffea]" : result.isOverdue ? "bg-[#ffece8]" : "bg-primary-50")}>
          <p className={cn("text-lg font-semibold", result.isComplete ? "text-[#00b42a]" : result.isOverdue ? "text-danger" : "text-primary")}>{result.isComplete ? "已完成" : result.isOverdue ? "已逾期" : "进行中"}</p>
          <p className="mt-2 text-sm text-[#4e5969]">{result.message}</p>
        </div>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">完成节点</dt>
            <dd>
              {result.completeNodeNum}/{result.nodeNum}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">获得积分</dt>
            <dd className="font-medium text-[#ff7d00]">{result.score ?? "--"}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">完成时间</dt>
            <dd>{result.completeTime ? formatDateTime(result.completeTime) : "--"}</dd>
          </div>
        </dl>
      </aside>
    </div>
  );
}
