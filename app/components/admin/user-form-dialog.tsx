import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { UserDetail } from "./user-detail";
import { NodePicker, type FlatNode } from "./user-pick-nodes";

/** Add a user (groups and roles at once) or edit one; the server applies the field rules. */
export function UserFormDialog({
  user,
  open,
  groups,
  roles,
  fetcher,
  onClose,
}: {
  user: UserDetail | null;
  open: boolean;
  groups: FlatNode[];
  roles: FlatNode[];
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}) {
  const [groupIds, setGroupIds] = useState<Set<number>>(new Set());
  const [roleIds, setRoleIds] = useState<Set<number>>(new Set());
  useEffect(() => {
    setGroupIds(new Set(user?.groups.map((g) => g.id) ?? []));
    setRoleIds(new Set(user?.roles.map((r) => r.id) ?? []));
  }, [user, open]);
  if (!open) return null;
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>{user ? `编辑用户「${user.nick}」` : "新增用户"}</DialogTitle>
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={user ? "update" : "add"} />
          {user && <input type="hidden" name="userId" value={user.userId} />}
          <input type="hidden" name="groupIds" value={[...groupIds].join(",")} />
          <input type="hidden" name="roleIds" value={[...roleIds].join(",")} />
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-1.5">
              <Label htmlFor="u-login">登录名</Label>
              <Input id="u-login" name="loginName" defaultValue={user?.loginName ?? ""} maxLength={20} placeholder="字母、数字及下划线" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="u-nick">昵称</Label>
              <Input id="u-nick" name="nick" defaultValue={user?.nick ?? ""} maxLength={16} placeholder="中文、字母及数字" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="u-mobile">手机号</Label>
              <Input id="u-mobile" name="mobile" defaultValue={user?.mobile ?? ""} maxLength={12} placeholder="选填" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="u-password">{user ? "重置密码" : "初始密码"}</Label>
              <Input id="u-password" name="password" type="password" autoComplete="new-password" maxLength={16} placeholder={user ? "不修改请留空" : "留空则自动生成"} />
            </div>
          </div>
          <div className="flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="isAdmin" value="1" defaultChecked={user?.isAdmin === 1} /> 管理员
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="isTeacher" value="1" defaultChecked={user?.isTeacher === 1} /> 讲师
            </label>
          </div>
          <div className="flex gap-4">
            <NodePicker label="所属组织" nodes={groups} value={groupIds} onChange={setGroupIds} />
            <NodePicker label="角色" nodes={roles} value={roleIds} onChange={setRoleIds} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "保存中…" : "保存"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Adds or removes groups and roles for one or many users. */
export function UserAssignDialog({
  userIds,
  groups,
  roles,
  fetcher,
  onClose,
}: {
  userIds: number[] | null;
  groups: FlatNode[];
  roles: FlatNode[];
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}) {
  const [groupIds, setGroupIds] = useState<Set<number>>(new Set());
  const [roleIds, setRoleIds] = useState<Set<number>>(new Set());
  useEffect(() => {
    setGroupIds(new Set());
    setRoleIds(new Set());
  }, [userIds]);
  if (!userIds) return null;
  const busy = fetcher.state !== "idle";
  const send = (intent: "assign" | "unassign") =>
    fetcher.submit({ intent, ids: userIds.join(","), groupIds: [...groupIds].join(","), roleIds: [...roleIds].join(",") }, { method: "post" });
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>分配组织与角色（{userIds.length} 个用户）</DialogTitle>
        <div className="mt-4 flex gap-4">
          <NodePicker label="组织" nodes={groups} value={groupIds} onChange={setGroupIds} />
          <NodePicker label="角色" nodes={roles} value={roleIds} onChange={setRoleIds} />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button type="button" variant="outline" disabled={busy || (!groupIds.size && !roleIds.size)} onClick={() => send("unassign")}>
            移出所选
          </Button>
          <Button type="button" disabled={busy || (!groupIds.size && !roleIds.size)} onClick={() => send("assign")}>
            加入所选
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export interface PositionOption {
  id: number;
  name: string;
  /** 1 back office, 2 learner site. */
  type: number;
}

/** Replaces one user's positions (岗位) with the ticked ones; the positions decide page elements and apps. */
export function UserPositionDialog({
  user,
  positions,
  fetcher,
  onClose,
}: {
  user: { userId: number; nick: string; positions: PositionOption[] } | null;
  positions: PositionOption[];
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}) {
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  useEffect(() => setTicked(new Set(user?.positions.map((p) => p.id) ?? [])), [user]);
  if (!user) return null;
  const busy = fetcher.state !== "idle";
  const flip = (id: number, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const groups = [
    { type: 1, title: "管理后台岗位" },
    { type: 2, title: "学习端岗位" },
  ].map((g) => ({ ...g, list: positions.filter((p) => (p.type === 2 ? 2 : 1) === g.type) }));
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[520px]">
        <DialogTitle>分配岗位 · {user.nick}</DialogTitle>
        <DialogDescription>岗位决定用户在页面上可见的功能和可进入的应用；不勾选任何岗位即只保留公共功能。</DialogDescription>
        {positions.length ? (
          <div className="mt-2 space-y-4">
            {groups
              .filter((g) => g.list.length)
              .map((g) => (
                <fieldset key={g.type}>
                  <legend className="mb-2 text-sm font-medium text-[#1d2129]">{g.title}</legend>
                  <div className="flex flex-wrap gap-x-6 gap-y-2">
                    {g.list.map((p) => (
                      <label key={p.id} className="inline-flex items-center gap-2 text-sm">
                        <Checkbox checked={ticked.has(p.id)} onCheckedChange={(v) => flip(p.id, v === true)} aria-label={p.name} />
                        {p.name}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted">还没有配置岗位。</p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button
            type="button"
            disabled={busy || !positions.length}
            onClick={() => fetcher.submit({ intent: "positions", userId: String(user.userId), positionIds: [...ticked].join(",") }, { method: "post" })}
          >
            {busy ? "保存中…" : "保存"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
