import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { OpenRangeDialog } from "~/components/org/open-range-dialog";
import {
  PathFormDialog,
  type PathForm,
} from "~/components/admin/path/path-form-dialog";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { formatDate, formatMoney } from "@base/format";

export const meta: MetaFunction = () => [
  { title: "学习地图 - 财云学院管理后台" },
];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const status = sp.get("status");
    const filters = {
      name: sp.get("name") ?? "",
      status: status === "0" || status === "1" ? status : "",
    };
    const [page, templates] = await Promise.all([
      caller.path.admin.page({
        pageNo: sp.get("page") ?? undefined,
        pageSize: 15,
        name: filters.name || undefined,
        status: filters.status || undefined,
      }),
      caller.cert.admin.options(),
    ]);
    return { page, filters, templates };
  });

type Row = Awaited<ReturnType<typeof loader>> extends infer R
  ? R extends { page: { list: (infer T)[] } }
    ? T
    : never
  : never;
const select = "h-9 rounded-md border border-border bg-white px-2 text-sm";

/** Learning maps (back-office.md 7.14): list, create, edit, open range, status, order, copy, delete. */
export default function AdminLearningPaths() {
  const { page, filters, templates } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [form, setForm] = useState<PathForm | null>(null);
  const [rangeOf, setRangeOf] = useState<Row | null>(null);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);

  const pageHref = (n: number) =>
    `?${new URLSearchParams({
      ...(filters.name ? { name: filters.name } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      page: String(n),
    })}`;

  return (
    <div>
      <PageHeader title="学习地图" trail="内容管理">
        <Button
          onClick={() =>
            setForm({
              name: "",
              coverUrl: "",
              description: "",
              certTemplateId: 0,
              isCheckIn: 0,
              checkInStartTime: null,
              checkInEndTime: null,
              isFree: 1,
              price: 0,
              scribingPrice: 0,
              learnHour: 0,
            })
          }
        >
          新建学习地图
        </Button>
      </PageHeader>
      <Card className="p-4">
        <Form
          method="get"
          className="mb-4 flex flex-wrap items-center gap-3"
          aria-label="筛选"
        >
          <input
            name="name"
            defaultValue={filters.name}
            placeholder="学习地图名称"
            aria-label="学习地图名称"
            className="h-9 w-56 rounded-md border border-border px-3 text-sm"
          />
          <select
            name="status"
            defaultValue={filters.status}
            aria-label="状态"
            className={select}
          >
            <option value="">全部状态</option>
            <option value="1">已上线</option>
            <option value="0">已下线</option>
          </select>
          <Button type="submit" variant="outline">
            查询
          </Button>
          {(filters.name || filters.status) && (
            <Link to="?" className="text-sm text-muted hover:text-primary">
              重置
            </Link>
          )}
        </Form>
        {page.list.length === 0 ? (
          <EmptyState
            title={
              filters.name || filters.status
                ? "没有符合条件的学习地图"
                : "暂无学习地图"
            }
            hint="新建学习地图后，在“学习节点”中添加课程、直播、考试与证书"
          />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>学习地图</Th>
                <Th>节点</Th>
                <Th>价格</Th>
                <Th>学员 / 已完成</Th>
                <Th>结业证书</Th>
                <Th>打卡活动</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((p, i) => (
                <tr key={p.id} data-testid="path-row">
                  <Td className="max-w-[260px]">
                    <Link
                      to={`/admin/learning-paths/${p.id}`}
                      className="font-medium text-[#1d2129] hover:text-primary"
                    >
                      {p.name}
                    </Link>
                  </Td>
                  <Td>{p.nodeNum}</Td>
                  <Td>{p.isFree || !p.price ? "免费" : `¥${formatMoney(p.price)}`}</Td>
                  <Td>
                    {p.memberNum} / {p.completedNum}
                  </Td>
                  <Td className="max-w-[160px] truncate">
                    {p.certTemplateName || "--"}
                  </Td>
                  <Td className="whitespace-nowrap text-xs">
                    {p.isCheckIn
                      ? `${formatDate(p.checkInStartTime)} 至 ${formatDate(
                          p.checkInEndTime
                        )}`
                      : "未开启"}
                  </Td>
                  <Td>
                    <Badge tone={p.status ? "green" : "gray"}>
                      {p.statusName}
                    </Badge>
                  </Td>
                  <Td className="w-[250px]">
                    <div className="flex flex-wrap gap-x-1">
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() =>
                          navigate(`/admin/learning-paths/${p.id}`)
                        }
                      >
                        节点与学员
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() =>
                          setForm({
                            id: p.id,
                            name: p.name,
                            coverUrl: p.coverUrl,
                            description: p.description,
                            certTemplateId: p.certTemplateId ?? 0,
                            isCheckIn: p.isCheckIn,
                            checkInStartTime: p.checkInStartTime,
                            checkInEndTime: p.checkInEndTime,
                            isFree: p.isFree,
                            price: p.price,
                            scribingPrice: p.scribingPrice,
                            learnHour: p.learnHour,
                          })
                        }
                      >
                        编辑
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() => setRangeOf(p)}
                      >
                        开放范围
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() =>
                          void act(
                            () =>
                              trpc.path.admin.operateStatus.mutate({
                                id: p.id,
                                status: p.status ? 0 : 1,
                              }),
                            p.status ? "已下线" : "已上线"
                          )
                        }
                      >
                        {p.status ? "下线" : "上线"}
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        disabled={i === 0 && page.pageNo === 1}
                        onClick={() =>
                          void act(
                            () =>
                              trpc.path.admin.move.mutate({
                                id: p.id,
                                direction: "up",
                              }),
                            "已上移"
                          )
                        }
                      >
                        上移
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() =>
                          void act(
                            () =>
                              trpc.path.admin.move.mutate({
                                id: p.id,
                                direction: "down",
                              }),
                            "已下移"
                          )
                        }
                      >
                        下移
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() =>
                          void act(
                            () => trpc.path.admin.copy.mutate({ id: p.id }),
                            "已复制，副本为下线状态"
                          )
                        }
                      >
                        复制
                      </Button>
                      <Button
                        variant="link"
                        size="sm"
                        className="text-danger"
                        onClick={() =>
                          setConfirm({
                            title: "删除学习地图",
                            description: `确定删除“${p.name}”吗？学员已获得的证书不受影响。`,
                            confirmText: "删除",
                            danger: true,
                            ok: "已删除",
                            run: () => trpc.path.admin.del.mutate({ id: p.id }),
                          })
                        }
                      >
                        删除
                      </Button>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager
            total={page.total}
            pageNo={page.pageNo}
            pageSize={page.pageSize}
            hrefFor={pageHref}
          />
        </div>
      </Card>
      <PathFormDialog
        value={form}
        templates={templates}
        onClose={() => setForm(null)}
        onSaved={(id, created) => {
          setForm(null);
          if (created) navigate(`/admin/learning-paths/${id}`);
          else refresh();
        }}
      />
      <OpenRangeDialog
        title={rangeOf ? `开放范围：${rangeOf.name}` : "开放范围"}
        open={rangeOf !== null}
        load={async () =>
          (await trpc.path.admin.getOpenRange.query({ id: rangeOf!.id }))
            .openRange
        }
        save={(rows) =>
          trpc.path.admin.saveOpenRange.mutate({
            id: rangeOf!.id,
            openRange: rows,
          })
        }
        onClose={() => setRangeOf(null)}
        onSaved={refresh}
      />
      <ConfirmDialog
        request={confirm}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void act(confirm.run, confirm.ok)}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
