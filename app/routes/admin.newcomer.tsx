import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { useOperateFetcher } from "~/components/operate/crud-page";
import { formFields } from "~/components/operate/form-data";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ContentPicker } from "~/components/identity/content-picker";
import { trpc } from "~/lib/trpc";
import { formatMoney } from "@base/format";

export const meta: MetaFunction = () => [{ title: "新人礼包 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const [config, report] = await Promise.all([caller.newcomer.admin.config(), caller.newcomer.admin.report()]);
    return { config, report };
  });

const idsOf = (v: string | undefined) => (v ?? "").split(",").map((s) => Number(s.trim())).filter((n) => n > 0);

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const f = formFields(await request.formData());
    const [giftCourseId] = idsOf(f.giftCourseId);
    // The list is shown in the order chosen: the courses, then the live series.
    const recommends = [...idsOf(f.courseIds).map((contentId) => ({ contentType: 1 as const, contentId })), ...idsOf(f.seriesIds).map((contentId) => ({ contentType: 2 as const, contentId }))];
    await caller.newcomer.admin.saveConfig({ giftCourseId, recommends });
    return "已保存新人礼包配置";
  });

const findCourses = async (keyword: string) => (await trpc.course.admin.page.query({ keyword, pageSize: 10 })).list.map((c) => ({ id: c.id, name: c.name }));
const findSeries = async (keyword: string) => (await trpc.live.admin.series.page.query({ keyword, pageNo: 1, pageSize: 10 } as never)).list.map((s: { id: number; name: string }) => ({ id: s.id, name: s.name }));

function Row({ label, children, hint }: { label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div className="flex gap-4">
      <span className="w-32 shrink-0 pt-1 text-right text-sm text-[#4e5969]">{label}</span>
      <div className="min-w-0 flex-1">
        {children}
        {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      </div>
    </div>
  );
}

export default function AdminNewcomer() {
  const { config, report } = useLoaderData<typeof loader>();
  const fetcher = useOperateFetcher("admin-newcomer");
  const busy = fetcher.state !== "idle";
  const pick = (type: number) => config.recommends.filter((r) => r.recommendContentType === type).map((r) => ({ id: r.recommendContentId, name: r.name }));
  return (
    <>
      <PageHeader title="新人礼包" trail="运营内容 / 新人礼包" />
      <Card className="p-6">
        <fetcher.Form method="post" className="max-w-[760px] space-y-6" key={JSON.stringify(config)}>
          <Row label="礼包课程" hint={`新学员学习任意课程或直播满1分钟后可免费领取的课程（只取第一门）${config.giftCourse ? `，当前价格 ¥${formatMoney(config.giftCourse.price)}` : ""}；不选则关闭新人礼包`}>
            <ContentPicker name="giftCourseId" noun="课程" initial={config.giftCourse ? [{ id: config.giftCourse.id, name: config.giftCourse.name }] : []} search={findCourses} />
          </Row>
          <Row label="推荐课程" hint="礼包弹窗中按此顺序展示，按钮为“去学习”">
            <ContentPicker name="courseIds" noun="课程" initial={pick(1)} search={findCourses} />
          </Row>
          <Row label="推荐直播系列" hint="排在推荐课程之后，按钮为“看直播”">
            <ContentPicker name="seriesIds" noun="直播系列" initial={pick(2)} search={findSeries} />
          </Row>
          <div className="pl-36">
            <Button type="submit" disabled={busy}>
              {busy ? "保存中…" : "保存"}
            </Button>
          </div>
        </fetcher.Form>
      </Card>
      <Card className="mt-4 p-6">
        <h2 className="text-base font-semibold text-[#1d2129]">领取情况</h2>
        <div className="mt-3 flex gap-10 text-sm text-[#4e5969]">
          <p>
            完成新人任务 <span className="text-xl font-semibold text-[#1d2129]">{report.completedCount}</span> 人
          </p>
          <p>
            领取礼包课程 <span className="text-xl font-semibold text-[#1d2129]">{report.awardedCount}</span> 人
          </p>
        </div>
        <table className="mt-4 w-full text-left text-sm">
          <thead className="bg-[#f7f8fa] text-[#4e5969]">
            <tr>
              <th className="px-3 py-2">学员</th>
              <th className="px-3 py-2">手机号</th>
              <th className="px-3 py-2">身份类型</th>
              <th className="px-3 py-2">所属地区</th>
              <th className="px-3 py-2">课程</th>
              <th className="px-3 py-2">领取时间</th>
            </tr>
          </thead>
          <tbody>
            {report.receivers.map((r) => (
              <tr key={r.userId} className="border-b border-[#f2f3f5]">
                <td className="px-3 py-2">{r.nick}</td>
                <td className="px-3 py-2">{r.mobile}</td>
                <td className="px-3 py-2">{r.identityName}</td>
                <td className="px-3 py-2">{r.areaName}</td>
                <td className="px-3 py-2">{r.courseName}</td>
                <td className="px-3 py-2">{new Date(r.receivedAt).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false })}</td>
              </tr>
            ))}
            {!report.receivers.length && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-muted">
                  暂无领取记录
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted">显示最近20位领取的学员</p>
      </Card>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
