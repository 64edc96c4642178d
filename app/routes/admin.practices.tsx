import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "练习 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, (caller) => caller.exam.admin.practice.page({ pageNo: new URL(request.url).searchParams.get("page") ?? undefined, pageSize: 15 }));

const MODES = ["", "顺序练习", "随机练习", "题型练习"];

/** Practice: question sets in modes, enabled or disabled; users and open range are set per practice. */
export default function AdminPractices() {
  const page = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const act = (run: () => Promise<unknown>, ok: string) =>
    run()
      .then(() => {
        adminToast.success(ok);
        revalidator.revalidate();
      })
      .catch((e) => adminToast.error(errorMessage(e)));
  return (
    <div>
      <PageHeader title="练习" trail="考试管理">
        <div className="flex gap-2">
          <input className="h-9 w-56 rounded-md border border-border px-3 text-sm" placeholder="新练习名称" value={name} onChange={(e) => setName(e.target.value)} />
          <Button onClick={() => act(async () => { await trpc.exam.admin.practice.saveBase.mutate({ name, folderIds: [] }); setName(""); }, "已创建")}>新建练习</Button>
        </div>
      </PageHeader>
      <Card className="p-4">
        {page.list.length === 0 ? (
          <EmptyState title="暂无练习" />
        ) : (
          <Table>
            <thead><tr><Th>练习名称</Th><Th>练习模式</Th><Th>指定人员</Th><Th>状态</Th><Th>操作</Th></tr></thead>
            <tbody>
              {page.list.map((p) => (
                <tr key={p.id}>
                  <Td>{p.name}</Td>
                  <Td>{p.modes.map((m) => `${MODES[m.modeType]}（${m.questionCount}题）`).join("、") || "--"}</Td>
                  <Td>{p.userCount}</Td>
                  <Td><Badge tone={p.status ? "green" : "gray"}>{p.status ? "已启用" : "已停用"}</Badge></Td>
                  <Td className="space-x-3">
                    <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.practice.saveMode.mutate({ id: p.id, modeType: 1, name: "顺序练习", questionCount: 20 }), "已添加顺序练习模式")}>添加顺序练习</Button>
                    {p.status ? (
                      <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.practice.disable.mutate({ id: p.id }), "已停用")}>停用</Button>
                    ) : (
                      <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.practice.enable.mutate({ id: p.id }), "已启用")}>启用</Button>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={(n) => `?page=${n}`} /></div>
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
