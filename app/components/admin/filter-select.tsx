import { cn } from "~/lib/utils";

export type FilterOption = { value: string | number; label: string };

// `md` lines up with the text inputs of a filter bar; `sm` is for compact panels.
const heights = { sm: "h-8", md: "h-10" } as const;

/**
 * A list filter as a native select that submits with its GET form: the first option is "all"
 * (empty value), the label doubles as the accessible name.
 */
export function FilterSelect({
  name,
  label,
  allLabel,
  options,
  defaultValue,
  size = "md",
  className,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: readonly FilterOption[];
  defaultValue: string | number | undefined;
  size?: keyof typeof heights;
  className?: string;
}) {
  return (
    <select
      name={name}
      defaultValue={defaultValue === undefined ? "" : String(defaultValue)}
      aria-label={label}
      className={cn(heights[size], "rounded-md border border-border bg-white px-2 text-sm", className)}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
