import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";
import type { SiteShell } from "./shell-types";

/** The product mark and name, or an extra site's own logo and name; links to that site's home. */
export function Logo({ className, light, site }: { className?: string; light?: boolean; site?: Pick<SiteShell, "name" | "pathName" | "logoPicUrl"> }) {
  const name = site?.pathName ? site.name : "财云学院";
  return (
    <Link to="/" className={cn("flex shrink-0 items-center gap-2", className)} aria-label={`${name}首页`}>
      {site?.logoPicUrl ? (
        <img src={site.logoPicUrl} alt="" className="h-8 w-auto max-w-[48px] object-contain" />
      ) : (
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-base font-bold text-white">{name.slice(0, 1)}</span>
      )}
      <span className={cn("text-xl font-bold tracking-wide", light ? "text-white" : "text-[#1d2129]")}>{name}</span>
    </Link>
  );
}
