import { Form } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { Pager } from "~/components/admin/pager";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { UserPickerDialog } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDateTime } from "@base/format";
import { downloadFrom } from "./admin-files";
import { FilterSelect } from "~/components/admin/filter-select";

export interface PracticeUserRow {
  userId: number;
  name: string;
  userName: string;
  mobile: string;
  /** 1 listed by an admin, 2 practised through the open range. */
  source: number;
  answeredCount: number;
  correctCount: number;
  correctRate: number;
  doneQuestionCount: number;
  wrongCount: number;
  lastPracticeTime: number | null;
}

/** 练习人员: listed users and learners who practised through the open range, with their figures. */
export function PracticeUsers({
  practiceId,
  page,
  filters,
  listedIds,
  hiddenParams,
  hrefFor,
  openToAll,
  onChanged,
}: {
  practiceId: number;
  page: { list: PracticeUserRow[]; total: number; pageNo: number; pageSize: number };
  filters: { keyword: string; source: string };
  /** Users already listed (shown as added in the picker). */
  listedIds: number[];
  /** Search params the search form keeps (practice, tab, list filters). */
  hiddenParams: Record<string, string>;
  hrefFor: (pageNo: number) => string;
  /** No open range set: every logged-in learner may practise, listed or not. */
  openToAll: boolean;
  onChanged: () => void;
}) {
  const [picking, setPicking] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { ids: number[] }) | null>(null);
  const [busy, setBusy] = useState(false);
  // Only people added by name can be removed; those reached through the open range cannot be ticked.
  const removable = page.list.filter((u) => u.source === 1);
  const selection = useSelection(removable.map((u) => u.userId), [practiceId, page.pageNo, filters.keyword, filters.source, page.total]);

  async function remove(ids: number[]) {
    setBusy(true);
    try {
      const r = await trpc.exam.admin.practice.removeUser.mutate({ id: practiceId, userIds: ids });
      adminToast.success(`已移除 ${r.removed} 名指定人员`);
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  const removeRequest = (ids: number[], who: string): ConfirmRequest & { ids: number[] } => ({
    title: "移除指定人员",
    description: `确定将${who}从指定人员中移除吗？已有的答题记录和错题本保留；若仍在开放范围内，仍可继续练习。`,
    confirmText: "移除",
    danger: true,
    ids,
  });
  const exportList = () =>
    downloadFrom("/api/elearning/back/practice/exportUserPageList", { id: practiceId, keyword: filters.keyword || undefined, source: filters.source || undefined }).catch((e: Error) => adminToast.error(e.message));

  return (
    <div data-testid="practice-users">
      <p className="mb-3 text-xs text-muted">
        指定人员和开放范围内的学员均可练习；通过开放范围练习过的学员也列在这里。
        {openToAll && <span className="text-[#ff7d00]">当前未设置开放范围，所有登录学员均可练习。</span>}
      </p>
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <Form method="get" className="flex gap-2">
          {Object.entries(hiddenParams).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <input name="ukw" defaultValue={filters.keyword} placeholder="姓名、用户名或手机号" aria-label="搜索练习人员" className="h-8 w-56 rounded border border-border px-2" />
          <FilterSelect size="sm" name="usource" label="来源" allLabel="全部来源" defaultValue={filters.source} options={[{ value: 1, label: "指定人员" }, { value: 2, label: "开放范围" }]} />
          <Button type="submit" size="sm" variant="secondary">查询</Button>
        </Form>
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="outline" onClick={exportList}>导出Excel</Button>
          <Button size="sm" variant="outline" disabled={selection.ids.length === 0 || busy} onClick={() => setConfirm(removeRequest(selection.ids, `所选的 ${selection.ids.length} 人`))}>
            批量移除{selection.ids.length ? `（${selection.ids.length}）` : ""}
          </Button>
          <Button size="sm" onClick={() => setPicking(true)}>添加人员</Button>
        </div>
      </div>
      <Table>
        <thead>
          <tr>
            <Th className="w-10">
              <input type="checkbox" aria-label="全选本页" disabled={!removable.length} checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
            </Th>
            <Th>姓名</Th><Th>用户名</Th><Th>手机号</Th><Th>来源</Th><Th>答题数</Th><Th>答对数</Th><Th>正确率</Th><Th>已练题目数</Th><Th>错题数</Th><Th>最近练习时间</Th><Th>操作</Th>
          </tr>
        </thead>
        <tbody>
          {page.list.map((u) => (
            <tr key={u.userId} data-user={u.userName}>
              <Td>{u.source === 1 && <input type="checkbox" aria-label={`选择${u.name}`} checked={selection.has(u.userId)} onChange={(e) => selection.toggle(u.userId, e.target.checked)} />}</Td>
              <Td>{u.name}</Td>
              <Td>{u.userName}</Td>
              <Td>{u.mobile || "--"}</Td>
              <Td>{u.source === 1 ? <Badge tone="blue">指定人员</Badge> : <Badge tone="gray">开放范围</Badge>}</Td>
              <Td className="tabular-nums">{u.answeredCount}</Td>
              <Td className="tabular-nums">{u.correctCount}</Td>
              <Td className="tabular-nums">{u.answeredCount ? `${u.correctRate}%` : "--"}</Td>
              <Td className="tabular-nums">{u.doneQuestionCount}</Td>
              <Td className="tabular-nums">{u.wrongCount}</Td>
              <Td className="text-xs">{formatDateTime(u.lastPracticeTime) || "未练习"}</Td>
              <Td>
                {u.source === 1 ? (
                  <Button variant="link" size="sm" className="text-danger" onClick={() => setConfirm(removeRequest([u.userId], `「${u.name}」`))}>移除</Button>
                ) : (
                  <span className="text-xs text-muted" title="通过开放范围练习，可在「开放范围」中调整">--</span>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {page.list.length === 0 && <EmptyState title={filters.keyword || filters.source ? "没有符合条件的人员" : "暂无练习人员，可点击「添加人员」指定学员"} />}
      <div className="mt-3"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} /></div>
      <UserPickerDialog
        open={picking}
        title="添加练习人员"
        confirmText="添加"
        excludeIds={listedIds}
        onClose={() => setPicking(false)}
        onConfirm={async (users) => {
          const r = await trpc.exam.admin.practice.addUser.mutate({ id: practiceId, userIds: users.map((u) => u.userId) });
          adminToast.success(`已添加 ${r.added} 名指定人员`);
          onChanged();
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && remove(confirm.ids)} onCancel={() => setConfirm(null)} />
    </div>
  );
}
