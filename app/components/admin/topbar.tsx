import { Link } from "@remix-run/react";

export function AdminTopbar({ nick }: { nick: string }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-end gap-5 border-b border-border bg-white px-6">
      <Link to="/" className="text-sm text-[#4e5969] hover:text-primary">
        返回学习端
      </Link>
      <span className="h-4 w-px bg-border" aria-hidden />
      <span className="flex items-center gap-2 text-sm text-[#1d2129]">
        <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-full bg-primary-100 text-xs font-medium text-primary">
          {Array.from(nick)[0] ?? "管"}
        </span>
        {nick}
      </span>
      {/* A resource route, so the browser must load it as a document to follow its redirect. */}
      <a href="/api/login/logout?target=/" className="text-sm text-[#4e5969] hover:text-danger">
        退出登录
      </a>
    </header>
  );
}
