import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { adminToast } from "~/components/admin/toast";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "操作日志 - 财云学院管理后台" }];

const PAGE_SIZE = 20;
const FILTER_KEYS = ["actor", "category", "entity", "outcome", "from", "to", "action"] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/** The filter as the procedures take it: dates are China-time days, `to` includes its whole day. */
function query(f: Filters) {
  return {
    actor: f.actor || undefined,
    category: f.category || undefined,
    entity: f.entity || undefined,
    action: f.action || undefined,
    outcome: f.outcome === "" ? undefined : f.outcome,
    from: f.from ? `${f.from} 00:00:00` : undefined,
    to: f.to ? `${f.to} 23:59:59` : undefined,
  };
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, sp.get(k) ?? ""])) as Filters;
    const [page, options] = await Promise.all([
      caller.tool.admin.audit.page({ ...query(filters), pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never),
      caller.tool.admin.audit.options(),
    ]);
    return { page, options, filters };
  });

/** The back office's domains as admins know them. */
const ENTITY_NAMES: Record<string, string> = {
  auth: "账号",
  user: "用户",
  org: "用户与组织",
  identity: "实名认证",
  site: "站点",
  operate: "运营",
  course: "课程",
  material: "素材库",
  live: "直播",
  exam: "考试",
  path: "学习地图",
  task: "学习任务",
  cert: "证书",
  order: "订单",
  redeem: "兑换码",
  groupBuy: "拼团",
  revenue: "收益",
  message: "消息",
  comment: "评论",
  questionnaire: "问卷",
  checkIn: "打卡",
  oauth: "授权平台",
  sso: "单点登录",
  event: "培训活动",
  tool: "工具",
  upload: "上传",
};
const CATEGORY_TONE: Record<string, "blue" | "green" | "orange" | "gray" | "red"> = {
  create: "green",
  edit: "blue",
  delete: "red",
  status: "orange",
  security: "red",
};
const input = "h-10 rounded-md border border-border bg-white px-3 text-sm";

/** The audit log: every back-office write and security event, filtered by who, what and when, and exported. */
export default function AdminAudit() {
  const { page, options, filters } = useLoaderData<typeof loader>();
  const [exporting, setExporting] = useState(false);
  const filtered = FILTER_KEYS.some((k) => filters[k]);
  const pageHref = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(n) })}`;
  const exportRows = async () => {
    setExporting(true);
    try {
      downloadFile(await trpc.tool.admin.audit.export.mutate(query(filters) as never));
      adminToast.success("已导出操作日志");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <PageHeader title="操作日志" trail="工具 / 操作日志">
        <Button variant="outline" disabled={exporting || page.total === 0} onClick={() => void exportRows()}>
          {exporting ? "导出中…" : "导出 Excel"}
        </Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3" aria-label="筛选">
          <input name="actor" defaultValue={filters.actor} placeholder="操作人姓名或ID" aria-label="操作人" className={`${input} w-40`} />
          <FilterSelect name="category" label="操作类型" allLabel="全部类型" options={options.categories.map((c) => ({ value: c.code, label: c.name }))} defaultValue={filters.category} />
          <FilterSelect name="entity" label="业务模块" allLabel="全部模块" options={options.entities.map((e) => ({ value: e, label: ENTITY_NAMES[e] ?? e }))} defaultValue={filters.entity} />
          <FilterSelect name="outcome" label="结果" allLabel="全部结果" options={[{ value: "1", label: "成功" }, { value: "0", label: "被拒绝" }]} defaultValue={filters.outcome} />
          <input name="action" defaultValue={filters.action} placeholder="操作（如 course.admin.save）" aria-label="操作" className={`${input} w-52`} />
          <label className="flex items-center gap-2 text-sm text-muted">
            从
            <input type="date" name="from" defaultValue={filters.from} aria-label="开始日期" className={input} />
          </label>
          <label className="flex items-center gap-2 text-sm text-muted">
            至
            <input type="date" name="to" defaultValue={filters.to} aria-label="结束日期" className={input} />
          </label>
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
          <EmptyState title={filtered ? "没有符合条件的操作记录" : "暂无操作记录"} hint="管理后台的每次新增、修改、删除、导入导出、发送，以及登录等安全事件都会记录在这里，记录不可修改或删除" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>时间</Th>
                <Th>操作人</Th>
                <Th>类型</Th>
                <Th>操作</Th>
                <Th>对象</Th>
                <Th>结果</Th>
                <Th>内容</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => (
                <tr key={r.id} data-testid="audit-row" className="align-top">
                  <Td className="whitespace-nowrap text-xs">{formatDateTime(r.createdAt)}</Td>
                  <Td className="text-xs">
                    <p className="font-medium text-sm">{r.actorName || "访客"}</p>
                    <p className="text-muted">
                      {r.actorId ? `ID ${r.actorId} · ` : ""}
                      {r.ip || "--"}
                    </p>
                  </Td>
                  <Td>
                    <Badge tone={CATEGORY_TONE[r.category] ?? "gray"}>{r.categoryName}</Badge>
                  </Td>
                  <Td className="text-xs">
                    {r.actionName && <p className="text-sm font-medium">{r.actionName}</p>}
                    <p className="font-mono text-muted">{r.action}</p>
                  </Td>
                  <Td className="text-xs">
                    <p>{ENTITY_NAMES[r.entity] ?? r.entity}</p>
                    <p className="text-muted">{r.entityId ? `ID ${r.entityId}` : "--"}</p>
                  </Td>
                  <Td className="text-xs">
                    {r.action === "auth.lockout" ? <Badge tone="orange">已锁定</Badge> : r.outcome === 1 ? <Badge tone="green">成功</Badge> : <Badge tone="red">被拒绝</Badge>}
                    {r.message && <p className="mt-1 max-w-[160px] text-muted">{r.message}</p>}
                  </Td>
                  <Td className="max-w-[360px] text-xs">
                    {Object.keys(r.changes ?? {}).length ? (
                      <details>
                        <summary className="cursor-pointer truncate text-muted" title="展开查看">
                          {Object.keys(r.changes).slice(0, 6).join("、")}
                        </summary>
                        <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-[11px]">{JSON.stringify(r.changes, null, 2)}</pre>
                      </details>
                    ) : (
                      <span className="text-muted">--</span>
                    )}
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
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
