import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFrom } from "~/components/exam/admin-files";
import { CorrectionPanel } from "~/components/exam/correction-panel";
import { ExamEditor } from "~/components/exam/exam-editor";
import { MemberPanel } from "~/components/exam/member-panel";
import { flattenTree } from "~/components/admin/tree-view";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDateTime } from "@base/format";
import { useRefresh } from "~/lib/use-refresh";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "考试 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const page = await caller.exam.admin.exam.page({ pageNo: sp.get("page") ?? undefined, pageSize: 15, keyword: sp.get("keyword") ?? undefined });
    const resultsOf = sp.get("results");
    const get = (k: string) => sp.get(k) ?? "";
    const filters = {
      isPassed: get("isPassed"),
      minScore: get("minScore"),
      maxScore: get("maxScore"),
      name: get("name"),
      orgName: get("orgName"),
      roleId: get("roleId"),
      groupId: get("groupId"),
      relatedCourseId: get("relatedCourseId"),
      mkw: get("mkw"),
      tab: sp.get("tab") ?? "results",
    };
    let results = null;
    let members = null;
    let lookups = null;
    let relatedCourseId: number | null = null;
    if (resultsOf) {
      if (filters.tab === "members") {
        members = await caller.exam.admin.exam.memberPage({ examId: resultsOf, pageNo: sp.get("rpage") ?? undefined, pageSize: 10, keyword: filters.mkw });
      } else if (filters.tab !== "correct") {
        const { mkw: _k, tab: _t, ...f } = filters;
        results = await caller.exam.admin.exam.resultPage({ examId: resultsOf, pageNo: sp.get("rpage") ?? undefined, pageSize: 10, ...f });
        const [roles, groups, base] = await Promise.all([caller.org.admin.role.tree(), caller.org.admin.group.tree(), caller.exam.admin.exam.getBase({ examId: resultsOf })]);
        lookups = { roles: flattenTree(roles), groups: flattenTree(groups) };
        relatedCourseId = base.courseId;
      }
    }
    return { page, results, members, lookups, relatedCourseId, resultsOf: resultsOf ? Number(resultsOf) : null, filters };
  });

const PHASE: Record<number, [string, "gray" | "green" | "blue"]> = { 0: ["未开始", "blue"], 1: ["进行中", "green"], 2: ["已结束", "gray"] };
const fmt = (ms: number | null) => formatDateTime(ms) || "--";

