import * as LabelPrimitive from "@radix-ui/react-label";
import * as React from "react";
import { cn } from "~/lib/utils";

export const Label = React.forwardRef<
  React.ElementRef<typeof LabelPrimitive.Root>,
  React.ComponentPropsWithoutRef<typeof LabelPrimitive.Root>
>(({ className, ...props }, ref) => (
  <LabelPrimitive.Root ref={ref} className={cn("text-sm font-medium text-[#1d2129]", className)} {...props} />
));
Label.displayName = "Label";

/** A field's error line under the input; role=alert so screen readers announce it. */
export function FieldError({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-1 text-xs text-danger">
      {children}
    </p>
  );
}
