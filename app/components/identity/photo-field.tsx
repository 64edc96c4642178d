import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { MB } from "@base/file-name";
import { UploadError, uploadFile } from "~/components/upload/upload-client";
import { PhotoCropper } from "./photo-cropper";
import { PhotoExample } from "./photo-example";

export const PHOTO_MAX_MB = 20;
const PHOTO_TYPES = ["image/png", "image/jpeg"];

/** One-inch photo: png/jpg up to 20 MB, cropped to 295x413, uploaded, its URL reported back. */
export function PhotoField({ value, onChange, disabled }: { value: string; onChange: (url: string) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState("");

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  function pick(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return setAlert("仅支持上传png、jpg格式的图片");
    if (file.size > PHOTO_MAX_MB * MB) return setAlert(`图片大小不能超过${PHOTO_MAX_MB}Mb`);
    setSource(URL.createObjectURL(file));
  }

  async function upload(photo: Blob) {
    setBusy(true);
    try {
      const { url } = await uploadFile(photo, { fileName: "passport-photo.jpg", midPath: "identity" });
      onChange(url);
      setSource(null);
    } catch (e) {
      // A failed upload leaves the field empty, as the spec asks.
      onChange("");
      setSource(null);
      setAlert(e instanceof UploadError ? e.message : new UploadError(500).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex gap-6">
      <div className="flex flex-col items-center gap-2">
        <button
          type="button"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
          className="flex h-[138px] w-[99px] items-center justify-center overflow-hidden rounded border border-dashed border-[#c9cdd4] bg-surface text-xs text-muted hover:border-primary hover:text-primary"
          aria-label={value ? "重新上传证件照" : "上传证件照"}
        >
          {value ? <img src={value} alt="证件照" className="h-full w-full object-cover" data-testid="passport-photo" /> : <span>+ 上传照片</span>}
        </button>
        <input ref={input} type="file" accept="image/png,image/jpeg" className="sr-only" data-testid="photo-input" onChange={(e) => pick(e.target.files?.[0])} />
      </div>
      <div className="flex flex-col items-center gap-2">
        <PhotoExample className="h-[138px] w-[99px] rounded border border-border" />
      </div>
      <div className="flex max-w-[260px] flex-col justify-center gap-1 text-xs leading-5 text-muted">
        <p className="text-[#1d2129]">该照片将用于培训证书</p>
        <p>请上传近期免冠一寸证件照，支持png、jpg格式，大小不超过{PHOTO_MAX_MB}Mb，上传后可裁剪、旋转。</p>
      </div>
      <PhotoCropper src={source} busy={busy} onCancel={() => setSource(null)} onDone={(blob) => void upload(blob)} />
      <Dialog open={!!alert} onOpenChange={(open) => !open && setAlert("")}>
        <DialogContent>
          <DialogTitle>友好提示</DialogTitle>
          <DialogDescription>{alert}</DialogDescription>
          <DialogFooter>
            <Button onClick={() => setAlert("")}>我知道了</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