export default function AdminExams() {
  const { page, results, members, lookups, relatedCourseId, resultsOf, filters } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<number | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { run: () => Promise<unknown> }) | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<unknown>, ok: string) {
    setBusy(true);
    try {
      await run();
      adminToast.success(ok);
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  const withParams = (patch: Record<string, string | null>) => {
    const n = new URLSearchParams(sp);
    for (const [k, v] of Object.entries(patch)) v === null ? n.delete(k) : n.set(k, v);
    return `?${n}`;
  };

  return (
    <div>
      <PageHeader title="考试" trail="考试管理">
        <Button onClick={() => { setEditing(null); setEditorOpen(true); }}>新建考试</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex gap-3">
          <input name="keyword" defaultValue={sp.get("keyword") ?? ""} placeholder="搜索考试名称" className="h-9 w-64 rounded-md border border-border px-3 text-sm" />
          <Button type="submit" variant="secondary">查询</Button>
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title="暂无考试" />
        ) : (
          <Table>
            <thead>
              <tr><Th>考试名称</Th><Th>考试时间</Th><Th>状态</Th><Th>启用</Th><Th>报名人数</Th><Th>操作</Th></tr>
            </thead>
            <tbody>
              {page.list.map((e) => (
                <tr key={e.id}>
                  <Td className="max-w-[280px] truncate" title={e.name}>{e.name}</Td>
                  <Td className="text-xs">{fmt(e.startTime)}<br />{fmt(e.endTime)}</Td>
                  <Td><Badge tone={PHASE[e.examStatus]![1]}>{PHASE[e.examStatus]![0]}</Badge></Td>
                  <Td><Badge tone={e.status ? "green" : "gray"}>{e.status ? "已启用" : "已停用"}</Badge></Td>
                  <Td>{e.memberCount}</Td>
                  <Td className="space-x-3">
                    <Button variant="link" size="sm" onClick={() => { setEditing(e.id); setEditorOpen(true); }}>编辑</Button>
                    {e.status ? (
                      <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.exam.disable.mutate({ ids: [e.id] }), "已停用")}>停用</Button>
                    ) : (
                      <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.exam.enable.mutate({ ids: [e.id] }), "已启用")}>启用</Button>
                    )}
                    <Button variant="link" size="sm" asChild><Link to={withParams({ results: String(e.id), tab: "results", rpage: null })}>成绩</Link></Button>
                    <Button variant="link" size="sm" asChild><Link to={`/admin/reports?exam=${e.id}`}>报告</Link></Button>
                    <Button variant="link" size="sm" asChild><Link to={withParams({ results: String(e.id), tab: "members", rpage: null, mkw: null })}>考生</Link></Button>
                    <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.exam.copy.mutate({ id: e.id }), "已复制")}>复制</Button>
                    <Button variant="link" size="sm" className="text-danger" onClick={() => setConfirm({ title: "删除考试", description: `确定删除「${e.name}」吗？`, confirmText: "删除", danger: true, run: () => trpc.exam.admin.exam.remove.mutate({ ids: [e.id] }) })}>删除</Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={(n) => withParams({ page: String(n) })} /></div>
      </Card>

      {(results || members || filters.tab === "correct") && resultsOf && (
        <Card className="mt-4 p-4">
          <div className="mb-3 flex items-center justify-between">
            <div className="flex gap-4 text-sm">
              <Link className={filters.tab !== "members" && filters.tab !== "correct" ? "font-semibold text-primary" : "text-muted"} to={withParams({ tab: "results", rpage: null })}>考试成绩</Link>
              <Link className={filters.tab === "members" ? "font-semibold text-primary" : "text-muted"} to={withParams({ tab: "members", rpage: null })}>考生管理</Link>
              <Link className={filters.tab === "correct" ? "font-semibold text-primary" : "text-muted"} to={withParams({ tab: "correct" })}>阅卷</Link>
              <span className="text-muted">— {(results ?? members)?.examName ?? page.list.find((e) => e.id === resultsOf)?.name}</span>
            </div>
            <div className="flex gap-2">
              {filters.tab === "results" && (
                <Button variant="outline" size="sm" disabled={busy} onClick={() => act(() => trpc.exam.admin.exam.calculate.mutate({ examId: resultsOf }), "已按当前评分规则重新算分")}>重新算分</Button>
              )}
              <Button variant="outline" size="sm" onClick={() => downloadFrom(`/api/elearning/exam/back/${filters.tab === "members" ? "member" : "result"}/export`, { examId: resultsOf }).catch((e) => adminToast.error(e.message))}>导出Excel</Button>
            </div>
          </div>
          {filters.tab === "correct" ? (
            <CorrectionPanel examId={resultsOf} onDone={() => refresh()} />
          ) : members ? (
            <MemberPanel
              examId={resultsOf}
              page={members}
              keyword={filters.mkw}
              hiddenParams={Object.fromEntries(["results", "tab", "keyword", "page"].flatMap((k) => (sp.get(k) ? [[k, sp.get(k)!]] : [])))}
              hrefFor={(n) => withParams({ rpage: String(n) })}
              onChanged={() => refresh()}
            />
          ) : results && (
            <>
              <Form method="get" className="mb-3 flex flex-wrap gap-2 text-sm">
                {["results", "tab", "keyword"].map((k) => sp.get(k) && <input key={k} type="hidden" name={k} value={sp.get(k)!} />)}
                <input name="name" defaultValue={filters.name} placeholder="姓名" className="h-8 w-28 rounded border border-border px-2" />
                <FilterSelect size="sm" name="isPassed" label="是否及格" allLabel="全部结果" defaultValue={filters.isPassed} options={[{ value: 1, label: "及格" }, { value: 0, label: "不及格" }]} />
                <input name="minScore" defaultValue={filters.minScore} placeholder="最低分" className="h-8 w-20 rounded border border-border px-2" />
                <input name="maxScore" defaultValue={filters.maxScore} placeholder="最高分" className="h-8 w-20 rounded border border-border px-2" />
                <input name="orgName" defaultValue={filters.orgName} placeholder="单位" className="h-8 w-32 rounded border border-border px-2" />
                <FilterSelect size="sm" name="roleId" label="角色" allLabel="全部角色" defaultValue={filters.roleId} options={(lookups?.roles ?? []).map((r) => ({ value: r.id, label: r.path }))} className="max-w-40" />
                <FilterSelect size="sm" name="groupId" label="组织" allLabel="全部组织" defaultValue={filters.groupId} options={(lookups?.groups ?? []).map((g) => ({ value: g.id, label: g.path }))} className="max-w-48" />
                {relatedCourseId && (
                  <label className="flex items-center gap-1">
                    <input type="checkbox" name="relatedCourseId" value={relatedCourseId} defaultChecked={filters.relatedCourseId === String(relatedCourseId)} />
                    仅已加入关联课程的学员
                  </label>
                )}
                <Button type="submit" size="sm" variant="secondary">筛选</Button>
              </Form>
              <Table>
                <thead>
                  <tr><Th>姓名</Th><Th>用户名</Th><Th>手机号</Th><Th>参加方式</Th><Th>交卷次数</Th><Th>最高分</Th><Th>结果</Th><Th>最后交卷</Th>{results.proctored && <Th>监考</Th>}</tr>
                </thead>
                <tbody>
                  {results.list.map((r) => (
                    <tr key={r.userId}>
                      <Td>{r.name}</Td>
                      <Td>{r.userName}</Td>
                      <Td>{r.mobile}</Td>
                      <Td>{r.joinType === 2 ? "管理员添加" : "自主报名"}</Td>
                      <Td>{r.paperCount}</Td>
                      <Td>{r.score ?? "--"}</Td>
                      <Td>{r.paperCount === 0 ? "未交卷" : r.pendingCount ? <Badge tone="orange">待阅卷</Badge> : r.isPassed ? <Badge tone="green">及格</Badge> : <Badge tone="red">不及格</Badge>}</Td>
                      <Td>{fmt(r.lastTime)}</Td>
                      {results.proctored && <Td>{r.lastPaperId ? <Link className="text-primary" to={`/admin/exam-proctor?paperId=${r.lastPaperId}`}>监考记录</Link> : "--"}</Td>}
                    </tr>
                  ))}
                </tbody>
              </Table>
              {results.list.length === 0 && <EmptyState title="暂无数据" />}
              <div className="mt-3"><Pager total={results.total} pageNo={results.pageNo} pageSize={results.pageSize} hrefFor={(n) => withParams({ rpage: String(n) })} /></div>
            </>
          )}
        </Card>
      )}
      <ExamEditor examId={editing} open={editorOpen} onClose={() => setEditorOpen(false)} onSaved={() => refresh()} />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && act(confirm.run, "已删除")} onCancel={() => setConfirm(null)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
