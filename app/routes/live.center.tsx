import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LiveCard } from "~/components/live/live-card";
import { pageTitle } from "~/components/layout/page-title";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";
import { cleanKeyword } from "@base/format";

export const meta: MetaFunction = () => [{ title: pageTitle("直播中心") }];

const TABS = [
  { status: undefined, label: "全部" },
  { status: 1, label: "直播中" },
  { status: 0, label: "即将开始" },
  { status: 2, label: "精彩回放" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const raw = q.get("liveStatus");
  const liveStatus = raw === "0" || raw === "1" || raw === "2" ? Number(raw) : undefined;
  const pageNo = Math.max(1, Number(q.get("pageNo")) || 1);
  // The search page's 查看全部 arrives with its keyword; the same cleaning as the search box.
  const keyword = cleanKeyword(q.get("keyword")) || undefined;
  const { caller } = await serverCaller(request);
  const page = await caller.live.page({ liveStatus, keyword, pageNo, pageSize: 12 });
  return { page, liveStatus, keyword };
}

export default function LiveCenter() {
  const { page, liveStatus, keyword } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const href = (status?: number, p?: number) =>
    `/live/center?${new URLSearchParams({ ...(status !== undefined ? { liveStatus: String(status) } : {}), ...(keyword ? { keyword } : {}), ...(p && p > 1 ? { pageNo: String(p) } : {}) })}`;
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="flex items-center gap-6 rounded-lg bg-white px-6 py-3">
        {TABS.map((t) => (
          <Link key={t.label} to={href(t.status)} className={cn("text-sm", liveStatus === t.status ? "font-semibold text-primary" : "text-[#4e5969] hover:text-primary")}>
            {t.label}
          </Link>
        ))}
        <span className="flex-1" />
        {keyword && (
          <span className="text-sm text-muted" data-testid="live-keyword">
            “<span className="text-primary">{keyword}</span>” 的直播 ·{" "}
            <Link to={liveStatus !== undefined ? `/live/center?liveStatus=${liveStatus}` : "/live/center"} className="text-primary hover:underline">
              清除
            </Link>
          </span>
        )}
        <Link to="/live/calendar" className="text-sm text-primary">
          直播日历
        </Link>
      </div>
      {page.list.length === 0 ? (
        <EmptyState title="暂无直播" hint="换个分类看看，或关注直播日历" />
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {page.list.map((l) => (
            <LiveCard key={l.id} live={l} />
          ))}
        </div>
      )}
      {pages > 1 && (
        <div className="mt-6 flex justify-center gap-2 text-sm">
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
            <Link key={p} to={href(liveStatus, p)} className={cn("rounded px-3 py-1", p === page.pageNo ? "bg-primary text-white" : "bg-white")}>
              {p}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
