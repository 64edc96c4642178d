import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { errorMessage } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { CaptchaDialog } from "./captcha-dialog";
import { useCountdown } from "./use-countdown";

export const SMS_RESEND_SECONDS = 60;

/**
 * SMS code input with its 获取验证码 button: the button checks the phone (beforeSend), asks for the
 * image code in the captcha modal, sends, then counts 60 s down before another send.
 */
export function SmsCodeField({
  id,
  value,
  onChange,
  onBlur,
  error,
  beforeSend,
  send,
  placeholder = "请输入验证码",
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Validates what the code is sent to; false keeps the captcha modal closed. */
  beforeSend?: () => boolean;
  send: (captcha: string) => Promise<{ resendAfter?: number } | unknown>;
  placeholder?: string;
  className?: string;
}) {
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const { left, start } = useCountdown();

  async function confirm(captcha: string): Promise<string | void> {
    try {
      const result = await send(captcha);
      const after = (result as { resendAfter?: number } | undefined)?.resendAfter;
      setCaptchaOpen(false);
      setSent(true);
      setSendError(undefined);
      start(typeof after === "number" && after > 0 ? after : SMS_RESEND_SECONDS);
    } catch (e) {
      const message = errorMessage(e);
      // A wrong image code is answered in the modal; anything else (phone taken, too frequent) under the field.
      if (/图形验证码/.test(message)) return message;
      setCaptchaOpen(false);
      setSendError(message);
    }
  }

  const label = left > 0 ? `重新发送(${left}s)` : sent ? "重新发送" : "获取验证码";
  const shown = error ?? sendError;

  return (
    <div className={className}>
      <div className="flex gap-3">
        <Input
          id={id}
          placeholder={placeholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          invalid={!!shown}
          onChange={(e) => {
            onChange(e.target.value);
            setSendError(undefined);
          }}
          onBlur={onBlur}
        />
        <Button
          type="button"
          variant="outline"
          className={cn("h-10 w-[120px] shrink-0", left <= 0 && "border-primary text-primary")}
          disabled={left > 0}
          onClick={() => {
            setSendError(undefined);
            if (beforeSend && !beforeSend()) return;
            setCaptchaOpen(true);
          }}
        >
          {label}
        </Button>
      </div>
      <FieldError>{shown}</FieldError>
      <CaptchaDialog open={captchaOpen} onOpenChange={setCaptchaOpen} onConfirm={confirm} />
    </div>
  );
}
