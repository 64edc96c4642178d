import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/admin/table";
import { NoticeStrip } from "~/components/home/notice-strip";
import { crudAction } from "~/components/operate/crud-action.server";
import { CrudPage, STATUS_OPTIONS } from "~/components/operate/crud-page";
import type { FieldSpec } from "~/components/operate/entity-form";
import { formatDateTime } from "@base/format";
import { windowState } from "~/components/operate/window-state";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "公告管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => ({ list: (await caller.operate.admin.notice.list({ pageSize: 100 })).list, now: Date.now() }));

export const action = ({ request }: ActionFunctionArgs) =>
  crudAction(request, "公告", {
    add: (c, f) => c.operate.admin.notice.add(f as never),
    update: (c, f) => c.operate.admin.notice.update(f as never),
    del: (c, id) => c.operate.admin.notice.del({ id } as never),
    move: (c, id, position) => c.operate.admin.notice.move({ id, position } as never),
  });

const FIELDS: FieldSpec[] = [
  { name: "title", label: "标题", required: true, placeholder: "例如：关于能力认证考试安排的通知" },
  { name: "content", label: "内容", kind: "textarea" },
  { name: "linkUrl", label: "跳转链接", placeholder: "/verify/center 或 https://…" },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
  { name: "startTime", label: "开始时间", kind: "datetime" },
  { name: "endTime", label: "结束时间", kind: "datetime" },
];

export default function AdminNotices() {
  const { list, now } = useLoaderData<typeof loader>();
  const shown = list.filter((n) => windowState(n, now).tone === "green");
  return (
    <CrudPage
      title="公告管理"
      trail="运营内容 / 公告"
      noun="公告"
      rows={list}
      nameOf={(n) => n.title}
      fields={FIELDS}
      columns={[
        { title: "标题", render: (n) => <span className="inline-block max-w-[420px] truncate align-middle">{n.title}</span> },
        { title: "跳转链接", render: (n) => <span className="text-muted">{n.linkUrl || "—"}</span> },
        { title: "展示时间", render: (n) => <span className="text-xs text-muted">{n.startTime || n.endTime ? `${formatDateTime(n.startTime) || "即时"} 至 ${formatDateTime(n.endTime) || "长期"}` : "长期"}</span> },
        { title: "状态", render: (n) => <Badge tone={windowState(n, now).tone}>{windowState(n, now).label}</Badge> },
      ]}
    >
      <Card className="mt-4 bg-surface p-4">
        <h2 className="text-sm font-medium text-[#4e5969]">学员端预览（首页公告栏显示前 3 条）</h2>
        {shown.length ? <NoticeStrip notices={shown} /> : <p className="py-6 text-center text-sm text-muted">当前没有展示中的公告</p>}
      </Card>
    </CrudPage>
  );
}

export const ErrorBoundary = AdminRouteError;
