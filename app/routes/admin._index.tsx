import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { LegacyCode, legacyCodeOf } from "@base/errors";
import { adminLoad, readableError } from "~/components/admin/guard.server";
import { ADMIN_NAV, adminPath, areaHeading, findArea } from "~/components/admin/nav";
import { PageHeader } from "~/components/admin/shell";
import { AdminRouteError } from "~/components/admin/route-error";
import { ChartCard, DailyChart, RankList, type PeriodQuery } from "~/components/admin/dashboard/dashboard-chart";
import { BLUE, CYAN, GREEN, hours, ORANGE, PERIODS, PURPLE, shortDay, yuanOf, yuanText, type ChartSeries, type DashboardPeriod } from "~/components/admin/dashboard/dashboard-format";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { AdminLayoutData } from "./admin";

export const meta: MetaFunction = () => [{ title: "概览 - 财云学院管理后台" }];

const PERIOD_KEYS = PERIODS.map((p) => p.key) as string[];

export const loader = ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const period = params.get("period") ?? "7d";
  const query: PeriodQuery = { period: (PERIOD_KEYS.includes(period) ? period : "7d") as DashboardPeriod, from: params.get("from") || undefined, to: params.get("to") || undefined };
  return adminLoad(request, async (caller) => {
    const stats = await caller.org.admin.users.stats();
    // A bad custom period keeps the page and its switcher, with the procedure's reason above the figures.
    const figures = await caller.tool.admin.dashboard.figures(query).then(
      (dashboard) => ({ dashboard, error: "" }),
      (e) => {
        if (legacyCodeOf(e) !== LegacyCode.badInput) throw e;
        return { dashboard: null, error: readableError(e) };
      },
    );
    return { stats, query, ...figures };
  });
};

// Only areas with a page of their own: a tile never leads to a 筹备中 page.
const QUICK = ["users", "courses", "lives", "exams", "papers", "questions", "comments", "messages", "questionnaires"].filter((slug) => !findArea(slug)?.area.pending);

const field = "h-8 rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

/** 今日 / 近7天 / 近30天 / 自定义 (two dates, China time as the server counts days). */
function PeriodSwitch({ query, today }: { query: PeriodQuery; today: string }) {
  const [custom, setCustom] = useState(query.period === "custom");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="inline-flex rounded-md border border-border bg-white p-0.5" role="group" aria-label="统计周期">
        {PERIODS.map((p) => {
          const on = p.key === "custom" ? custom : !custom && query.period === p.key;
          const cls = cn("rounded px-3 py-1 text-sm transition-colors", on ? "bg-primary text-white" : "text-[#4e5969] hover:text-primary");
          return p.key === "custom" ? (
            <button key={p.key} type="button" className={cls} aria-pressed={on} onClick={() => setCustom(true)}>
              {p.label}
            </button>
          ) : (
            <Link key={p.key} to={`?period=${p.key}`} className={cls} aria-current={on ? "true" : undefined} onClick={() => setCustom(false)} preventScrollReset>
              {p.label}
            </Link>
          );
        })}
      </div>
      {custom && (
        <Form method="get" className="flex items-center gap-2" aria-label="自定义周期" preventScrollReset>
          <input type="hidden" name="period" value="custom" />
          <input type="date" name="from" aria-label="开始日期" defaultValue={query.from} max={today} required className={field} />
          <span className="text-muted">至</span>
          <input type="date" name="to" aria-label="结束日期" defaultValue={query.to ?? today} max={today} required className={field} />
          <Button type="submit" size="sm">
            查询
          </Button>
        </Form>
      )}
    </div>
  );
}

function Figure({ label, value, unit, note, tone = "text-[#1d2129]" }: { label: string; value: string | number; unit?: string; note?: string; tone?: string }) {
  return (
    <div className="rounded-lg border border-border bg-white p-4" data-testid="dashboard-figure">
      <p className="text-sm text-muted">{label}</p>
      <p className={cn("mt-2 text-2xl font-semibold tabular-nums", tone)}>
        {value}
        {unit && <span className="ml-1 text-sm font-normal text-muted">{unit}</span>}
      </p>
      <p className="mt-1 h-4 truncate text-xs text-muted">{note}</p>
    </div>
  );
}

