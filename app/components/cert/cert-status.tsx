import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** 1 有效, 2 已过期, 3 已撤销 (the server's status codes). */
export const CERT_STATUS_TEXT: Record<number, string> = { 1: "有效", 2: "已过期", 3: "已撤销" };

const TONES: Record<number, string> = {
  1: "bg-[#e8ffea] text-[#00b42a] ring-[#aff0b5]",
  2: "bg-[#fff7e8] text-[#d25f00] ring-[#ffcf8b]",
  3: "bg-[#ffece8] text-[#f53f3f] ring-[#fdcdc5]",
};

/** A certificate's status as a small coloured label. */
export function CertStatusBadge({ status, name, className }: { status: number | null | undefined; name?: string; className?: string }) {
  const tone = TONES[status ?? 0] ?? "bg-surface text-muted ring-border";
  return (
    <span data-testid="cert-status" className={cn("inline-flex shrink-0 items-center rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tone, className)}>
      {name || CERT_STATUS_TEXT[status ?? 0] || "未知"}
    </span>
  );
}

/** A label and its value in a certificate's fact list. */
export function CertFact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex gap-3 py-2 text-sm">
      <dt className="w-20 shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 flex-1 break-all text-[#1d2129]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
