import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { BindingPanel } from "~/components/admin/cert/binding-panel";
import { CertCanvas } from "~/components/admin/cert/cert-canvas";
import { FieldPalette, FieldPanel } from "~/components/admin/cert/field-panel";
import { defaultFields, type CertField, type CertFieldKey } from "@base/cert-layout";
import { cleanField, FIELD_NAMES, isImageField, LANDSCAPE, newField, PORTRAIT, refitFields } from "~/components/admin/cert/fields";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    if (params.id === "new") return { item: null };
    return { item: await caller.cert.admin.getOne({ id: params.id as never }) };
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.item ? "编辑证书模板" : "新建证书模板"} - 财云学院管理后台` }];

const input = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none aria-[invalid=true]:border-danger";
const PREFIX_RULE = /^[A-Z][A-Z0-9]{1,11}$/;

interface Form {
  name: string;
  certName: string;
  prefix: string;
  issuerName: string;
  validityMonths: string;
  width: number;
  height: number;
  backgroundUrl: string;
  sealUrl: string;
}

function Field({ label, htmlFor, hint, error, children }: { label: string; htmlFor: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-[#1d2129]">
        {label}
      </label>
      {children}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}

export default function CertTemplateEdit() {
  const { item } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => ({
    name: item?.name ?? "",
    certName: item?.certName ?? "",
    prefix: item?.prefix ?? "",
    issuerName: item?.issuerName ?? "财云学院",
    validityMonths: String(item?.validityMonths ?? 0),
    width: item?.width ?? LANDSCAPE.width,
    height: item?.height ?? LANDSCAPE.height,
    backgroundUrl: item?.backgroundUrl ?? "",
    sealUrl: item?.sealUrl ?? "",
  }));
  const [fields, setFields] = useState<CertField[]>(() => (item ? (item.fields as CertField[]) : defaultFields()));
  const [selected, setSelected] = useState<CertFieldKey | null>(null);
  const [prefixCheck, setPrefixCheck] = useState<{ ok: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState("");
  const [preview, setPreview] = useState<{ open: boolean; url: string; busy: boolean; error: string }>({ open: false, url: "", busy: false, error: "" });
  const [now] = useState(() => Date.now());
  const [dirty, setDirty] = useState(false);

  // Another template opened in the same editor (e.g. a copy) starts from its own data.
  useEffect(() => {
    if (!item) return;
    setForm({
      name: item.name,
      certName: item.certName,
      prefix: item.prefix,
      issuerName: item.issuerName,
      validityMonths: String(item.validityMonths),
      width: item.width,
      height: item.height,
      backgroundUrl: item.backgroundUrl,
      sealUrl: item.sealUrl,
    });
    setFields(item.fields as CertField[]);
    setSelected(null);
    setPrefixCheck(null);
    setDirty(false);
  }, [item?.id]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setDirty(true);
  };
  const changeFields = (fn: (list: CertField[]) => CertField[]) => {
    setFields(fn);
    setDirty(true);
  };
  const months = Number(form.validityMonths) || 0;
  const sample = useMemo(() => ({ certName: form.certName, issuerName: form.issuerName, validityMonths: months, prefix: form.prefix, now }), [form.certName, form.issuerName, months, form.prefix, now]);
  const current = fields.find((f) => f.key === selected) ?? null;
  const landscape = form.width >= form.height;

  function orient(to: "landscape" | "portrait") {
    const size = to === "landscape" ? LANDSCAPE : PORTRAIT;
    if (size.width === form.width && size.height === form.height) return;
    changeFields((list) => refitFields(list, { width: form.width, height: form.height }, size));
    setForm((f) => ({ ...f, width: size.width, height: size.height }));
  }

  function patchField(key: CertFieldKey, patch: Partial<CertField>) {
    changeFields((list) =>
      list.map((f) => {
        if (f.key !== key) return f;
        const next = { ...f, ...patch };
        // A new alignment keeps the text where it is on the certificate.
        if (patch.align && patch.align !== (f.align ?? "left") && !isImageField(key)) {
          const el = document.querySelector<HTMLElement>(`[data-field="${key}"]`);
          const scale = Number(document.querySelector<HTMLElement>('[data-testid="cert-canvas"]')?.dataset.scale) || 1;
          const w = el ? el.offsetWidth / scale : 0;
          const left = f.align === "center" ? f.x - w / 2 : f.align === "right" ? f.x - w : f.x;
          next.x = Math.max(0, Math.round(patch.align === "center" ? left + w / 2 : patch.align === "right" ? left + w : left));
        }
        return next;
      }),
    );
  }

  async function checkPrefix() {
    const prefix = form.prefix.trim().toUpperCase();
    if (prefix !== form.prefix) set("prefix", prefix);
    if (!prefix) return setPrefixCheck(null);
    if (!PREFIX_RULE.test(prefix)) return setPrefixCheck({ ok: false, message: "证书编号前缀须为2-12位大写字母或数字，以字母开头" });
    try {
      const r = await trpc.cert.admin.checkPrefix.query({ prefix, id: item?.id });
      setPrefixCheck({ ok: r.available, message: r.available ? "前缀可用" : r.message });
    } catch (e) {
      setPrefixCheck({ ok: false, message: errorMessage(e) });
    }
  }

  function body() {
    return {
      name: form.name,
      certName: form.certName,
      prefix: form.prefix.trim().toUpperCase(),
      issuerName: form.issuerName,
      validityMonths: form.validityMonths.trim() === "" ? 0 : Number(form.validityMonths),
      width: form.width,
      height: form.height,
      backgroundUrl: form.backgroundUrl,
      sealUrl: form.sealUrl,
      fields: fields.map(cleanField),
    };
  }

  async function save() {
    setSaving(true);
    setSaveError("");
    try {
      if (item) {
        await trpc.cert.admin.update.mutate({ id: item.id, ...body() });
        setDirty(false);
        adminToast.success("证书模板已保存");
        navigate(`/admin/certs/${item.id}`, { replace: true });
      } else {
        const t = await trpc.cert.admin.add.mutate(body());
        setDirty(false);
        adminToast.success("证书模板已创建，可以绑定考试或课程了");
        navigate(`/admin/certs/${t.id}`, { replace: true });
      }
    } catch (e) {
      const message = errorMessage(e);
      setSaveError(message);
      adminToast.error(message);
    } finally {
      setSaving(false);
    }
  }

  async function openPreview() {
    setPreview({ open: true, url: "", busy: true, error: "" });
    try {
      const b = body();
      const r = await trpc.cert.admin.preview.mutate({
        backgroundUrl: b.backgroundUrl || undefined,
        sealUrl: b.sealUrl || undefined,
        width: b.width,
        height: b.height,
        certName: b.certName || undefined,
        issuerName: b.issuerName || undefined,
        validityMonths: Number.isFinite(b.validityMonths) ? b.validityMonths : 0,
        prefix: b.prefix || undefined,
        fields: b.fields,
      });
      setPreview({ open: true, url: r.dataUrl, busy: false, error: "" });
    } catch (e) {
      setPreview({ open: true, url: "", busy: false, error: errorMessage(e) });
    }
  }

  return (
    <div>
      <PageHeader title={item ? "编辑证书模板" : "新建证书模板"} trail="内容 / 证书">
        <div className="flex items-center gap-2">
          {item && <Badge tone={item.status === 1 ? "green" : "gray"}>{item.status === 1 ? "已启用" : "已停用"}</Badge>}
          {dirty && <span className="text-xs text-[#d25f00]">有未保存的修改</span>}
          <Button asChild variant="outline">
            <Link to="/admin/certs">返回列表</Link>
          </Button>
          <Button variant="outline" onClick={openPreview} disabled={preview.busy}>
            服务器预览
          </Button>
          <Button onClick={save} disabled={saving}>
            {saving ? "保存中…" : "保存"}
          </Button>
        </div>
      </PageHeader>
      {saveError && (
        <p role="alert" className="mb-3 rounded-md bg-[#ffece8] px-4 py-2 text-sm text-danger">
          保存失败：{saveError}
        </p>
      )}
      <div className="flex items-start gap-4">
        <Card className="w-72 shrink-0 space-y-4 p-4">
          <Field label="模板名称" htmlFor="cert-name">
            <input id="cert-name" className={input} maxLength={60} value={form.name} onChange={(e) => set("name", e.target.value)} placeholder="如：考试合格证书" />
          </Field>
          <Field label="证书名称" htmlFor="cert-cert-name" hint="印在证书上的标题">
            <input id="cert-cert-name" className={input} maxLength={60} value={form.certName} onChange={(e) => set("certName", e.target.value)} placeholder="如：政府采购业务考核合格证书" />
          </Field>
          <Field label="编号前缀" htmlFor="cert-prefix" hint="2-12位大写字母或数字，以字母开头；证书编号为 前缀+年份+序号" error={prefixCheck && !prefixCheck.ok ? prefixCheck.message : undefined}>
            <input
              id="cert-prefix"
              className={cn(input, "font-mono uppercase")}
              maxLength={12}
              value={form.prefix}
              aria-invalid={prefixCheck ? !prefixCheck.ok : undefined}
              onChange={(e) => {
                set("prefix", e.target.value.toUpperCase());
                setPrefixCheck(null);
              }}
              onBlur={checkPrefix}
              placeholder="如：CYKS"
            />
            {prefixCheck?.ok && <p className="text-xs text-[#00b42a]">✓ {prefixCheck.message}</p>}
          </Field>
          <Field label="发证机构" htmlFor="cert-issuer">
            <input id="cert-issuer" className={input} maxLength={60} value={form.issuerName} onChange={(e) => set("issuerName", e.target.value)} />
          </Field>
          <Field label="有效期（月，0为长期）" htmlFor="cert-validity">
            <input id="cert-validity" className={input} type="number" min={0} max={600} value={form.validityMonths} onChange={(e) => set("validityMonths", e.target.value)} />
          </Field>
          <div className="space-y-1">
            <span className="block text-sm font-medium text-[#1d2129]">方向/尺寸</span>
            <div className="flex gap-2" role="radiogroup" aria-label="方向/尺寸">
              {(
                [
                  ["landscape", "横版 1123×794"],
                  ["portrait", "竖版 794×1123"],
                ] as const
              ).map(([k, label]) => {
                const on = k === "landscape" ? landscape : !landscape;
                return (
                  <button
                    key={k}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    onClick={() => orient(k)}
                    className={cn("h-9 flex-1 rounded-md border text-xs", on ? "border-primary bg-primary-50 text-primary" : "border-border bg-white text-[#4e5969] hover:border-primary")}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
            {form.width !== LANDSCAPE.width && form.width !== PORTRAIT.width && <p className="text-xs text-muted">当前尺寸 {form.width}×{form.height}</p>}
          </div>
          <div className="space-y-1">
            <span className="block text-sm font-medium text-[#1d2129]">背景图</span>
            <UploadField name="backgroundUrl" value={form.backgroundUrl} onChange={(url) => set("backgroundUrl", url)} label="上传背景图" kind="image" accept="image/png,image/jpeg" maxSizeMb={5} />
            {form.backgroundUrl ? (
              <button type="button" className="text-xs text-danger" onClick={() => set("backgroundUrl", "")}>
                移除背景图
              </button>
            ) : (
              <p className="text-xs text-muted">PNG/JPG，建议与证书同尺寸；不上传时使用默认边框</p>
            )}
          </div>
          <div className="space-y-1">
            <span className="block text-sm font-medium text-[#1d2129]">印章图</span>
            <UploadField name="sealUrl" value={form.sealUrl} onChange={(url) => set("sealUrl", url)} label="上传印章图" kind="image" accept="image/png,image/jpeg" maxSizeMb={2} />
            {form.sealUrl ? (
              <button type="button" className="text-xs text-danger" onClick={() => set("sealUrl", "")}>
                移除印章图
              </button>
            ) : (
              <p className="text-xs text-muted">建议使用透明底 PNG</p>
            )}
          </div>
        </Card>

        <Card className="min-w-0 flex-1 p-4">
          <div className="mb-3 flex items-center justify-between text-xs text-muted">
            <span>拖动字段调整位置，选中后可用方向键微调（按住 Shift 每次 10px）</span>
            <span>
              {form.width}×{form.height}px
            </span>
          </div>
          <CertCanvas
            width={form.width}
            height={form.height}
            backgroundUrl={form.backgroundUrl}
            sealUrl={form.sealUrl}
            fields={fields}
            selected={selected}
            sample={sample}
            onSelect={setSelected}
            onMove={(key, x, y) => changeFields((list) => list.map((f) => (f.key === key ? { ...f, x, y } : f)))}
          />
          <p className="mt-3 text-center text-xs text-muted">画布为示意，字体与换行以「服务器预览」为准</p>
        </Card>

        <Card className="w-64 shrink-0 space-y-5 p-4">
          <FieldPalette
            fields={fields}
            selected={selected}
            onSelect={setSelected}
            onAdd={(key) => {
              changeFields((list) => [...list, newField(key, form.width, form.height)]);
              setSelected(key);
            }}
          />
          <div className="border-t border-border pt-4">
            {current ? (
              <FieldPanel
                field={current}
                onChange={(patch) => patchField(current.key, patch)}
                onRemove={() => {
                  changeFields((list) => list.filter((f) => f.key !== current.key));
                  adminToast.success(`已移除「${FIELD_NAMES[current.key]}」`);
                  setSelected(null);
                }}
              />
            ) : (
              <p className="text-sm text-muted">点击证书上的字段进行设置</p>
            )}
          </div>
        </Card>
      </div>

      {item ? (
        <BindingPanel templateId={item.id} enabled={item.status === 1} initial={item.bindings} />
      ) : (
        <p className="mt-4 rounded-md bg-[#f7f8fa] px-4 py-3 text-sm text-muted">保存模板后可绑定考试、课程或考试系列。</p>
      )}

      <Dialog open={preview.open} onOpenChange={(o) => !o && setPreview((p) => ({ ...p, open: false }))}>
        <DialogContent className="w-[960px] max-w-[94vw]">
          <DialogTitle>服务器预览</DialogTitle>
          <DialogDescription>按当前设置（未保存的修改也包含在内）以示例学员生成，与实际发放的证书一致。</DialogDescription>
          <div className="mt-4 flex min-h-[200px] items-center justify-center rounded-md bg-[#f2f3f5] p-3">
            {preview.busy && <p className="text-sm text-muted">正在生成预览…</p>}
            {preview.error && (
              <p role="alert" className="text-sm text-danger">
                {preview.error}
              </p>
            )}
            {preview.url && <img src={preview.url} alt="证书预览" className="max-h-[70vh] max-w-full shadow" />}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
