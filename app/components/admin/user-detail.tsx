import type { getUserDetail } from "@trpc-app/org/users.service";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { formatTime } from "./format";
import { Badge } from "./table";
import { UserStatusBadges, type UserIntent } from "./user-row";

type Named = { id: number; name: string };
export type UserDetail = Awaited<ReturnType<typeof getUserDetail>> & { groups: Named[]; roles: Named[]; tags: Named[]; positions: Array<Named & { type: number }> };

const SOURCES: Record<string, string> = { web: "网站注册", sms: "短信快捷登录", h5: "移动端注册", import: "Excel导入", admin: "后台添加", third: "授权平台", sso: "单点登录" };

function studyTime(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  const h = Math.floor(minutes / 60);
  if (!h) return `${minutes}分钟`;
  return minutes % 60 ? `${h}小时${minutes % 60}分钟` : `${h}小时`;
}

const names = (list: Array<{ name: string }>) => (list.length ? list.map((x) => x.name).join("、") : "-");

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 py-2 text-sm">
      <dt className="w-24 shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-all text-[#1d2129]">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-border px-6 py-4">
      <h3 className="mb-1 text-sm font-semibold text-[#1d2129]">{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

/** The user detail panel, sliding in from the right. */
export function UserDetailDrawer({
  user,
  error,
  selfId,
  onClose,
  onAction,
  onEdit,
  onAssign,
  onPositions,
}: {
  user: UserDetail | null;
  error: string | null;
  selfId: number;
  onClose: () => void;
  onAction: (intent: UserIntent, user: UserDetail) => void;
  onEdit: (user: UserDetail) => void;
  onAssign: (user: UserDetail) => void;
  onPositions: (user: UserDetail) => void;
}) {
  const open = !!user || !!error;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        onOpenAutoFocus={(e) => e.preventDefault()}
        className="left-auto right-0 top-0 flex h-full w-[460px] translate-x-0 translate-y-0 flex-col overflow-y-auto rounded-none p-0"
      >
        <div className="px-6 pb-4 pt-6">
          <DialogTitle>用户详情</DialogTitle>
          {error && <DialogDescription className="text-danger">{error}</DialogDescription>}
          {user && (
            <div className="mt-4 flex items-center gap-3">
              <span
                aria-hidden
                className="flex h-12 w-12 items-center justify-center rounded-full bg-primary-100 text-lg font-medium text-primary"
              >
                {Array.from(user.nick)[0]}
              </span>
              <div className="min-w-0">
                <DialogDescription className="mt-0 text-base font-medium text-[#1d2129]">{user.nick}</DialogDescription>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  <UserStatusBadges user={user} />
                  {user.isAdmin === 1 && <Badge tone="blue">管理员</Badge>}
                  {user.isTeacher === 1 && <Badge tone="blue">讲师</Badge>}
                  {user.isPurchaser === 1 && <Badge tone="blue">采购人</Badge>}
                </div>
              </div>
            </div>
          )}
        </div>
        {user && (
          <>
            <Section title="基本信息">
              <Field label="用户ID">{user.userId}</Field>
              <Field label="登录名">{user.loginName}</Field>
              <Field label="手机号">{user.mobile || "-"}</Field>
              <Field label="实名认证">{user.isComplete ? "已认证" : "未认证"}</Field>
              <Field label="注册来源">{SOURCES[user.registerSource] ?? user.registerSource}</Field>
              <Field label="注册时间">{formatTime(user.createdAt, true)}</Field>
              <Field label="最后登录">{formatTime(user.lastLoginAt, true)}</Field>
            </Section>
            <Section title="组织、角色、标签与岗位">
              <Field label="所属组织">{names(user.groups)}</Field>
              <Field label="角色">{names(user.roles)}</Field>
              <Field label="标签">{names(user.tags)}</Field>
              <Field label="岗位">{names(user.positions)}</Field>
            </Section>
            <Section title="账号安全">
              <Field label="账号状态">{user.status === 1 ? "启用" : "禁用"}</Field>
              <Field label="登录锁定">{user.locked ? `锁定至 ${formatTime(user.lockedUntil, true)}` : "未锁定"}</Field>
              <Field label="密码错误次数">{user.failedLoginCount}</Field>
              <Field label="在线会话">{user.sessionCount} 个</Field>
            </Section>
            <Section title="学习情况">
              <Field label="学时">{user.learnHour}</Field>
              <Field label="已学课程">{user.learnLesson} 门</Field>
              <Field label="学习时长">{studyTime(user.learnTime)}</Field>
            </Section>
            <div className="mt-auto flex flex-wrap justify-end gap-2 border-t border-border px-6 py-4">
              <Button variant="outline" onClick={() => onEdit(user)}>
                编辑
              </Button>
              <Button variant="outline" onClick={() => onAssign(user)}>
                分配组织角色
              </Button>
              <Button variant="outline" onClick={() => onPositions(user)}>
                分配岗位
              </Button>
              {user.isComplete && (
                <Button variant="outline" onClick={() => onAction("resetAuth", user)}>
                  重置认证信息
                </Button>
              )}
              {user.userId !== selfId && (
                <Button variant="outline" className="hover:text-danger" onClick={() => onAction("del", user)}>
                  删除
                </Button>
              )}
              {user.locked && (
                <Button variant="outline" onClick={() => onAction("unlock", user)}>
                  解锁
                </Button>
              )}
              {user.status === 1 ? (
                user.userId !== selfId && (
                  <Button variant="danger" onClick={() => onAction("unable", user)}>
                    禁用
                  </Button>
                )
              ) : (
                <Button onClick={() => onAction("able", user)}>启用</Button>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
