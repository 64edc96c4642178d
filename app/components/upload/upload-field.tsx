import { useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { MB, oversizeMessage } from "@base/file-name";
import { DEFAULT_BIZ_CODE, UploadError, uploadFile } from "./upload-client";

export interface UploadFieldProps {
  name: string;
  value?: string;
  onChange?: (url: string) => void;
  /** e.g. "image/png,image/jpeg" or "video/mp4" */
  accept?: string;
  /** default 2 for images */
  maxSizeMb?: number;
  /** default "1133" */
  bizCode?: string;
  label?: string;
  kind?: "image" | "video" | "file";
  /** Upload purpose folder, e.g. "invoice" for a private e-invoice. */
  midPath?: string;
  /** The stored object's key and URL once uploaded (private uploads are referred to by key). */
  onUploaded?: (file: { key: string; url: string }) => void;
  /** Shown when the picked file is not of an accepted type. */
  wrongTypeMessage?: string;
}

const DEFAULT_MAX: Record<NonNullable<UploadFieldProps["kind"]>, number> = { image: 2, video: 500, file: 50 };

function accepts(accept: string | undefined, file: File) {
  if (!accept) return true;
  return accept.split(",").some((rule) => {
    const r = rule.trim().toLowerCase();
    if (!r) return false;
    if (r.startsWith(".")) return file.name.toLowerCase().endsWith(r);
    if (r.endsWith("/*")) return file.type.startsWith(r.slice(0, -1));
    return file.type === r;
  });
}

/** One upload control for every form: the hidden input `name` carries the uploaded file's URL. */
export function UploadField({ name, value, onChange, accept, maxSizeMb, bizCode = DEFAULT_BIZ_CODE, label, kind = "image", midPath, onUploaded, wrongTypeMessage = "文件格式不正确" }: UploadFieldProps) {
  const [url, setUrl] = useState(value ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const limit = maxSizeMb ?? DEFAULT_MAX[kind];
  const current = value ?? url;

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    setError("");
    if (!accepts(accept, file)) return setError(wrongTypeMessage);
    if (file.size > limit * MB) return setError(oversizeMessage(limit));
    setProgress(0);
    try {
      const done = await uploadFile(file, { bizCode, midPath, onProgress: setProgress });
      setUrl(done.url);
      onChange?.(done.url);
      onUploaded?.(done);
    } catch (e) {
      setError(e instanceof UploadError ? e.message : new UploadError(500).message);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-2" data-upload-field={name}>
      <input type="hidden" name={name} value={current} />
      <div className="flex items-center gap-3">
        {kind === "image" && current ? (
          <img src={current} alt={label ?? "已上传图片"} className="h-20 w-20 rounded border border-border object-cover" />
        ) : null}
        {kind !== "image" && current ? (
          <a href={current} target="_blank" rel="noreferrer" className="max-w-[240px] truncate text-sm text-primary">
            已上传，点击查看
          </a>
        ) : null}
        <label
          className={cn(
            "inline-flex h-9 cursor-pointer items-center rounded-md border border-border bg-white px-4 text-sm text-[#1d2129] hover:border-primary hover:text-primary",
            busy && "pointer-events-none opacity-60",
          )}
        >
          {busy ? "上传中…" : current ? "重新上传" : (label ?? "上传文件")}
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept={accept}
            aria-label={label ?? "上传文件"}
            disabled={busy}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
      </div>
      {busy ? (
        <div className="h-1.5 w-60 overflow-hidden rounded bg-[#e5e6eb]" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
