import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { PaperFormDialog } from "~/components/exam/paper-form";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { formatDateTime } from "@base/format";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "试卷 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const page = await caller.exam.admin.paper.page({ pageNo: sp.get("page") ?? undefined, pageSize: 15 });
    const view = sp.get("view");
    const detail = view ? await caller.exam.admin.paper.detail({ id: view }) : null;
    const relations = view ? await caller.exam.admin.paper.relations({ id: view }) : [];
    return { page, detail, relations };
  });

const fmt = formatDateTime;

export default function AdminPapers() {
  const { page, detail, relations } = useLoaderData<typeof loader>();
  const [sp, setSp] = useSearchParams();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <PageHeader title="试卷" trail="考试管理">
        <Button onClick={() => setOpen(true)}>新建试卷</Button>
      </PageHeader>
      <Card className="p-4">
        {page.list.length === 0 ? (
          <EmptyState title="暂无试卷" />
        ) : (
          <Table>
            <thead>
              <tr><Th>试卷名称</Th><Th>组卷方式</Th><Th>题数</Th><Th>总分</Th><Th>创建时间</Th><Th>操作</Th></tr>
            </thead>
            <tbody>
              {page.list.map((p) => (
                <tr key={p.id}>
                  <Td>{p.name}</Td>
                  <Td><Badge tone={p.paperType === 2 ? "orange" : "blue"}>{p.paperType === 2 ? "随机组卷" : "固定组卷"}</Badge></Td>
                  <Td>{p.questionCount}</Td>
                  <Td>{p.totalScore}</Td>
                  <Td>{fmt(p.createdAt)}</Td>
                  <Td><Button variant="link" size="sm" onClick={() => setSp({ view: String(p.id) })}>查看</Button></Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={(n) => `?page=${n}`} />
        </div>
      </Card>
      {detail && (
        <Card className="mt-4 p-4 text-sm">
          <h2 className="mb-2 text-base font-semibold">{detail.name}</h2>
          {detail.paperType === 2 ? (
            <ul className="space-y-1">
              {detail.rules.map((r, i) => (
                <li key={i}>规则{i + 1}：{["", "单选题", "多选题", "判断题", "填空题", "简答题"][r.questionType]}{r.difficultyType ? `，难度${["", "简单", "中等", "困难"][r.difficultyType]}` : ""}{r.folderId ? `，文件夹「${r.folderName}」（含子文件夹）` : ""}，抽{r.count}题，每题{r.score}分</li>
              ))}
            </ul>
          ) : (
            <ol className="list-decimal space-y-1 pl-5">
              {detail.questions.map((q) => <li key={q.id}>{q.content}（{q.score}分）</li>)}
            </ol>
          )}
          <p className="mt-3 text-muted">使用该试卷的考试：{relations.length ? relations.map((r) => r.name).join("、") : "无"}</p>
          <Button variant="link" size="sm" onClick={() => { sp.delete("view"); setSp(sp); }}>收起</Button>
        </Card>
      )}
      <PaperFormDialog open={open} onClose={() => setOpen(false)} onSaved={() => { setOpen(false); adminToast.success("试卷已保存"); refresh(); }} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
