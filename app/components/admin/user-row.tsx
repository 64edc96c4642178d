import type { AdminUserView } from "@trpc-app/org/users.service";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/lib/utils";
import { formatTime } from "./format";
import { Badge, Table, Td, Th } from "./table";
import type { Selection } from "./use-selection";

export type UserIntent = "able" | "unable" | "unlock" | "del" | "resetAuth";

export function UserStatusBadges({ user }: { user: Pick<AdminUserView, "status" | "locked"> }) {
  return (
    <>
      {user.status === 1 ? <Badge tone="green">启用</Badge> : <Badge tone="gray">禁用</Badge>}
      {user.locked && <Badge tone="orange">已锁定</Badge>}
    </>
  );
}

/** Clicks on controls inside a row must not also open the row. */
const stop = (e: React.SyntheticEvent) => e.stopPropagation();

export function UsersTable({
  list,
  selection,
  selfId,
  onOpen,
  onAction,
}: {
  list: AdminUserView[];
  selection: Selection;
  selfId: number;
  onOpen: (id: number) => void;
  onAction: (intent: UserIntent, user: AdminUserView) => void;
}) {
  return (
    <Table>
      <thead>
        <tr>
          <Th className="w-10">
            <Checkbox aria-label="全选本页" checked={selection.page} onCheckedChange={(v) => selection.setPage(v === true)} disabled={!list.length} />
          </Th>
          <Th>用户ID</Th>
          <Th>登录名</Th>
          <Th>昵称</Th>
          <Th>手机号</Th>
          <Th>状态</Th>
          <Th>管理员</Th>
          <Th>最后登录</Th>
          <Th>注册时间</Th>
          <Th className="w-44">操作</Th>
        </tr>
      </thead>
      <tbody>
        {list.map((u) => (
          <tr
            key={u.userId}
            onClick={() => onOpen(u.userId)}
            className={cn("cursor-pointer hover:bg-primary-50/40", selection.has(u.userId) && "bg-primary-50/60")}
          >
            <Td onClick={stop}>
              <Checkbox
                aria-label={`选择 ${u.nick}`}
                checked={selection.has(u.userId)}
                onCheckedChange={(v) => selection.toggle(u.userId, v === true)}
              />
            </Td>
            <Td className="tabular-nums text-[#4e5969]">{u.userId}</Td>
            <Td>{u.loginName}</Td>
            <Td>
              {u.nick}
              {u.userId === selfId && <span className="ml-1.5 text-xs text-muted">（当前账号）</span>}
            </Td>
            <Td className="tabular-nums">{u.mobile || "-"}</Td>
            <Td>
              <span className="flex gap-1.5">
                <UserStatusBadges user={u} />
              </span>
            </Td>
            <Td>{u.isAdmin === 1 ? <Badge tone="blue">是</Badge> : <span className="text-muted">否</span>}</Td>
            <Td className="tabular-nums text-[#4e5969]">{formatTime(u.lastLoginAt)}</Td>
            <Td className="tabular-nums text-[#4e5969]">{formatTime(u.createdAt)}</Td>
            <Td onClick={stop}>
              <span className="inline-flex gap-3">
                <Button variant="link" size="sm" className="px-0" onClick={() => onOpen(u.userId)}>
                  查看
                </Button>
                {u.status === 1 ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="px-0 text-danger"
                    onClick={() => onAction("unable", u)}
                    disabled={u.userId === selfId}
                  >
                    禁用
                  </Button>
                ) : (
                  <Button variant="link" size="sm" className="px-0" onClick={() => onAction("able", u)}>
                    启用
                  </Button>
                )}
                {u.locked && (
                  <Button variant="link" size="sm" className="px-0" onClick={() => onAction("unlock", u)}>
                    解锁
                  </Button>
                )}
              </span>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
