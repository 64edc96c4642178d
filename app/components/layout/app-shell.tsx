import { useUnreadCount } from "./use-unread-count";
import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Header } from "./header";
import type { RootData } from "./shell-types";
import { NewcomerGift } from "~/components/newcomer/newcomer-gift";

/** The main layout: header, page, footer. Pages under a `handle.layout = "bare"` route skip it. */
export function AppShell({ data, children }: { data: RootData; children: ReactNode }) {
  const unread = useUnreadCount(data.user?.isLogin === 1 ? data.user.userId : null);
  return (
    <div className="flex min-h-screen flex-col">
      <Header user={data.user} shell={data.shell} unreadCount={unread} />
      <main className="flex-1">{children}</main>
      {data.shell.layout.footer && <Footer shell={data.shell} />}
      <NewcomerGift />
    </div>
  );
}
