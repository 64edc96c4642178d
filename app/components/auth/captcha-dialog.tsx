import { useCallback, useEffect, useRef, useState } from "react";
import { captchaField } from "@trpc-app/auth/schemas";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { trpc } from "~/lib/trpc";
import { fieldError } from "./form";

const CAPTCHA_FAILED = "获取图形验证码失败";

/**
 * The image-code modal that guards every SMS send. onConfirm returns a message to keep the modal
 * open with that error and a fresh image (the server spends a code on any check), or nothing to close.
 */
export function CaptchaDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (captcha: string) => Promise<string | void>;
}) {
  const [image, setImage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    setLoadError(false);
    try {
      const { svg } = await trpc.auth.captcha.mutate();
      if (mine !== seq.current) return;
      setImage(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    } catch {
      if (mine !== seq.current) return;
      setImage(null);
      setLoadError(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    // A new image for each opening: an old answer belongs to an image that was already spent.
    setValue("");
    setError(undefined);
    void load();
  }, [open, load]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // React events cross portals: keep this submit away from the form that opened the modal.
    e.stopPropagation();
    const invalid = fieldError(captchaField, value);
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const message = await onConfirm(value.trim());
      if (message) {
        setError(message);
        void load();
        inputRef.current?.select();
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[400px]" aria-describedby={undefined}>
        <DialogTitle>图形验证码</DialogTitle>
        <form onSubmit={submit} noValidate className="mt-5">
          <p className="mb-3 text-sm text-[#4e5969]">请输入图中的字符，看不清可点击图片更换</p>
          <div className="flex items-center gap-3">
            <Input
              ref={inputRef}
              autoFocus
              aria-label="图形验证码"
              placeholder="请输入图形验证码"
              autoComplete="off"
              maxLength={6}
              value={value}
              invalid={!!error}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
            />
            <button
              type="button"
              onClick={() => void load()}
              title="看不清？换一张"
              aria-label="刷新图形验证码"
              className="flex h-10 w-[120px] shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-md border border-border bg-[#f2f6ff] text-xs text-muted"
            >
              {image ? (
                <img src={image} alt="图形验证码" width={120} height={40} className={loading ? "opacity-50" : undefined} />
              ) : loadError ? (
                <span className="text-danger">点击重试</span>
              ) : (
                <span>加载中…</span>
              )}
            </button>
          </div>
          <FieldError>{error ?? (loadError ? CAPTCHA_FAILED : undefined)}</FieldError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              取消
            </Button>
            <Button type="submit" disabled={pending}>
              确定
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
