import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";
import { ADMIN_NAV, adminPath } from "./nav";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex h-9 items-center rounded-md px-3 text-sm transition-colors",
    isActive ? "bg-primary-50 font-medium text-primary" : "text-[#4e5969] hover:bg-surface hover:text-[#1d2129]"
  );

export function AdminSidebar() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // Areas far down the list stay visible when opened from a link elsewhere.
  useEffect(() => {
    const box = nav.current;
    const el = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !el) return;
    if (el.offsetTop < box.scrollTop || el.offsetTop + el.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = el.offsetTop - box.clientHeight / 2;
    }
  }, [pathname]);
  return (
    <div className="w-56 shrink-0 border-r border-border bg-white">
      <aside className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-5">
          <span className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-sm font-bold text-white">财</span>
          <span className="font-semibold text-[#1d2129]">财云学院</span>
          <span className="rounded bg-primary-50 px-1.5 py-0.5 text-[11px] text-primary">管理后台</span>
        </div>
        <nav ref={nav} aria-label="管理后台导航" className="relative flex-1 overflow-y-auto px-3 py-3">
          <NavLink to="/admin" end className={itemClass}>
            概览
          </NavLink>
          {ADMIN_NAV.map((group) => (
            <div key={group.title} className="mt-4">
              <p className="px-3 pb-1 text-xs font-medium text-muted">{group.title}</p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.slug}>
                    <NavLink to={adminPath(item.slug)} className={itemClass} prefetch="intent">
                      {item.title}
                      {item.pending && <span className="ml-1.5 text-[10px] text-muted">筹备中</span>}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
    </div>
  );
}
