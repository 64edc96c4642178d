import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@base/format";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { ProgressBar, TaskStateBadge, timeLeft } from "~/components/task/task-progress";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("我的任务", "个人中心") }];

const PAGE_SIZE = 8;
const TABS = [
  { state: 0, label: "全部", key: "all" },
  { state: 1, label: "进行中", key: "ongoing" },
  { state: 2, label: "已完成", key: "completed" },
  { state: 3, label: "已逾期", key: "overdue" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const state = TABS.find((t) => String(t.state) === q.get("state"))?.state ?? 0;
  const pageNo = Math.max(1, Number(q.get("pageNo")) || 1);
  const { caller, ctx } = await serverCaller(request);
  const empty = { pageNo: 1, pageSize: PAGE_SIZE, total: 0, list: [], counts: { all: 0, ongoing: 0, completed: 0, overdue: 0 } };
  if (!ctx.user) return { state, page: empty, now: Date.now() };
  // Cards show real progress: open tasks are recomputed from the learning records first.
  await caller.task.refresh();
  return { state, page: await caller.task.list({ state, pageNo, pageSize: PAGE_SIZE }), now: Date.now() };
}

type Task = ReturnType<typeof useLoaderData<typeof loader>>["page"]["list"][number];

export default function PersonTask() {
  const { state, page, now } = useLoaderData<typeof loader>();
  return (
    <PersonPage title="我的任务">
      <div className="mb-5 flex gap-6 border-b border-border text-sm" role="tablist">
        {TABS.map((t) => {
          const on = t.state === state;
          const n = page.counts[t.key];
          return (
            <Link
              key={t.state}
              to={t.state ? `?state=${t.state}` : "?"}
              role="tab"
              aria-selected={on}
              className={cn("-mb-px border-b-2 pb-2", on ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
            >
              {t.label}
              {n > 0 && <span className="ml-1 text-xs">({n})</span>}
            </Link>
          );
        })}
      </div>
      {page.list.length === 0 ? (
        <EmptyState title={state === 0 ? "暂无任务" : `暂无${TABS[state]!.label}的任务`} hint="管理员为您分配学习任务后，会显示在这里；请在截止时间前完成全部学习内容" />
      ) : (
        <>
          <div className="space-y-4">
            {page.list.map((t) => (
              <TaskCard key={t.id} task={t} now={now} />
            ))}
          </div>
          <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </PersonPage>
  );
}

function TaskCard({ task, now }: { task: Task; now: number }) {
  const left = task.state === 1 ? timeLeft(task.deadline, now) : "";
  return (
    <Link
      to={`/task/detail?id=${task.id}`}
      data-testid="task-card"
      className="group flex gap-5 rounded-lg p-4 ring-1 ring-border transition hover:shadow-md hover:ring-primary/40"
    >
      <div className="flex h-[96px] w-[150px] shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-[#e8f3ff] to-[#bedaff]">
        {task.coverUrl ? <img src={task.coverUrl} alt={task.name} className="h-full w-full object-cover" /> : <span className="px-3 text-center text-sm font-semibold leading-snug text-primary">学习任务</span>}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start gap-2">
          <h3 className="line-clamp-1 flex-1 text-base font-medium text-[#1d2129] group-hover:text-primary" title={task.name}>
            {task.name}
          </h3>
          <TaskStateBadge state={task.state} name={task.stateName} />
        </div>
        <p className="flex flex-wrap gap-x-5 text-xs text-[#86909c]">
          <span className={task.state === 3 ? "text-danger" : ""}>截止时间：{formatDateTime(task.deadline)}</span>
          {left && <span className="text-[#ff7d00]">{left}</span>}
          <span>
            已完成 {task.completeNodeNum}/{task.nodeNum} 个节点
          </span>
        </p>
        <ProgressBar rate={task.rate} done={task.isComplete === 1} label={`${task.name}进度`} className="max-w-[420px]" />
        <p className="text-xs text-[#4e5969]">
          {task.isComplete ? (
            <>
              获得积分 <span className="font-medium text-[#ff7d00]">{task.score ?? 0}</span>
              {task.score === 0 && task.taskScore > 0 && <span className="ml-1 text-muted">（逾期完成不计积分）</span>}
            </>
          ) : (
            <>
              完成可得 <span className="font-medium text-[#ff7d00]">{task.taskScore}</span> 积分{task.state === 3 && <span className="ml-1 text-muted">（已逾期，完成后不计积分）</span>}
            </>
          )}
        </p>
      </div>
    </Link>
  );
}
