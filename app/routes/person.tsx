import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { Avatar } from "~/components/layout/avatar";
import { pageTitle } from "~/components/layout/page-title";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { LoginRequired } from "~/components/person/login-required";
import { SideMenu } from "~/components/person/side-menu";

export const meta: MetaFunction = () => [{ title: pageTitle("个人中心") }];

/** Personal centre frame. No loader and no redirect: a visitor gets the login panel in place. */
export default function PersonLayout() {
  const root = useRootData();
  const user = root?.user;
  const loggedIn = isLoggedIn(user);
  return (
    <div className="mx-auto flex max-w-[1200px] items-start gap-5 px-4 py-6">
      <aside className="w-[220px] shrink-0 space-y-3">
        <div className="flex flex-col items-center rounded-lg bg-white px-4 py-6">
          <Avatar src={user?.headPic} name={user?.nick ?? ""} className="h-16 w-16 text-2xl" />
          <p className="mt-3 max-w-full truncate text-base font-medium text-[#1d2129]">{loggedIn ? user.nick : "未登录"}</p>
        </div>
        <SideMenu isPurchaser={user?.isPurchaser === 1} noticeEnabled={root?.shell.noticeEnabled ?? true} />
      </aside>
      <section className="min-h-[560px] min-w-0 flex-1 rounded-lg bg-white">{loggedIn ? <Outlet /> : <LoginRequired />}</section>
    </div>
  );
}
