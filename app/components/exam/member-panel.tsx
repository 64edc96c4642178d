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

export interface MemberRow {
  userId: number;
  name: string;
  userName: string;
  mobile: string;
  joinType: number;
  joinTime: number;
  joinStatus: number;
  score: number | null;
}

const JOIN_STATUS: [string, "gray" | "blue" | "green"][] = [["未开始", "gray"], ["考试中", "blue"], ["已交卷", "green"]];
const fmt = formatDateTime;

/** 考生管理: an exam's members with search and paging; admins add learners and remove them (one or many). */
export function MemberPanel({
  examId,
  page,
  keyword,
  hiddenParams,
  hrefFor,
  onChanged,
}: {
  examId: number;
  page: { list: MemberRow[]; total: number; pageNo: number; pageSize: number };
  keyword: string;
  /** Search params the search form keeps (exam, tab, list page…). */
  hiddenParams: Record<string, string>;
  hrefFor: (pageNo: number) => string;
  onChanged: () => void;
}) {
  const [picking, setPicking] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { ids: number[] }) | null>(null);
  const [busy, setBusy] = useState(false);
  const selection = useSelection(page.list.map((m) => m.userId), [examId, page.pageNo, keyword, page.total]);

  async function remove(ids: number[]) {
    setBusy(true);
    try {
      const r = await trpc.exam.admin.exam.memberRemove.mutate({ examId, userIds: ids });
      adminToast.success(`已移除 ${r.removed} 名考生`);
      onChanged();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  const removeRequest = (ids: number[], who: string): ConfirmRequest & { ids: number[] } => ({
    title: "移除考生",
    description: `确定将${who}移出本场考试吗？未开始的试卷会一并删除，已交的试卷和成绩保留。`,
    confirmText: "移除",
    danger: true,
    ids,
  });

  return (
    <div data-testid="member-panel">
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <Form method="get" className="flex gap-2">
          {Object.entries(hiddenParams).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <input name="mkw" defaultValue={keyword} placeholder="姓名、用户名或手机号" aria-label="搜索考生" className="h-8 w-56 rounded border border-border px-2" />
          <Button type="submit" size="sm" variant="secondary">查询</Button>
        </Form>
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="outline" disabled={selection.ids.length === 0 || busy} onClick={() => setConfirm(removeRequest(selection.ids, `所选的 ${selection.ids.length} 名考生`))}>
            批量移除{selection.ids.length ? `（${selection.ids.length}）` : ""}
          </Button>
          <Button size="sm" onClick={() => setPicking(true)}>添加考生</Button>
        </div>
      </div>
      <Table>
        <thead>
          <tr>
            <Th className="w-10">
              <input
                type="checkbox"
                aria-label="全选本页"
                checked={selection.page === true}
                onChange={(e) => selection.setPage(e.target.checked)}
              />
            </Th>
            <Th>姓名</Th><Th>用户名</Th><Th>手机号</Th><Th>参加方式</Th><Th>参加状态</Th><Th>最高分</Th><Th>报名时间</Th><Th>操作</Th>
          </tr>
        </thead>
        <tbody>
          {page.list.map((m) => (
            <tr key={m.userId} data-member={m.userName}>
              <Td><input type="checkbox" aria-label={`选择${m.name}`} checked={selection.has(m.userId)} onChange={(e) => selection.toggle(m.userId, e.target.checked)} /></Td>
              <Td>{m.name}</Td>
              <Td>{m.userName}</Td>
              <Td>{m.mobile || "--"}</Td>
              <Td>{m.joinType === 2 ? "管理员添加" : "自主报名"}</Td>
              <Td><Badge tone={JOIN_STATUS[m.joinStatus]![1]}>{JOIN_STATUS[m.joinStatus]![0]}</Badge></Td>
              <Td>{m.score ?? "--"}</Td>
              <Td className="text-xs">{fmt(m.joinTime)}</Td>
              <Td>
                <Button variant="link" size="sm" className="text-danger" onClick={() => setConfirm(removeRequest([m.userId], `「${m.name}」`))}>移除</Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {page.list.length === 0 && <EmptyState title={keyword ? "没有符合条件的考生" : "暂无考生，可点击「添加考生」"} />}
      <div className="mt-3"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} /></div>
      <UserPickerDialog
        open={picking}
        title="添加考生"
        confirmText="添加"
        search={(q) => trpc.org.admin.users.notJoinExam.query({ examId, ...q })}
        onClose={() => setPicking(false)}
        onConfirm={async (users) => {
          await trpc.exam.admin.exam.memberAdd.mutate({ examId, userIds: users.map((u) => u.userId) });
          adminToast.success(`已添加 ${users.length} 名考生`);
          onChanged();
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && remove(confirm.ids)} onCancel={() => setConfirm(null)} />
    </div>
  );
}
