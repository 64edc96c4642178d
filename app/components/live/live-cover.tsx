import { cn } from "~/lib/utils";

/** A live's cover picture; a live without one shows its name on the brand gradient, never an empty box. */
export function LiveCover({ name, coverUrl, className, compact }: { name: string; coverUrl: string | null | undefined; className?: string; compact?: boolean }) {
  return (
    <div className={cn("relative overflow-hidden bg-gradient-to-br from-[#1e3a8a] via-[#1d4ed8] to-[#006bfd]", className)}>
      {coverUrl ? (
        <img src={coverUrl} alt="" className="h-full w-full object-cover" />
      ) : (
        // The name is printed beside every cover too: readers of the page hear it once.
        <span aria-hidden className={cn("absolute inset-0 flex items-center justify-center text-center font-semibold text-white/90", compact ? "line-clamp-2 px-1 text-[10px] leading-3" : "px-6 text-lg")}>{name}</span>
      )}
    </div>
  );
}
