import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { downloadFrom } from "~/components/exam/admin-files";
import { QuestionFormDialog, type QuestionRow } from "~/components/exam/question-form";
import { folderOptions, QuestionFolderTree, type FolderView } from "~/components/exam/question-folders";
import { QuestionImportDialog } from "~/components/exam/question-import-dialog";
import { QuestionMoveDialog } from "~/components/exam/question-move-dialog";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "题库 - 财云学院管理后台" }];

/** `?folder=12` opens a folder (with its sub-folders), `?folder=none` the questions in no folder. */
const viewOf = (v: string | null): FolderView => (v === "none" ? "none" : Number(v) > 0 ? Number(v) : "all");

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", questionType: sp.get("questionType") ?? "", difficultyType: sp.get("difficultyType") ?? "" };
    const view = viewOf(sp.get("folder"));
    const where = view === "none" ? { noFolder: 1 } : typeof view === "number" ? { folderId: view } : {};
    const [page, tree] = await Promise.all([
      caller.exam.admin.question.page({ pageNo: sp.get("page") ?? undefined, pageSize: 15, ...filters, ...where }),
      caller.exam.admin.question.folders(),
    ]);
    // A folder deleted meanwhile (or a courseware folder's id) opens the whole bank instead.
    if (typeof view === "number" && !folderOptions(tree.folders).some((f) => f.id === view)) {
      sp.delete("folder");
      sp.delete("page");
      throw redirect(`/admin/questions${sp.size ? `?${sp}` : ""}`);
    }
    return { page, tree, filters, view, where };
  });


export default function AdminQuestions() {
  const { page, tree, filters, view, where } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<QuestionRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const selection = useSelection(page.list.map((q) => q.id), [page.pageNo, page.total, sp.toString()]);
  const folders = folderOptions(tree.folders);
  const pathOf = new Map(folders.map((f) => [f.id, f.path]));
  const openFolder = typeof view === "number" ? view : null;
  const openName = openFolder ? pathOf.get(openFolder) : undefined;

  function hrefFor(v: FolderView) {
    const next = new URLSearchParams(sp);
    next.delete("page");
    if (v === "all") next.delete("folder");
    else next.set("folder", String(v));
    const q = next.toString();
    return `/admin/questions${q ? `?${q}` : ""}`;
  }
  const pageHref = (p: number) => {
    const next = new URLSearchParams(sp);
    next.set("page", String(p));
    return `?${next}`;
  };

  async function remove() {
    setBusy(true);
    try {
      const r = await trpc.exam.admin.question.batchDelete.mutate({ ids: removing! });
      adminToast.success(`已删除${r.deleted}道试题`);
      selection.clear();
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const title = view === "all" ? "全部试题" : view === "none" ? "未分类" : (openName ?? "");
  return (
    <div>
      <PageHeader title="题库" trail="考试管理">
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/exportQuestionList", { ...filters, ...where }).catch((e) => adminToast.error(e.message))}>导出</Button>
          <Button variant="outline" onClick={() => setImportOpen(true)}>导入试题</Button>
          <Button onClick={() => { setEditing(null); setFormOpen(true); }}>新增试题</Button>
        </div>
      </PageHeader>
      <div className="flex items-start gap-4">
        <QuestionFolderTree
          total={tree.total}
          unfiled={tree.unfiled}
          folders={tree.folders}
          current={view}
          hrefFor={hrefFor}
          onChanged={refresh}
          onDeletedCurrent={() => navigate(hrefFor("all"), { replace: true })}
        />
        <Card className="min-w-0 flex-1 p-4">
          <h2 className="mb-3 text-base font-semibold" data-testid="question-view">
            {title}
            <span className="ml-2 text-sm font-normal text-muted">共 {page.total} 道{typeof view === "number" ? "（含子文件夹）" : ""}</span>
          </h2>
          <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
            {view !== "all" && <input type="hidden" name="folder" value={String(view)} />}
            <input name="keyword" defaultValue={filters.keyword} placeholder="搜索题干" className="h-9 w-56 rounded-md border border-border px-3 text-sm" />
            <FilterSelect name="questionType" label="题型" allLabel="全部题型" defaultValue={filters.questionType} options={["单选题", "多选题", "判断题", "填空题", "简答题"].map((label, i) => ({ value: i + 1, label }))} />
            <FilterSelect name="difficultyType" label="难度" allLabel="全部难度" defaultValue={filters.difficultyType} options={["简单", "中等", "困难"].map((label, i) => ({ value: i + 1, label }))} />
            <Button type="submit" variant="secondary">查询</Button>
            <div className="ml-auto flex items-center gap-2 text-sm">
              <span className="text-muted">已选 {selection.ids.length} 项</span>
              <Button type="button" variant="outline" size="sm" disabled={!selection.ids.length} onClick={() => setMoving(selection.ids)}>移动到文件夹</Button>
              <Button type="button" variant="outline" size="sm" className="hover:border-danger hover:text-danger" disabled={!selection.ids.length} onClick={() => setRemoving(selection.ids)}>批量删除</Button>
            </div>
          </Form>
          {page.list.length === 0 ? (
            <EmptyState title={view === "all" ? "暂无试题" : "这里还没有试题"} hint={view === "all" ? "点击「新增试题」或「导入试题」添加" : "新增、导入试题，或在「全部试题」中勾选后移动到这里"} />
          ) : (
            <Table>
              <thead>
                <tr>
                  <Th className="w-10"><input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} /></Th>
                  <Th>题干</Th>
                  <Th>题型</Th>
                  <Th>难度</Th>
                  <Th>文件夹</Th>
                  <Th>答案</Th>
                  <Th>操作</Th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((q) => (
                  <tr key={q.id} data-question={q.content}>
                    <Td><input type="checkbox" aria-label={`选择${q.id}`} checked={selection.has(q.id)} onChange={(e) => selection.toggle(q.id, e.target.checked)} /></Td>
                    <Td className="max-w-[420px] truncate" title={q.content}>{q.content}</Td>
                    <Td><Badge tone="blue">{q.questionTypeName}</Badge></Td>
                    <Td>{q.difficultyName}</Td>
                    <Td className="max-w-[180px] truncate text-muted" title={q.folderId ? pathOf.get(q.folderId) : undefined}>{q.folderId ? (pathOf.get(q.folderId) ?? "—") : "未分类"}</Td>
                    <Td className="max-w-[140px] truncate">{q.questionType === 3 ? (q.answer[0] === "A" ? "正确" : "错误") : q.answer.join(",")}</Td>
                    <Td className="whitespace-nowrap">
                      <Button variant="link" size="sm" onClick={() => { setEditing(q); setFormOpen(true); }}>编辑</Button>
                      <Button variant="link" size="sm" className="ml-3 text-danger" onClick={() => setRemoving([q.id])}>删除</Button>
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
      <QuestionFormDialog
        open={formOpen}
        editing={editing}
        folders={folders}
        defaultFolderId={openFolder}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          adminToast.success("保存成功");
          refresh();
        }}
      />
      <QuestionImportDialog open={importOpen} folders={folders} defaultFolderId={openFolder} onClose={() => setImportOpen(false)} onDone={refresh} />
      <QuestionMoveDialog
        ids={moving}
        folders={folders}
        onClose={() => setMoving(null)}
        onMoved={(message) => {
          setMoving(null);
          selection.clear();
          adminToast.success(message);
          refresh();
        }}
      />
      <ConfirmDialog
        request={removing ? { title: "删除试题", description: `确定删除选中的${removing.length}道试题吗？已被试卷使用的试题不能删除。`, confirmText: "删除", danger: true } : null}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
