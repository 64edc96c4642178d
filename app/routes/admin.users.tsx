import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { badInput, LegacyCode, legacyCodeOf } from "@base/errors";
import { USER_PAGE_SIZE } from "@trpc-app/org/schemas";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad, readableError } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { UserDetailDrawer } from "~/components/admin/user-detail";
import { UserFilters } from "~/components/admin/user-filters";
import { UserAssignDialog, UserFormDialog, UserPositionDialog } from "~/components/admin/user-form-dialog";
import { UserImportDialog } from "~/components/admin/user-import-dialog";
import { usersConfirm, type UserAction } from "~/components/admin/user-actions";
import { UsersTable } from "~/components/admin/user-row";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import type { AdminLayoutData } from "./admin";

export const meta: MetaFunction = () => [{ title: "用户管理 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = {
      keyword: sp.get("keyword") ?? "",
      status: sp.get("status") ?? "",
      isAdmin: sp.get("isAdmin") ?? "",
      locked: sp.get("locked") ?? "",
    };
    const [page, groups, roles] = await Promise.all([
      caller.org.admin.users.page({ pageNo: sp.get("page") ?? undefined, pageSize: USER_PAGE_SIZE, ...filters }),
      caller.org.admin.group.list(),
      caller.org.admin.role.list(),
    ]);
    const view = sp.get("view");
    let detail = null;
    let detailError: string | null = null;
    let positions: { id: number; name: string; type: number }[] = [];
    const position = (p: { id: number; name: string; type: number }) => ({ id: p.id, name: p.name, type: p.type });
    if (view) {
      try {
        const one = await caller.org.admin.users.getOne({ userId: view });
        const [m, held, all] = await Promise.all([
          caller.org.admin.users.getUser({ userId: one.userId }),
          caller.org.admin.users.privilege.userPosition({ userId: one.userId }),
          caller.org.admin.users.privilege.allPosition({}),
        ]);
        detail = { ...one, groups: m.groups, roles: m.roles, tags: m.tags, positions: held.map(position) };
        positions = all.map(position);
      } catch (error) {
        // A stale or mistyped link shows its reason in the panel; a lost session still goes to the login.
        const code = legacyCodeOf(error);
        if (code !== LegacyCode.notFound && code !== LegacyCode.badInput) throw error;
        detailError = readableError(error);
      }
    }
    const pick = (n: { id: number; name: string; parentId: number | null }) => ({ id: n.id, name: n.name, parentId: n.parentId });
    return { page, filters, detail, detailError, positions, groups: groups.map(pick), roles: roles.map(pick) };
  });

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  let jobId: number | undefined;
  const result = await adminAction(request, async (caller) => {
    const intent = String(form.get("intent") ?? "");
    const text = (k: string) => String(form.get(k) ?? "");
    const ids = String(form.get("ids") ?? "");
    const many = ids.includes(",");
    if (intent === "import") {
      const file = form.get("file");
      if (!(file instanceof Blob) || !file.size) throw badInput("请选择要导入的 Excel 文件");
      const started = await caller.org.admin.users.importExcel({ file });
      jobId = started.jobId;
      return `已开始导入 ${started.total} 行`;
    }
    if (intent === "add") {
      const made = await caller.org.admin.users.add({
        loginName: text("loginName"),
        nick: text("nick"),
        mobile: text("mobile"),
        password: text("password"),
        isAdmin: form.get("isAdmin") ? 1 : 0,
        isTeacher: form.get("isTeacher") ? 1 : 0,
        groupIds: text("groupIds"),
        roleIds: text("roleIds"),
      } as never);
      return made.generatedPassword ? `已新增用户「${made.nick}」，初始密码：${made.generatedPassword}（请妥善告知用户）` : `已新增用户「${made.nick}」`;
    }
    if (intent === "update") {
      const userId = text("userId");
      const before = await caller.org.admin.users.getUser({ userId } as never);
      const updated = await caller.org.admin.users.update({
        userId,
        loginName: text("loginName"),
        nick: text("nick"),
        mobile: text("mobile"),
        password: text("password"),
        isAdmin: form.get("isAdmin") ? 1 : 0,
        isTeacher: form.get("isTeacher") ? 1 : 0,
      } as never);
      // Memberships follow the pickers: add what was ticked, remove what was unticked.
      const want = (k: string) => new Set(text(k).split(",").filter(Boolean).map(Number));
      const groups = want("groupIds");
      const roles = want("roleIds");
      const addG = [...groups].filter((id) => !before.groups.some((g) => g.id === id));
      const addR = [...roles].filter((id) => !before.roles.some((r) => r.id === id));
      const delG = before.groups.filter((g) => !groups.has(g.id)).map((g) => g.id);
      const delR = before.roles.filter((r) => !roles.has(r.id)).map((r) => r.id);
      if (addG.length || addR.length) await caller.org.admin.users.addRoleAndGroup({ userIds: [updated.userId], groupIds: addG, roleIds: addR });
      if (delG.length) await caller.org.admin.users.removeGroup({ userIds: [updated.userId], groupIds: delG });
      if (delR.length) await caller.org.admin.users.removeRole({ userIds: [updated.userId], roleIds: delR });
      return `已保存用户「${updated.nick}」`;
    }
    if (intent === "assign" || intent === "unassign") {
      const input = { userIds: text("ids"), groupIds: text("groupIds"), roleIds: text("roleIds") } as never;
      const g = text("groupIds") !== "";
      const r = text("roleIds") !== "";
      if (intent === "assign") await caller.org.admin.users.addRoleAndGroup(input);
      else {
        if (g) await caller.org.admin.users.removeGroup(input);
        if (r) await caller.org.admin.users.removeRole(input);
      }
      return intent === "assign" ? "已加入所选组织与角色" : "已移出所选组织与角色";
    }
    if (intent === "positions") {
      const held = await caller.org.admin.users.privilege.bindPosition({ userId: text("userId"), positionIds: text("positionIds") } as never);
      return held.length ? `已保存岗位：${held.map((p) => p.name).join("、")}` : "已清空该用户的岗位";
    }
    if (intent === "del") {
      const r = await caller.org.admin.users.del({ ids });
      return r.count > 1 ? `已删除 ${r.count} 个用户` : "已删除该用户";
    }
    if (intent === "resetAuth") {
      await caller.org.admin.users.resetAuthInfo({ userId: ids });
      return "已重置实名认证信息，用户需重新认证";
    }
    if (intent === "able") {
      const r = await caller.org.admin.users.able({ ids });
      return many ? `已启用 ${r.count} 个用户` : "已启用该用户";
    }
    if (intent === "unable") {
      const r = await caller.org.admin.users.unable({ ids });
      return many ? `已禁用 ${r.count} 个用户，其登录状态已失效` : "已禁用该用户，其登录状态已失效";
    }
    if (intent === "unlock") {
      await caller.org.admin.users.unlock({ userId: ids });
      return "已解锁该用户";
    }
    throw badInput("未知的操作");
  });
  return { ...result, jobId };
};

