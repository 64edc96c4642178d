import { mobileField } from "@trpc-app/auth/schemas";
import { fieldError } from "./form";
import { FormField } from "./form-field";
import { SmsCodeField } from "./sms-code-field";
import { Input } from "~/components/ui/input";

/** A phone field and its SMS code field (captcha modal and countdown inside), as every account form uses them. */
export function PhoneCodeFields(props: {
  idPrefix: string;
  mobileLabel?: string;
  mobilePlaceholder?: string;
  mobile: string;
  code: string;
  mobileError?: string;
  codeError?: string;
  onMobile: (value: string) => void;
  onCode: (value: string) => void;
  /** Receives the phone's format error (or undefined) whenever it is checked. */
  onMobileError: (message: string | undefined) => void;
  /** Replaces the default blur check (the phone's format). */
  onMobileBlur?: () => void;
  /** Replaces the default check before the captcha opens; true when the code may be sent. */
  beforeSend?: () => boolean;
  send: (captcha: string) => Promise<{ resendAfter: number }>;
}) {
  const mobileId = `${props.idPrefix}-mobile`;
  const codeId = `${props.idPrefix}-code`;
  const checkMobile = () => {
    const invalid = fieldError(mobileField, props.mobile);
    props.onMobileError(invalid);
    return !invalid;
  };
  return (
    <>
      <FormField label={props.mobileLabel ?? "手机号"} htmlFor={mobileId} error={props.mobileError}>
        <Input
          id={mobileId}
          placeholder={props.mobilePlaceholder ?? "请输入手机号"}
          inputMode="tel"
          autoComplete="tel"
          maxLength={12}
          value={props.mobile}
          invalid={!!props.mobileError}
          onChange={(e) => props.onMobile(e.target.value)}
          onBlur={props.onMobileBlur ?? (() => props.mobile && checkMobile())}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={codeId} className="text-sm font-medium text-[#1d2129]">
          短信验证码
        </label>
        <SmsCodeField id={codeId} value={props.code} onChange={props.onCode} error={props.codeError} beforeSend={props.beforeSend ?? checkMobile} send={props.send} />
      </div>
    </>
  );
}
