import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/admin/table";
import { crudAction } from "~/components/operate/crud-action.server";
import { CrudPage, STATUS_OPTIONS } from "~/components/operate/crud-page";
import type { FieldSpec } from "~/components/operate/entity-form";
import { formatCount } from "@base/format";

export const meta: MetaFunction = () => [{ title: "搜索栏管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, async (caller) => ({ list: (await caller.operate.admin.searchBar.list({ pageSize: 100 })).list }));

export const action = ({ request }: ActionFunctionArgs) =>
  crudAction(request, "搜索词", {
    add: (c, f) => c.operate.admin.searchBar.add(f as never),
    update: (c, f) => c.operate.admin.searchBar.update(f as never),
    del: (c, id) => c.operate.admin.searchBar.del({ id } as never),
    move: (c, id, position) => c.operate.admin.searchBar.move({ id, position } as never),
  });

const FIELDS: FieldSpec[] = [
  { name: "name", label: "搜索词", required: true, placeholder: "例如：框架协议", hint: "不超过32个字符；排第一的启用词作为搜索框的推荐词" },
  { name: "pathName", label: "站点路径", placeholder: "主站留空", hint: "分站没有自己的搜索词时使用主站的" },
  { name: "linkUrl", label: "跳转链接", placeholder: "留空则按搜索词搜索" },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
];

export default function AdminSearchBar() {
  const { list } = useLoaderData<typeof loader>();
  const first = list.find((w) => w.status === 1 && !w.pathName);
  return (
    <CrudPage
      title="搜索栏管理"
      trail="运营内容 / 搜索栏"
      noun="搜索词"
      rows={list}
      nameOf={(w) => w.name}
      fields={FIELDS}
      toolbar={
        <div className="mb-4 flex items-center gap-3 rounded-lg bg-white px-4 py-3 text-sm">
          <span className="text-[#4e5969]">学员端预览：</span>
          <span className="flex h-9 w-[240px] items-center rounded-full border border-border bg-surface px-4 text-muted">{first?.name ?? "政府采购法"}</span>
          <span className="text-xs text-muted">搜索框为空时按推荐词搜索</span>
        </div>
      }
      columns={[
        { title: "搜索词", render: (w) => w.name },
        { title: "站点", render: (w) => <span className="text-muted">{w.pathName || "主站"}</span> },
        { title: "点击次数", render: (w) => formatCount(w.statisticsCount) },
        { title: "状态", render: (w) => <Badge tone={w.status === 1 ? "green" : "gray"}>{w.status === 1 ? "启用" : "停用"}</Badge> },
      ]}
    />
  );
}

export const ErrorBoundary = AdminRouteError;