export default function AdminUsers() {
  const { page, filters, detail, detailError, positions, groups, roles } = useLoaderData<typeof loader>();
  const formFetcher = useFetcher<typeof action>({ key: "admin-users-form" });
  const [formOpen, setFormOpen] = useState<"new" | "edit" | null>(null);
  const [assignIds, setAssignIds] = useState<number[] | null>(null);
  const [positionsOpen, setPositionsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const formHandled = useRef<unknown>(null);
  useEffect(() => {
    if (formFetcher.state !== "idle" || !formFetcher.data || formHandled.current === formFetcher.data) return;
    formHandled.current = formFetcher.data;
    if (formFetcher.data.ok) {
      adminToast.success(formFetcher.data.message);
      setFormOpen(null);
      setAssignIds(null);
      setPositionsOpen(false);
    } else adminToast.error(formFetcher.data.message);
  }, [formFetcher.state, formFetcher.data]);
  const selfId = useRouteLoaderData<AdminLayoutData>("routes/admin")?.me.userId ?? 0;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>({ key: "admin-users" });
  const selection = useSelection(page.list.map((u) => u.userId), [page]);
  const [pending, setPending] = useState<UserAction | null>(null);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setPending(null);
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      selection.clear();
    } else adminToast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);

  const withParams = (change: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
  const open = (id: number) =>
    navigate(
      withParams((p) => p.set("view", String(id))),
      { preventScrollReset: true }
    );
  const close = () =>
    navigate(
      withParams((p) => p.delete("view")),
      { preventScrollReset: true, replace: true }
    );
  const ask = (action: UserAction) => setPending(action);
  const confirm = () => pending && fetcher.submit({ intent: pending.intent, ids: pending.ids.join(",") }, { method: "post" });

  const batch = selection.ids;

  return (
    <>
      <PageHeader title="用户管理" trail="用户与组织 / 用户">
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            导入用户
          </Button>
          <Button onClick={() => setFormOpen("new")}>新增用户</Button>
        </div>
      </PageHeader>
      <Card className="mb-4 p-4">
        <UserFilters values={filters} />
      </Card>
      <Card>
        <div className="flex items-center gap-3 px-4 py-3">
          <Button size="sm" variant="outline" disabled={!batch.length} onClick={() => ask(usersConfirm("able", batch))}>
            批量启用
          </Button>
          <Button size="sm" variant="outline" disabled={!batch.length} onClick={() => ask(usersConfirm("unable", batch))}>
            批量禁用
          </Button>
          <Button size="sm" variant="outline" disabled={!batch.length} onClick={() => setAssignIds(batch)}>
            分配组织角色
          </Button>
          <Button size="sm" variant="outline" disabled={!batch.length || batch.includes(selfId)} onClick={() => ask(usersConfirm("del", batch))}>
            批量删除
          </Button>
          <span className="text-sm text-muted">{batch.length ? `已选 ${batch.length} 项` : "勾选用户后可批量操作"}</span>
        </div>
        {page.list.length ? (
          <UsersTable
            list={page.list}
            selection={selection}
            selfId={selfId}
            onOpen={open}
            onAction={(intent, u) => ask(usersConfirm(intent, [u.userId], u.nick))}
          />
        ) : (
          <EmptyState title="没有找到符合条件的用户" hint="换个关键词或筛选条件试试" />
        )}
        <div className="border-t border-border px-4 py-3">
          <Pager
            total={page.total}
            pageNo={page.pageNo}
            pageSize={page.pageSize}
            hrefFor={(n) =>
              withParams((p) => {
                p.set("page", String(n));
                p.delete("view");
              })
            }
          />
        </div>
      </Card>
      <UserDetailDrawer
        user={detail}
        error={detailError}
        selfId={selfId}
        onClose={close}
        onAction={(intent, u) => ask(usersConfirm(intent, [u.userId], u.nick))}
        onEdit={() => setFormOpen("edit")}
        onAssign={(u) => setAssignIds([u.userId])}
        onPositions={() => setPositionsOpen(true)}
      />
      <UserPositionDialog user={positionsOpen ? detail : null} positions={positions} fetcher={formFetcher} onClose={() => setPositionsOpen(false)} />
      <UserFormDialog
        open={!!formOpen}
        user={formOpen === "edit" ? detail : null}
        groups={groups}
        roles={roles}
        fetcher={formFetcher as never}
        onClose={() => setFormOpen(null)}
      />
      <UserAssignDialog userIds={assignIds} groups={groups} roles={roles} fetcher={formFetcher as never} onClose={() => setAssignIds(null)} />
      <UserImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <ConfirmDialog
        request={pending?.confirm ?? null}
        busy={fetcher.state !== "idle"}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
