import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { NodePicker, type FlatNode } from "~/components/admin/user-pick-nodes";
import { adminToast } from "~/components/admin/toast";
import { UserPickerDialog } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

export interface AssignResult {
  added: number;
  existed: number;
  failNum: number;
  failList: { row: number; account: string; reason: string }[];
}
type Mode = "org" | "import";

/** What the editor route's action answers for an uploaded list. */
export type ImportAnswer = { ok: boolean; message: string; result?: AssignResult };

/** Adds learners to a task: picked accounts, whole groups or roles, pasted accounts or an .xlsx list. */
export function AssignDialog({ taskId, open, groups, roles, onClose, onDone }: { taskId: number; open: boolean; groups: FlatNode[]; roles: FlatNode[]; onClose: () => void; onDone: () => void }) {
  const [mode, setMode] = useState<Mode>("org");
  const [groupIds, setGroupIds] = useState<Set<number>>(new Set());
  const [roleIds, setRoleIds] = useState<Set<number>>(new Set());
  const [accounts, setAccounts] = useState("");
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AssignResult | null>(null);
  const upload = useFetcher<ImportAnswer>({ key: `task-import-${taskId}` });

  useEffect(() => {
    if (!open) return;
    setGroupIds(new Set());
    setRoleIds(new Set());
    setAccounts("");
    setResult(null);
  }, [open]);
  useEffect(() => {
    if (upload.state !== "idle" || !upload.data) return;
    if (upload.data.ok && upload.data.result) {
      setResult(upload.data.result);
      onDone();
    } else if (!upload.data.ok) adminToast.error(upload.data.message);
  }, [upload.state, upload.data]);

  async function add(input: { userIds?: number[]; groupIds?: number[]; roleIds?: number[]; accounts?: string }) {
    setBusy(true);
    try {
      const r = await trpc.task.admin.addUsers.mutate({ taskId, ...input } as never);
      setResult(r);
      onDone();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  function submitFile(file: File | undefined) {
    if (!file) return;
    const fd = new FormData();
    fd.set("intent", "import");
    fd.set("file", file);
    upload.submit(fd, { method: "post", encType: "multipart/form-data" });
  }
  const working = busy || upload.state !== "idle";
  const tab = (m: Mode, label: string) => (
    <button type="button" role="tab" aria-selected={mode === m} className={cn("-mb-px border-b-2 pb-2 text-sm", mode === m ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969]")} onClick={() => setMode(m)}>
      {label}
    </button>
  );

  return (
    <>
      <Dialog open={open && !picking} onOpenChange={(o) => !o && !working && onClose()}>
        <DialogContent className="w-[720px] max-w-[94vw]">
          <DialogTitle>分配学员</DialogTitle>
          <DialogDescription>已分配的学员不会重复添加；停用的账号不会被分配。</DialogDescription>
          {result ? (
            <div className="mt-4 space-y-3 text-sm" data-testid="assign-result">
              <div className="flex gap-3">
                <span className="rounded-md bg-[#e8ffea] px-3 py-2 text-[#00b42a]">新增 {result.added}</span>
                <span className="rounded-md bg-[#f2f3f5] px-3 py-2 text-[#4e5969]">已在任务中 {result.existed}</span>
                <span className="rounded-md bg-[#ffece8] px-3 py-2 text-danger">未能分配 {result.failNum}</span>
              </div>
              {result.failList.length > 0 && (
                <ul className="max-h-48 overflow-y-auto rounded-md border border-border p-2">
                  {result.failList.map((f, i) => (
                    <li key={i}>
                      {f.row ? `第${f.row}行 ` : ""}
                      {f.account}：{f.reason}
                    </li>
                  ))}
                </ul>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => setResult(null)}>
                  继续分配
                </Button>
                <Button onClick={onClose}>完成</Button>
              </DialogFooter>
            </div>
          ) : (
            <div className="mt-3 space-y-4">
              <div className="flex items-center gap-6 border-b border-border" role="tablist">
                {tab("org", "按组织 / 角色")}
                {tab("import", "按账号 / 导入名单")}
                <Button type="button" size="sm" variant="outline" className="mb-1 ml-auto" onClick={() => setPicking(true)}>
                  选择学员账号
                </Button>
              </div>
              {mode === "org" ? (
                <>
                  <div className="flex gap-4">
                    <NodePicker label="组织（含下级）" nodes={groups} value={groupIds} onChange={setGroupIds} />
                    <NodePicker label="角色（含下级）" nodes={roles} value={roleIds} onChange={setRoleIds} />
                  </div>
                  <DialogFooter>
                    <Button variant="outline" disabled={working} onClick={onClose}>
                      取消
                    </Button>
                    <Button disabled={working || (!groupIds.size && !roleIds.size)} onClick={() => add({ groupIds: [...groupIds], roleIds: [...roleIds] })}>
                      分配所选组织和角色的成员
                    </Button>
                  </DialogFooter>
                </>
              ) : (
                <>
                  <label className="block text-sm">
                    登录名或手机号（每行一个，也可用逗号分隔）
                    <textarea
                      aria-label="登录名或手机号"
                      className="mt-1 h-28 w-full rounded-md border border-border px-3 py-2 text-sm focus:border-primary focus:outline-none"
                      value={accounts}
                      onChange={(e) => setAccounts(e.target.value)}
                      placeholder={"zhangmin_cg\n13800000001"}
                    />
                  </label>
                  <div className="flex items-center gap-3 rounded-md bg-[#f7f8fa] p-3 text-sm">
                    <span>或上传 Excel（.xlsx，第一列为登录名或手机号，首行可为表头）</span>
                    <label className="ml-auto cursor-pointer rounded-md border border-primary px-3 py-1.5 text-primary">
                      {upload.state !== "idle" ? "导入中…" : "选择文件"}
                      <input
                        type="file"
                        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                        aria-label="上传学员名单"
                        className="sr-only"
                        disabled={working}
                        onChange={(e) => {
                          submitFile(e.target.files?.[0]);
                          e.target.value = "";
                        }}
                      />
                    </label>
                  </div>
                  <DialogFooter>
                    <Button variant="outline" disabled={working} onClick={onClose}>
                      取消
                    </Button>
                    <Button disabled={working || !accounts.trim()} onClick={() => add({ accounts })}>
                      按账号分配
                    </Button>
                  </DialogFooter>
                </>
              )}
            </div>
          )}
        </DialogContent>
      </Dialog>
      <UserPickerDialog
        open={picking}
        title="选择学员"
        confirmText="分配"
        onClose={() => setPicking(false)}
        onConfirm={async (picked) => {
          if (picked.length) await add({ userIds: picked.map((u) => u.userId) });
          setPicking(false);
        }}
      />
    </>
  );
}
