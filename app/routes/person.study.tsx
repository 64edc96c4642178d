import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { QueryPager } from "~/components/course/pager";
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
];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const status = q.get("status") === "1" ? 1 : q.get("status") === "2" ? 2 : undefined;
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { list: [], total: 0, pageNo: 1, pageSize: 10, status };
  const page = await caller.course.mine({ status, pageNo: Number(q.get("pageNo")) || 1, pageSize: 10 });
  return { ...page, status };
}

export default function PersonStudy() {
  const { list, total, pageNo, pageSize, status } = useLoaderData<typeof loader>();
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
      {list.length ? (
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
