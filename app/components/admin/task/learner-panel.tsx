import { Form } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { Pager } from "~/components/admin/pager";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import type { FlatNode } from "~/components/admin/user-pick-nodes";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { AssignDialog } from "./assign-dialog";

const field = "h-9 rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";

export type LearnerPage = Awaited<ReturnType<typeof trpc.task.admin.users.query>>;
type Page = LearnerPage;
type Learner = Page["list"][number];

const stateOf = (u: Learner) => (u.isComplete ? { tone: "green" as const, text: "已完成" } : u.isOverdue ? { tone: "red" as const, text: "已逾期" } : { tone: "blue" as const, text: "进行中" });

/** The task's learners with their progress (the page comes from the route's loader): filter, add, remove, export. */
export function LearnerPanel({ taskId, page, filters, hrefFor, groups, roles, onChanged }: { taskId: number; page: Page; filters: { ukw: string; udone: string }; hrefFor: (n: number) => string; groups: FlatNode[]; roles: FlatNode[]; onChanged: () => void }) {
  const [assigning, setAssigning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { userId: number }) | null>(null);
  const reload = onChanged;

  async function remove(userId: number) {
    setBusy(true);
    try {
      await trpc.task.admin.delUsers.mutate({ taskId, userIds: [userId] });
      adminToast.success("已移除学员");
      reload();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  async function exportAll() {
    setBusy(true);
    try {
      downloadFile(await trpc.task.admin.exportUsers.query({ taskId, keyword: filters.ukw || undefined, isComplete: filters.udone === "" ? undefined : Number(filters.udone) }));
      adminToast.success("已导出，请查看浏览器下载");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Form method="get" className="mb-4 flex flex-wrap items-center gap-2">
        <input type="hidden" name="tab" value="users" />
        <input name="ukw" defaultValue={filters.ukw} className={`${field} w-56`} placeholder="姓名、登录名或手机号" aria-label="搜索学员" maxLength={40} />
        <select name="udone" aria-label="完成状态" className={field} defaultValue={filters.udone}>
          <option value="">全部学员</option>
          <option value="1">已完成</option>
          <option value="0">未完成</option>
        </select>
        <Button type="submit" variant="secondary" size="sm">
          查询
        </Button>
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" disabled={busy || !page?.total} onClick={exportAll}>
            导出进度
          </Button>
          <Button size="sm" onClick={() => setAssigning(true)}>
            分配学员
          </Button>
        </div>
      </Form>
      {page.list.length ? (
        <Table>
          <thead>
            <tr>
              <Th>学员</Th>
              <Th>登录名</Th>
              <Th>手机号</Th>
              <Th>进度</Th>
              <Th>状态</Th>
              <Th>完成时间</Th>
              <Th>获得积分</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((u) => {
              const s = stateOf(u);
              return (
                <tr key={u.id} data-testid="task-user-row" data-login={u.loginName}>
                  <Td>
                    {u.realName || u.nick}
                    {u.realName && <span className="ml-1 text-xs text-muted">{u.nick}</span>}
                  </Td>
                  <Td className="font-mono text-xs">{u.loginName}</Td>
                  <Td>{u.mobile || "--"}</Td>
                  <Td className="min-w-[150px]">
                    <div className="flex items-center gap-2">
                      <div className="h-1.5 w-20 overflow-hidden rounded bg-[#f2f3f5]">
                        <div className="h-full bg-primary" style={{ width: `${u.rate}%` }} />
                      </div>
                      <span className="text-xs text-[#4e5969]">
                        {u.rate}%（{u.completeNodeNum}/{u.nodeNum}）
                      </span>
                    </div>
                  </Td>
                  <Td>
                    <Badge tone={s.tone}>{s.text}</Badge>
                  </Td>
                  <Td className="text-muted">{u.completeTime ? formatDateTime(u.completeTime) : "--"}</Td>
                  <Td>{u.score ?? "--"}</Td>
                  <Td>
                    <button
                      type="button"
                      className="text-sm text-danger"
                      disabled={busy}
                      onClick={() => setConfirm({ userId: u.userId, title: "移除学员", description: `确定将「${u.realName || u.nick}」移出任务吗？其在本任务中的节点进度将被清除。`, confirmText: "移除", danger: true })}
                    >
                      移除
                    </button>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      ) : (
        <EmptyState title={filters.ukw || filters.udone ? "没有符合条件的学员" : "还没有分配学员"} hint="点击「分配学员」，按账号、组织、角色或 Excel 名单分配" />
      )}
      <div className="mt-4 flex justify-end">
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </div>
      <AssignDialog taskId={taskId} open={assigning} groups={groups} roles={roles} onClose={() => setAssigning(false)} onDone={reload} />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && remove(confirm.userId)} onCancel={() => setConfirm(null)} />
    </div>
  );
}
