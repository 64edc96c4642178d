import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/admin/table";
import { crudAction } from "~/components/operate/crud-action.server";
import { CrudPage, STATUS_OPTIONS } from "~/components/operate/crud-page";
import type { FieldSpec } from "~/components/operate/entity-form";

export const meta: MetaFunction = () => [{ title: "分类管理 - 财云学院管理后台" }];

const TYPES = [
  { value: "1", label: "课程" },
  { value: "2", label: "直播" },
  { value: "3", label: "考试" },
  { value: "4", label: "地图" },
];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const type = Number(sp.get("type")) || 1;
    const page = await caller.operate.admin.category.list({ type, pageSize: 100 });
    const parentId = Number(sp.get("parent")) || null;
    const parent = parentId ? page.list.find((c) => c.id === parentId) ?? null : null;
    return { type, parent, list: parent ? parent.children : page.list };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  crudAction(request, "分类", {
    add: (c, f) => c.operate.admin.category.add(f as never),
    update: (c, f) => c.operate.admin.category.edit(f as never),
    del: (c, id) => c.operate.admin.category.del({ id } as never),
    move: (c, id, position) => c.operate.admin.category.move({ id, position } as never),
  });

const FIELDS: FieldSpec[] = [
  { name: "name", label: "分类名称", required: true, placeholder: "例如：法律法规" },
  { name: "picUrl", label: "图标", kind: "image" },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
];

export default function AdminCategories() {
  const { type, parent, list } = useLoaderData<typeof loader>();
  return (
    <CrudPage
      title="分类管理"
      trail={parent ? `运营内容 / 分类 / ${parent.name}` : "运营内容 / 分类"}
      noun={parent ? "子分类" : "分类"}
      rows={list}
      nameOf={(c) => c.name}
      fields={FIELDS}
      extra={parent ? { parentId: String(parent.id) } : { type: String(type) }}
      toolbar={
        <div className="mb-4 flex items-center gap-2">
          {TYPES.map((t) => (
            <Link key={t.value} to={`?type=${t.value}`} className={`rounded-md px-4 py-1.5 text-sm ${String(type) === t.value && !parent ? "bg-primary text-white" : "bg-white text-[#4e5969] ring-1 ring-border"}`}>
              {t.label}分类
            </Link>
          ))}
          {parent && (
            <span className="ml-4 text-sm text-muted">
              正在编辑“{parent.name}”的子分类（学员端标签）·{" "}
              <Link to={`?type=${type}`} className="text-primary">
                返回上级
              </Link>
            </span>
          )}
        </div>
      }
      rowActions={(c) =>
        parent ? null : (
          <Link to={`?type=${type}&parent=${c.id}`} className="text-primary">
            子分类({c.children.length})
          </Link>
        )
      }
      columns={[
        { title: "名称", render: (c) => c.name },
        { title: "状态", render: (c) => <Badge tone={c.status === 1 ? "green" : "gray"}>{c.status === 1 ? "启用" : "停用"}</Badge> },
      ]}
    />
  );
}

export const ErrorBoundary = AdminRouteError;
