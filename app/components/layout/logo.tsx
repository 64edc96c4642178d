import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

/** The product mark and name; links home. */
export function Logo({ className, light }: { className?: string; light?: boolean }) {
  return (
    <Link to="/" className={cn("flex shrink-0 items-center gap-2", className)} aria-label="财云学院首页">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-base font-bold text-white">财</span>
      <span className={cn("text-xl font-bold tracking-wide", light ? "text-white" : "text-[#1d2129]")}>财云学院</span>
    </Link>
  );
}
