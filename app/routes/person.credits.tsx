import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { formatDate, formatDateTime } from "@base/format";
import { CourseCover } from "~/components/course/course-card";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { ProgressBar } from "~/components/task/task-progress";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("学习学分", "个人中心") }];

/** A bought item's class hours, earned once it is completed; the year is the China-time year of payment. */
export async function loader({ request }: LoaderFunctionArgs) {
  const year = new URL(request.url).searchParams.get("year") || undefined;
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user || ctx.user.isPurchaser !== 1) return { credits: null, error: null };
  try {
    return { credits: await caller.order.credit.mine({ year }), error: null };
  } catch (e) {
    // A year typed into the address: say what is wrong instead of a blank page.
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") return { credits: null, error: e.message };
    throw e;
  }
}

const GOODS_LABEL: Record<number, string> = { 1: "课程", 2: "直播", 4: "学习地图" };

export default function PersonCredits() {
  const isPurchaser = useRootData()?.user.isPurchaser === 1;
  const { credits, error } = useLoaderData<typeof loader>();
  if (!isPurchaser) {
    return (
      <PersonPage title="学习学分">
        <EmptyState title="学习学分仅对采购人开放" hint="您的账号暂未认定为采购人，如有疑问请联系客服" />
      </PersonPage>
    );
  }
  if (!credits) {
    return (
      <PersonPage title="学习学分">
        <EmptyState
          title={error ?? "暂无学分记录"}
          action={
            <Button asChild variant="outline">
              <Link to="/person/credits">查看本年度学分</Link>
            </Button>
          }
        />
      </PersonPage>
    );
  }
  const { years, year, totals, list } = credits;
  return (
    <PersonPage
      title="学习学分"
      extra={
        <Link to={`/person/credits-live-list?year=${year}`} className="text-sm text-primary hover:underline">
          直播学分明细 ›
        </Link>
      }
    >
      <div className="mb-5 flex flex-wrap gap-6 border-b border-border text-sm" role="tablist" aria-label="年度">
        {years.map((y) => (
          <Link
            key={y}
            to={`?year=${y}`}
            role="tab"
            aria-selected={y === year}
            className={cn("-mb-px border-b-2 pb-2", y === year ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
          >
            {y}年度
          </Link>
        ))}
      </div>

      <dl className="mb-6 grid grid-cols-5 gap-3" data-testid="credit-totals">
        <Figure label="已获学分" value={totals.earned} className="bg-primary-50" valueClass="text-primary" />
        <Figure label="待获学分" value={totals.pending} className="bg-[#fff7e8]" valueClass="text-[#ff7d00]" />
        <Figure label="课程" value={totals.courseEarned} />
        <Figure label="直播" value={totals.liveEarned} />
        <Figure label="学习地图" value={totals.mapEarned} />
      </dl>

      {list.length === 0 ? (
        <EmptyState
          title={`${year}年度暂无购买记录`}
          hint="购买课程、直播或学习地图并完成学习后，即可获得对应学分"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去课程中心看看</Link>
            </Button>
          }
        />
      ) : (
        <>
          <table className="w-full table-fixed text-sm" data-testid="credit-table">
            <thead className="bg-surface text-left text-muted">
              <tr className="whitespace-nowrap">
                <th className="px-4 py-2.5 font-normal">学习内容</th>
                <th className="w-20 px-4 py-2.5 font-normal">学分</th>
                <th className="w-44 px-4 py-2.5 font-normal">状态</th>
                <th className="w-28 px-4 py-2.5 font-normal">完成日期</th>
                <th className="w-24 px-4 py-2.5 text-right font-normal">操作</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {list.map((c) => (
                <tr key={c.tradeNo} data-testid="credit-row">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <CourseCover src={c.goodsCover} name="" className="h-[45px] w-20 shrink-0 rounded" />
                      <div className="min-w-0">
                        <p className="truncate font-medium text-[#1d2129]" title={c.goodsName}>
                          <span className="mr-1.5 rounded bg-[#f2f3f5] px-1.5 py-0.5 text-xs font-normal text-[#4e5969]">{GOODS_LABEL[c.goodsType] ?? "商品"}</span>
                          {c.goodsName}
                        </p>
                        <p className="mt-1 text-xs text-muted">购买于 {formatDateTime(c.paidTime)}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3 font-medium text-[#1d2129]">{c.learnHour}</td>
                  <td className="px-4 py-3" data-testid="credit-state">
                    {c.earned ? (
                      <span className="inline-flex h-6 items-center whitespace-nowrap rounded bg-[#e8ffea] px-2 text-xs text-[#00b42a]">已获得</span>
                    ) : (
                      <div>
                        <span className="inline-flex h-6 items-center whitespace-nowrap rounded bg-primary-50 px-2 text-xs text-primary">学习中</span>
                        <ProgressBar rate={c.progress} label={`${c.goodsName}的学习进度`} className="mt-1.5" />
                      </div>
                    )}
                  </td>
                  <td className="px-4 py-3 text-muted">{c.completedTime ? formatDate(c.completedTime) : "—"}</td>
                  <td className="px-4 py-3 text-right">
                    <Button asChild size="sm" variant={c.earned ? "outline" : "default"}>
                      <Link to={c.studyUrl}>{c.earned ? "去复习" : "去学习"}</Link>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-xs text-muted">学分按购买时间（北京时间）计入年度，完成对应内容的学习后获得：课程学完全部章节，直播观看（含回放）达到直播时长的80%，学习地图完成全部节点。退款的订单不计学分。</p>
        </>
      )}
    </PersonPage>
  );
}

function Figure({ label, value, className, valueClass }: { label: string; value: number; className?: string; valueClass?: string }) {
  return (
    <div className={cn("rounded-lg bg-[#f7f8fa] px-4 py-3", className)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn("mt-1 text-2xl font-semibold text-[#1d2129]", valueClass)} data-testid={`credit-${label}`}>
        {value}
        <span className="ml-1 text-xs font-normal text-muted">学分</span>
      </dd>
    </div>
  );
}
