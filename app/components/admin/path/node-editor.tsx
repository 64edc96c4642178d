import { useEffect, useState } from "react";
import { useSearchOptions } from "~/components/admin/use-search-options";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { formatDateTime, fromChinaInput, toChinaInput } from "@base/format";

export interface EditNode {
  /** Saved nodes keep their id (learners' visits stay attached); new ones have a local key only. */
  id?: number;
  key: string;
  nodeName: string;
  relationContentType: number;
  relationContentId: number | null;
  relationContentName: string;
  relationContentLinkUrl: string;
  contentAvailable: number;
  unlockType: number;
  unlockTime: number | null;
  isExamJump: number;
}
export interface EditSection {
  id?: number;
  key: string;
  title: string;
  nodes: EditNode[];
}

export const TYPE_NAMES: Record<number, string> = { 0: "外部链接", 1: "课程", 2: "直播", 3: "考试", 4: "证书" };
const UNLOCK_NAMES: Record<number, string> = { 0: "随时可学", 1: "完成上一节点后解锁", 2: "按日期解锁" };
let seq = 0;
export const localKey = () => `n${Date.now()}-${++seq}`;
const field = "h-9 w-full rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

async function searchContent(type: number, keyword: string) {
  const kw = keyword.trim() || undefined;
  if (type === 1) return (await trpc.course.admin.page.query({ keyword: kw, pageNo: 1, pageSize: 50 })).list.map((c) => ({ id: c.id, name: c.name }));
  if (type === 2) return (await trpc.live.admin.page.query({ keyword: kw, pageNo: 1, pageSize: 50 })).list.map((l) => ({ id: (l as { id: number }).id, name: (l as { name: string }).name }));
  return (await trpc.exam.admin.exam.page.query({ keyword: kw, pageNo: 1, pageSize: 50 })).list.map((e) => ({ id: e.id, name: e.name }));
}

/**
 * The map's sections and nodes, edited in place and saved at once (nodeConfig): add sections and nodes,
 * drag a node onto another place (or use ↑ ↓), choose each node's unlock rule, delete.
 */
