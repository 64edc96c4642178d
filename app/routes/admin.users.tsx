import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { badInput, LegacyCode, legacyCodeOf } from "@trpc-app/errors";
import { USER_PAGE_SIZE } from "@trpc-app/org/schemas";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad, readableError } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import { UserDetailDrawer } from "~/components/admin/user-detail";
import { UserFilters } from "~/components/admin/user-filters";
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
    const page = await caller.org.users.page({ pageNo: sp.get("page") ?? undefined, pageSize: USER_PAGE_SIZE, ...filters });
    const view = sp.get("view");
    let detail = null;
    let detailError: string | null = null;
    if (view) {
      try {
        detail = await caller.org.users.getOne({ userId: view });
      } catch (error) {
        // A stale or mistyped link shows its reason in the panel; a lost session still goes to the login.
        const code = legacyCodeOf(error);
        if (code !== LegacyCode.notFound && code !== LegacyCode.badInput) throw error;
        detailError = readableError(error);
      }
    }
    return { page, filters, detail, detailError };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const ids = String(form.get("ids") ?? "");
    const many = ids.includes(",");
    if (intent === "able") {
      const r = await caller.org.users.able({ ids });
      return many ? `已启用 ${r.count} 个用户` : "已启用该用户";
    }
    if (intent === "unable") {
      const r = await caller.org.users.unable({ ids });
      return many ? `已禁用 ${r.count} 个用户，其登录状态已失效` : "已禁用该用户，其登录状态已失效";
    }
    if (intent === "unlock") {
      await caller.org.users.unlock({ userId: ids });
      return "已解锁该用户";
    }
    throw badInput("未知的操作");
  });

export default function AdminUsers() {
  const { page, filters, detail, detailError } = useLoaderData<typeof loader>();
  const selfId = useRouteLoaderData<AdminLayoutData>("routes/admin")?.me.userId ?? 0;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>({ key: "admin-users" });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<UserAction | null>(null);
  const handled = useRef<unknown>(null);

  // A new page of results starts with nothing selected.
  useEffect(() => setSelected(new Set()), [page]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setPending(null);
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      setSelected(new Set());
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

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(page.list.map((u) => u.userId)) : new Set());
  const batch = [...selected];

  return (
    <>
      <PageHeader title="用户管理" trail="用户与组织 / 用户" />
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
          <span className="text-sm text-muted">{batch.length ? `已选 ${batch.length} 项` : "勾选用户后可批量操作"}</span>
        </div>
        {page.list.length ? (
          <UsersTable
            list={page.list}
            selected={selected}
            selfId={selfId}
            onToggle={toggle}
            onToggleAll={toggleAll}
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
      />
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
