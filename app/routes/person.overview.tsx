import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StudyList } from "~/components/course/study-list";
import { serverCaller } from "~/lib/caller.server";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { durationParts, formatCount } from "@base/format";

export const meta: MetaFunction = () => [{ title: pageTitle("概览", "个人中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { info: null, recent: [] };
  const [info, recent] = await Promise.all([caller.course.learnInfo(), caller.course.recent()]);
  return { info, recent };
}

function Stat({ label, value, unit }: { label: string; value: React.ReactNode; unit?: string }) {
  return (
    <div className="rounded-lg bg-surface px-5 py-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-2 text-[#1d2129]">
        {value}
        {unit && <span className="ml-1 text-sm text-muted">{unit}</span>}
      </p>
    </div>
  );
}

const big = (n: string | number) => <span className="text-2xl font-semibold">{n}</span>;

export default function Overview() {
  const root = useRootData()?.user;
  const { info, recent } = useLoaderData<typeof loader>();
  if (!isLoggedIn(root)) return null;
  // Fresh figures from the study records; the shell's copy may predate the last report.
  const user = { ...root, ...(info ?? {}) };
  const { hours, minutes } = durationParts(user.learnTime);
  return (
    <PersonPage title="概览">
      <div className="rounded-lg bg-gradient-to-r from-primary-50 to-white px-6 py-5">
        <p className="text-lg font-semibold text-[#1d2129]">您好，{user.nick}</p>
        <p className="mt-1 text-sm text-muted">
          这是您加入财云学院的第 <span className="font-medium text-primary">{user.registerDay ?? 1}</span> 天，继续加油！
        </p>
      </div>
      <div className="mt-5 grid grid-cols-3 gap-4" data-testid="study-overview">
        <Stat label="累计学时" value={big(formatCount(user.learnHour))} unit="学时" />
        <Stat
          label="学习课程"
          value={
            <>
              {big(formatCount(info?.joinedCourseNum ?? 0))}
              <span className="ml-1 text-sm text-muted">门</span>
              <span className="ml-2 text-xs text-muted">已完成 {formatCount(info?.completedCourseNum ?? 0)} 门</span>
            </>
          }
        />
        <Stat
          label="学习时长"
          value={
            <>
              {hours > 0 && (
                <>
                  {big(hours)}
                  <span className="mx-1 text-sm text-muted">小时</span>
                </>
              )}
              {big(minutes)}
            </>
          }
          unit="分钟"
        />
      </div>
      <div className="mt-5 flex items-center justify-between rounded-lg border border-border px-5 py-4">
        <div>
          <p className="text-sm font-medium text-[#1d2129]">学习排行</p>
          <p className="mt-1 text-xs text-muted">本周、本月和累计学习时长排名，看看自己排第几</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/rank">查看排行</Link>
        </Button>
      </div>
      <div className="mt-3 flex items-center justify-between rounded-lg border border-border px-5 py-4">
        <div>
          <p className="text-sm font-medium text-[#1d2129]">题库练习</p>
          <p className="mt-1 text-xs text-muted">顺序、随机、按题型刷题，即时判分，错题自动收入错题本</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/practice/center">去练习</Link>
        </Button>
      </div>
      <h2 className="mt-8 text-base font-semibold text-[#1d2129]">最近学习</h2>
      {recent.length ? (
        <StudyList list={recent} />
      ) : (
        <EmptyState
          title="还没有学习记录"
          hint="去课程中心挑选一门课程，开始您的学习之旅"
          action={
            <Button asChild>
              <Link to="/course/center">去选课</Link>
            </Button>
          }
        />
      )}
    </PersonPage>
  );
}
