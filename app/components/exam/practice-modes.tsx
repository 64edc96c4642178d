import { useEffect, useState } from "react";
import { practiceModeInput } from "@trpc-app/exam/schemas";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { poolText } from "./practice-base-dialog";

export interface PracticeMode {
  id: number;
  modeType: number;
  name: string;
  questionCount: number;
}
type Pool = { questionCount: number; types: { questionType: number; questionTypeName: string; count: number }[]; modeLimits: Record<number, number> };

/** The three mode types (docs/decisions/009-learner-practice.md) and what each means to a learner. */
export const MODE_TYPES: { modeType: 1 | 2 | 3; name: string; hint: string }[] = [
  { modeType: 1, name: "顺序练习", hint: "按题库顺序分轮练习，下一轮接着上一轮的位置，练完从头开始" },
  { modeType: 2, name: "随机练习", hint: "每轮从题库中随机抽取不重复的试题" },
  { modeType: 3, name: "题型练习", hint: "学员先选择题型，再在该题型内按顺序分轮练习" },
];
const typeName = (t: number) => MODE_TYPES.find((m) => m.modeType === t)?.name ?? "练习";
/** The most one round of a mode may hold, as the server counts it. */
const limitOf = (pool: Pool, modeType: number) => pool.modeLimits[modeType] ?? 0;

const field = "h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none";

