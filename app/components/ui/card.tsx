import * as React from "react";
import { cn } from "~/lib/utils";

export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-lg border border-border bg-white", className)} {...props} />;
}

/** A real empty state: an icon-like mark, what is missing, and what to do about it. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-16 text-center">
      <div aria-hidden className="mb-2 h-16 w-16 rounded-full bg-primary-50 ring-8 ring-primary-50/50" />
      <p className="text-base text-[#1d2129]">{title}</p>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