const S = (key: string, name: string, unit: string, kind: ChartSeries["kind"], axis: ChartSeries["axis"], color: string): ChartSeries => ({ key, name, unit, kind, axis, color });
const LEARNING = [S("hours", "学习时长", "小时", "bar", "left", BLUE), S("active", "活跃学员", "人", "line", "right", GREEN)];
const GROWTH = [S("registrations", "新注册", "人", "bar", "left", CYAN), S("completions", "课程完成", "次", "line", "left", ORANGE)];
const EXAMS = [S("sittings", "考试场次", "", "bar", "left", PURPLE), S("passRate", "通过率", "%", "line", "right", GREEN)];
const LIVE = [S("viewers", "观看人数", "人", "bar", "left", ORANGE), S("peak", "同时在线峰值", "人", "line", "left", "#00b42a"), S("comments", "评论", "条", "line", "right", BLUE)];
const ORDERS = [S("revenue", "收入", "元", "bar", "left", BLUE), S("orders", "支付订单", "笔", "line", "right", ORANGE)];

type DashboardData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["dashboard"]>;

function Dashboard({ d, query }: { d: DashboardData; query: PeriodQuery }) {
  const t = d.totals;
  const points = d.days.map((x) => ({
    day: x.day,
    label: shortDay(x.day),
    hours: hours(x.learn_seconds),
    active: x.active_learners,
    registrations: x.registrations,
    completions: x.course_completions,
    sittings: x.exam_sittings,
    passRate: x.exam_sittings ? Math.round((x.exam_passes / x.exam_sittings) * 1000) / 10 : 0,
    viewers: x.live_viewers,
    peak: x.live_peak,
    comments: x.live_comments,
    revenue: yuanOf(x.revenue_cents),
    orders: x.orders_paid,
  }));
  const none = (...keys: (keyof (typeof points)[number])[]) => points.every((p) => keys.every((k) => !p[k]));
  const single = d.days.length === 1;
  return (
    <>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Figure label={single ? "活跃学员" : "活跃学员（日均）"} value={t.activeAvg} unit="人" note={!single && t.activePeak.value ? `峰值 ${t.activePeak.value} 人（${t.activePeak.day}）` : ""} tone="text-primary" />
        <Figure label="新注册学员" value={t.registrations} unit="人" />
        <Figure label="学习时长" value={hours(t.learnSeconds)} unit="小时" />
        <Figure label="课程完成" value={t.courseCompletions} unit="次" />
        <Figure label="考试场次" value={t.examSittings} note={t.examSittings ? `通过 ${t.examPasses} 人次 · 通过率 ${t.passRate}%` : "暂无交卷"} />
        <Figure label="直播同时在线（峰值）" value={t.liveConcurrentPeak.value} unit="人" note={`${single ? "观看" : "单日观看最多"} ${t.liveViewersPeak.value} 人 · 评论 ${t.liveComments} 条`} />
        <Figure label="支付订单" value={t.ordersPaid} unit="笔" />
        <Figure label="收入" value={yuanText(t.revenueCents)} tone="text-[#00b42a]" />
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <ChartCard title="学习活跃" chart="learning" query={query} empty={none("hours", "active")} summary={`合计 ${hours(t.learnSeconds)} 小时`}>
          <DailyChart points={points} series={LEARNING} />
        </ChartCard>
        <ChartCard title="注册与课程完成" chart="growth" query={query} empty={none("registrations", "completions")} summary={`新注册 ${t.registrations} 人 · 完成 ${t.courseCompletions} 次`}>
          <DailyChart points={points} series={GROWTH} />
        </ChartCard>
        <ChartCard title="考试" chart="exams" query={query} empty={none("sittings")} summary={`${t.examSittings} 场 · 通过率 ${t.passRate}%`}>
          <DailyChart points={points} series={EXAMS} />
        </ChartCard>
        <ChartCard title="直播" chart="live" query={query} empty={none("viewers", "peak", "comments")} summary={`评论 ${t.liveComments} 条`}>
          <DailyChart points={points} series={LIVE} />
        </ChartCard>
        <ChartCard title="订单与收入" chart="orders" query={query} empty={none("orders")} summary={`${t.ordersPaid} 笔 · ${yuanText(t.revenueCents)}`}>
          <DailyChart points={points} series={ORDERS} />
        </ChartCard>
        <div className="grid gap-4 md:grid-cols-2">
          <ChartCard title="热门课程 TOP10" chart="topCourses" query={query} empty={!d.topCourses.length}>
            <RankList rows={d.topCourses.map((c) => ({ id: c.id, name: c.name, value: c.learners }))} unit="人次" />
          </ChartCard>
          <ChartCard title="热门考试 TOP10" chart="topExams" query={query} empty={!d.topExams.length}>
            <RankList rows={d.topExams.map((e) => ({ id: e.id, name: e.name, value: e.sittings, note: `${e.passRate}%` }))} unit="场" />
          </ChartCard>
        </div>
      </div>
    </>
  );
}

