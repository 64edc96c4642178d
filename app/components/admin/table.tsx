import * as React from "react";
import { cn } from "~/lib/utils";

// Plain table parts with the back office's look; pages compose them.

export function Table({ className, ...props }: React.TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto">
      <table className={cn("w-full border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function Th({ className, ...props }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={cn("h-11 whitespace-nowrap bg-[#f7f8fa] px-3 text-left font-medium text-[#4e5969]", className)} {...props} />;
}

export function Td({ className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("h-12 whitespace-nowrap border-t border-border px-3 text-[#1d2129]", className)} {...props} />;
}

const tones = {
  green: "bg-[#e8ffea] text-[#00b42a]",
  gray: "bg-[#f2f3f5] text-[#86909c]",
  red: "bg-[#ffece8] text-[#f53f3f]",
  orange: "bg-[#fff7e8] text-[#ff7d00]",
  blue: "bg-primary-50 text-primary",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof tones; children: React.ReactNode }) {
  return <span className={cn("inline-flex h-6 items-center rounded px-2 text-xs", tones[tone])}>{children}</span>;
}
