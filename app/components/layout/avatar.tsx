import { cn } from "~/lib/utils";

/** The user's head picture, or the first character of the nick on a primary disc. */
export function Avatar({ src, name, className }: { src?: string; name: string; className?: string }) {
  if (src) return <img src={src} alt={name} className={cn("h-8 w-8 shrink-0 rounded-full object-cover", className)} />;
  return (
    <span aria-hidden className={cn("flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary-100 text-sm font-medium text-primary", className)}>
      {Array.from(name || "学")[0]}
    </span>
  );
}
