import * as Menu from "@radix-ui/react-dropdown-menu";
import { Link, useLocation } from "@remix-run/react";
import { Avatar } from "./avatar";
import { ChevronDownIcon } from "./icons";
import type { ShellUser } from "./shell-types";

const item =
  "flex h-9 cursor-pointer items-center rounded px-3 text-sm text-[#1d2129] outline-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary";

/** Logout goes back to where the user was; the server only follows same-site paths. */
export function logoutHref(pathname: string, search: string) {
  return `/api/login/logout?target=${encodeURIComponent(pathname + search)}`;
}

export function UserMenu({ user, showAdminEntry }: { user: ShellUser; showAdminEntry: boolean }) {
  const location = useLocation();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className="flex cursor-pointer items-center gap-2 rounded-full py-1 pl-1 pr-2 outline-none hover:bg-surface data-[state=open]:bg-surface">
        <Avatar src={user.headPic} name={user.nick} />
        <span className="max-w-[96px] truncate text-sm text-[#1d2129]">{user.nick}</span>
        <ChevronDownIcon className="text-xs text-muted" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="z-40 w-40 rounded-lg border border-border bg-white p-1 shadow-lg">
          <Menu.Item asChild className={item}>
            <Link to="/person/overview">个人中心</Link>
          </Menu.Item>
          <Menu.Item asChild className={item}>
            <Link to="/rank">学习排行</Link>
          </Menu.Item>
          {showAdminEntry && (
            <Menu.Item asChild className={item}>
              <Link to="/admin">管理后台</Link>
            </Menu.Item>
          )}
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item asChild className={item}>
            <a href={logoutHref(location.pathname, location.search)}>退出登录</a>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
