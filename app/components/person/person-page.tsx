import type { ReactNode } from "react";

/** One personal-centre page: its title bar and body. */
export function PersonPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="flex h-14 items-center justify-between border-b border-border px-6">
        <h1 className="text-base font-semibold text-[#1d2129]">{title}</h1>
        {extra}
      </div>
      <div className="p-6">{children}</div>
    </div>
  );
}