export function NodeEditor({ sections, setSections, onSave, saving, dirty }: { sections: EditSection[]; setSections: (s: EditSection[]) => void; onSave: () => void; saving: boolean; dirty: boolean }) {
  const [adding, setAdding] = useState<{ sectionKey: string; node?: EditNode } | null>(null);
  const [drag, setDrag] = useState<string | null>(null);
  const flat = sections.flatMap((s) => s.nodes.map((n) => ({ s, n })));

  const update = (fn: (draft: EditSection[]) => void) => {
    const draft = sections.map((s) => ({ ...s, nodes: [...s.nodes] }));
    fn(draft);
    setSections(draft);
  };
  /** Moves a node to just before `beforeKey` (or to the end of section `sectionKey`). */
  const place = (nodeKey: string, target: { beforeKey?: string; sectionKey: string }) =>
    update((d) => {
      let moving: EditNode | undefined;
      for (const s of d) {
        const i = s.nodes.findIndex((n) => n.key === nodeKey);
        if (i >= 0) moving = s.nodes.splice(i, 1)[0];
      }
      if (!moving) return;
      const s = d.find((x) => x.key === target.sectionKey)!;
      const at = target.beforeKey ? s.nodes.findIndex((n) => n.key === target.beforeKey) : -1;
      s.nodes.splice(at < 0 ? s.nodes.length : at, 0, moving);
    });
  const step = (nodeKey: string, dir: -1 | 1) => {
    const i = flat.findIndex((x) => x.n.key === nodeKey);
    const j = i + dir;
    if (j < 0 || j >= flat.length) return;
    const other = flat[j]!;
    if (other.s.key !== flat[i]!.s.key) place(nodeKey, dir < 0 ? { sectionKey: other.s.key } : { sectionKey: other.s.key, beforeKey: other.s.nodes[0]?.key });
    else place(nodeKey, dir < 0 ? { sectionKey: other.s.key, beforeKey: other.n.key } : { sectionKey: other.s.key, beforeKey: other.s.nodes[other.s.nodes.indexOf(other.n) + 1]?.key });
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <p className="flex-1 text-sm text-muted">拖动节点可调整顺序；证书节点须放在最后。修改后点击“保存节点”生效。</p>
        <Button variant="outline" onClick={() => update((d) => void d.push({ key: localKey(), title: `第${d.length + 1}阶段`, nodes: [] }))}>
          添加阶段
        </Button>
        <Button onClick={onSave} disabled={saving || !dirty}>
          {saving ? "保存中…" : dirty ? "保存节点" : "已保存"}
        </Button>
      </div>
      {sections.map((s, si) => (
        <section key={s.key} className="rounded-lg border border-border" data-testid="path-section" onDragOver={(e) => e.preventDefault()} onDrop={() => drag && (place(drag, { sectionKey: s.key }), setDrag(null))}>
          <div className="flex items-center gap-3 border-b border-border bg-[#f7f8fa] px-4 py-2">
            <span className="text-sm text-muted">阶段{si + 1}</span>
            <input className="h-8 w-64 rounded-md border border-border px-2 text-sm" value={s.title} maxLength={60} aria-label={`阶段${si + 1}标题`} onChange={(e) => update((d) => void (d[si]!.title = e.target.value))} />
            <span className="flex-1" />
            <Button size="sm" variant="outline" onClick={() => setAdding({ sectionKey: s.key })}>
              添加节点
            </Button>
            <Button size="sm" variant="link" className="text-danger" disabled={sections.length === 1} onClick={() => update((d) => void d.splice(si, 1))}>
              删除阶段
            </Button>
          </div>
          {s.nodes.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted">本阶段还没有节点，点击“添加节点”，或把其他阶段的节点拖到这里</p>
          ) : (
            <ul>
              {s.nodes.map((n) => {
                const index = flat.findIndex((x) => x.n.key === n.key);
                return (
                  <li
                    key={n.key}
                    draggable
                    data-testid="path-node-row"
                    onDragStart={() => setDrag(n.key)}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => {
                      e.stopPropagation();
                      if (drag && drag !== n.key) place(drag, { sectionKey: s.key, beforeKey: n.key });
                      setDrag(null);
                    }}
                    className={cn("flex cursor-move items-center gap-3 border-b border-border px-4 py-2.5 text-sm last:border-b-0", drag === n.key && "opacity-50")}
                  >
                    <span className="w-6 text-muted">{index + 1}</span>
                    <span className="w-16 shrink-0 rounded bg-primary-50 px-1.5 py-0.5 text-center text-xs text-primary">{TYPE_NAMES[n.relationContentType]}</span>
                    <span className="min-w-0 flex-1 truncate">
                      {n.nodeName || n.relationContentName}
                      {n.nodeName && n.relationContentName && n.nodeName !== n.relationContentName && <span className="ml-2 text-xs text-muted">（{n.relationContentName}）</span>}
                      {!n.contentAvailable && <span className="ml-2 text-xs text-danger">内容已下架</span>}
                    </span>
                    <span className="w-44 shrink-0 text-xs text-muted">{n.unlockType === 2 ? `${formatDateTime(n.unlockTime)} 解锁` : UNLOCK_NAMES[n.unlockType]}</span>
                    <Button size="sm" variant="link" aria-label="上移" disabled={index === 0} onClick={() => step(n.key, -1)}>
                      ↑
                    </Button>
                    <Button size="sm" variant="link" aria-label="下移" disabled={index === flat.length - 1} onClick={() => step(n.key, 1)}>
                      ↓
                    </Button>
                    <Button size="sm" variant="link" onClick={() => setAdding({ sectionKey: s.key, node: n })}>
                      编辑
                    </Button>
                    <Button size="sm" variant="link" className="text-danger" onClick={() => update((d) => void (d[si]!.nodes = d[si]!.nodes.filter((x) => x.key !== n.key)))}>
                      删除
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      <NodeDialog
        request={adding}
        onClose={() => setAdding(null)}
        onDone={(node) => {
          const target = adding!;
          update((d) => {
            const s = d.find((x) => x.key === target.sectionKey)!;
            const i = s.nodes.findIndex((x) => x.key === node.key);
            if (i >= 0) s.nodes[i] = node;
            else s.nodes.push(node);
          });
          setAdding(null);
        }}
      />
    </div>
  );
}

function NodeDialog({ request, onClose, onDone }: { request: { sectionKey: string; node?: EditNode } | null; onClose: () => void; onDone: (n: EditNode) => void }) {
  const [n, setN] = useState<EditNode | null>(null);
  const [keyword, setKeyword] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    setError("");
    setKeyword("");
    setN(request ? (request.node ?? { key: localKey(), nodeName: "", relationContentType: 1, relationContentId: null, relationContentName: "", relationContentLinkUrl: "", contentAvailable: 1, unlockType: 1, unlockTime: null, isExamJump: 1 }) : null);
  }, [request]);
  const type = n?.relationContentType;
  const options = useSearchOptions<{ id: number; name: string }>(type === undefined || type === 0 || type === 4 ? null : () => searchContent(type, keyword), [type, keyword]);
  if (!n) return null;
  const set = (patch: Partial<EditNode>) => setN({ ...n, ...patch });

  function done() {
    if (!n) return;
    const t = n.relationContentType;
    if (t >= 1 && t <= 3 && !n.relationContentId) return setError(`请选择${TYPE_NAMES[t]}`);
    if (t === 0 && !n.nodeName.trim()) return setError("请输入链接节点的名称");
    if (t === 0 && !/^https?:\/\/\S+$/i.test(n.relationContentLinkUrl.trim())) return setError("链接地址须以http://或https://开头");
    if (n.unlockType === 2 && !n.unlockTime) return setError("按日期解锁须选择解锁时间");
    onDone({ ...n, nodeName: n.nodeName.trim(), relationContentLinkUrl: n.relationContentLinkUrl.trim(), relationContentName: t === 4 ? "结业证书" : t === 0 ? n.nodeName.trim() : n.relationContentName });
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[560px]" aria-describedby={undefined}>
        <DialogTitle>{request?.node ? "编辑节点" : "添加节点"}</DialogTitle>
        <div className="mt-2 space-y-3 text-sm">
          <label className="block space-y-1">
            <span>节点类型</span>
            <select className={field} aria-label="节点类型" value={n.relationContentType} disabled={!!request?.node?.id} onChange={(e) => set({ relationContentType: Number(e.target.value), relationContentId: null, relationContentName: "" })}>
              {[1, 2, 3, 0, 4].map((t) => (
                <option key={t} value={t}>
                  {TYPE_NAMES[t]}
                </option>
              ))}
            </select>
          </label>
          {n.relationContentType >= 1 && n.relationContentType <= 3 && (
            <div className="space-y-1">
              <span>选择{TYPE_NAMES[n.relationContentType]}</span>
              <input className={field} placeholder={`按名称搜索${TYPE_NAMES[n.relationContentType]}`} aria-label="搜索内容" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
              <select
                className={field}
                aria-label={`选择${TYPE_NAMES[n.relationContentType]}`}
                value={n.relationContentId ?? ""}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  set({ relationContentId: id || null, relationContentName: options?.find((o) => o.id === id)?.name ?? "" });
                }}
              >
                <option value="">{options === null ? "加载中…" : options.length ? "请选择" : "没有匹配的内容"}</option>
                {n.relationContentId && !options?.some((o) => o.id === n.relationContentId) && <option value={n.relationContentId}>{n.relationContentName}</option>}
                {options?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {n.relationContentType !== 4 && (
            <label className="block space-y-1">
              <span>{n.relationContentType === 0 ? "节点名称" : "节点名称（不填则用内容名称）"}</span>
              <input className={field} maxLength={60} aria-label="节点名称" value={n.nodeName} onChange={(e) => set({ nodeName: e.target.value })} />
            </label>
          )}
          {n.relationContentType === 0 && (
            <label className="block space-y-1">
              <span>链接地址</span>
              <input className={field} placeholder="https://" aria-label="链接地址" value={n.relationContentLinkUrl} onChange={(e) => set({ relationContentLinkUrl: e.target.value })} />
            </label>
          )}
          {n.relationContentType === 3 && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={n.isExamJump === 1} onChange={(e) => set({ isExamJump: e.target.checked ? 1 : 0 })} />
              点击后弹出考试入口（不勾选则打开成绩页）
            </label>
          )}
          {n.relationContentType === 4 ? (
            <p className="rounded bg-[#f7f8fa] px-3 py-2 text-xs text-muted">学员完成其他全部节点后获得证书；证书节点须放在最后，使用基本信息中选择的证书模板。</p>
          ) : (
            <div className="space-y-1">
              <span>解锁方式</span>
              <div className="flex gap-4">
                {[1, 0, 2].map((u) => (
                  <label key={u} className="flex items-center gap-1.5">
                    <input type="radio" name="unlockType" checked={n.unlockType === u} onChange={() => set({ unlockType: u })} />
                    {UNLOCK_NAMES[u]}
                  </label>
                ))}
              </div>
              {n.unlockType === 2 && (
                <input type="datetime-local" className={field} aria-label="解锁时间" value={toChinaInput(n.unlockTime)} onChange={(e) => set({ unlockTime: Number.isFinite(fromChinaInput(e.target.value)) ? fromChinaInput(e.target.value) : null })} />
              )}
            </div>
          )}
          {error && (
            <p className="text-danger" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button onClick={done}>确定</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
