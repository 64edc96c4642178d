import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import { loginNameField, mobileField, nickField, newPasswordField, PASSWORDS_DIFFER, registerInput } from "@trpc-app/auth/schemas";
import { fieldError, formErrors, hasErrors, isCodeMessage, type FieldErrors } from "~/components/auth/form";
import { safeTarget } from "@base/safe-target";
import { AuthCard, ErrorBar, FormField } from "~/components/auth/form-field";
import { PhoneCodeFields } from "~/components/auth/phone-code-fields";
import { useAuthChanged } from "~/components/auth/use-auth-changed";
import { loadViewer } from "~/components/auth/viewer.server";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "注册 - 财云学院" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, headers } = await loadViewer(request);
  const target = safeTarget(new URL(request.url).searchParams.get("target"));
  return data({ viewer, target }, { headers });
}

const empty = { loginName: "", nick: "", mobile: "", code: "", password: "", confirmPassword: "" };
type Values = typeof empty;
type Key = keyof Values;

const TAKEN = { loginName: "该用户名已被使用", mobile: "该手机号已被注册" } as const;
const AGREE_FIRST = "请阅读并同意《用户服务协议》和《隐私政策》";

export default function SignUpPage() {
  const { viewer, target } = useLoaderData<typeof loader>();
  const authChanged = useAuthChanged();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  // The value the server said is taken, so the message goes away as soon as the field changes.
  const [taken, setTaken] = useState<{ loginName?: string; mobile?: string }>({});
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(undefined);
  };
  const errorOf = (key: Key) => {
    if (errors[key]) return errors[key];
    if ((key === "loginName" || key === "mobile") && taken[key] && taken[key] === values[key].trim()) return TAKEN[key];
    return undefined;
  };

  async function checkTaken(key: "loginName" | "mobile") {
    const value = values[key].trim();
    if (!value) return;
    const invalid = fieldError(key === "loginName" ? loginNameField : mobileField, value);
    if (invalid) return setErrors((e) => ({ ...e, [key]: invalid }));
    try {
      const r = await trpc.auth.checkMobileOrLoginName.query({ [key]: value });
      const exists = key === "loginName" ? r.loginNameExists : r.mobileExists;
      setTaken((t) => ({ ...t, [key]: exists ? value : undefined }));
    } catch {
      // The check is a courtesy; registering checks again on the server.
    }
  }

  function validateOne(key: Key) {
    const value = values[key];
    if (!value) return;
    let message: string | undefined;
    if (key === "nick") message = fieldError(nickField, value);
    if (key === "password") message = fieldError(newPasswordField, value);
    if (key === "confirmPassword" && value !== values.password) message = PASSWORDS_DIFFER;
    setErrors((e) => ({ ...e, [key]: message }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const found: FieldErrors<Key> = formErrors(registerInput, values);
    if (!found.confirmPassword && values.confirmPassword !== values.password) found.confirmPassword = PASSWORDS_DIFFER;
    setErrors(found);
    setAgreeError(agreed ? undefined : AGREE_FIRST);
    if (hasErrors(found) || errorOf("loginName") || errorOf("mobile") || !agreed) return;
    setPending(true);
    try {
      await trpc.auth.register.mutate(values);
      toast.success("注册成功");
      authChanged(target);
    } catch (err) {
      const message = errorMessage(err, "注册失败，请稍后再试");
      if (message === TAKEN.loginName) setTaken((t) => ({ ...t, loginName: values.loginName.trim() }));
      else if (message === TAKEN.mobile) setTaken((t) => ({ ...t, mobile: values.mobile.trim() }));
      else if (isCodeMessage(message)) setErrors((e) => ({ ...e, code: message }));
      else setFormError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="注册财云学院账号"
      subtitle={
        <>
          已有账号？
          <button type="button" className="cursor-pointer text-primary hover:underline" onClick={() => openLoginDialog({ redirectTo: target })}>
            立即登录
          </button>
        </>
      }
    >
      {viewer && (
        <p className="mb-5 rounded-md bg-primary-50 px-3 py-2 text-xs text-[#4e5969]">
          当前已登录账号「{viewer.nick}」，注册成功后将使用新账号登录
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="用户名" htmlFor="su-loginName" error={errorOf("loginName")} hint="字母、数字及下划线，1-20个字符">
          <Input
            id="su-loginName"
            placeholder="请输入用户名"
            autoComplete="username"
            maxLength={20}
            value={values.loginName}
            invalid={!!errorOf("loginName")}
            onChange={(e) => set("loginName")(e.target.value)}
            onBlur={() => void checkTaken("loginName")}
          />
        </FormField>
        <FormField label="昵称" htmlFor="su-nick" error={errorOf("nick")} hint="中文、字母及数字，1-16个字符">
          <Input
            id="su-nick"
            placeholder="请输入昵称"
            autoComplete="nickname"
            maxLength={16}
            value={values.nick}
            invalid={!!errorOf("nick")}
            onChange={(e) => set("nick")(e.target.value)}
            onBlur={() => validateOne("nick")}
          />
        </FormField>
        <PhoneCodeFields
          idPrefix="su"
          mobile={values.mobile}
          code={values.code}
          mobileError={errorOf("mobile")}
          codeError={errors.code}
          onMobile={set("mobile")}
          onCode={set("code")}
          onMobileError={(m) => setErrors((e) => ({ ...e, mobile: m }))}
          onMobileBlur={() => void checkTaken("mobile")}
          beforeSend={() => {
            const invalid = fieldError(mobileField, values.mobile) ?? errorOf("mobile");
            setErrors((e) => ({ ...e, mobile: invalid }));
            return !invalid;
          }}
          send={(captcha) => trpc.auth.sendRegisterCode.mutate({ mobile: values.mobile.trim(), captcha })}
        />
        <FormField label="密码" htmlFor="su-password" error={errorOf("password")} hint="10-16位，须包含大小写字母、数字及!@#$中的一个">
          <Input
            id="su-password"
            type="password"
            placeholder="请输入密码"
            autoComplete="new-password"
            maxLength={16}
            value={values.password}
            invalid={!!errorOf("password")}
            onChange={(e) => set("password")(e.target.value)}
            onBlur={() => validateOne("password")}
          />
        </FormField>
        <FormField label="确认密码" htmlFor="su-confirm" error={errorOf("confirmPassword")}>
          <Input
            id="su-confirm"
            type="password"
            placeholder="请再次输入密码"
            autoComplete="new-password"
            maxLength={16}
            value={values.confirmPassword}
            invalid={!!errorOf("confirmPassword")}
            onChange={(e) => set("confirmPassword")(e.target.value)}
            onBlur={() => validateOne("confirmPassword")}
          />
        </FormField>
        <div>
          <div className="flex items-center gap-2 text-xs text-[#4e5969]">
            <Checkbox
              id="su-agree"
              checked={agreed}
              onCheckedChange={(c) => {
                setAgreed(c === true);
                if (c === true) setAgreeError(undefined);
              }}
            />
            <label htmlFor="su-agree" className="cursor-pointer select-none">
              我已阅读并同意<span className="text-primary">《用户服务协议》</span>和<span className="text-primary">《隐私政策》</span>
            </label>
          </div>
          <FieldError>{agreeError}</FieldError>
        </div>
        <ErrorBar>{formError}</ErrorBar>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          注册
        </Button>
      </form>
    </AuthCard>
  );
}
