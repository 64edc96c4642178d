import { Link, useLocation, useMatches } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { openLoginDialog } from "~/lib/login-dialog";
import { cn } from "~/lib/utils";
import { DownloadApp } from "./download-app";
import { Logo } from "./logo";
import { MessageBadge } from "./message-badge";
import { SaveToDesktop } from "./save-to-desktop";
import { SearchBox } from "./search-box";
import { isLoggedIn, type Shell, type ShellUser } from "./shell-types";
import { UserMenu } from "./user-menu";

interface Tab {
  label: string;
  to: string;
  external?: boolean;
}

export function headerTabs(infoCenterUrl: string, intranet = false): Tab[] {
  return [
    { label: "首页", to: "/" },
    { label: "课程中心", to: "/course/center" },
    { label: "直播中心", to: "/live/center" },
    { label: "资讯中心", to: infoCenterUrl, external: true },
    { label: "认证中心", to: "/verify/center" },
    // The internal-network variant's own tab: the learner's unit (learner-front-end.md 2).
    ...(intranet ? [{ label: "学校中心", to: "/school/center" }] : []),
  ];
}

// Unknown paths render the home page, so the home tab lights up for them too.
const HOME_ROUTES = new Set(["routes/_index", "routes/$"]);

function useActiveTab(tabs: Tab[]) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.id ?? "";
  if (HOME_ROUTES.has(leaf)) return "/";
  return tabs.find((t) => !t.external && t.to !== "/" && (pathname === t.to || pathname.startsWith(`${t.to}/`)))?.to;
}

export function Header({ user, shell, unreadCount = 0 }: { user: ShellUser; shell: Shell; unreadCount?: number }) {
  const tabs = shell.site.tabs ?? headerTabs(shell.infoCenterUrl, shell.intranet);
  const { pathname, search } = useLocation();
  const active = useActiveTab(tabs);
  if (!shell.layout.header) return null;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-white">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-8 whitespace-nowrap px-4">
        <Logo site={shell.site} />
        {shell.layout.tabs && (
        <nav aria-label="主导航" className="flex h-full shrink-0 items-center gap-6">
          {tabs.map((t) => {
            const cls = cn(
              "relative flex h-full items-center text-[15px] text-[#1d2129] hover:text-primary",
              active === t.to && "font-semibold text-primary after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:rounded after:bg-primary",
            );
            return t.external ? (
              <a key={t.label} href={t.to} target={t.to === "#" ? undefined : "_blank"} rel="noreferrer" className={cls}>
                {t.label}
              </a>
            ) : (
              <Link key={t.label} to={t.to} className={cls} aria-current={active === t.to ? "page" : undefined}>
                {t.label}
              </Link>
            );
          })}
        </nav>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-4">
          {shell.layout.search && <SearchBox />}
          <DownloadApp qrcode={shell.appQrcode} />
          <SaveToDesktop />
          {isLoggedIn(user) ? (
            <div className="flex items-center gap-1">
              {shell.noticeEnabled && shell.layout.notice && <MessageBadge unreadCount={unreadCount} />}
              <UserMenu user={user} showAdminEntry={shell.showAdminEntry} />
            </div>
          ) : shell.ssoLoginUrl ? (
            // Single sign-on replaces the dialog: a plain link, so it works before the page is interactive.
            <Button asChild size="sm" className="rounded-full px-5">
              <a href={`${shell.ssoLoginUrl}?redirect=${encodeURIComponent(pathname + search)}`}>登录</a>
            </Button>
          ) : (
            <Button size="sm" className="rounded-full px-5" onClick={() => openLoginDialog()}>
              登录/注册
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
