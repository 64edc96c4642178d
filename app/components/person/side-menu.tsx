import { NavLink } from "@remix-run/react";
import { cn } from "~/lib/utils";
import { personMenu } from "./menu-items";

export function SideMenu({ isPurchaser, noticeEnabled }: { isPurchaser: boolean; noticeEnabled: boolean }) {
  const items = personMenu({ isPurchaser, noticeEnabled });
  return (
    <nav aria-label="个人中心菜单" className="rounded-lg bg-white py-2">
      {items.map((i) => (
        <NavLink
          key={i.key}
          to={i.to}
          data-track={i.track ? `person-${i.key}` : undefined}
          className={({ isActive }) =>
            cn(
              "relative flex h-11 items-center px-6 text-[15px] text-[#4e5969] hover:bg-primary-50 hover:text-primary",
              isActive && "bg-primary-50 font-medium text-primary before:absolute before:inset-y-2 before:left-0 before:w-[3px] before:rounded-r before:bg-primary",
            )
          }
        >
          {i.label}
        </NavLink>
      ))}
    </nav>
  );
}
