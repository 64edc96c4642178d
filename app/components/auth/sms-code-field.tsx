import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { errorMessage, retryAfterOf } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { CaptchaDialog } from "./captcha-dialog";
import { useCountdown } from "./use-countdown";

/**
 * SMS code input with its 获取验证码 button: the button checks the phone (beforeSend), asks for the
 * image code in the captcha modal, sends, then counts down the server's wait before another send
 * (resendAfter of the answer, or retryAfter of an early refusal): the interval is the server's alone.
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
  send: (captcha: string) => Promise<{ resendAfter: number }>;
  placeholder?: string;
  className?: string;
}) {
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const { left, start } = useCountdown();

  async function confirm(captcha: string): Promise<string | void> {
    try {
      const { resendAfter } = await send(captcha);
      setCaptchaOpen(false);
      setSent(true);
      setSendError(undefined);
      start(resendAfter);
    } catch (e) {
      const message = errorMessage(e);
      // A wrong image code is answered in the modal; anything else (phone taken, too frequent) under the field.
      if (/图形验证码/.test(message)) return message;
      setCaptchaOpen(false);
      setSendError(message);
      // Too soon (another tab, a reload): count down what the server still asks to wait.
      const wait = retryAfterOf(e);
      if (wait) {
        setSent(true);
        start(wait);
      }
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
