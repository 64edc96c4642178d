import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

/** One labelled row of the message and message-task forms: label on the left, the field and its error under it. */
export function FormRow({ label, htmlFor, error, children, required }: { label: string; htmlFor?: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[110px_1fr] items-start gap-3">
      <Label htmlFor={htmlFor} className="pt-2.5 text-right text-sm text-[#4e5969]">
        {required && <span className="mr-0.5 text-danger">*</span>}
        {label}
      </Label>
      <div className="min-w-0">
        {children}
        {error && (
          <p role="alert" className="mt-1 text-xs text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
