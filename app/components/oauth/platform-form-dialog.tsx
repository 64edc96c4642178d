import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { platformSaveInput } from "@trpc-app/oauth/schemas";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";

export interface PlatformRow {
  id: number;
  name: string;
  url: string;
  picUrl: string;
  sort: number;
  cloudRegion: string;
  source: string;
  clientId: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  secretEnv: string;
  secretConfigured: boolean;
  enabled: number;
}

type Key = Exclude<keyof PlatformRow, "id" | "secretConfigured">;
interface FieldSpec {
  name: Key;
  label: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

const BASIC: FieldSpec[] = [
  { name: "name", label: "平台名称", required: true, placeholder: "例如：政采云" },
  { name: "url", label: "平台网址", placeholder: "https://www.zcygov.cn" },
  { name: "cloudRegion", label: "云区域", required: true, placeholder: "例如：lcy", hint: "课程可按云区域限定可选平台" },
  { name: "source", label: "来源标识", required: true, placeholder: "例如：zcy", hint: "third/jump 等跳转入口使用" },
  { name: "sort", label: "排序", placeholder: "0", hint: "数字越小越靠前" },
];
const OAUTH: FieldSpec[] = [
  { name: "clientId", label: "Client ID", required: true },
  { name: "authorizeUrl", label: "授权地址", required: true, placeholder: "https://…/oauth/authorize" },
  { name: "tokenUrl", label: "令牌地址", required: true, placeholder: "https://…/oauth/token" },
  { name: "userinfoUrl", label: "用户信息地址", required: true, placeholder: "https://…/oauth/userinfo" },
  { name: "scope", label: "授权范围", placeholder: "openid profile" },
  { name: "secretEnv", label: "密钥环境变量", placeholder: "ZCY_CLIENT_SECRET", hint: "密钥不入库，仅填写保存密钥的环境变量名；留空表示公开客户端（PKCE）" },
];

type Values = Record<Key, string>;
const empty: Values = { name: "", url: "", picUrl: "", sort: "", cloudRegion: "", source: "", clientId: "", authorizeUrl: "", tokenUrl: "", userinfoUrl: "", scope: "", secretEnv: "", enabled: "1" };

function valuesOf(row: PlatformRow | null): Values {
  if (!row) return empty;
  return Object.fromEntries(Object.keys(empty).map((k) => [k, String(row[k as Key] ?? "")])) as Values;
}

/** Add/edit an authorised platform; checked with the procedure's own schema before it is posted. */
export function PlatformFormDialog({
  row,
  open,
  fetcher,
  onClose,
}: {
  row: PlatformRow | null;
  open: boolean;
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100vh-48px)] w-[760px] overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle>{row ? "编辑授权平台" : "新增授权平台"}</DialogTitle>
        {open && <PlatformForm key={row?.id ?? "new"} row={row} fetcher={fetcher} busy={busy} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PlatformForm({ row, fetcher, busy, onClose }: { row: PlatformRow | null; fetcher: FetcherWithComponents<unknown>; busy: boolean; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(row));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const set = (k: Key, v: string) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = platformSaveInput.safeParse({ ...values, id: row?.id });
    if (!parsed.success) {
      const next: Partial<Record<Key, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Key;
        if (k && !next[k]) next[k] = issue.message;
      }
      setErrors(next);
      return;
    }
    fetcher.submit({ intent: "save", ...(row ? { id: String(row.id) } : {}), ...values }, { method: "post" });
  }

  const field = (f: FieldSpec) => (
    <div key={f.name} className="flex gap-3">
      <label htmlFor={`platform-${f.name}`} className="w-28 shrink-0 pt-2.5 text-right text-sm text-[#4e5969]">
        {f.required && <span className="mr-0.5 text-[#f53f3f]">*</span>}
        {f.label}
      </label>
      <div className="min-w-0 flex-1">
        <Input id={`platform-${f.name}`} value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} placeholder={f.placeholder} invalid={!!errors[f.name]} />
        {errors[f.name] ? <p className="mt-1 text-xs text-[#f53f3f]">{errors[f.name]}</p> : f.hint && <p className="mt-1 text-xs text-muted">{f.hint}</p>}
      </div>
    </div>
  );

  return (
    <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
      <section className="space-y-4">
        <h3 className="text-sm font-medium text-[#1d2129]">基本信息</h3>
        {BASIC.slice(0, 2).map(field)}
        <div className="flex gap-3">
          <span className="w-28 shrink-0 pt-2 text-right text-sm text-[#4e5969]">平台Logo</span>
          <div className="min-w-0 flex-1">
            <UploadField name="picUrl" value={values.picUrl} onChange={(v) => set("picUrl", v)} label="平台Logo" accept="image/png,image/jpeg,image/svg+xml,image/webp" />
            {errors.picUrl ? <p className="mt-1 text-xs text-[#f53f3f]">{errors.picUrl}</p> : <p className="mt-1 text-xs text-muted">建议正方形图片，不超过2Mb；未上传时显示平台名称首字</p>}
          </div>
        </div>
        {BASIC.slice(2).map(field)}
        <div className="flex gap-3">
          <label htmlFor="platform-enabled" className="w-28 shrink-0 pt-2 text-right text-sm text-[#4e5969]">
            状态
          </label>
          <select id="platform-enabled" value={values.enabled} onChange={(e) => set("enabled", e.target.value)} className="h-10 w-40 rounded-md border border-border bg-white px-3 text-sm">
            <option value="1">启用</option>
            <option value="0">停用</option>
          </select>
        </div>
      </section>
      <section className="space-y-4 border-t border-border pt-5">
        <h3 className="text-sm font-medium text-[#1d2129]">OAuth 2.0 授权配置</h3>
        {OAUTH.map(field)}
      </section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "保存中…" : "保存"}
        </Button>
      </DialogFooter>
    </form>
  );
}
