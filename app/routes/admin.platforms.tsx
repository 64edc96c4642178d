import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { PlatformFormDialog, type PlatformRow } from "~/components/oauth/platform-form-dialog";
import { formFields } from "~/components/operate/form-data";
import { useOperateFetcher } from "~/components/operate/crud-page";
import { SortableTable } from "~/components/operate/sortable-table";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "授权平台管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) => adminLoad(request, async (caller) => ({ list: await caller.oauth.admin.list() }));

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const f = formFields(await request.formData());
    if (f.intent === "save") {
      const saved = await caller.oauth.admin.save(f as never);
      return f.id ? `已保存授权平台「${saved.name}」` : `已新增授权平台「${saved.name}」`;
    }
    if (f.intent === "del") {
      await caller.oauth.admin.remove({ id: f.id } as never);
      return "已删除授权平台";
    }
    if (f.intent === "move") {
      await caller.oauth.admin.move({ id: f.id, position: f.position } as never);
      return "已调整顺序";
    }
    if (f.intent === "enable") {
      await caller.oauth.admin.enable({ id: f.id, enabled: f.enabled } as never);
      return f.enabled === "1" ? "已启用授权平台" : "已停用授权平台";
    }
    throw badInput("未知的操作");
  });

function Logo({ p }: { p: PlatformRow }) {
  return p.picUrl ? (
    <img src={p.picUrl} alt="" className="h-9 w-9 rounded-full border border-border bg-white object-contain" />
  ) : (
    <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-primary-100 text-sm font-medium text-primary">
      {Array.from(p.name)[0]}
    </span>
  );
}

export default function AdminPlatforms() {
  const { list } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<PlatformRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<PlatformRow | null>(null);
  const fetcher = useOperateFetcher("admin-platforms", () => {
    setEditing(null);
    setDeleting(null);
  });
  const busy = fetcher.state !== "idle";
  const post = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });

  return (
    <>
      <PageHeader title="授权平台管理" trail="站点 / 授权平台">
        <Button onClick={() => setEditing("new")}>新增授权平台</Button>
      </PageHeader>
      <p className="mb-4 text-sm text-muted">学员可在登录弹窗中选择已启用的授权平台登录（登录方式 3），按下方顺序展示。</p>
      <Card>
        {list.length ? (
          <SortableTable
            rows={list}
            busy={busy}
            onMove={(id, position) => post({ intent: "move", id: String(id), position: String(position) })}
            columns={[
              { title: "Logo", render: (p) => <Logo p={p} /> },
              { title: "平台名称", render: (p) => <span data-testid="platform-name">{p.name}</span> },
              { title: "平台网址", render: (p) => (p.url ? <a href={p.url} target="_blank" rel="noreferrer" className="text-primary hover:underline">{p.url}</a> : <span className="text-muted">—</span>) },
              { title: "云区域", render: (p) => p.cloudRegion },
              { title: "来源标识", render: (p) => p.source },
              { title: "排序值", render: (p) => p.sort },
              { title: "密钥", render: (p) => (p.secretEnv ? <Badge tone={p.secretConfigured ? "green" : "orange"}>{p.secretConfigured ? "已配置" : "环境变量未设置"}</Badge> : <Badge tone="gray">公开客户端</Badge>) },
              { title: "状态", render: (p) => <Badge tone={p.enabled === 1 ? "green" : "gray"}>{p.enabled === 1 ? "启用" : "停用"}</Badge> },
            ]}
            actions={(p) => (
              <>
                <button type="button" className="cursor-pointer text-primary" disabled={busy} onClick={() => post({ intent: "enable", id: String(p.id), enabled: p.enabled === 1 ? "0" : "1" })}>
                  {p.enabled === 1 ? "停用" : "启用"}
                </button>
                <button type="button" className="cursor-pointer text-primary" onClick={() => setEditing(p)}>
                  编辑
                </button>
                <button type="button" className="cursor-pointer text-[#f53f3f]" onClick={() => setDeleting(p)}>
                  删除
                </button>
              </>
            )}
          />
        ) : (
          <EmptyState title="还没有授权平台" hint="点击右上角“新增授权平台”开始配置" />
        )}
      </Card>
      <PlatformFormDialog row={editing && editing !== "new" ? editing : null} open={editing !== null} fetcher={fetcher as never} onClose={() => setEditing(null)} />
      <ConfirmDialog
        request={deleting ? { title: "删除授权平台", description: `确定删除“${deleting.name}”吗？已绑定该平台的账号将解除绑定，删除后不可恢复。`, confirmText: "删除", danger: true } : null}
        busy={busy}
        onConfirm={() => deleting && post({ intent: "del", id: String(deleting.id) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
