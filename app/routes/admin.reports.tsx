import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DailyChart } from "~/components/admin/dashboard/dashboard-chart";
import type { ChartSeries } from "~/components/admin/dashboard/dashboard-format";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Table, Td, Th } from "~/components/admin/table";
import { Card, EmptyState } from "~/components/ui/card";
import { badInput } from "@base/errors";

export const meta: MetaFunction = () => [{ title: "内容报告 - 财云学院管理后台" }];

/** One content's report: ?course=, ?exam= or ?live= (the 报告 links of the course, exam and live lists). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    if (sp.get("course")) return { kind: "course" as const, course: await caller.tool.admin.reports.course({ id: sp.get("course") } as never) };
    if (sp.get("exam")) return { kind: "exam" as const, exam: await caller.tool.admin.reports.exam({ id: sp.get("exam") } as never) };
    if (sp.get("live")) return { kind: "live" as const, live: await caller.tool.admin.reports.live({ id: sp.get("live") } as never) };
    throw badInput("请从课程、考试或直播列表的“报告”进入");
  });

const BAR: ChartSeries = { key: "count", name: "人数", unit: "人", kind: "bar", axis: "left", color: "#165dff" };

function Figure({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div className="rounded-lg border border-border bg-white p-4">
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-[#1d2129]">
        {value}
        {unit && <span className="ml-1 text-sm font-normal text-muted">{unit}</span>}
      </p>
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="mb-3 flex items-baseline gap-3">
        <h2 className="text-sm font-medium text-[#1d2129]">{title}</h2>
        {hint && <p className="text-xs text-muted">{hint}</p>}
      </div>
      {children}
    </Card>
  );
}

/** A horizontal bar per row, as wide as its share of the first row (a funnel) or of the largest. */
function Bars({ rows, max }: { rows: { label: string; value: number; note?: string }[]; max?: number }) {
  const top = Math.max(1, max ?? Math.max(...rows.map((r) => r.value)));
  return (
    <ul className="space-y-2 text-sm" data-testid="report-bars">
      {rows.map((r) => (
        <li key={r.label} className="grid grid-cols-[6rem_minmax(0,1fr)_8rem] items-center gap-3">
          <span className="text-[#4e5969]">{r.label}</span>
          <div className="h-5 rounded bg-[#f2f3f5]">
            <div className="h-5 rounded bg-primary" style={{ width: `${(r.value / top) * 100}%` }} />
          </div>
          <span className="tabular-nums text-[#1d2129]">
            {r.value}
            {r.note && <span className="ml-1 text-xs text-muted">{r.note}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminReport() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "course") {
    const r = data.course;
    return (
      <div className="space-y-4">
        <PageHeader title={`课程报告：${r.name}`} trail="内容 / 课程 / 报告">
          <Link to="/admin/courses" className="text-sm text-primary">
            返回课程列表
          </Link>
        </PageHeader>
        <div className="grid grid-cols-4 gap-4">
          <Figure label="加入学员" value={r.steps[0]!.count} unit="人" />
          <Figure label="完成学员" value={r.steps[3]!.count} unit="人" />
          <Figure label="完成率" value={r.steps[3]!.rate} unit="%" />
          <Figure label="累计学习时长" value={r.learnHours} unit="小时" />
        </div>
        <Section title="学习漏斗" hint="每一步占加入人数的比例">
          {r.steps[0]!.count ? <Bars rows={r.steps.map((s) => ({ label: s.step, value: s.count, note: `${s.rate}%` }))} max={r.steps[0]!.count} /> : <EmptyState title="还没有学员加入这门课程" />}
        </Section>
        <Section title="学习进度分布" hint="未完成学员按进度分段，另列已完成">
          <div className="h-[220px]">
            <DailyChart points={r.progressBands.map((b) => ({ label: b.label, day: b.label, count: b.count }))} series={[BAR]} />
          </div>
        </Section>
      </div>
    );
  }
  if (data.kind === "exam") {
    const r = data.exam;
    return (
      <div className="space-y-4">
        <PageHeader title={`考试报告：${r.name}`} trail="考试 / 考试管理 / 报告">
          <Link to="/admin/exams" className="text-sm text-primary">
            返回考试列表
          </Link>
        </PageHeader>
        <div className="grid grid-cols-4 gap-4">
          <Figure label="交卷学员" value={r.learners} unit="人" />
          <Figure label="通过" value={r.passed} unit={`人（${r.learners ? Math.round((r.passed / r.learners) * 1000) / 10 : 0}%）`} />
          <Figure label="平均分" value={r.average} unit={`/ ${r.totalScore}`} />
          <Figure label="最高分" value={r.highest} unit={`及格 ${r.passScore}`} />
        </div>
        <Section title="成绩分布" hint="每位学员取最好的一次，按得分占总分的比例分段">
          <div className="h-[220px]">{r.learners ? <DailyChart points={r.bands.map((b) => ({ label: b.label, day: b.label, count: b.count }))} series={[BAR]} /> : <EmptyState title="还没有学员交卷" />}</div>
        </Section>
        <Section title="逐题正确率" hint="从最难的题开始；未批阅的主观题不计入答对">
          {r.questions.length ? (
            <Table>
              <thead>
                <tr>
                  <Th>题目</Th>
                  <Th className="w-24">作答</Th>
                  <Th className="w-24">答对</Th>
                  <Th className="w-64">正确率</Th>
                </tr>
              </thead>
              <tbody>
                {r.questions.map((q) => (
                  <tr key={q.questionId} data-testid="question-row">
                    <Td className="max-w-[480px] truncate" title={q.content}>
                      {q.content}
                    </Td>
                    <Td>{q.answered}</Td>
                    <Td>{q.correct}</Td>
                    <Td>
                      <div className="flex items-center gap-2">
                        <div className="h-2 flex-1 rounded bg-[#f2f3f5]">
                          <div className={`h-2 rounded ${q.rate < 60 ? "bg-[#f53f3f]" : "bg-[#00b42a]"}`} style={{ width: `${q.rate}%` }} />
                        </div>
                        <span className="w-12 text-right tabular-nums">{q.rate}%</span>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <EmptyState title="还没有作答记录" />
          )}
        </Section>
      </div>
    );
  }
  const r = data.live;
  const series: ChartSeries[] = [
    { key: "arrivals", name: "进入人数", unit: "人", kind: "bar", axis: "left", color: "#94bfff" },
    { key: "online", name: "同时在线", unit: "人", kind: "line", axis: "left", color: "#165dff" },
    { key: "comments", name: "评论", unit: "条", kind: "line", axis: "right", color: "#ff7d00" },
  ];
  return (
    <div className="space-y-4">
      <PageHeader title={`直播报告：${r.name}`} trail="内容 / 直播 / 报告">
        <Link to="/admin/lives" className="text-sm text-primary">
          返回直播列表
        </Link>
      </PageHeader>
      <div className="grid grid-cols-4 gap-4">
        <Figure label="观看学员" value={r.viewers} unit="人" />
        <Figure label="同时在线峰值" value={r.peakOnline} unit="人" />
        <Figure label="累计观看时长" value={r.watchHours} unit="小时" />
        <Figure label="评论" value={r.comments} unit="条" />
      </div>
      <Section title="观看与互动走势" hint={`每${r.unit === "hour" ? "小时" : "分钟"}的同时在线人数（实时服务上报）、首次进入的学员与评论数（北京时间）`}>
        <div className="h-[260px]">{r.points.length ? <DailyChart points={r.points.map((p) => ({ label: p.time, day: p.time, arrivals: p.arrivals, online: p.online, comments: p.comments }))} series={series} /> : <EmptyState title="这场直播还没有观看记录" />}</div>
      </Section>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
