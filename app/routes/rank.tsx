import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDuration } from "@base/format";
import { RANK_PERIODS, RANK_TEXT, type RankPeriod } from "@trpc-app/rank/schemas";
import { Avatar } from "~/components/layout/avatar";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { openLoginDialog } from "~/lib/login-dialog";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("学习排行") }];

const HINT: Record<RankPeriod, string> = {
  week: "本周（周一至今）学习时长排名，按北京时间统计",
  month: "本月（1日至今）学习时长排名，按北京时间统计",
  all: "累计学习时长排名",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx, resHeaders } = await serverCaller(request);
  const asked = new URL(request.url).searchParams.get("type");
  const period: RankPeriod = RANK_PERIODS.includes(asked as RankPeriod) ? (asked as RankPeriod) : "week";
  const [board, mine] = await Promise.all([caller.rank.firstTen({ type: period }), ctx.user ? caller.rank.mine({ type: period }) : Promise.resolve(null)]);
  return data({ period, board, mine }, { headers: resHeaders });
}

/** The study ranking: the first ten of the week, month or all time, and the learner's own place. */
export default function Rank() {
  const { period, board, mine } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[960px] px-4 pb-12 pt-6">
      <div className="rounded-lg bg-gradient-to-r from-[#0b3a8c] via-[#0052d9] to-[#2f8bff] px-8 py-7 text-white">
        <h1 className="text-[26px] font-semibold tracking-wide">学习排行</h1>
        <p className="mt-1 text-sm text-white/80">{HINT[period]}</p>
      </div>
      <nav className="mt-4 flex gap-2" aria-label="榜单">
        {RANK_PERIODS.map((p) => (
          <Link
            key={p}
            to={p === "week" ? "/rank" : `/rank?type=${p}`}
            aria-current={p === period ? "page" : undefined}
            className={cn("rounded-full px-5 py-1.5 text-sm", p === period ? "bg-primary text-white" : "bg-white text-[#4e5969] hover:text-primary")}
          >
            {RANK_TEXT[p]}
          </Link>
        ))}
      </nav>
      <section className="mt-4 rounded-lg bg-white px-6 py-4" aria-label="我的排名" data-testid="rank-mine">
        {mine ? (
          <div className="flex items-center gap-4">
            <Avatar src={mine.headPic || undefined} name={mine.nick} />
            <div className="min-w-0 flex-1">
              <p className="text-[15px] font-medium text-[#1d2129]">{mine.nick}</p>
              <p className="text-sm text-muted">学习时长 {formatDuration(mine.learnTime)}</p>
            </div>
            <p className="text-right text-sm text-[#4e5969]">
              {mine.rank ? (
                <>
                  我的排名 <span className="text-2xl font-semibold text-primary">第{mine.rank}名</span>
                </>
              ) : (
                "暂未上榜，学习任意课程或直播即可上榜"
              )}
            </p>
          </div>
        ) : (
          <div className="flex items-center justify-between text-sm text-[#4e5969]">
            <span>登录后查看我的排名</span>
            <Button size="sm" onClick={() => openLoginDialog()}>
              登录/注册
            </Button>
          </div>
        )}
      </section>
      <section className="mt-4 rounded-lg bg-white px-6 py-2" aria-label={`${RANK_TEXT[period]}前十名`}>
        {board.length ? (
          <ol className="divide-y divide-border" data-testid="rank-list">
            {board.map((r) => (
              <li key={r.userId} className={cn("flex items-center gap-4 py-3", mine?.userId === r.userId && "bg-primary-50")}>
                <span
                  className={cn(
                    "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    r.rank === 1 ? "bg-[#f7ba1e] text-white" : r.rank === 2 ? "bg-[#a9aeb8] text-white" : r.rank === 3 ? "bg-[#d6884a] text-white" : "text-[#86909c]",
                  )}
                >
                  {r.rank}
                </span>
                <Avatar src={r.headPic || undefined} name={r.nick} />
                <span className="min-w-0 flex-1 truncate text-[15px] text-[#1d2129]">{r.nick}</span>
                <span className="text-sm text-[#4e5969]">{r.learnHour} 小时</span>
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState title="暂无排名" hint="学习课程、观看直播或参加考试后即可上榜" />
        )}
      </section>
    </div>
  );
}
