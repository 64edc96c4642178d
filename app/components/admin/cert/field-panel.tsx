import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { CERT_FIELD_KEYS, type CertField, type CertFieldKey } from "@base/cert-layout";
import { FIELD_NAMES, isImageField } from "./fields";

const input = "h-8 w-full rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none";
const ALIGNS = [
  { value: "left", label: "左对齐" },
  { value: "center", label: "居中" },
  { value: "right", label: "右对齐" },
] as const;

/** The 13 field kinds: a placed one is selected on click, another is added to the canvas. */
export function FieldPalette({ fields, selected, onAdd, onSelect }: { fields: CertField[]; selected: CertFieldKey | null; onAdd: (key: CertFieldKey) => void; onSelect: (key: CertFieldKey) => void }) {
  const placed = new Set(fields.map((f) => f.key));
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-[#1d2129]">字段</h3>
      <p className="mb-2 text-xs text-muted">点击未放置的字段添加到证书上，再拖动到合适的位置</p>
      <div className="grid grid-cols-2 gap-1.5" aria-label="证书字段">
        {CERT_FIELD_KEYS.map((k) => {
          const on = placed.has(k);
          return (
            <button
              key={k}
              type="button"
              aria-label={on ? `选中${FIELD_NAMES[k]}` : `添加${FIELD_NAMES[k]}`}
              onClick={() => (on ? onSelect(k) : onAdd(k))}
              className={cn(
                "flex h-8 items-center justify-between rounded-md border px-2 text-xs",
                selected === k ? "border-primary bg-primary-50 text-primary" : on ? "border-border bg-[#f7f8fa] text-[#4e5969]" : "border-dashed border-[#c9cdd4] bg-white text-[#1d2129] hover:border-primary hover:text-primary",
              )}
            >
              <span className="truncate">{FIELD_NAMES[k]}</span>
              <span className={on ? "text-[#00b42a]" : "text-primary"}>{on ? "✓" : "+"}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The selected field's own settings. */
export function FieldPanel({ field, onChange, onRemove }: { field: CertField; onChange: (patch: Partial<CertField>) => void; onRemove: () => void }) {
  const image = isImageField(field.key);
  const num = (v: string) => (v === "" ? 0 : Number(v));
  return (
    <section aria-label={`字段设置：${FIELD_NAMES[field.key]}`} className="space-y-3 text-sm">
      <div className="flex items-center justify-between">
        <h3 className="font-medium text-[#1d2129]">{FIELD_NAMES[field.key]}</h3>
        <Button type="button" size="sm" variant="outline" className="text-danger hover:border-danger hover:text-danger" onClick={onRemove}>
          移除字段
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <label className="block text-xs text-[#4e5969]">
          X（px）
          <input className={input} type="number" min={0} value={field.x} onChange={(e) => onChange({ x: Math.max(0, num(e.target.value)) })} />
        </label>
        <label className="block text-xs text-[#4e5969]">
          Y（px）
          <input className={input} type="number" min={0} value={field.y} onChange={(e) => onChange({ y: Math.max(0, num(e.target.value)) })} />
        </label>
      </div>
      <label className="block text-xs text-[#4e5969]">
        {image ? (field.key === "qr" ? "边长（px）" : "宽度（px）") : "字号（px）"}
        <input className={input} type="number" min={8} max={image ? 2000 : 400} value={field.size} onChange={(e) => onChange({ size: num(e.target.value) })} />
      </label>
      {field.key === "photo" && (
        <label className="block text-xs text-[#4e5969]">
          高度（px，留空按证件照比例）
          <input className={input} type="number" min={8} value={field.height ?? ""} onChange={(e) => onChange({ height: e.target.value ? num(e.target.value) : undefined })} />
        </label>
      )}
      {!image && (
        <>
          <label className="block text-xs text-[#4e5969]">
            前缀文字（如「证书编号：」）
            <input className={input} maxLength={20} value={field.label ?? ""} onChange={(e) => onChange({ label: e.target.value })} />
          </label>
          <div className="flex items-center gap-3">
            <label className="flex items-center gap-2 text-xs text-[#4e5969]">
              颜色
              <input type="color" aria-label="文字颜色" className="h-8 w-10 cursor-pointer rounded border border-border bg-white p-0.5" value={field.color ?? "#222222"} onChange={(e) => onChange({ color: e.target.value })} />
            </label>
            <label className="flex items-center gap-1 text-xs text-[#4e5969]">
              <input type="checkbox" checked={!!field.bold} onChange={(e) => onChange({ bold: e.target.checked })} />
              加粗
            </label>
          </div>
          <div className="flex gap-1" role="radiogroup" aria-label="对齐方式">
            {ALIGNS.map((a) => {
              const on = (field.align ?? "left") === a.value;
              return (
                <button
                  key={a.value}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={cn("h-8 flex-1 rounded-md border text-xs", on ? "border-primary bg-primary-50 text-primary" : "border-border bg-white text-[#4e5969] hover:border-primary")}
                  onClick={() => onChange({ align: a.value })}
                >
                  {a.label}
                </button>
              );
            })}
          </div>
          <p className="text-xs text-muted">居中时 X 为文字中点，右对齐时 X 为文字右端。</p>
        </>
      )}
      {field.key === "seal" && <p className="text-xs text-muted">印章图在左侧上传；未上传时证书上不显示印章。</p>}
      {field.key === "photo" && <p className="text-xs text-muted">显示学员实名认证的证件照；没有照片时为灰色框。</p>}
      {field.key === "qr" && <p className="text-xs text-muted">扫码打开证书验证页，由系统按每张证书生成。</p>}
    </section>
  );
}
