import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { NodeEditor, type EditSection } from "~/components/admin/path/node-editor";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { UserPickerDialog } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";
import { formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "学习地图编排 - 财云学院管理后台" }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const id = Number(params.id);
    const sp = new URL(request.url).searchParams;
    const tab = sp.get("tab") === "members" ? "members" : "nodes";
    const status = sp.get("status");
    const query = { keyword: sp.get("keyword") ?? "", status: status === "1" || status === "2" ? status : "" };
    const [path, nodes, members] = await Promise.all([
      caller.path.admin.detail({ id }),
      caller.path.admin.nodeDetail({ learningPathId: id }),
      caller.path.admin.memberList({ learningPathId: id, pageNo: sp.get("page") ?? undefined, pageSize: 15, keyword: query.keyword || undefined, status: query.status || undefined }),
    ]);
    return { path, nodes, members, tab, query };
  });

type Data = Awaited<ReturnType<typeof loader>> extends infer R ? (R extends { nodes: infer N } ? N : never) : never;
const toEdit = (nodes: Data): EditSection[] =>
  nodes.sections.map((s) => ({ id: s.id, key: `s${s.id}`, title: s.title, nodes: s.nodes.map((n) => ({ ...n, key: `n${n.id}`, relationContentId: n.relationContentId ?? null })) }));

