import { Link, useLocation } from "@remix-run/react";
import { cn } from "~/lib/utils";

/** Page links that keep the other query parameters. */
export function QueryPager({ pageNo, pageSize, total }: { pageNo: number; pageSize: number; total: number }) {
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (n: number) => {
    const q = new URLSearchParams(search);
    q.set("pageNo", String(n));
    return `${pathname}?${q}`;
  };
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - pageNo) <= 2);
  return (
    <nav className="mt-6 flex items-center justify-center gap-1 text-sm" aria-label="分页">
      {pageNo > 1 && (
        <Link to={href(pageNo - 1)} className="rounded border border-border bg-white px-3 py-1.5 hover:border-primary hover:text-primary">
          上一页
        </Link>
      )}
      {shown.map((n, i) => (
        <span key={n} className="flex items-center gap-1">
          {i > 0 && shown[i - 1]! < n - 1 && <span className="px-1 text-muted">…</span>}
          <Link
            to={href(n)}
            aria-current={n === pageNo ? "page" : undefined}
            className={cn("min-w-8 rounded border px-2.5 py-1.5 text-center", n === pageNo ? "border-primary bg-primary text-white" : "border-border bg-white hover:border-primary hover:text-primary")}
          >
            {n}
          </Link>
        </span>
      ))}
      {pageNo < pages && (
        <Link to={href(pageNo + 1)} className="rounded border border-border bg-white px-3 py-1.5 hover:border-primary hover:text-primary">
          下一页
        </Link>
      )}
      <span className="ml-2 text-muted">共 {total} 条</span>
    </nav>
  );
}
