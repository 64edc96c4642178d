import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { QueryPager } from "~/components/course/pager";
import { CourseCover } from "~/components/course/course-card";
import { formatDate } from "@base/format";
import { StudyList } from "~/components/course/study-list";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("我的学习", "个人中心") }];

const TABS = [
  { value: "", label: "全部" },
  { value: "1", label: "学习中" },
  { value: "2", label: "已完成" },
  { value: "map", label: "学习地图" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const status = q.get("status") === "1" ? 1 : q.get("status") === "2" ? 2 : undefined;
  const maps = q.get("status") === "map";
  const { caller, ctx } = await serverCaller(request);
  const empty = { list: [], total: 0, pageNo: 1, pageSize: 10, status: maps ? ("map" as const) : status, mapList: [] };
  if (!ctx.user) return empty;
  const pageNo = Number(q.get("pageNo")) || 1;
  if (maps) {
    const page = await caller.path.mine({ pageNo, pageSize: 10 });
    return { ...empty, total: page.total, pageNo: page.pageNo, mapList: page.list };
  }
  const page = await caller.course.mine({ status, pageNo, pageSize: 10 });
  return { ...page, status, mapList: [] };
}

export default function PersonStudy() {
  const { list, total, pageNo, pageSize, status, mapList } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <PersonPage
      title="我的学习"
      extra={
        <Button asChild variant="outline" size="sm">
          <Link to="/practice/center">题库练习</Link>
        </Button>
      }
    >
      <div className="mb-2 flex gap-6 border-b border-border text-sm">
        {TABS.map((t) => {
          const on = String(status ?? "") === t.value;
          return (
            <Link key={t.value} to={t.value ? `${pathname}?status=${t.value}` : pathname} className={cn("-mb-px border-b-2 pb-2", on ? "border-primary text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}>
              {t.label}
            </Link>
          );
        })}
      </div>
      {status === "map" ? (
        mapList.length ? (
          <>
            <ul className="divide-y divide-border" data-testid="my-maps">
              {mapList.map((m) => (
                <li key={m.id} className="flex items-center gap-4 py-4">
                  <CourseCover src={m.coverUrl} name="" className="h-[90px] w-40 shrink-0 rounded-md" />
                  <div className="min-w-0 flex-1">
                    <Link to={m.detailUrl} className="line-clamp-1 font-medium text-[#1d2129] hover:text-primary">
                      {m.name}
                    </Link>
                    <p className="mt-1 text-xs text-muted">
                      {m.nodeNum} 个学习节点 · {m.isComplete ? `已于 ${formatDate(m.completeTime)} 完成` : "学习中"}
                    </p>
                    <div className="mt-2 flex items-center gap-2">
                      <div className="h-1.5 w-56 overflow-hidden rounded bg-[#f2f3f5]">
                        <div className="h-full bg-primary" style={{ width: `${m.progress}%` }} />
                      </div>
                      <span className="text-xs text-muted">{m.progress}%</span>
                    </div>
                  </div>
                  <Button asChild size="sm" variant={m.isComplete ? "outline" : "default"}>
                    <Link to={m.detailUrl}>{m.isComplete ? "查看地图" : "继续学习"}</Link>
                  </Button>
                </li>
              ))}
            </ul>
            <QueryPager pageNo={pageNo} pageSize={pageSize} total={total} />
          </>
        ) : (
          <EmptyState title="还没有加入学习地图" hint="学习地图按阶段编排课程、直播与考试，学完可获得结业证书" />
        )
      ) : list.length ? (
        <>
          <StudyList list={list} />
          <QueryPager pageNo={pageNo} pageSize={pageSize} total={total} />
        </>
      ) : (
        <EmptyState
          title="还没有学习记录"
          hint="加入的课程会显示在这里，学习进度随时可查"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去课程中心选课</Link>
            </Button>
          }
        />
      )}
    </PersonPage>
  );
}
