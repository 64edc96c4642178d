import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CourseGrid } from "~/components/course/course-card";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { HOT_WORD } from "~/components/layout/search-box";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cleanKeyword } from "~/lib/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  // The same rule as the search box, again here: the address can be typed by hand.
  const keyword = cleanKeyword(q.get("keyword")) || HOT_WORD;
  const { caller } = await serverCaller(request);
  const courses = await caller.course.search({ keyword, pageNo: Number(q.get("pageNo")) || 1, pageSize: 12 });
  return { keyword, courses };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.keyword} 的搜索结果` : "搜索") }];

export default function SearchDetail() {
  const { keyword, courses } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="rounded-lg bg-white px-6 py-5">
        <h1 className="text-lg text-[#1d2129]">
          “<span className="font-semibold text-primary">{keyword}</span>” 的搜索结果
        </h1>
        <p className="mt-1 text-sm text-muted">共找到 {courses.total} 条相关内容</p>
      </div>
      {courses.total > 0 ? (
        <section className="mt-4" aria-label="课程">
          <h2 className="mb-3 text-base font-semibold text-[#1d2129]">
            课程 <span className="text-sm font-normal text-muted">（{courses.total}）</span>
          </h2>
          <CourseGrid list={courses.list} />
          <QueryPager pageNo={courses.pageNo} pageSize={courses.pageSize} total={courses.total} />
        </section>
      ) : (
        <div className="mt-4 rounded-lg bg-white">
          <EmptyState
            title="暂未找到相关内容"
            hint="换个关键词试试，或先去课程中心看看"
            action={
              <Button asChild variant="outline">
                <Link to="/course/center">去课程中心</Link>
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}
