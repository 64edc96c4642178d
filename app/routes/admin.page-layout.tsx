import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { useActionToast } from "~/components/course/use-action-toast";
import { LayoutPreview, LayoutSwitch } from "~/components/operate/layout-switch";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () => [{ title: "页面布局 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, async (caller) => ({ layout: await caller.operate.admin.layout() }));

const FLAGS = ["globalHeader", "headerTabs", "headerSearch", "headerNotice", "globalFooter", "confirmStartExam", "courseDetailLayout", "examResultLayout", "examTestLayout"] as const;
type Flag = (typeof FLAGS)[number];

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  return adminAction(request, async (caller) => {
    const input: Record<string, unknown> = Object.fromEntries(FLAGS.map((f) => [f, form.get(f) === "1" ? 1 : 0]));
    input.loginUrl = String(form.get("loginUrl") ?? "");
    input.confirmStartExamText = String(form.get("confirmStartExamText") ?? "");
    await caller.operate.admin.updateLayout(input as never);
    return "页面布局已保存，学员刷新页面后生效";
  });
};

const HEADER: { key: Flag; label: string; hint: string }[] = [
  { key: "globalHeader", label: "全局页头", hint: "关闭后学员端不显示顶部页头（含导航、搜索和消息）" },
  { key: "headerTabs", label: "导航栏", hint: "页头中的首页、课程中心、直播等导航" },
  { key: "headerSearch", label: "搜索框", hint: "页头中的搜索框与热门搜索词" },
  { key: "headerNotice", label: "消息通知", hint: "页头中的消息中心入口与未读数" },
  { key: "globalFooter", label: "全局页脚", hint: "页面底部的关于我们、帮助与联系方式" },
];
const PAGES: { key: Flag; label: string; hint: string }[] = [
  { key: "courseDetailLayout", label: "课程详情布局", hint: "开启：课程详情页带全局页头页脚；关闭：只显示页面内容" },
  { key: "examResultLayout", label: "考试结果布局", hint: "开启：考试结果页带全局页头页脚；关闭：只显示页面内容" },
  { key: "examTestLayout", label: "考试答题布局", hint: "答题页始终不带导航、搜索和页脚。开启：考试栏显示平台标志；关闭：只显示考试名称、倒计时和交卷（适合嵌入其他平台）" },
];

export default function PageLayoutSettings() {
  const { layout } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher);
  const [flags, setFlags] = useState<Record<Flag, boolean>>(() => Object.fromEntries(FLAGS.map((f) => [f, layout[f] !== 0])) as Record<Flag, boolean>);
  const changed = FLAGS.some((f) => flags[f] !== (layout[f] !== 0));
  const row = (f: { key: Flag; label: string; hint: string }) => (
    <div key={f.key} className="flex items-center justify-between gap-4 border-t border-border py-3 first:border-0">
      <div>
        <p className="text-sm font-medium text-[#1d2129]">{f.label}</p>
        <p className="mt-0.5 text-xs text-muted">{f.hint}</p>
      </div>
      <LayoutSwitch label={f.label} checked={flags[f.key]} onChange={(on) => setFlags({ ...flags, [f.key]: on })} />
      <input type="hidden" name={f.key} value={flags[f.key] ? "1" : "0"} />
    </div>
  );
  return (
    <fetcher.Form method="post" className="pb-10">
      <PageHeader title="页面布局" trail="运营内容 / 页面布局">
        <div className="flex items-center gap-3">
          {changed && <span className="text-xs text-[#ff7d00]">有未保存的修改</span>}
          <Button type="submit" disabled={fetcher.state !== "idle"}>{fetcher.state !== "idle" ? "保存中…" : "保存设置"}</Button>
        </div>
      </PageHeader>
      <div className="grid grid-cols-[1fr_420px] gap-4">
        <div className="space-y-4">
          <Card className="p-6">
            <h2 className="text-base font-semibold text-[#1d2129]">页头与页脚</h2>
            <div className="mt-3">{HEADER.map(row)}</div>
          </Card>
          <Card className="p-6">
            <h2 className="text-base font-semibold text-[#1d2129]">页面与考试</h2>
            <p className="mt-1 text-xs text-muted">关闭某页的布局后，该页不显示全局页头和页脚（适合嵌入其他平台）；设置同时通过 caiyun/front/page/layout 下发给旧版客户端。</p>
            <div className="mt-3">
              {PAGES.map(row)}
              {row({ key: "confirmStartExam", label: "开考确认协议", hint: "开始考试前需勾选同意下方协议" })}
              <textarea
                name="confirmStartExamText"
                defaultValue={layout.confirmStartExamText}
                maxLength={2000}
                rows={3}
                aria-label="开考协议内容"
                className="mt-1 w-full rounded-md border border-border p-2 text-sm disabled:bg-[#f7f8fa]"
                disabled={!flags.confirmStartExam}
              />
              {!flags.confirmStartExam && <input type="hidden" name="confirmStartExamText" value={layout.confirmStartExamText} />}
              <div className="mt-4">
                <p className="text-sm font-medium text-[#1d2129]">登录地址</p>
                <p className="mt-0.5 text-xs text-muted">留空时使用站内登录弹窗；填写后未登录用户跳转到该地址</p>
                <Input name="loginUrl" defaultValue={layout.loginUrl} placeholder="https://…" className="mt-2" aria-label="登录地址" maxLength={500} />
              </div>
            </div>
          </Card>
        </div>
        <Card className="h-fit p-6">
          <h2 className="text-base font-semibold text-[#1d2129]">效果预览</h2>
          <p className="mt-1 text-xs text-muted">示意学员端页面的结构；保存后对所有学员生效，学员刷新页面即可看到。</p>
          <LayoutPreview header={flags.globalHeader} tabs={flags.headerTabs} search={flags.headerSearch} notice={flags.headerNotice} footer={flags.globalFooter} />
        </Card>
      </div>
    </fetcher.Form>
  );
}

export const ErrorBoundary = AdminRouteError;