export default function AdminHome() {
  const { stats, query, dashboard, error } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<AdminLayoutData>("routes/admin");
  const loading = useNavigation().state === "loading";
  const cards = [
    { label: "用户总数", value: stats.total, to: "/admin/users", tone: "text-primary" },
    { label: "管理员", value: stats.admins, to: "/admin/users?isAdmin=1", tone: "text-[#1d2129]" },
    { label: "已禁用", value: stats.disabled, to: "/admin/users?status=0", tone: "text-[#86909c]" },
    { label: "已锁定", value: stats.locked, to: "/admin/users?locked=1", tone: "text-[#ff7d00]" },
    { label: "近7日登录", value: stats.activeWeek, to: "/admin/users", tone: "text-[#00b42a]" },
    { label: "近7日注册", value: stats.newWeek, to: "/admin/users", tone: "text-[#1d2129]" },
  ];
  return (
    <>
      <PageHeader title="概览" trail={layout ? `您好，${layout.me.nick}` : undefined} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-[#1d2129]" data-testid="dashboard-range">
          运营数据
          {dashboard && <span className="ml-2 text-sm font-normal text-muted">{dashboard.from === dashboard.to ? dashboard.from : `${dashboard.from} 至 ${dashboard.to}`}（北京时间）</span>}
        </h2>
        <PeriodSwitch key={query.period} query={query} today={dashboard?.today ?? ""} />
      </div>
      {error && (
        <p role="alert" className="mb-4 rounded-md border border-[#ffccc7] bg-[#fff2f0] px-4 py-2 text-sm text-[#f53f3f]">
          {error}
        </p>
      )}
      <div className={cn("transition-opacity", loading && "opacity-60")}>{dashboard && <Dashboard d={dashboard} query={query} />}</div>

      <h2 className="mb-3 mt-8 text-base font-semibold text-[#1d2129]">用户概况</h2>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((c) => (
          <Link key={c.label} to={c.to} className="rounded-lg border border-border bg-white p-5 transition-shadow hover:shadow-md">
            <p className="text-sm text-muted">{c.label}</p>
            <p className={cn("mt-2 text-3xl font-semibold tabular-nums", c.tone)}>{c.value}</p>
          </Link>
        ))}
      </div>

      <h2 className="mb-3 mt-8 text-base font-semibold text-[#1d2129]">常用功能</h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {QUICK.map((slug) => {
          const found = findArea(slug)!;
          return (
            <Link
              key={slug}
              to={adminPath(slug)}
              className="group rounded-lg border border-border bg-white p-5 transition-colors hover:border-primary"
            >
              <p className="text-xs text-muted">{found.group.title}</p>
              <p className="mt-1 font-medium text-[#1d2129] group-hover:text-primary">{areaHeading(found.area)}</p>
              <p className="mt-1 text-sm text-muted">{found.area.hint}</p>
            </Link>
          );
        })}
      </div>

      <h2 className="mb-3 mt-8 text-base font-semibold text-[#1d2129]">全部模块</h2>
      <Card className="divide-y divide-border">
        {ADMIN_NAV.map((group) => (
          <div key={group.title} className="flex gap-6 px-5 py-3 text-sm">
            <span className="w-20 shrink-0 text-muted">{group.title}</span>
            <span className="flex flex-wrap gap-x-5 gap-y-1">
              {group.items.map((a) =>
                a.pending ? (
                  <span key={a.slug} className="text-[#c9cdd4]" title="筹备中">
                    {a.title}
                  </span>
                ) : (
                  <Link key={a.slug} to={adminPath(a.slug)} className="text-[#4e5969] hover:text-primary">
                    {a.title}
                  </Link>
                ),
              )}
            </span>
          </div>
        ))}
      </Card>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
