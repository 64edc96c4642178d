import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { toast } from "sonner";
import { CourseCard, CourseCover } from "~/components/course/course-card";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: pageTitle("我的收藏", "个人中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { list: [], total: 0, pageNo: 1, pageSize: 12, maps: [] };
  const [courses, maps] = await Promise.all([
    caller.course.collections({ pageNo: Number(new URL(request.url).searchParams.get("pageNo")) || 1, pageSize: 12 }),
    caller.path.collections({ pageNo: 1, pageSize: 50 }),
  ]);
  return { ...courses, maps: maps.list };
}

export default function PersonCollection() {
  const { list, total, pageNo, pageSize, maps } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  async function cancel(courseId: number) {
    try {
      await trpc.course.uncollect.mutate({ courseId });
      toast.success("已取消收藏");
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  }
  async function cancelMap(learningPathId: number) {
    try {
      await trpc.path.collect.mutate({ learningPathId, isCollect: 0 });
      toast.success("已取消收藏");
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  }
  return (
    <PersonPage title="我的收藏">
      {maps.length > 0 && (
        <section className="mb-6" aria-label="收藏的学习地图">
          <h2 className="mb-3 text-sm font-medium text-[#1d2129]">学习地图</h2>
          <ul className="grid grid-cols-3 gap-4">
            {maps.map((m) => (
              <li key={m.id} className="relative overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border">
                <Link to={m.detailUrl}>
                  <CourseCover src={m.coverUrl} name={m.name} />
                  <p className="px-3 py-2 text-xs text-muted">
                    {m.nodeNum} 个学习节点{m.available ? "" : " · 已下线"}
                  </p>
                </Link>
                <button type="button" onClick={() => cancelMap(m.id)} className="absolute right-2 top-2 rounded bg-black/50 px-2 py-0.5 text-xs text-white hover:bg-black/70">
                  取消收藏
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.length ? (
        <>
          <div className="grid grid-cols-3 gap-4">
            {list.map((c) => (
              <div key={c.id} className="relative">
                <CourseCard course={c} />
                <button type="button" onClick={() => cancel(c.id)} className="absolute right-2 top-2 rounded bg-black/50 px-2 py-0.5 text-xs text-white hover:bg-black/70">
                  取消收藏
                </button>
              </div>
            ))}
          </div>
          <QueryPager pageNo={pageNo} pageSize={pageSize} total={total} />
        </>
      ) : maps.length ? null : (
        <EmptyState
          title="还没有收藏内容"
          hint="在课程详情页点击“收藏”，方便下次快速找到"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去逛逛课程</Link>
            </Button>
          }
        />
      )}
    </PersonPage>
  );
}
