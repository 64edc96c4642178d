import { CourseCover } from "~/components/course/course-card";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CourseGrid } from "~/components/course/course-card";
import { liveBadge } from "~/components/live/live-card";
import { LiveCover } from "~/components/live/live-cover";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { HOT_WORD } from "~/components/layout/search-box";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cleanKeyword, formatDateTime } from "@base/format";


export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  // The same rule as the search box, again here: the address can be typed by hand.
  const keyword = cleanKeyword(q.get("keyword")) || HOT_WORD;
  const { caller } = await serverCaller(request);
  const found = await caller.search.all({ keyword, pageNo: Number(q.get("pageNo")) || 1, pageSize: 12 });
  return { keyword, courses: found.courses, lives: found.lives, exams: found.exams, maps: found.maps };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.keyword} 的搜索结果` : "搜索") }];

export default function SearchDetail() {
  const { keyword, courses, lives, exams, maps } = useLoaderData<typeof loader>();
  const total = courses.total + lives.total + exams.total + maps.total;
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="rounded-lg bg-white px-6 py-5">
        <h1 className="text-lg text-[#1d2129]">
          “<span className="font-semibold text-primary">{keyword}</span>” 的搜索结果
        </h1>
        <p className="mt-1 text-sm text-muted">共找到 {total} 条相关内容</p>
      </div>
      {lives.total > 0 && (
        <section className="mt-4" aria-label="直播">
          <h2 className="mb-3 flex items-baseline text-base font-semibold text-[#1d2129]">
            直播 <span className="text-sm font-normal text-muted">（{lives.total}）</span>
            {lives.total > lives.list.length && (
              <Link to={`/live/center?${new URLSearchParams({ keyword })}`} className="ml-auto text-sm font-normal text-primary hover:underline">
                查看全部{lives.total}场直播
              </Link>
            )}
          </h2>
          <ul className="grid grid-cols-3 gap-4">
            {lives.list.map((l) => (
              <li key={l.id}>
                <Link to={`/live/detail?roomId=${l.roomId}`} className="flex gap-3 rounded-lg bg-white p-3 hover:shadow-md">
                  <LiveCover name={l.name} coverUrl={l.liveCoverUrl} compact className="h-16 w-28 shrink-0 rounded" />
                  <div className="min-w-0">
                    <p className="truncate text-sm text-[#1d2129] [&_em]:not-italic [&_em]:text-primary" dangerouslySetInnerHTML={{ __html: l.highlightName }} />
                    <p className="mt-1 text-xs text-muted">
                      {liveBadge(l)} · {l.teacherName} · {formatDateTime(l.startTime)}
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {maps.total > 0 && (
        <section className="mt-4" aria-label="学习地图">
          <h2 className="mb-3 flex items-baseline text-base font-semibold text-[#1d2129]">
            学习地图 <span className="text-sm font-normal text-muted">（{maps.total}）</span>
          </h2>
          <ul className="grid grid-cols-3 gap-4">
            {maps.list.map((m) => (
              <li key={m.id}>
                <Link to={m.detailUrl} className="flex gap-3 rounded-lg bg-white p-3 hover:shadow-md" data-testid="search-map">
                  <CourseCover src={m.coverUrl} name="" className="h-16 w-28 shrink-0 rounded" />
                  <div className="min-w-0">
                    <p className="truncate text-sm text-[#1d2129] [&_em]:not-italic [&_em]:text-primary" dangerouslySetInnerHTML={{ __html: m.highlightName }} />
                    <p className="mt-1 text-xs text-muted">
                      {m.nodeNum} 个学习节点 · {m.joinNum} 人已加入
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {exams.total > 0 && (
        <section className="mt-4" aria-label="考试">
          <h2 className="mb-3 flex items-baseline text-base font-semibold text-[#1d2129]">
            考试 <span className="text-sm font-normal text-muted">（{exams.total}）</span>
            {exams.total > exams.list.length && <span className="ml-auto text-sm font-normal text-muted">显示最近的{exams.list.length}场，换个更具体的关键词可缩小范围</span>}
          </h2>
          <ul className="grid grid-cols-3 gap-4">
            {exams.list.map((e) => (
              <li key={e.id}>
                <Link to={`/exam/detail?id=${e.id}`} className="block rounded-lg bg-white p-4 hover:shadow-md">
                  <p className="truncate text-sm text-[#1d2129] [&_em]:not-italic [&_em]:text-primary" dangerouslySetInnerHTML={{ __html: e.highlightName }} />
                  <p className="mt-1 text-xs text-muted">
                    {formatDateTime(e.startTime)} 至 {formatDateTime(e.endTime)}
                    {e.limitTime > 0 ? ` · 限时${e.limitTime}分钟` : ""}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {courses.total > 0 ? (
        <section className="mt-4" aria-label="课程">
          <h2 className="mb-3 text-base font-semibold text-[#1d2129]">
            课程 <span className="text-sm font-normal text-muted">（{courses.total}）</span>
          </h2>
          <CourseGrid list={courses.list} />
          <QueryPager pageNo={courses.pageNo} pageSize={courses.pageSize} total={courses.total} />
        </section>
      ) : total > 0 ? null : (
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
