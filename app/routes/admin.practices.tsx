import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { PracticeBaseDialog } from "~/components/exam/practice-base-dialog";
import { MODE_TYPES, PracticeModes } from "~/components/exam/practice-modes";
import { PracticeUsers } from "~/components/exam/practice-users";
import { OpenRangeDialog } from "~/components/org/open-range-dialog";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { FilterSelect } from "~/components/admin/filter-select";

export const meta: MetaFunction = () => [{ title: "练习 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const get = (k: string) => sp.get(k) ?? "";
    const filters = { keyword: get("keyword"), status: get("status"), tab: get("tab") === "users" ? "users" : "modes", ukw: get("ukw"), usource: get("usource") };
    const page = await caller.exam.admin.practice.page({ pageNo: sp.get("page") ?? undefined, pageSize: 15, keyword: filters.keyword, status: filters.status });
    const practiceId = Number(sp.get("practice")) || null;
    let selected = null;
    if (practiceId) {
      const [base, modes, users] = await Promise.all([
        caller.exam.admin.practice.getBase({ id: practiceId }),
        caller.exam.admin.practice.modes({ id: practiceId }),
        filters.tab === "users" ? caller.exam.admin.practice.userPage({ id: practiceId, pageNo: sp.get("upage") ?? undefined, pageSize: 10, keyword: filters.ukw, source: filters.usource }) : null,
      ]);
      selected = { base, modes, users };
    }
    return { page, filters, selected };
  });

const modeName = (t: number) => MODE_TYPES.find((m) => m.modeType === t)?.name ?? "练习";

/** Practice: question sets from library folders, practised in modes; listed users and an open range decide who sees them. */
export default function AdminPractices() {
  const { page, filters, selected } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [editor, setEditor] = useState<{ id: number | null } | null>(null);
  const [rangeOf, setRangeOf] = useState<{ id: number; name: string } | null>(null);
  const withParams = (patch: Record<string, string | null>) => {
    const n = new URLSearchParams(sp);
    for (const [k, v] of Object.entries(patch)) v === null ? n.delete(k) : n.set(k, v);
    return `?${n}`;
  };
  const act = (run: () => Promise<unknown>, ok: string) =>
    run()
      .then(() => {
        adminToast.success(ok);
        refresh();
      })
      .catch((e) => adminToast.error(errorMessage(e)));
  const open = (id: number, tab: "modes" | "users") => withParams({ practice: String(id), tab, upage: null, ukw: null, usource: null });

  return (
    <div>
      <PageHeader title="练习" trail="考试管理">
        <Button onClick={() => setEditor({ id: null })}>新建练习</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex gap-3">
          <input name="keyword" defaultValue={filters.keyword} placeholder="搜索练习名称" aria-label="搜索练习名称" className="h-9 w-64 rounded-md border border-border px-3 text-sm" />
          <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={[{ value: 1, label: "已启用" }, { value: 0, label: "已停用" }]} />
          <Button type="submit" variant="secondary">查询</Button>
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title={filters.keyword || filters.status ? "没有符合条件的练习" : "暂无练习，可点击「新建练习」"} />
        ) : (
          <Table>
            <thead><tr><Th>练习名称</Th><Th>题目文件夹</Th><Th>练习模式</Th><Th>指定人员</Th><Th>状态</Th><Th>操作</Th></tr></thead>
            <tbody>
              {page.list.map((p) => (
                <tr key={p.id} data-practice={p.name} className={selected?.base.id === p.id ? "bg-primary-50/40" : undefined}>
                  <Td className="max-w-[240px] truncate" title={p.name}>{p.name}</Td>
                  <Td className="max-w-[200px] truncate" title={p.folders.map((f) => f.name).join("、")}>{p.folders.map((f) => f.name).join("、") || "--"}</Td>
                  <Td className="max-w-[260px] truncate">{p.modes.map((m) => `${modeName(m.modeType)}（${m.questionCount}题）`).join("、") || <span className="text-[#ff7d00]">未添加</span>}</Td>
                  <Td>{p.userCount}</Td>
                  <Td><Badge tone={p.status ? "green" : "gray"}>{p.status ? "已启用" : "已停用"}</Badge></Td>
                  <Td className="space-x-3">
                    <Button variant="link" size="sm" onClick={() => setEditor({ id: p.id })}>编辑</Button>
                    <Link className="text-sm text-primary" to={open(p.id, "modes")}>练习模式</Link>
                    <Link className="text-sm text-primary" to={open(p.id, "users")}>练习人员</Link>
                    <Button variant="link" size="sm" onClick={() => setRangeOf({ id: p.id, name: p.name })}>开放范围</Button>
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
        <div className="mt-4"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={(n) => withParams({ page: String(n) })} /></div>
      </Card>

      {selected && (
        <Card className="mt-4 p-4">
          <div className="mb-3 flex items-center justify-between">
            <div className="flex gap-4 text-sm">
              <Link className={filters.tab === "modes" ? "font-semibold text-primary" : "text-muted"} to={withParams({ tab: "modes" })}>练习模式</Link>
              <Link className={filters.tab === "users" ? "font-semibold text-primary" : "text-muted"} to={withParams({ tab: "users", upage: null })}>练习人员</Link>
              <span className="text-muted">— {selected.base.name}</span>
              <Badge tone={selected.base.status ? "green" : "gray"}>{selected.base.status ? "已启用" : "已停用"}</Badge>
            </div>
            <Link className="text-sm text-muted hover:text-primary" to={withParams({ practice: null, tab: null, upage: null, ukw: null, usource: null })}>收起</Link>
          </div>
          {filters.tab === "users" && selected.users ? (
            <PracticeUsers
              practiceId={selected.base.id}
              page={selected.users}
              filters={{ keyword: filters.ukw, source: filters.usource }}
              listedIds={selected.base.userIds}
              hiddenParams={Object.fromEntries(["practice", "tab", "keyword", "status", "page"].flatMap((k) => (sp.get(k) ? [[k, sp.get(k)!]] : [])))}
              hrefFor={(n) => withParams({ upage: String(n) })}
              openToAll={selected.base.openRange.length === 0}
              onChanged={refresh}
            />
          ) : (
            <PracticeModes practiceId={selected.base.id} modes={selected.modes} pool={selected.base.pool} folders={selected.base.folders} enabled={selected.base.status === 1} onChanged={refresh} />
          )}
        </Card>
      )}

      <PracticeBaseDialog
        practiceId={editor?.id ?? null}
        open={!!editor}
        onClose={() => setEditor(null)}
        onSaved={(id, created) => (created ? navigate(withParams({ practice: String(id), tab: "modes", page: null, keyword: null, status: null })) : refresh())}
      />
      <OpenRangeDialog
        title={`开放范围：${rangeOf?.name ?? ""}`}
        open={!!rangeOf}
        load={async () => (await trpc.exam.admin.practice.getOpenRange.query({ id: rangeOf!.id })).entries}
        save={(entries) => trpc.exam.admin.practice.saveOpenRange.mutate({ id: rangeOf!.id, entries })}
        onClose={() => setRangeOf(null)}
        onSaved={() => {
          adminToast.success("开放范围已保存");
          refresh();
        }}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
