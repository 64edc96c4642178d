import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/admin/table";
import { crudAction } from "~/components/operate/crud-action.server";
import { CrudPage, STATUS_OPTIONS, useOperateFetcher } from "~/components/operate/crud-page";
import type { FieldSpec } from "~/components/operate/entity-form";
import { formatDateTime } from "@base/format";
import { windowState } from "~/components/operate/window-state";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () => [{ title: "营销位管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const [page, popup] = await Promise.all([caller.operate.admin.marketing.list({ pageSize: 100 }), caller.operate.admin.marketing.popup()]);
    return { list: page.list, popup, now: Date.now() };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  crudAction(request, "营销位", {
    add: (c, f) => c.operate.admin.marketing.add(f as never),
    update: (c, f) => c.operate.admin.marketing.update(f as never),
    del: (c, id) => c.operate.admin.marketing.del({ id } as never),
    move: (c, id, position) => c.operate.admin.marketing.move({ id, position } as never),
    more: async (c, intent, f) => {
      if (intent !== "popup") return null;
      await c.operate.admin.marketing.updatePopup({ title: f.title, picUrl: f.picUrl, linkUrl: f.linkUrl, status: f.status } as never);
      return "已保存首页弹窗";
    },
  });

const FIELDS: FieldSpec[] = [
  { name: "title", label: "标题", required: true, placeholder: "例如：新学员专享：精品课程限时免费" },
  { name: "picUrl", label: "图片", kind: "image" },
  { name: "linkUrl", label: "跳转链接" },
  { name: "description", label: "说明", kind: "textarea" },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
  { name: "startTime", label: "开始时间", kind: "datetime" },
  { name: "endTime", label: "结束时间", kind: "datetime" },
];

function PopupCard({ popup }: { popup: { title: string; picUrl: string; linkUrl: string; status: number } }) {
  const fetcher = useOperateFetcher("operate-popup");
  const [pic, setPic] = useState(popup.picUrl);
  return (
    <Card className="mt-4 p-5">
      <h2 className="text-base font-semibold">首页弹窗广告</h2>
      <p className="mt-1 text-sm text-muted">开启后，学员每天首次打开首页时弹出一次。</p>
      <fetcher.Form method="post" className="mt-4 flex gap-8">
        <input type="hidden" name="intent" value="popup" />
        <div className="w-[260px] shrink-0">
          <UploadField name="picUrl" value={pic} onChange={setPic} label="弹窗图片" accept="image/png,image/jpeg,image/gif,image/webp" />
        </div>
        <div className="flex flex-1 flex-col gap-3 text-sm">
          <label className="flex items-center gap-3">
            <span className="w-16 text-[#4e5969]">标题</span>
            <Input name="title" defaultValue={popup.title} />
          </label>
          <label className="flex items-center gap-3">
            <span className="w-16 text-[#4e5969]">跳转链接</span>
            <Input name="linkUrl" defaultValue={popup.linkUrl} />
          </label>
          <label className="flex items-center gap-3">
            <span className="w-16 text-[#4e5969]">状态</span>
            <select name="status" defaultValue={String(popup.status)} className="h-9 rounded-md border border-border bg-white px-3">
              <option value="1">开启</option>
              <option value="0">关闭</option>
            </select>
          </label>
          <div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              保存弹窗
            </Button>
          </div>
        </div>
      </fetcher.Form>
    </Card>
  );
}

export default function AdminMarketing() {
  const { list, popup, now } = useLoaderData<typeof loader>();
  return (
    <CrudPage
      title="营销位管理"
      trail="运营内容 / 营销位"
      noun="营销位"
      rows={list}
      nameOf={(m) => m.title}
      fields={FIELDS}
      columns={[
        { title: "图片", render: (m) => (m.picUrl ? <img src={m.picUrl} alt="" className="h-10 w-24 rounded object-cover" /> : <span className="text-muted">—</span>) },
        { title: "标题", render: (m) => m.title },
        { title: "投放时间", render: (m) => <span className="text-xs text-muted">{m.startTime || m.endTime ? `${formatDateTime(m.startTime) || "即时"} 至 ${formatDateTime(m.endTime) || "长期"}` : "长期"}</span> },
        { title: "状态", render: (m) => <Badge tone={windowState(m, now).tone}>{windowState(m, now).label}</Badge> },
      ]}
    >
      <PopupCard popup={popup} />
    </CrudPage>
  );
}

export const ErrorBoundary = AdminRouteError;
