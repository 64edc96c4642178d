import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { toast } from "sonner";
import { CourseCard } from "~/components/course/course-card";
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
  if (!ctx.user) return { list: [], total: 0, pageNo: 1, pageSize: 12 };
  return caller.course.collections({ pageNo: Number(new URL(request.url).searchParams.get("pageNo")) || 1, pageSize: 12 });
}

export default function PersonCollection() {
  const { list, total, pageNo, pageSize } = useLoaderData<typeof loader>();
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
  return (
    <PersonPage title="我的收藏">
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
      ) : (
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
