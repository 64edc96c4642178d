import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { GOODS_TYPE_LABELS } from "~/components/admin/goods-picker";
import { adminLoad } from "~/components/admin/guard.server";
import { ChannelFormDialog, type ChannelRow } from "~/components/admin/org-units/channel-form-dialog";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "渠道 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", targetType: sp.get("targetType") ?? "", status: sp.get("status") ?? "" };
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
    const page = await caller.org.admin.channel.page({ ...query, pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never);
    return { page, filters };
  });

const input = "h-10 rounded-md border border-border bg-white px-3 text-sm";
const TARGETS = [1, 2, 4].map((value) => ({ value, label: GOODS_TYPE_LABELS[value]! }));

/** The full promotion address (jump/link), copied to the clipboard. */
async function copyLink(channelCode: string) {
  try {
    // The path, on the address the admin reached the site by (the server may sit behind a proxy).
    const { link } = await trpc.org.admin.channel.jumpLink.query({ channelCode });
    const full = new URL(link, window.location.origin).toString();
    await navigator.clipboard.writeText(full);
    adminToast.success(`推广链接已复制：${full}`);
  } catch (e) {
    adminToast.error(e instanceof Error && e.name === "NotAllowedError" ? "浏览器不允许写入剪贴板，请手动复制链接" : errorMessage(e));
  }
}

/** Promotion channels (back-office.md 7.16): visits and sign-ups per channel, create and edit, copy the link. */
export default function AdminChannels() {
  const { page, filters } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<ChannelRow | null>(null);
  const [open, setOpen] = useState(false);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);
  const filtered = !!(filters.keyword || filters.targetType || filters.status);
  const pageHref = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(n) })}`;
  const edit = (row: ChannelRow | null) => {
    setEditing(row);
    setOpen(true);
  };

  return (
    <div>
      <PageHeader title="渠道管理" trail="站点 / 渠道">
        <Button onClick={() => edit(null)}>新建渠道</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3" aria-label="筛选">
          <input name="keyword" defaultValue={filters.keyword} placeholder="渠道编码或名称" aria-label="渠道编码或名称" className={`${input} w-56`} />
          <FilterSelect name="targetType" label="推广内容类型" allLabel="全部内容" options={TARGETS} defaultValue={filters.targetType} />
          <FilterSelect name="status" label="状态" allLabel="全部状态" options={[{ value: 1, label: "启用" }, { value: 0, label: "停用" }]} defaultValue={filters.status} />
          <Button type="submit" variant="outline">
            查询
          </Button>
          {filtered && (
            <Link to="?" className="text-sm text-muted hover:text-primary">
              重置
            </Link>
          )}
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title={filtered ? "没有符合条件的渠道" : "暂无渠道"} hint="新建渠道并复制推广链接投放出去，访问与注册会按渠道统计" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>渠道</Th>
                <Th>推广内容</Th>
                <Th>访问（人次）</Th>
                <Th>访客</Th>
                <Th>今日访问</Th>
                <Th>注册</Th>
                <Th>状态</Th>
                <Th>创建</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((c) => (
                <tr key={c.id} data-testid="channel-row">
                  <Td className="max-w-[220px] whitespace-normal py-2">
                    <p className="font-medium">{c.name}</p>
                    <p className="font-mono text-xs text-muted">{c.channelCode}</p>
                  </Td>
                  <Td className="max-w-[240px] whitespace-normal py-2">
                    <span className="mr-1 rounded bg-primary-50 px-1 py-px text-[11px] text-primary">{c.targetTypeName}</span>
                    <span className="line-clamp-1 inline" title={c.targetName}>
                      {c.targetName}
                    </span>
                  </Td>
                  <Td data-testid="visit-count">{c.visitCount}</Td>
                  <Td>{c.visitorCount}</Td>
                  <Td>{c.todayVisitCount}</Td>
                  <Td data-testid="signup-count">{c.signupCount}</Td>
                  <Td>
                    <Badge tone={c.status === 1 ? "green" : "gray"}>{c.status === 1 ? "启用" : "停用"}</Badge>
                  </Td>
                  <Td className="text-xs">
                    <p>{c.creatorName || "--"}</p>
                    <p className="text-muted">{formatDateTime(c.createTime)}</p>
                  </Td>
                  <Td>
                    <Button variant="link" size="sm" onClick={() => void copyLink(c.channelCode)}>
                      复制链接
                    </Button>
                    <Button variant="link" size="sm" onClick={() => edit(c)}>
                      编辑
                    </Button>
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      onClick={() =>
                        setConfirm({
                          title: "删除渠道",
                          description: `确定删除“${c.name}”吗？它的 ${c.visitCount} 次访问与 ${c.signupCount} 个注册记录将一并删除，已投放的链接不再计数。`,
                          confirmText: "删除",
                          danger: true,
                          ok: "渠道已删除",
                          run: () => trpc.org.admin.channel.del.mutate({ id: c.id }),
                        })
                      }
                    >
                      删除
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={pageHref} />
        </div>
      </Card>
      <ChannelFormDialog
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          refresh();
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
