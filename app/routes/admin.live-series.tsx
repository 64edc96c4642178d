import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { badInput } from "@base/errors";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "直播系列 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const page = await caller.live.admin.series.page({ pageNo: sp.get("page") ?? undefined, pageSize: 20 } as never);
    const view = sp.get("view");
    return { page, detail: view ? await caller.live.admin.series.detail({ id: view } as never) : null };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const v = (k: string) => String(form.get(k) ?? "");
    if (intent === "save") return `已保存系列「${(await caller.live.admin.series.save({ id: v("id") || undefined, name: v("name"), periodsNum: v("periodsNum"), channelCode: v("channelCode"), introduction: v("introduction") } as never)).name}」`;
    if (intent === "status") return (await caller.live.admin.series.status({ id: v("id"), status: v("status") } as never), v("status") === "1" ? "系列已上线" : "系列已下线");
    if (intent === "relate") return (await caller.live.admin.series.relate({ id: v("id"), liveIds: v("liveIds") } as never), "已关联直播");
    if (intent === "remove") return (await caller.live.admin.series.remove({ id: v("id"), liveIds: v("liveIds") } as never), "已移出系列");
    throw badInput("未知的操作");
  });

export default function AdminLiveSeries() {
  const { page, detail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useEffect(() => {
    if (result) (result.ok ? adminToast.success : adminToast.error)(result.message);
  }, [result]);
  return (
    <div className="space-y-4">
      <PageHeader title="直播系列" trail="内容">
        <Link to="/admin/lives" className="text-sm text-primary">
          返回直播
        </Link>
      </PageHeader>
      <Form method="post" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-4 text-sm">
        <input type="hidden" name="intent" value="save" />
        <label>
          系列名称
          <input name="name" required maxLength={60} className="ml-2 h-9 w-56 rounded-md border border-border px-3" />
        </label>
        <label>
          期数
          <input name="periodsNum" defaultValue="0" className="ml-2 h-9 w-16 rounded-md border border-border px-2" />
        </label>
        <label>
          渠道编码
          <input name="channelCode" placeholder="如 xinrenlibao" className="ml-2 h-9 w-36 rounded-md border border-border px-2" />
        </label>
        <Button type="submit">新建系列</Button>
      </Form>
      <div className="rounded-lg bg-white p-4">
        <Table>
          <thead>
            <tr>
              <Th>系列名称</Th>
              <Th>期数</Th>
              <Th>直播数</Th>
              <Th>状态</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((s) => (
              <tr key={s.id}>
                <Td>{s.name}</Td>
                <Td>{s.periodsNum}</Td>
                <Td>{s.liveNum}</Td>
                <Td>{s.status ? <Badge tone="green">已上线</Badge> : <Badge tone="gray">已下线</Badge>}</Td>
                <Td className="space-x-3">
                  <Link to={`?view=${s.id}`} className="text-primary">
                    查看直播
                  </Link>
                  <Form method="post" className="inline">
                    <input type="hidden" name="id" value={s.id} />
                    <input type="hidden" name="status" value={s.status ? 0 : 1} />
                    <button name="intent" value="status" className="text-primary">
                      {s.status ? "下线" : "上线"}
                    </button>
                  </Form>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {detail && (
        <div className="rounded-lg bg-white p-4">
          <h2 className="mb-3 font-semibold">「{detail.name}」的直播</h2>
          <Table>
            <tbody>
              {detail.lives.map((l) => (
                <tr key={l.id}>
                  <Td>{l.name}</Td>
                  <Td>{l.teacherName}</Td>
                  <Td>
                    <Form method="post">
                      <input type="hidden" name="id" value={detail.id} />
                      <input type="hidden" name="liveIds" value={l.id} />
                      <button name="intent" value="remove" className="text-danger">
                        移出系列
                      </button>
                    </Form>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Form method="post" className="mt-3 flex gap-2 text-sm">
            <input type="hidden" name="id" value={detail.id} />
            <input name="liveIds" placeholder="直播ID，多个用逗号分隔" aria-label="直播ID" className="h-9 w-64 rounded-md border border-border px-3" />
            <Button name="intent" value="relate" variant="outline">
              关联直播
            </Button>
          </Form>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
