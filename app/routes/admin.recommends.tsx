import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { chosenSite, SiteSwitch } from "~/components/admin/site-switch";
import { Badge } from "~/components/admin/table";
import { TYPE_LABEL } from "~/components/home/recommend-item";
import { RecommendSection } from "~/components/home/recommend-section";
import type { HomeBlock } from "~/components/home/types";
import { STATUS_OPTIONS, useOperateFetcher } from "~/components/operate/crud-page";
import { EntityFormDialog, type FieldSpec } from "~/components/operate/entity-form";
import { formFields, yuanToCents } from "~/components/operate/form-data";
import { BlockTree, type BlockNode } from "~/components/operate/block-tree";
import { SortableTable } from "~/components/operate/sortable-table";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { formatMoney } from "@base/format";

export const meta: MetaFunction = () => [{ title: "推荐位管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const sites = await caller.site.admin.list();
    // The main site unless an extra site is chosen: each site has its own blocks, order and home preview.
    const site = chosenSite(sites, sp.get("site"));
    const tree = await caller.operate.admin.recommend.tree({ siteId: site?.id ?? 0 });
    const flat = tree.flatMap((n) => [n, ...n.children]);
    const wanted = Number(sp.get("block"));
    const selected = flat.find((n) => n.id === wanted) ?? flat.find((n) => n.children.length === 0) ?? null;
    const [items, preview] = await Promise.all([
      selected ? caller.operate.admin.recommendData.list({ recommendId: selected.id }) : Promise.resolve([]),
      caller.operate.dataAll({ limit: 10, ...(site ? { pathName: site.pathName } : {}) }),
    ]);
    return { tree, selected: selected ? { id: selected.id, name: selected.name } : null, items, preview, site, sites };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (c) => {
    const f = formFields(await request.formData());
    const { intent, kind, id = "", position = "" } = f;
    if (kind === "block") {
      if (intent === "save") {
        const input = { ...f, parentId: f.parentId || undefined } as never;
        if (id) await c.operate.admin.recommend.update(input);
        else await c.operate.admin.recommend.add(input);
        return id ? "已保存推荐位" : "已新增推荐位";
      }
      if (intent === "del") return (await c.operate.admin.recommend.del({ id } as never), "已删除推荐位及其内容");
      if (intent === "move") return (await c.operate.admin.recommend.move({ id, position } as never), "已调整顺序");
    }
    if (kind === "item") {
      if (intent === "save") {
        const input = { ...f, realPrice: yuanToCents(f.realPrice), scribingPrice: yuanToCents(f.scribingPrice), liveStatus: f.type === "2" ? f.liveStatus : undefined } as never;
        if (id) await c.operate.admin.recommendData.update(input);
        else await c.operate.admin.recommendData.add(input);
        return id ? "已保存推荐内容" : "已添加推荐内容";
      }
      if (intent === "del") return (await c.operate.admin.recommendData.del({ id } as never), "已移除推荐内容");
      if (intent === "move") return (await c.operate.admin.recommendData.move({ id, position } as never), "已调整顺序");
    }
    if (intent === "refresh") {
      const r = await c.operate.admin.recommend.initDetail({});
      return `已从课程、直播同步 ${r.updated} 条推荐内容`;
    }
    throw badInput("未知的操作");
  });

const BLOCK_FIELDS: FieldSpec[] = [
  { name: "name", label: "名称", required: true, placeholder: "例如：推荐课程 / 法规解读" },
  { name: "picUrl", label: "封面图", kind: "image", hint: "设置封面后，该栏目每行显示 4 个内容（无封面 5 个）" },
  { name: "isOpenJump", label: "查看更多", kind: "select", options: [{ value: "0", label: "不显示" }, { value: "1", label: "显示并跳转" }] },
  { name: "jumpUrl", label: "跳转链接", placeholder: "/course/center" },
  { name: "status", label: "状态", kind: "select", options: STATUS_OPTIONS },
];

const ITEM_FIELDS: FieldSpec[] = [
  { name: "type", label: "内容类型", kind: "select", options: [1, 2, 3, 4].map((t) => ({ value: String(t), label: TYPE_LABEL[t]! })) },
  { name: "recommendObjectId", label: "内容ID", required: true, kind: "number", hint: "课程、直播会自动读取名称、封面、讲师与价格" },
  { name: "name", label: "名称", hint: "考试、地图或找不到的内容按这里填写的显示" },
  { name: "picUrl", label: "封面", kind: "image" },
  { name: "teacher", label: "讲师" },
  { name: "isFree", label: "是否免费", kind: "select", options: [{ value: "1", label: "免费" }, { value: "0", label: "付费" }] },
  { name: "realPrice", label: "售价（元）", kind: "money" },
  { name: "scribingPrice", label: "划线价（元）", kind: "money" },
  { name: "liveStatus", label: "直播状态", kind: "select", options: [{ value: "0", label: "未开始" }, { value: "1", label: "直播中" }, { value: "2", label: "已结束" }] },
  { name: "startTime", label: "开始时间", kind: "datetime" },
  { name: "linkUrl", label: "跳转链接", hint: "留空按类型打开详情页" },
];

export default function AdminRecommends() {
  const { tree, selected, items, preview, site, sites } = useLoaderData<typeof loader>();
  const [editBlock, setEditBlock] = useState<(Partial<BlockNode> & { parentId?: number }) | null>(null);
  const [editItem, setEditItem] = useState<Record<string, unknown> | null>(null);
  const [deleting, setDeleting] = useState<{ kind: "block" | "item"; id: number; name: string } | null>(null);
  const fetcher = useOperateFetcher("operate-recommends", () => {
    setEditBlock(null);
    setEditItem(null);
    setDeleting(null);
  });
  const busy = fetcher.state !== "idle";
  const post = (data: Record<string, string>) => fetcher.submit(data, { method: "post" });
  const visible = (preview as HomeBlock[]).filter((b) => b.dataList.length || b.children.some((c) => c.dataList.length));

  return (
    <>
      <PageHeader title="推荐位管理" trail="运营内容 / 推荐位">
        <SiteSwitch sites={sites} current={site} hrefFor={(id) => (id ? `?site=${id}` : "?")} className="mr-2" />
        <Button variant="outline" disabled={busy} onClick={() => post({ intent: "refresh" })}>
          同步内容信息
        </Button>
        <Button onClick={() => setEditBlock({})}>新增推荐位</Button>
      </PageHeader>
      <div className="flex items-start gap-4">
        <Card className="w-[300px] shrink-0 p-3">
          <BlockTree
            linkExtra={site ? `&site=${site.id}` : ""}
            tree={tree}
            selectedId={selected?.id ?? null}
            busy={busy}
            onMove={(id, position) => post({ kind: "block", intent: "move", id: String(id), position: String(position) })}
            onEdit={(n) => setEditBlock(n)}
            onAddChild={(n) => setEditBlock({ parentId: n.id })}
            onDelete={(n) => setDeleting({ kind: "block", id: n.id, name: n.name })}
          />
        </Card>
        <Card className="min-w-0 flex-1">
          <div className="flex items-center justify-between px-4 py-3">
            <h2 className="font-medium">{selected ? `“${selected.name}”的推荐内容` : "推荐内容"}</h2>
            {selected && (
              <Button size="sm" onClick={() => setEditItem({})}>
                添加内容
              </Button>
            )}
          </div>
          {items.length ? (
            <SortableTable
              rows={items}
              busy={busy}
              onMove={(id, position) => post({ kind: "item", intent: "move", id: String(id), position: String(position) })}
              columns={[
                { title: "类型", render: (i) => <Badge tone="blue">{TYPE_LABEL[i.type]}</Badge> },
                { title: "名称", render: (i) => <span className="inline-block max-w-[260px] truncate align-middle">{i.name}</span> },
                { title: "讲师", render: (i) => i.teacher || "—" },
                { title: "价格", render: (i) => (i.isFree ? "免费" : `¥${formatMoney(i.realPrice)}`) },
              ]}
              actions={(i) => (
                <>
                  <button type="button" className="cursor-pointer text-primary" onClick={() => setEditItem(i)}>
                    编辑
                  </button>
                  <button type="button" className="cursor-pointer text-[#f53f3f]" onClick={() => setDeleting({ kind: "item", id: i.id, name: i.name ?? "" })}>
                    移除
                  </button>
                </>
              )}
            />
          ) : (
            <EmptyState title={selected ? "该推荐位还没有内容" : "请先新增推荐位"} hint={selected ? "点击“添加内容”选择课程、直播、考试或地图" : undefined} />
          )}
        </Card>
      </div>
      <Card className="mt-4 bg-surface p-4">
        <h2 className="text-sm font-medium text-[#4e5969]">
          学员端预览（与首页推荐区一致） ·{" "}
          <Link to={site ? `/${site.pathName}/` : "/"} target="_blank" reloadDocument className="text-primary">
            打开首页
          </Link>
        </h2>
        {visible.length ? <RecommendSection tree={visible} /> : <p className="py-8 text-center text-sm text-muted">首页暂无可展示的推荐内容</p>}
      </Card>
      <EntityFormDialog
        open={editBlock !== null}
        title={editBlock?.id ? "编辑推荐位" : editBlock?.parentId ? "新增子标签" : "新增推荐位"}
        fields={BLOCK_FIELDS}
        values={editBlock?.id ? (editBlock as Record<string, unknown>) : null}
        extra={{ kind: "block", siteId: site ? String(site.id) : "", ...(editBlock?.parentId ? { parentId: String(editBlock.parentId) } : {}) }}
        fetcher={fetcher as never}
        onClose={() => setEditBlock(null)}
      />
      <EntityFormDialog
        open={editItem !== null}
        title={editItem?.id ? "编辑推荐内容" : "添加推荐内容"}
        fields={ITEM_FIELDS}
        values={editItem?.id ? editItem : null}
        extra={{ kind: "item", recommendId: String(selected?.id ?? "") }}
        fetcher={fetcher as never}
        onClose={() => setEditItem(null)}
      />
      <ConfirmDialog
        request={deleting ? { title: deleting.kind === "block" ? "删除推荐位" : "移除推荐内容", description: deleting.kind === "block" ? `确定删除“${deleting.name}”吗？其子标签和推荐内容会一并删除。` : `确定从推荐位移除“${deleting.name}”吗？`, confirmText: "确定", danger: true } : null}
        busy={busy}
        onConfirm={() => deleting && post({ kind: deleting.kind, intent: "del", id: String(deleting.id) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
