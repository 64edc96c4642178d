import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { formatDateTime, formatDuration } from "@base/format";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { ProgressBar } from "~/components/task/task-progress";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("直播学分明细", "个人中心") }];

const PAGE_SIZE = 10;

/** The lives the learner bought: time watched live and in replay, progress toward the 80 % mark, hours earned. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const year = q.get("year") || undefined;
  const pageNo = q.get("pageNo") || undefined;
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user || ctx.user.isPurchaser !== 1) return { page: null, error: null };
  try {
    return { page: await caller.order.credit.lives({ year, pageNo, pageSize: PAGE_SIZE }), error: null };
  } catch (e) {
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") return { page: null, error: e.message };
    throw e;
  }
}

type Row = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["page"]>["list"][number];

function LiveState({ row }: { row: Row }) {
  if (row.earned) return <span className="inline-flex h-6 items-center whitespace-nowrap rounded bg-[#e8ffea] px-2 text-xs text-[#00b42a]">已获得</span>;
  if (row.liveStatus === 0 && row.watchSeconds + row.playbackSeconds === 0) return <span className="inline-flex h-6 items-center whitespace-nowrap rounded bg-[#f2f3f5] px-2 text-xs text-[#4e5969]">待开播</span>;
  return <span className="inline-flex h-6 items-center whitespace-nowrap rounded bg-primary-50 px-2 text-xs text-primary">学习中</span>;
}

export default function PersonCreditsLiveList() {
  const isPurchaser = useRootData()?.user.isPurchaser === 1;
  const { page, error } = useLoaderData<typeof loader>();
  const year = page?.year ?? null;
  const back = (
    <Link to={year ? `/person/credits?year=${year}` : "/person/credits"} className="text-sm text-primary hover:underline">
      ‹ 返回学习学分
    </Link>
  );
  if (!isPurchaser || !page) {
    return (
      <PersonPage title="直播学分明细" extra={back}>
        <EmptyState
          title={!isPurchaser ? "学习学分仅对采购人开放" : (error ?? "暂无直播学分记录")}
          hint={!isPurchaser ? "您的账号暂未认定为采购人，如有疑问请联系客服" : undefined}
          action={
            isPurchaser ? (
              <Button asChild variant="outline">
                <Link to="/person/credits-live-list">查看全部年度</Link>
              </Button>
            ) : undefined
          }
        />
      </PersonPage>
    );
  }
  const tabs = [{ key: "", label: "全部年度", on: year === null }, ...page.years.map((y) => ({ key: String(y), label: `${y}年度`, on: y === year }))];
  return (
    <PersonPage title="直播学分明细" extra={back}>
      <div className="mb-5 flex flex-wrap gap-6 border-b border-border text-sm" role="tablist" aria-label="年度">
        {tabs.map((t) => (
          <Link
            key={t.key}
            to={t.key ? `?year=${t.key}` : "?"}
            role="tab"
            aria-selected={t.on}
            className={cn("-mb-px border-b-2 pb-2", t.on ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
          >
            {t.label}
          </Link>
        ))}
      </div>
      {page.list.length === 0 ? (
        <EmptyState
          title={year ? `${year}年度暂无购买的直播` : "暂无购买的直播"}
          hint="购买直播并观看（含回放）达到直播时长的80%后，即可获得对应学分"
          action={
            <Button asChild variant="outline">
              <Link to="/live/center">去直播中心看看</Link>
            </Button>
          }
        />
      ) : (
        <>
          <table className="w-full table-fixed text-sm" data-testid="credit-live-table">
            <thead className="bg-surface text-left text-muted">
              <tr className="whitespace-nowrap">
                <th className="px-3 py-2.5 font-normal">直播名称</th>
                <th className="w-36 px-3 py-2.5 font-normal">开播时间</th>
                <th className="w-28 px-3 py-2.5 font-normal">直播观看</th>
                <th className="w-28 px-3 py-2.5 font-normal">回放观看</th>
                <th className="w-32 px-3 py-2.5 font-normal">学习进度</th>
                <th className="w-20 px-3 py-2.5 font-normal">获得学分</th>
                <th className="w-20 px-3 py-2.5 font-normal">状态</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {page.list.map((l) => (
                <tr key={l.tradeNo} data-testid="credit-live-row">
                  <td className="px-3 py-3">
                    <Link to={l.studyUrl} className="line-clamp-2 font-medium text-[#1d2129] hover:text-primary" title={l.name}>
                      {l.name}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 text-muted">{l.startTime ? formatDateTime(l.startTime) : "—"}</td>
                  <td className="whitespace-nowrap px-3 py-3">{formatDuration(l.watchSeconds)}</td>
                  <td className="whitespace-nowrap px-3 py-3">{formatDuration(l.playbackSeconds)}</td>
                  <td className="px-3 py-3">
                    <ProgressBar rate={l.progress} done={l.earned === 1} label={`${l.name}的学习进度`} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-3">
                    <b className={l.earned ? "text-[#00b42a]" : "font-normal text-muted"}>{l.earnedHour}</b>
                    <span className="text-xs text-muted"> / {l.learnHour}</span>
                  </td>
                  <td className="px-3 py-3">
                    <LiveState row={l} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </PersonPage>
  );
}
