import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { ORG_SOURCES, OrganizationFormDialog, type OrganizationRow } from "~/components/admin/org-units/organization-form-dialog";
import { RegionPicker, type RegionCodes } from "~/components/admin/org-units/region-picker";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "机构 - 财云学院管理后台" }];

const PAGE_SIZE = 15;
const KEYS = ["name", "provinceCode", "cityCode", "districtCode", "source", "status"] as const;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = Object.fromEntries(KEYS.map((k) => [k, sp.get(k) ?? ""])) as Record<(typeof KEYS)[number], string>;
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
    const page = await caller.org.admin.organization.page({ ...query, pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never);
    return { page, filters };
  });

type Row = Awaited<ReturnType<typeof loader>>["page"]["list"][number];
const input = "h-10 rounded-md border border-border bg-white px-3 text-sm";

/** Organisations (back-office.md 7.16): list with filters, create and edit with the region picker, delete. */
export default function AdminOrganizations() {
  const { page, filters } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<OrganizationRow | null>(null);
  const [open, setOpen] = useState(false);
  const [region, setRegion] = useState<RegionCodes>({ provinceCode: filters.provinceCode, cityCode: filters.cityCode, districtCode: filters.districtCode });
  // The picker follows the address (a reset or the back button).
  useEffect(() => setRegion({ provinceCode: filters.provinceCode, cityCode: filters.cityCode, districtCode: filters.districtCode }), [filters.provinceCode, filters.cityCode, filters.districtCode]);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);
  const filtered = KEYS.some((k) => filters[k]);
  const pageHref = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(n) })}`;
  const edit = (row: Row | null) => {
    setEditing(row);
    setOpen(true);
  };

  return (
    <div>
      <PageHeader title="机构管理" trail="用户与组织 / 机构">
        <Button onClick={() => edit(null)}>新增机构</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3" aria-label="筛选">
          <input name="name" defaultValue={filters.name} placeholder="机构名称" aria-label="机构名称" className={`${input} w-56`} />
          <div className="w-[420px]">
            <RegionPicker value={region} onChange={setRegion} allowEmpty fieldClass="h-10" />
          </div>
          {(["provinceCode", "cityCode", "districtCode"] as const).map((k) => (region[k] ? <input key={k} type="hidden" name={k} value={region[k]} /> : null))}
          <FilterSelect name="source" label="来源" allLabel="全部来源" options={ORG_SOURCES} defaultValue={filters.source} />
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
          <EmptyState title={filtered ? "没有符合条件的机构" : "暂无机构"} hint="新增机构后，学员可在个人信息中搜索并选择所在单位" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>机构名称</Th>
                <Th>所在地区</Th>
                <Th>统一社会信用代码</Th>
                <Th>来源</Th>
                <Th>联系人</Th>
                <Th>学员数</Th>
                <Th>状态</Th>
                <Th>创建</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((o) => (
                <tr key={o.id} data-testid="organization-row">
                  <Td className="max-w-[240px] whitespace-normal py-2">
                    <p className="font-medium">{o.name}</p>
                    {o.remark && <p className="line-clamp-1 text-xs text-muted">{o.remark}</p>}
                  </Td>
                  <Td>{o.regionName}</Td>
                  <Td className="font-mono text-xs">{o.creditCode || "--"}</Td>
                  <Td>{o.sourceName}</Td>
                  <Td className="text-xs">
                    <p>{o.contactName || "--"}</p>
                    <p className="text-muted">{o.contactPhone}</p>
                  </Td>
                  <Td>{o.learnerCount ?? 0}</Td>
                  <Td>
                    <Badge tone={o.status === 1 ? "green" : "gray"}>{o.status === 1 ? "启用" : "停用"}</Badge>
                  </Td>
                  <Td className="text-xs">
                    <p>{o.creatorName || "--"}</p>
                    <p className="text-muted">{formatDateTime(o.createTime)}</p>
                  </Td>
                  <Td>
                    <Button variant="link" size="sm" onClick={() => edit(o)}>
                      编辑
                    </Button>
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      onClick={() =>
                        setConfirm({
                          title: "删除机构",
                          description: (o.learnerCount ?? 0) > 0 ? `“${o.name}”下还有 ${o.learnerCount} 名学员，不能删除；可先停用机构。` : `确定删除“${o.name}”吗？删除后不可恢复。`,
                          confirmText: "删除",
                          danger: true,
                          ok: "机构已删除",
                          run: () => trpc.org.admin.organization.del.mutate({ id: o.id }),
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
      <OrganizationFormDialog
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