function ModeDialog({ practiceId, mode, taken, pool, onClose, onSaved }: { practiceId: number; mode: PracticeMode | "new" | null; taken: number[]; pool: Pool; onClose: () => void; onSaved: () => void }) {
  const editing = mode && mode !== "new" ? mode : null;
  const free = MODE_TYPES.filter((t) => !taken.includes(t.modeType) || t.modeType === editing?.modeType);
  const [modeType, setModeType] = useState(1);
  const [name, setName] = useState("");
  const [count, setCount] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!mode) return;
    const first = editing?.modeType ?? free[0]?.modeType ?? 1;
    setModeType(first);
    setName(editing?.name ?? typeName(first));
    setCount(String(editing?.questionCount ?? Math.min(limitOf(pool, first), first === 2 ? 10 : 20)));
    setError("");
  }, [mode]);
  const limit = limitOf(pool, modeType);

  async function save() {
    const parsed = practiceModeInput.safeParse({ id: practiceId, modeId: editing?.id, modeType, name, questionCount: count });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    setError("");
    try {
      await trpc.exam.admin.practice.saveMode.mutate(parsed.data);
      adminToast.success(editing ? "练习模式已保存" : `已添加${typeName(modeType)}`);
      onSaved();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!mode} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>{editing ? "编辑练习模式" : "添加练习模式"}</DialogTitle>
        <div className="mt-4 space-y-4 text-sm">
          <fieldset>
            <legend className="mb-2">练习类型</legend>
            <div className="space-y-2">
              {MODE_TYPES.map((t) => {
                const disabled = !free.some((f) => f.modeType === t.modeType);
                return (
                  <label key={t.modeType} className={`flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 ${modeType === t.modeType ? "border-primary bg-primary-50/40" : "border-border"} ${disabled ? "cursor-not-allowed opacity-50" : ""}`}>
                    <input
                      type="radio"
                      name="modeType"
                      className="mt-1"
                      checked={modeType === t.modeType}
                      disabled={disabled}
                      onChange={() => {
                        // The name follows the type until the admin writes their own.
                        if (!name || MODE_TYPES.some((m) => m.name === name)) setName(t.name);
                        setModeType(t.modeType);
                      }}
                    />
                    <span>
                      <span className="font-medium">{t.name}</span>
                      {disabled && <span className="ml-2 text-xs text-muted">已添加</span>}
                      <span className="block text-xs text-muted">{t.hint}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <label className="block">
            模式名称
            <input className={field} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="block">
            每轮题数
            <input className={`${field} w-40`} type="number" min={1} max={limit} value={count} onChange={(e) => setCount(e.target.value)} />
            <span className="ml-2 text-xs text-muted" data-testid="mode-limit">
              {modeType === 3 ? `最多 ${limit} 道（题量最多的题型的可用试题数）` : `最多 ${limit} 道（题目文件夹中的可用试题数）`}
            </span>
          </label>
        </div>
        {error && <p role="alert" className="mt-3 text-sm text-danger">{error}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
          <Button onClick={save} disabled={busy}>{busy ? "保存中…" : "保存"}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 练习模式: the practice's modes, the pool they draw from, add / edit / remove. */
export function PracticeModes({ practiceId, modes, pool, folders, enabled, onChanged }: { practiceId: number; modes: PracticeMode[]; pool: Pool; folders: { id: number; name: string }[]; enabled: boolean; onChanged: () => void }) {
  const [editing, setEditing] = useState<PracticeMode | "new" | null>(null);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { modeId: number }) | null>(null);
  const [busy, setBusy] = useState(false);
  const full = MODE_TYPES.every((t) => modes.some((m) => m.modeType === t.modeType));

  async function remove(modeId: number) {
    setBusy(true);
    try {
      await trpc.exam.admin.practice.removeMode.mutate({ id: practiceId, modeId });
      adminToast.success("练习模式已删除");
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  return (
    <div data-testid="practice-modes">
      <div className="mb-3 flex items-start justify-between gap-4 text-sm">
        <div className="space-y-1 text-[#4e5969]">
          <p>题目文件夹：{folders.map((f) => f.name).join("、") || "未选择"}</p>
          <p data-testid="practice-pool">{poolText(pool)}</p>
          {pool.questionCount === 0 && <p className="text-[#ff7d00]">题目文件夹中暂无可练习的试题，请先在「编辑」中更换文件夹或向文件夹添加试题</p>}
          {!modes.length && <p className="text-[#ff7d00]">尚未添加练习模式，添加后才能启用练习</p>}
        </div>
        <Button size="sm" disabled={full || pool.questionCount === 0} title={full ? "三种练习类型均已添加" : undefined} onClick={() => setEditing("new")}>添加模式</Button>
      </div>
      <Table>
        <thead><tr><Th>练习类型</Th><Th>模式名称</Th><Th>每轮题数</Th><Th>操作</Th></tr></thead>
        <tbody>
          {modes.map((m) => {
            const over = m.questionCount > limitOf(pool, m.modeType);
            return (
              <tr key={m.id} data-mode={typeName(m.modeType)}>
                <Td><Badge tone="blue">{typeName(m.modeType)}</Badge></Td>
                <Td>{m.name}</Td>
                <Td>
                  {m.questionCount} 题
                  {over && <span className="ml-2"><Badge tone="orange">超出可用试题数，每轮按实际题数出题</Badge></span>}
                </Td>
                <Td className="space-x-3">
                  <Button variant="link" size="sm" onClick={() => setEditing(m)}>编辑</Button>
                  <Button
                    variant="link"
                    size="sm"
                    className="text-danger"
                    onClick={() =>
                      setConfirm({
                        title: "删除练习模式",
                        description: `确定删除「${m.name}」吗？学员在该模式下未完成的练习将无法继续，已有的答题记录和错题本保留。${enabled && modes.length === 1 ? "练习已启用，至少需保留一种模式。" : ""}`,
                        confirmText: "删除",
                        danger: true,
                        modeId: m.id,
                      })
                    }
                  >
                    删除
                  </Button>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {modes.length === 0 && <EmptyState title="暂无练习模式，可点击「添加模式」" />}
      <ModeDialog practiceId={practiceId} mode={editing} taken={modes.map((m) => m.modeType)} pool={pool} onClose={() => setEditing(null)} onSaved={onChanged} />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && remove(confirm.modeId)} onCancel={() => setConfirm(null)} />
    </div>
  );
}