/** One map's nodes (sections, order, unlock rules) and members (progress, add, remove, export). */
export default function AdminLearningPathEditor() {
  const { path, nodes, members, tab, query } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [, setParams] = useSearchParams();
  const [sections, setSections] = useState<EditSection[]>(() => toEdit(nodes));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!dirty) setSections(toEdit(nodes));
    // Only a fresh load replaces the editor's copy; unsaved edits are kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  async function save() {
    setSaving(true);
    try {
      const saved = await trpc.path.admin.nodeConfig.mutate({
        learningPathId: path.id,
        sections: sections.map((s) => ({
          id: s.id,
          title: s.title,
          nodes: s.nodes.map((n) => ({
            id: n.id,
            nodeName: n.nodeName || undefined,
            relationContentType: n.relationContentType,
            relationContentId: n.relationContentId ?? undefined,
            relationContentLinkUrl: n.relationContentLinkUrl || undefined,
            unlockType: n.unlockType,
            unlockTime: n.unlockTime ?? undefined,
            isExamJump: n.isExamJump as 0 | 1,
          })),
        })),
      });
      setSections(saved.sections.map((s) => ({ id: s.id, key: `s${s.id}`, title: s.title, nodes: s.nodes.map((n) => ({ ...n, key: `n${n.id}` })) })));
      setDirty(false);
      adminToast.success("节点已保存");
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      adminToast.success(ok);
      refresh();
      return true;
    } catch (e) {
      adminToast.error(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const setTab = (t: string) => setParams(t === "members" ? { tab: "members" } : {});
  const pageHref = (n: number) => `?${new URLSearchParams({ tab: "members", ...(query.keyword ? { keyword: query.keyword } : {}), ...(query.status ? { status: query.status } : {}), page: String(n) })}`;

  return (
    <div>
      <PageHeader title={path.name} trail="内容管理 / 学习地图">
        <div className="flex items-center gap-3">
          <Badge tone={path.status ? "green" : "gray"}>{path.statusName}</Badge>
          <Button variant="outline" onClick={() => void run(() => trpc.path.admin.operateStatus.mutate({ id: path.id, status: path.status ? 0 : 1 }), path.status ? "已下线" : "已上线")} disabled={busy}>
            {path.status ? "下线" : "上线"}
          </Button>
          <Button variant="outline" asChild>
            <a href={`/map/detail?id=${path.id}`} target="_blank" rel="noreferrer">
              预览
            </a>
          </Button>
          <Link to="/admin/learning-paths" className="text-sm text-muted hover:text-primary">
            返回列表
          </Link>
        </div>
      </PageHeader>
      <div className="mb-4 flex gap-6 border-b border-border text-sm" role="tablist">
        {[
          ["nodes", `学习节点（${path.nodeNum}）`],
          ["members", `学员（${path.memberNum}）`],
        ].map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k!)} className={cn("-mb-px border-b-2 px-1 pb-2", tab === k ? "border-primary text-primary" : "border-transparent text-muted hover:text-[#1d2129]")}>
            {label}
          </button>
        ))}
        <span className="flex-1" />
        <span className="pb-2 text-xs text-muted">结业证书：{path.certTemplateName || "未设置"}</span>
      </div>
      {tab === "nodes" ? (
        <Card className="p-4">
          <NodeEditor
            sections={sections}
            setSections={(s) => {
              setSections(s);
              setDirty(true);
            }}
            onSave={() => void save()}
            saving={saving}
            dirty={dirty}
          />
        </Card>
      ) : (
        <Card className="p-4">
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Form method="get" className="flex items-center gap-3" aria-label="筛选学员">
              <input type="hidden" name="tab" value="members" />
              <input name="keyword" defaultValue={query.keyword} placeholder="昵称、账号或手机号" aria-label="关键词" className="h-9 w-56 rounded-md border border-border px-3 text-sm" />
              <select name="status" defaultValue={query.status} aria-label="学习状态" className="h-9 rounded-md border border-border bg-white px-2 text-sm">
                <option value="">全部状态</option>
                <option value="1">学习中</option>
                <option value="2">已完成</option>
              </select>
              <Button type="submit" variant="outline">
                查询
              </Button>
            </Form>
            <span className="flex-1" />
            <Button onClick={() => setPicking(true)}>添加学员</Button>
            <Button variant="outline" disabled={!selected.size} onClick={() => setRemoving(true)}>
              移除{selected.size ? `（${selected.size}）` : ""}
            </Button>
            <Button
              variant="outline"
              disabled={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  downloadFile(await trpc.path.admin.exportMembers.query({ learningPathId: path.id, keyword: query.keyword || undefined, status: query.status || undefined }));
                } catch (e) {
                  adminToast.error(errorMessage(e));
                } finally {
                  setExporting(false);
                }
              }}
            >
              {exporting ? "正在导出…" : "导出"}
            </Button>
          </div>
          {members.list.length === 0 ? (
            <EmptyState title="暂无学员" hint="学员在前台加入地图，或由管理员在此添加" />
          ) : (
            <Table>
              <thead>
                <tr>
                  <Th className="w-8">
                    <input
                      type="checkbox"
                      aria-label="全选"
                      checked={members.list.every((m) => selected.has(m.userId))}
                      onChange={(e) => setSelected(e.target.checked ? new Set(members.list.map((m) => m.userId)) : new Set())}
                    />
                  </Th>
                  <Th>学员</Th>
                  <Th>手机号</Th>
                  <Th>加入方式</Th>
                  <Th>学习进度</Th>
                  <Th>状态</Th>
                  <Th>加入时间</Th>
                  <Th>完成时间</Th>
                </tr>
              </thead>
              <tbody>
                {members.list.map((m) => (
                  <tr key={m.id} data-testid="path-member-row">
                    <Td>
                      <input
                        type="checkbox"
                        aria-label={`选择${m.nick}`}
                        checked={selected.has(m.userId)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(m.userId);
                          else next.delete(m.userId);
                          setSelected(next);
                        }}
                      />
                    </Td>
                    <Td>
                      {m.nick}
                      <span className="ml-1 text-xs text-muted">{m.loginName}</span>
                    </Td>
                    <Td>{m.mobile || "--"}</Td>
                    <Td>{m.sourceName}</Td>
                    <Td>
                      <div className="flex items-center gap-2">
                        <div className="h-1.5 w-24 overflow-hidden rounded bg-[#f2f3f5]">
                          <div className="h-full bg-primary" style={{ width: `${m.progress}%` }} />
                        </div>
                        <span className="text-xs">
                          {m.progress}%（{m.completedNodeNum}/{m.nodeNum}）
                        </span>
                      </div>
                    </Td>
                    <Td>
                      <Badge tone={m.joinStatus === 2 ? "green" : "blue"}>{m.joinStatusName}</Badge>
                    </Td>
                    <Td className="whitespace-nowrap text-xs">{formatDateTime(m.joinTime)}</Td>
                    <Td className="whitespace-nowrap text-xs">{formatDateTime(m.completeTime) || "--"}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <div className="mt-4">
            <Pager total={members.total} pageNo={members.pageNo} pageSize={members.pageSize} hrefFor={pageHref} />
          </div>
        </Card>
      )}
      <UserPickerDialog
        open={picking}
        title="添加学员"
        confirmText="添加"
        onClose={() => setPicking(false)}
        onConfirm={async (users) => {
          const r = await trpc.path.admin.addUsers.mutate({ learningPathId: path.id, userIds: users.map((u) => u.userId) });
          adminToast.success(r.existedNum ? `已添加${r.addedNum}人，${r.existedNum}人已在地图中` : `已添加${r.addedNum}人`);
          setPicking(false);
          refresh();
        }}
      />
      <ConfirmDialog
        request={removing ? { title: "移除学员", description: `确定从地图中移除选中的${selected.size}名学员吗？其学习记录与已获证书保留。`, confirmText: "移除", danger: true } : null}
        busy={busy}
        onCancel={() => setRemoving(false)}
        onConfirm={async () => {
          if (await run(() => trpc.path.admin.delUsers.mutate({ learningPathId: path.id, userIds: [...selected] }), "已移除")) {
            setSelected(new Set());
            setRemoving(false);
          }
        }}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
