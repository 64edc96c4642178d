import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { AdminForbidden } from "~/components/admin/forbidden";
import { FORBIDDEN_MESSAGE, loginUrl } from "~/components/admin/guard.server";
import { AdminShell } from "~/components/admin/shell";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "管理后台 - 财云学院" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, resHeaders } = await serverCaller(request);
  const me = await caller.auth.me();
  if (!me.isLogin || me.userId === null) throw redirect(loginUrl(request));
  if (me.isAdmin !== 1) throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return data({ me: { userId: me.userId, nick: me.nick } }, { headers: resHeaders });
}

export type AdminLayoutData = typeof loader;

export default function AdminLayout() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <AdminShell nick={me.nick}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-surface p-6 text-center">
      <h1 className="text-lg font-semibold text-[#1d2129]">管理后台暂时无法打开</h1>
      <p className="text-sm text-muted">服务器开小差了，请稍后再试</p>
      <Link to="/" className="text-sm text-primary hover:underline">
        返回首页
      </Link>
    </main>
  );
}
