import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { toChinaInput } from "@base/format";

export interface FieldSpec {
  name: string;
  label: string;
  kind?: "text" | "textarea" | "image" | "select" | "datetime" | "money" | "number";
  options?: { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  required?: boolean;
}

type Values = Record<string, unknown>;

function initialOf(field: FieldSpec, values: Values | null) {
  const v = values?.[field.name];
  if (field.kind === "datetime") return toChinaInput(typeof v === "number" ? v : null);
  if (field.kind === "money") return typeof v === "number" && v ? String(v / 100) : "";
  if (v === null || v === undefined) return field.options?.[0]?.value ?? "";
  return String(v);
}

function Field({ field, values }: { field: FieldSpec; values: Values | null }) {
  const [value, setValue] = useState(() => initialOf(field, values));
  const id = `field-${field.name}`;
  const label = (
    <label htmlFor={id} className="w-24 shrink-0 pt-2 text-right text-sm text-[#4e5969]">
      {field.required && <span className="mr-0.5 text-[#f53f3f]">*</span>}
      {field.label}
    </label>
  );
  let control: React.ReactNode;
  if (field.kind === "image") control = <UploadField name={field.name} value={value} onChange={setValue} label={field.label} accept="image/png,image/jpeg,image/gif,image/webp" />;
  else if (field.kind === "select")
    control = (
      <select id={id} name={field.name} value={value} onChange={(e) => setValue(e.target.value)} className="h-9 w-full rounded-md border border-border bg-white px-3 text-sm">
        {field.options!.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  else if (field.kind === "textarea")
    control = (
      <textarea id={id} name={field.name} value={value} onChange={(e) => setValue(e.target.value)} rows={3} placeholder={field.placeholder} className="w-full rounded-md border border-border px-3 py-2 text-sm outline-none focus:border-primary" />
    );
  else
    control = (
      <Input
        id={id}
        name={field.name}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={field.placeholder}
        type={field.kind === "datetime" ? "datetime-local" : field.kind === "money" || field.kind === "number" ? "number" : "text"}
        step={field.kind === "money" ? "0.01" : undefined}
        min={field.kind === "money" || field.kind === "number" ? 0 : undefined}
      />
    );
  return (
    <div className="flex gap-3">
      {label}
      <div className="min-w-0 flex-1">
        {control}
        {field.hint && <p className="mt-1 text-xs text-muted">{field.hint}</p>}
      </div>
    </div>
  );
}

/** Add/edit dialog: posts `intent=save` (with `id` when editing) through the page's fetcher. */
export function EntityFormDialog({
  open,
  title,
  fields,
  values,
  extra,
  fetcher,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  values: Values | null;
  extra?: Record<string, string>;
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[640px]" aria-describedby={undefined}>
        <DialogTitle>{title}</DialogTitle>
        {open && (
          <fetcher.Form method="post" className="mt-5 space-y-4" key={String(values?.id ?? "new")}>
            <input type="hidden" name="intent" value="save" />
            {values?.id !== undefined && <input type="hidden" name="id" value={String(values.id)} />}
            {Object.entries(extra ?? {}).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            {fields.map((f) => (
              <Field key={f.name} field={f} values={values} />
            ))}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                取消
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "保存中…" : "保存"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
