import { Form, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { Pager } from "~/components/admin/pager";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { downloadFile } from "~/components/course/download";
import { UserPickerDialog } from "~/components/org/user-picker-dialog";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { AccountsDialog } from "./accounts-dialog";
import { RecipientImportDialog } from "./recipient-import-dialog";
import { FilterSelect } from "~/components/admin/filter-select";

export interface RecipientRow {
  userId: number;
  loginName: string;
  nick: string;
  mobile: string;
  userStatus: number;
  source: string;
  bindTime: number | null;
  isRead: number | null;
  readTime: number | null;
  receiveTime: number | null;
}
export interface RecipientPage {
  kind: "bound" | "delivered";
  list: RecipientRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

const SOURCE: Record<string, string> = { pick: "手动添加", account: "按账号添加", import: "Excel导入" };

function Filters({ withRead, keyword, read }: { withRead: boolean; keyword: string; read: string }) {
  const [sp] = useSearchParams();
  return (
    <Form method="get" className="flex gap-2">
      {[...sp.entries()].filter(([k]) => !["rkw", "rread", "rpage"].includes(k)).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <input name="rkw" defaultValue={keyword} placeholder="姓名、登录名或手机号" aria-label="搜索接收人" maxLength={40} className="h-8 w-56 rounded border border-border px-2 text-sm" />
      {withRead && (
        <FilterSelect size="sm" name="rread" label="阅读状态" allLabel="全部" defaultValue={read} options={[{ value: 1, label: "已读" }, { value: 0, label: "未读" }]} />
      )}
      <Button type="submit" size="sm" variant="secondary">
        查询
      </Button>
    </Form>
  );
}

/** A draft's bound users: add by picking, by account or from Excel; remove ticked ones. */
export function BoundUsersPanel({
  messageId,
  page,
  filters,
  hrefFor,
  onChanged,
  onRemove,
  busy,
}: {
  messageId: number;
  page: RecipientPage;
  filters: { keyword: string };
  hrefFor: (n: number) => string;
  onChanged: () => void;
  onRemove: (userIds: number[]) => void;
  busy: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const [byAccount, setByAccount] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { ids: number[] }) | null>(null);
  const selection = useSelection(page.list.map((u) => u.userId), [page.pageNo, page.total, filters.keyword]);
  const ask = (ids: number[], who: string) => setConfirm({ ids, title: "移除接收用户", description: `确定将${who}移出接收名单吗？`, confirmText: "移除", danger: true });
  const template = async () => {
    try {
      downloadFile(await trpc.message.admin.importTemplate.query());
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  };

  return (
    <div data-testid="bound-users">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Filters withRead={false} keyword={filters.keyword} read="" />
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="outline" disabled={!selection.ids.length || busy} onClick={() => ask(selection.ids, `所选的 ${selection.ids.length} 人`)}>
            批量移除{selection.ids.length ? `（${selection.ids.length}）` : ""}
          </Button>
          <Button size="sm" variant="outline" onClick={template}>
            下载导入模板
          </Button>
          <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
            导入Excel
          </Button>
          <Button size="sm" variant="outline" onClick={() => setByAccount(true)}>
            按账号添加
          </Button>
          <Button size="sm" onClick={() => setPicking(true)}>
            添加用户
          </Button>
        </div>
      </div>
      {page.list.length ? (
        <Table>
          <thead>
            <tr>
              <Th className="w-10">
                <input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
              </Th>
              <Th>姓名</Th>
              <Th>登录名</Th>
              <Th>手机号</Th>
              <Th>来源</Th>
              <Th>添加时间</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((u) => (
              <tr key={u.userId} data-user={u.loginName}>
                <Td>
                  <input type="checkbox" aria-label={`选择${u.nick}`} checked={selection.has(u.userId)} onChange={(e) => selection.toggle(u.userId, e.target.checked)} />
                </Td>
                <Td>
                  {u.nick}
                  {u.userStatus !== 1 && (
                    <span className="ml-2">
                      <Badge tone="gray">已停用，不会收到</Badge>
                    </span>
                  )}
                </Td>
                <Td>{u.loginName}</Td>
                <Td>{u.mobile || "-"}</Td>
                <Td className="text-[#4e5969]">{SOURCE[u.source] ?? u.source}</Td>
                <Td className="text-[#4e5969]">{formatTime(u.bindTime)}</Td>
                <Td>
                  <button type="button" className="text-sm text-danger" onClick={() => ask([u.userId], `「${u.nick}」`)}>
                    移除
                  </button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <EmptyState title={filters.keyword ? "没有符合条件的接收用户" : "还没有接收用户"} hint="可逐个添加、按账号批量添加，或下载模板填写后导入" />
      )}
      <div className="mt-3">
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </div>
      <UserPickerDialog
        open={picking}
        title="添加接收用户"
        confirmText="添加"
        excludeIds={page.list.map((u) => u.userId)}
        onClose={() => setPicking(false)}
        onConfirm={async (users) => {
          const r = await trpc.message.admin.bind.mutate({ id: messageId, userIds: users.map((u) => u.userId) });
          adminToast.success(r.added ? `已添加 ${r.added} 名接收用户，共 ${r.boundCount} 人` : "所选用户已在接收名单中");
          onChanged();
        }}
      />
      <AccountsDialog open={byAccount} messageId={messageId} onClose={() => setByAccount(false)} onChanged={onChanged} />
      <RecipientImportDialog open={importing} messageId={messageId} onClose={() => setImporting(false)} onDone={onChanged} />
      <ConfirmDialog
        request={confirm}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          onRemove(confirm.ids);
          setConfirm(null);
          selection.clear();
        }}
      />
    </div>
  );
}

/** Who received a sent (or withdrawn) message and whether they have read it. */
export function DeliveredPanel({ page, filters, hrefFor }: { page: RecipientPage; filters: { keyword: string; read: string }; hrefFor: (n: number) => string }) {
  return (
    <div data-testid="delivered-users">
      <div className="mb-3">
        <Filters withRead keyword={filters.keyword} read={filters.read} />
      </div>
      {page.list.length ? (
        <Table>
          <thead>
            <tr>
              <Th>姓名</Th>
              <Th>登录名</Th>
              <Th>手机号</Th>
              <Th>接收时间</Th>
              <Th>阅读状态</Th>
              <Th>阅读时间</Th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((u) => (
              <tr key={u.userId} data-user={u.loginName}>
                <Td>{u.nick}</Td>
                <Td>{u.loginName}</Td>
                <Td>{u.mobile || "-"}</Td>
                <Td className="text-[#4e5969]">{formatTime(u.receiveTime)}</Td>
                <Td>{u.isRead ? <Badge tone="green">已读</Badge> : <Badge tone="orange">未读</Badge>}</Td>
                <Td className="text-[#4e5969]">{formatTime(u.readTime)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <EmptyState title={filters.keyword || filters.read ? "没有符合条件的接收人" : "没有接收人"} />
      )}
      <div className="mt-3">
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </div>
    </div>
  );
}
