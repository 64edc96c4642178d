import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { personMenu } from "./menu-items";

/** The learner's unfinished task count, asked again on every page of the personal centre (a finished task drops it). */
function useUnfinishedTasks() {
  const loggedIn = isLoggedIn(useRootData()?.user);
  const { pathname, search } = useLocation();
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!loggedIn) return setN(0);
    let live = true;
    trpc.task.unfinishedNum.query().then(
      (r) => live && setN(r.unfinishedNum),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loggedIn, pathname, search]);
  return n;
}

export function SideMenu({ isPurchaser, noticeEnabled }: { isPurchaser: boolean; noticeEnabled: boolean }) {
  const items = personMenu({ isPurchaser, noticeEnabled });
  const unfinished = useUnfinishedTasks();
  const { pathname } = useLocation();
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
              // A page of its own under an item (直播学分明细 under 学习学分) keeps the item lit.
              (isActive || pathname.startsWith(`${i.to}-`)) && "bg-primary-50 font-medium text-primary before:absolute before:inset-y-2 before:left-0 before:w-[3px] before:rounded-r before:bg-primary",
            )
          }
        >
          {i.label}
          {i.key === "task" && unfinished > 0 && (
            <span data-testid="task-unfinished-badge" aria-label={`${unfinished}个未完成任务`} className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs font-normal text-white">
              {unfinished > 99 ? "99+" : unfinished}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
