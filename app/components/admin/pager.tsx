import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const out: (number | "gap")[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== "gap") out.push("gap");
  }
  return out;
}

const cell = "flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm";

export function Pager({
  total,
  pageNo,
  pageSize,
  hrefFor,
}: {
  total: number;
  pageNo: number;
  pageSize: number;
  hrefFor: (page: number) => string;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const step = (page: number, label: string, disabled: boolean) =>
    disabled ? (
      <span className={cn(cell, "cursor-not-allowed border-border text-[#c9cdd4]")} aria-disabled>
        {label}
      </span>
    ) : (
      <Link
        to={hrefFor(page)}
        preventScrollReset
        className={cn(cell, "border-border bg-white text-[#4e5969] hover:border-primary hover:text-primary")}
      >
        {label}
      </Link>
    );
  return (
    <nav aria-label="分页" className="flex items-center justify-end gap-2">
      <span className="mr-2 text-sm text-muted">共 {total} 条</span>
      {step(pageNo - 1, "上一页", pageNo <= 1)}
      {pageWindow(pageNo, last).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-muted">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            preventScrollReset
            aria-current={p === pageNo ? "page" : undefined}
            className={cn(
              cell,
              p === pageNo
                ? "border-primary bg-primary text-white"
                : "border-border bg-white text-[#4e5969] hover:border-primary hover:text-primary"
            )}
          >
            {p}
          </Link>
        )
      )}
      {step(pageNo + 1, "下一页", pageNo >= last)}
    </nav>
  );
}
