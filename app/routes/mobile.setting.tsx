import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import { bindNewPhoneInput, checkCodeInput, mobileField } from "@trpc-app/auth/schemas";
import { fieldError, formErrors, hasErrors, isCodeMessage, type FieldErrors } from "~/components/auth/form";
import { AuthCard, ErrorBar, FormField, Steps } from "~/components/auth/form-field";
import { PhoneCodeFields } from "~/components/auth/phone-code-fields";
import { SmsCodeField } from "~/components/auth/sms-code-field";
import { useAuthChanged } from "~/components/auth/use-auth-changed";
import { loadViewer } from "~/components/auth/viewer.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { maskMobile } from "@base/format";

export const meta: MetaFunction = () => [{ title: "更换手机号 - 财云学院" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, headers } = await loadViewer(request);
  return data({ viewer }, { headers });
}

export default function MobileSettingPage() {
  const { viewer } = useLoaderData<typeof loader>();
  if (!viewer) {
    return (
      <AuthCard title="更换手机号">
        <div className="flex flex-col items-center gap-5 text-center">
          <p className="text-base text-[#1d2129]">请先登录</p>
          <p className="text-sm text-muted">登录后即可验证当前手机号并更换为新手机号</p>
          <Button size="lg" className="w-full" onClick={() => openLoginDialog()}>
            去登录
          </Button>
        </div>
      </AuthCard>
    );
  }
  return <ChangeMobile maskedMobile={viewer.mobile} />;
}

function ChangeMobile({ maskedMobile }: { maskedMobile: string }) {
  const authChanged = useAuthChanged();
  // An account without a phone skips the check of the old one (the server allows that too).
  const hasPhone = !!maskedMobile;
  const steps = hasPhone ? ["验证当前手机号", "绑定新手机号", "完成"] : ["绑定新手机号", "完成"];
  const [phase, setPhase] = useState<"old" | "new" | "done">(hasPhone ? "old" : "new");
  const [values, setValues] = useState({ oldMobile: "", oldCode: "", mobile: "", code: "" });
  type Key = keyof typeof values;
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(undefined);
  };
  const fail = (message: string, codeKey: Key, mobileKey: Key) => {
    if (isCodeMessage(message)) setErrors((e) => ({ ...e, [codeKey]: message }));
    else if (/手机号/.test(message)) setErrors((e) => ({ ...e, [mobileKey]: message }));
    else setFormError(message);
  };

  async function verifyOld(e: React.FormEvent) {
    e.preventDefault();
    const found = formErrors(checkCodeInput, { mobile: values.oldMobile, code: values.oldCode });
    const mapped = { oldMobile: found.mobile, oldCode: found.code };
    setErrors(mapped);
    if (hasErrors(mapped)) return;
    setPending(true);
    try {
      await trpc.auth.checkOldPhone.mutate({ mobile: values.oldMobile.trim(), code: values.oldCode.trim() });
      setPhase("new");
    } catch (err) {
      fail(errorMessage(err), "oldCode", "oldMobile");
    } finally {
      setPending(false);
    }
  }

  async function bindNew(e: React.FormEvent) {
    e.preventDefault();
    const found = formErrors(bindNewPhoneInput, { mobile: values.mobile, code: values.code });
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await trpc.auth.bindNewPhone.mutate({ mobile: values.mobile.trim(), code: values.code.trim() });
      toast.success("手机号更换成功");
      setPhase("done");
      authChanged();
    } catch (err) {
      fail(errorMessage(err), "code", "mobile");
    } finally {
      setPending(false);
    }
  }

  const current = phase === "old" ? 0 : phase === "new" ? steps.length - 2 : steps.length - 1;

  return (
    <AuthCard title={hasPhone ? "更换手机号" : "绑定手机号"}>
      <Steps steps={steps} current={current} />
      {phase === "old" && (
        <form noValidate onSubmit={verifyOld} className="flex flex-col gap-4">
          <p className="text-sm text-[#4e5969]">
            当前绑定的手机号：<span className="font-medium text-[#1d2129]">{maskedMobile}</span>
          </p>
          <FormField label="当前手机号" htmlFor="ms-old-mobile" error={errors.oldMobile}>
            <Input
              id="ms-old-mobile"
              placeholder="请输入完整的当前手机号"
              inputMode="tel"
              autoComplete="tel"
              maxLength={12}
              value={values.oldMobile}
              invalid={!!errors.oldMobile}
              onChange={(e) => set("oldMobile")(e.target.value)}
              onBlur={() => values.oldMobile && setErrors((x) => ({ ...x, oldMobile: fieldError(mobileField, values.oldMobile) }))}
            />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="ms-old-code" className="text-sm font-medium text-[#1d2129]">
              短信验证码
            </label>
            <SmsCodeField
              id="ms-old-code"
              value={values.oldCode}
              onChange={set("oldCode")}
              error={errors.oldCode}
              send={(captcha) => trpc.auth.sendOldPhoneCode.mutate({ captcha })}
            />
          </div>
          <ErrorBar>{formError}</ErrorBar>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
            下一步
          </Button>
        </form>
      )}
      {phase === "new" && (
        <form noValidate onSubmit={bindNew} className="flex flex-col gap-4">
          <PhoneCodeFields
            idPrefix="ms"
            mobileLabel="新手机号"
            mobilePlaceholder="请输入新手机号"
            mobile={values.mobile}
            code={values.code}
            mobileError={errors.mobile}
            codeError={errors.code}
            onMobile={set("mobile")}
            onCode={set("code")}
            onMobileError={(m) => setErrors((x) => ({ ...x, mobile: m }))}
            send={(captcha) => trpc.auth.sendNewPhoneCode.mutate({ mobile: values.mobile.trim(), captcha })}
          />
          <ErrorBar>{formError}</ErrorBar>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
            确认更换
          </Button>
        </form>
      )}
      {phase === "done" && (
        <div className="flex flex-col items-center gap-6 py-4 text-center">
          <div aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-3xl text-primary">
            ✓
          </div>
          <div>
            <p className="text-lg font-medium text-[#1d2129]">手机号更换成功</p>
            <p className="mt-2 text-sm text-muted">当前绑定的手机号：{maskMobile(values.mobile.trim())}，下次可使用新手机号登录</p>
          </div>
          <Link to="/" className={buttonVariants({ size: "lg", className: "w-full" })}>
            返回首页
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
