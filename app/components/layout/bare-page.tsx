import type { ReactNode } from "react";
import { Logo } from "./logo";

/** Frame of the pages shown without the main layout (maintenance, login failure, face check). */
export function BarePage({ title, children, mark }: { title: string; children: ReactNode; mark?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <div className="mx-auto w-full max-w-[1200px] px-4 py-5">
        <Logo />
      </div>
      <div className="flex flex-1 items-center justify-center px-4 pb-24">
        <section className="w-full max-w-[520px] rounded-xl bg-white px-10 py-12 text-center shadow-sm">
          <div aria-hidden className="mx-auto mb-6 flex h-20 w-20 items-center justify-center rounded-full bg-primary-50 text-4xl text-primary">
            {mark ?? "!"}
          </div>
          <h1 className="text-2xl font-semibold text-[#1d2129]">{title}</h1>
          {children}
        </section>
      </div>
    </div>
  );
}
