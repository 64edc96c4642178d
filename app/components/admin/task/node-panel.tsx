import { useEffect, useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";

export interface AdminTaskNode {
  id: number;
  contentType: number;
  contentTypeName: string;
  contentId: number;
  name: string;
  requiredRate: number;
}

type NodeType = 1 | 2 | 3;
const TYPES: { value: NodeType; label: string }[] = [
  { value: 1, label: "课程" },
  { value: 2, label: "直播" },
  { value: 3, label: "考试" },
];
const TONE = { 1: "blue", 2: "orange", 3: "green" } as const;
const field = "h-9 rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

/** Picks a course, live or exam by name and adds it as a node with its required rate. */
function AddNode({ taskId, onAdded }: { taskId: number; onAdded: () => void }) {
  const [type, setType] = useState<NodeType>(1);
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<{ id: number; name: string; status: number }[] | null>(null);
  const [contentId, setContentId] = useState<number | "">("");
  const [rate, setRate] = useState("100");
  const [busy, setBusy] = useState(false);
  const label = TYPES.find((t) => t.value === type)!.label;

  useEffect(() => {
    let live = true;
    setOptions(null);
    trpc.task.admin.contentOptions.query({ contentType: type, keyword: query || undefined }).then(
      (r) => live && setOptions(r.list),
      (e) => {
        if (!live) return;
        setOptions([]);
        adminToast.error(errorMessage(e));
      },
    );
    return () => {
      live = false;
    };
  }, [type, query]);

  async function add() {
    if (!contentId) return adminToast.error(`请选择${label}`);
    setBusy(true);
    try {
      await trpc.task.admin.addNode.mutate({ taskId, contentType: type, contentId, requiredRate: type === 3 ? 100 : (rate as never) });
      adminToast.success(`已添加${label}节点`);
      setContentId("");
      onAdded();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-[#f7f8fa] p-3" data-testid="add-node">
      <select
        aria-label="节点类型"
        className={field}
        value={type}
        onChange={(e) => {
          setType(Number(e.target.value) as NodeType);
          setContentId("");
          setKeyword("");
          setQuery("");
        }}
      >
        {TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <input
        className={`${field} w-40`}
        placeholder={`搜索${label}名称`}
        aria-label={`搜索${label}`}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), setQuery(keyword))}
        onBlur={() => keyword !== query && setQuery(keyword)}
      />
      <select aria-label={`选择${label}`} className={`${field} min-w-[240px] max-w-[360px]`} value={contentId} disabled={!options} onChange={(e) => setContentId(e.target.value ? Number(e.target.value) : "")}>
        <option value="">{options ? (options.length ? `请选择${label}` : `没有找到${label}`) : "加载中…"}</option>
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
            {o.status !== 1 ? "（未发布）" : ""}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1 text-sm text-[#4e5969]">
        要求进度
        <input type="number" min={1} max={100} aria-label="要求进度" className={`${field} w-20`} value={type === 3 ? "100" : rate} disabled={type === 3} onChange={(e) => setRate(e.target.value)} />%
      </label>
      <Button size="sm" disabled={busy} onClick={add}>
        添加节点
      </Button>
      {type === 3 && <span className="text-xs text-muted">考试节点以考试通过为完成</span>}
    </div>
  );
}

/** A node's required rate, saved when the field loses focus or on Enter. */
function RateField({ node, onSaved }: { node: AdminTaskNode; onSaved: () => void }) {
  const [value, setValue] = useState(String(node.requiredRate));
  useEffect(() => setValue(String(node.requiredRate)), [node.requiredRate]);
  async function save() {
    if (value === String(node.requiredRate)) return;
    try {
      await trpc.task.admin.modifyNode.mutate({ id: node.id, requiredRate: value as never });
      adminToast.success("要求进度已保存");
      onSaved();
    } catch (e) {
      adminToast.error(errorMessage(e));
      setValue(String(node.requiredRate));
    }
  }
  if (node.contentType === 3) return <span className="text-sm">考试通过</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <input
        type="number"
        min={1}
        max={100}
        aria-label={`${node.name}要求进度`}
        className={`${field} h-8 w-20`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === "Enter" && (e.target as HTMLInputElement).blur()}
      />
      %
    </span>
  );
}

export function NodePanel({ taskId, nodes, onChanged }: { taskId: number; nodes: AdminTaskNode[]; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { id: number }) | null>(null);
  async function act(run: () => Promise<unknown>, ok: string) {
    setBusy(true);
    try {
      await run();
      adminToast.success(ok);
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  return (
    <div>
      <AddNode taskId={taskId} onAdded={onChanged} />
      {nodes.length ? (
        <Table>
          <thead>
            <tr>
              <Th>顺序</Th>
              <Th>类型</Th>
              <Th>内容名称</Th>
              <Th>要求进度</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((n, i) => (
              <tr key={n.id} data-testid="task-node-row">
                <Td>{i + 1}</Td>
                <Td>
                  <Badge tone={TONE[n.contentType as NodeType] ?? "gray"}>{n.contentTypeName}</Badge>
                </Td>
                <Td className="max-w-[360px] truncate" title={n.name}>
                  {n.name}
                </Td>
                <Td>
                  <RateField node={n} onSaved={onChanged} />
                </Td>
                <Td>
                  <div className="flex gap-3 text-sm text-primary">
                    <button type="button" className="disabled:text-[#c9cdd4]" aria-label={`上移${n.name}`} disabled={busy || i === 0} onClick={() => act(() => trpc.task.admin.sortNodes.mutate({ id: n.id, direction: "up" }), "已上移")}>
                      上移
                    </button>
                    <button
                      type="button"
                      className="disabled:text-[#c9cdd4]"
                      aria-label={`下移${n.name}`}
                      disabled={busy || i === nodes.length - 1}
                      onClick={() => act(() => trpc.task.admin.sortNodes.mutate({ id: n.id, direction: "down" }), "已下移")}
                    >
                      下移
                    </button>
                    <button
                      type="button"
                      className="text-danger"
                      disabled={busy}
                      onClick={() => setConfirm({ id: n.id, title: "删除节点", description: `确定从任务中删除「${n.name}」吗？学员在该节点的进度记录将一并删除，已完成任务的学员不受影响。`, confirmText: "删除", danger: true })}
                    >
                      删除
                    </button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <EmptyState title="还没有学习内容" hint="在上方选择课程、直播或考试，设置要求进度后添加为任务节点" />
      )}
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && act(() => trpc.task.admin.delNode.mutate({ id: confirm.id }), "节点已删除")} onCancel={() => setConfirm(null)} />
    </div>
  );
}
