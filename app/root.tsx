import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useEffect } from "react";
import { Toaster } from "sonner";
import { AppShell } from "~/components/layout/app-shell";
import { BarePage } from "~/components/layout/bare-page";
import { ErrorDialogHost } from "~/components/layout/error-dialog-host";
import { PRODUCT_NAME } from "~/components/layout/page-title";
import { loadRootData } from "~/components/layout/shell-data.server";
import type { RootData } from "~/components/layout/shell-types";
import { LoginDialogHost } from "~/components/auth/login-dialog";
import { Button } from "~/components/ui/button";
import { configureApiErrors } from "~/lib/api-errors";
import { configureLoginPage, openLoginDialog } from "~/lib/login-dialog";
import { safeTarget } from "@base/safe-target";
import stylesheet from "./tailwind.css?url";
import { SitePreview } from "~/components/site/site-preview";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { value, headers } = await loadRootData(request);
  return data(value, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Routes whose handle says `layout: "bare"` (maintenance, login failure, face check) skip the shell,
 * and so does the back office, which brings its own.
 */
function useBare(plainRoutes: string[]) {
  return useMatches().some(
    (m) =>
      (m.handle as { layout?: string } | undefined)?.layout === "bare" ||
      m.id === "routes/admin" ||
      m.id.startsWith("routes/admin.") ||
      plainRoutes.includes(m.id),
  );
}

export default function App() {
  const root = useLoaderData<typeof loader>() as RootData;
  const { shell } = root;
  const bare = useBare(shell.plainRoutes);

  useEffect(() => {
    configureApiErrors({
      openScopeGuideUrl: shell.openScopeGuideUrl,
      accountIssueUrl: shell.accountIssueUrl,
      plainNoOpenPermission: shell.permissionDenied !== undefined && shell.permissionDenied !== 1,
    });
  }, [shell.openScopeGuideUrl, shell.accountIssueUrl, shell.permissionDenied]);

  useEffect(() => configureLoginPage(shell.loginUrl), [shell.loginUrl]);
  useSiteTitle(shell.site.titleSuffix);

  useEffect(() => {
    // ?login=1 (e.g. after the SSO redirect) asks for the login dialog once on load.
    const params = new URLSearchParams(window.location.search);
    const back = params.get("redirect");
    const redirectTo = back ? safeTarget(back, "") || undefined : undefined;
    if (params.get("login") === "1") openLoginDialog({ redirectTo });
  }, []);

  return (
    <>
      {/* Hosts first: their subscriptions must exist before any page effect asks for a dialog. */}
      <LoginDialogHost />
      <ErrorDialogHost />
      <Toaster position="top-center" richColors />
      {shell.site.maintenance ? (
        <SiteMaintenance name={shell.site.name} />
      ) : (
        <>
          {!shell.isMainSite && <SitePreview site={shell.site} />}
          {bare ? (
            <Outlet />
          ) : (
            <AppShell data={root}>
              <Outlet />
            </AppShell>
          )}
        </>
      )}
    </>
  );
}

/** An extra site's page titles end with its own name (siteTab.suffix) instead of the product name. */
function useSiteTitle(suffix: string | undefined) {
  const location = useLocation();
  useEffect(() => {
    if (!suffix || !document.title.endsWith(PRODUCT_NAME)) return;
    document.title = document.title.slice(0, -PRODUCT_NAME.length) + suffix;
  }, [suffix, location.key]);
}

/** What learners meet on an extra site that is not released (yet, or any more). */
function SiteMaintenance({ name }: { name: string }) {
  return (
    <BarePage title="站点维护中" mark="⚙">
      <title>{`站点维护中 - ${name}`}</title>
      <p className="mt-3 text-sm leading-6 text-muted">「{name}」正在建设或维护中，暂时无法访问，请稍后再来。</p>
      <Button asChild className="mt-8 px-8">
        <a href="/">前往财云学院首页</a>
      </Button>
    </BarePage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <BarePage title={notFound ? "页面不存在" : "页面出错了"}>
      <title>{`${notFound ? "页面不存在" : "页面出错了"} - ${PRODUCT_NAME}`}</title>
      <p className="mt-3 text-sm leading-6 text-muted">
        {notFound ? "您访问的页面不存在或已被删除" : "服务器开小差了，请稍后再试"}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          刷新重试
        </Button>
        <Button asChild>
          <a href="/">返回首页</a>
        </Button>
      </div>
    </BarePage>
  );
}
