import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFrom, uploadQuestions, type ImportResult } from "~/components/exam/admin-files";
import { QuestionFormDialog, type QuestionRow } from "~/components/exam/question-form";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "题库 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", questionType: sp.get("questionType") ?? "", difficultyType: sp.get("difficultyType") ?? "" };
    const page = await caller.exam.admin.question.page({ pageNo: sp.get("page") ?? undefined, pageSize: 15, ...filters });
    return { page, filters };
  });

const select = "h-9 rounded-md border border-border bg-white px-2 text-sm";

export default function AdminQuestions() {
  const { page, filters } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<QuestionRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const r = await trpc.exam.admin.question.batchDelete.mutate({ ids: removing! });
      adminToast.success(`已删除${r.deleted}道试题`);
      setSelected([]);
      revalidator.revalidate();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const href = (p: number) => {
    const next = new URLSearchParams(sp);
    next.set("page", String(p));
    return `?${next}`;
  };
  return (
    <div>
      <PageHeader title="题库" trail="考试管理">
        <div className="flex gap-3">
        <Button variant="outline" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/exportQuestionList", filters).catch((e) => adminToast.error(e.message))}>导出</Button>
        <Button variant="outline" onClick={() => setImportOpen(true)}>导入试题</Button>
        <Button onClick={() => { setEditing(null); setFormOpen(true); }}>新增试题</Button>
        </div>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
          <input name="keyword" defaultValue={filters.keyword} placeholder="搜索题干" className="h-9 w-64 rounded-md border border-border px-3 text-sm" />
          <select name="questionType" defaultValue={filters.questionType} className={select} aria-label="题型">
            <option value="">全部题型</option>
            <option value="1">单选题</option>
            <option value="2">多选题</option>
            <option value="3">判断题</option>
            <option value="4">填空题</option>
            <option value="5">简答题</option>
          </select>
          <select name="difficultyType" defaultValue={filters.difficultyType} className={select} aria-label="难度">
            <option value="">全部难度</option>
            <option value="1">简单</option>
            <option value="2">中等</option>
            <option value="3">困难</option>
          </select>
          <Button type="submit" variant="secondary">查询</Button>
          {selected.length > 0 && <Button type="button" variant="danger" onClick={() => setRemoving(selected)}>批量删除（{selected.length}）</Button>}
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title="暂无试题" hint="点击「新增试题」或「导入试题」添加" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th className="w-10"><input type="checkbox" aria-label="全选" checked={selected.length === page.list.length} onChange={(e) => setSelected(e.target.checked ? page.list.map((q) => q.id) : [])} /></Th>
                <Th>题干</Th>
                <Th>题型</Th>
                <Th>难度</Th>
                <Th>答案</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((q) => (
                <tr key={q.id}>
                  <Td><input type="checkbox" aria-label={`选择${q.id}`} checked={selected.includes(q.id)} onChange={(e) => setSelected(e.target.checked ? [...selected, q.id] : selected.filter((x) => x !== q.id))} /></Td>
                  <Td className="max-w-[480px] truncate" title={q.content}>{q.content}</Td>
                  <Td><Badge tone="blue">{q.questionTypeName}</Badge></Td>
                  <Td>{q.difficultyName}</Td>
                  <Td className="max-w-[160px] truncate">{q.questionType === 3 ? (q.answer[0] === "A" ? "正确" : "错误") : q.answer.join(",")}</Td>
                  <Td>
                    <Button variant="link" size="sm" onClick={() => { setEditing(q); setFormOpen(true); }}>编辑</Button>
                    <Button variant="link" size="sm" className="ml-3 text-danger" onClick={() => setRemoving([q.id])}>删除</Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={href} />
        </div>
      </Card>
      <QuestionFormDialog
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          adminToast.success("保存成功");
          revalidator.revalidate();
        }}
      />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} onDone={() => revalidator.revalidate()} />
      <ConfirmDialog
        request={removing ? { title: "删除试题", description: `确定删除选中的${removing.length}道试题吗？已被试卷使用的试题不能删除。`, confirmText: "删除", danger: true } : null}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** Excel import: template download, upload, progress, and the per-row error report. */
function ImportDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [version, setVersion] = useState<1 | 2>(1);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState("");
  async function run() {
    if (!file) return setError("请选择要导入的 Excel 文件");
    setBusy(true);
    setError("");
    try {
      const r = await uploadQuestions(file, version);
      setResult(r);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) { setResult(null); setFile(null); onClose(); } }}>
      <DialogContent className="w-[560px]">
        <DialogTitle>导入试题</DialogTitle>
        <div className="mt-4 space-y-3 text-sm">
          <div className="flex gap-4">
            <label className="flex items-center gap-1"><input type="radio" checked={version === 1} onChange={() => setVersion(1)} />格式一（每个选项一列）</label>
            <label className="flex items-center gap-1"><input type="radio" checked={version === 2} onChange={() => setVersion(2)} />格式二（选项在同一格）</label>
          </div>
          <Button variant="link" size="sm" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/download", { version }).catch((e) => setError(e.message))}>下载导入模板</Button>
          <input type="file" accept=".xlsx" aria-label="选择文件" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {busy && <div className="h-2 w-full overflow-hidden rounded bg-[#f2f3f5]"><div className="h-2 w-1/2 animate-pulse bg-primary" /></div>}
          {result && (
            <div data-testid="import-result" className="rounded-md bg-[#f7f8fa] p-3">
              共{result.total}行，成功导入{result.imported}道，失败{result.failed}行
              {result.failed > 0 && (
                <>
                  <ul className="mt-2 max-h-32 overflow-auto text-danger">
                    {result.errors.map((e) => <li key={e.row}>第{e.row}行：{e.message}</li>)}
                  </ul>
                  <Button variant="link" size="sm" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/downloadErrorQuestions", { importId: result.importId })}>下载失败数据</Button>
                </>
              )}
            </div>
          )}
          {error && <p role="alert" className="text-danger">{error}</p>}
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>关闭</Button>
          <Button disabled={busy} onClick={run}>{busy ? "导入中…" : "开始导入"}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export const ErrorBoundary = AdminRouteError;
