import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@base/format";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: pageTitle("平台公告") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, resHeaders } = await serverCaller(request);
  const pageNo = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get("pageNo")) || 1));
  return data(await caller.operate.notice.list({ pageNo, pageSize: 10 }), { headers: resHeaders });
}

/** The platform notices on show, in the operator's order, each with its like count. */
export default function NoticeList() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[960px] px-4 py-6">
      <section className="rounded-lg bg-white px-8 py-6">
        <h1 className="border-b border-border pb-4 text-lg font-semibold text-[#1d2129]">平台公告</h1>
        {page.list.length ? (
          <>
            <ul className="divide-y divide-border" data-testid="notice-list">
              {page.list.map((n) => (
                <li key={n.id}>
                  <Link to={`/notice/detail?id=${n.id}`} className="flex items-center gap-4 py-4 hover:text-primary">
                    <span className="min-w-0 flex-1 truncate text-[15px]">{n.title}</span>
                    <span className="shrink-0 text-xs text-muted">{n.praiseCountText} 人点赞</span>
                    <span className="shrink-0 text-xs text-muted">{formatDateTime(n.startTime)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
          </>
        ) : (
          <EmptyState title="暂无公告" />
        )}
      </section>
    </div>
  );
}
