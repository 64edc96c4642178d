import type * as React from "react";
import { FieldError, Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/** A labelled field with its error (or hint) line under the input. */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? <FieldError>{error}</FieldError> : hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

/** A red message bar for errors that belong to the whole form. */
export function ErrorBar({ children, className }: { children?: React.ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div role="alert" className={cn("rounded-md border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger", className)}>
      {children}
    </div>
  );
}

/** The white centred card the account pages (sign-up, password, phone) render in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="flex justify-center px-4 py-12">
      <section className="w-[480px] max-w-full rounded-lg border border-border bg-white px-10 py-9 shadow-sm">
        <h1 className="text-center text-xl font-semibold text-[#1d2129]">{title}</h1>
        {subtitle && <div className="mt-2 text-center text-sm text-muted">{subtitle}</div>}
        <div className="mt-7">{children}</div>
      </section>
    </main>
  );
}

/** Step markers for the two-step flows (password reset, phone change). */
export function Steps({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol className="mb-7 flex items-center justify-between gap-2 text-xs">
      {steps.map((label, i) => (
        <li key={label} className="flex flex-1 items-center gap-2 last:flex-none">
          <span
            aria-current={i === current ? "step" : undefined}
            className={cn(
              "flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs",
              i < current && "border-primary bg-primary-50 text-primary",
              i === current && "border-primary bg-primary text-white",
              i > current && "border-border text-muted",
            )}
          >
            {i < current ? "✓" : i + 1}
          </span>
          <span className={cn("whitespace-nowrap", i <= current ? "text-[#1d2129]" : "text-muted")}>{label}</span>
          {i < steps.length - 1 && <span aria-hidden className={cn("h-px flex-1", i < current ? "bg-primary" : "bg-border")} />}
        </li>
      ))}
    </ol>
  );
}
