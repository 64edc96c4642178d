import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import {
  checkCodeInput,
  mobileField,
  newPasswordField,
  PASSWORDS_DIFFER,
  resetPasswordInput,
  updatePasswordInput,
} from "@trpc-app/auth/schemas";
import { fieldError, formErrors, hasErrors, isCodeMessage, type FieldErrors } from "~/components/auth/form";
import { AuthCard, ErrorBar, FormField, Steps } from "~/components/auth/form-field";
import { PhoneCodeFields } from "~/components/auth/phone-code-fields";
import { useAuthChanged } from "~/components/auth/use-auth-changed";
import { loadViewer } from "~/components/auth/viewer.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.forget === false ? "修改密码" : "找回密码"} - 财云学院` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, headers } = await loadViewer(request);
  // A visitor can only have forgotten the password: without a session there is no old one to give.
  const forget = new URL(request.url).searchParams.get("type") === "forget" || !viewer;
  return data({ forget }, { headers });
}

export default function PasswordSettingPage() {
  const { forget } = useLoaderData<typeof loader>();
  return forget ? <ForgetPassword /> : <ChangePassword />;
}

const PASSWORD_HINT = "10-16位，须包含大小写字母、数字及!@#$中的一个";

function ForgetPassword() {
  const authChanged = useAuthChanged();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState({ mobile: "", code: "", password: "", confirmPassword: "" });
  type Key = keyof typeof values;
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  // Proof of the checked code for the next step; the server also keeps it in an HttpOnly cookie.
  const [resetToken, setResetToken] = useState<string>();

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(undefined);
  };
  // Messages about the phone or the code belong to the first step's fields; later ones go in the bar.
  const fail = (message: string) => {
    if (step === 0 && isCodeMessage(message)) setErrors((e) => ({ ...e, code: message }));
    else if (step === 0 && /手机号/.test(message)) setErrors((e) => ({ ...e, mobile: message }));
    else setFormError(message);
  };

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    const found = formErrors(checkCodeInput, { mobile: values.mobile, code: values.code });
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      const checked = await trpc.auth.checkPasswordCode.mutate({ mobile: values.mobile.trim(), code: values.code.trim() });
      setResetToken(checked.resetToken);
      setStep(1);
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  async function reset(e: React.FormEvent) {
    e.preventDefault();
    const input = { mobile: values.mobile.trim(), password: values.password, confirmPassword: values.confirmPassword };
    const found: FieldErrors<Key> = formErrors(resetPasswordInput, input);
    if (!found.confirmPassword && input.confirmPassword !== input.password) found.confirmPassword = PASSWORDS_DIFFER;
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await trpc.auth.resetPassword.mutate({ ...input, resetToken });
      setStep(2);
      // The reset signs the account out everywhere, this browser included if it was that account.
      authChanged();
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title="找回密码">
      <Steps steps={["验证手机号", "设置新密码", "完成"]} current={step} />
      {step === 0 && (
        <form noValidate onSubmit={verify} className="flex flex-col gap-4">
          <PhoneCodeFields
            idPrefix="pw"
            mobile={values.mobile}
            code={values.code}
            mobileError={errors.mobile}
            codeError={errors.code}
            onMobile={set("mobile")}
            onCode={set("code")}
            onMobileError={(m) => setErrors((x) => ({ ...x, mobile: m }))}
            send={(captcha) => trpc.auth.sendPasswordCode.mutate({ mobile: values.mobile.trim(), captcha })}
          />
          <ErrorBar>{formError}</ErrorBar>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
            下一步
          </Button>
        </form>
      )}
      {step === 1 && (
        <form noValidate onSubmit={reset} className="flex flex-col gap-4">
          <p className="text-sm text-[#4e5969]">
            正在为手机号 <span className="font-medium text-[#1d2129]">{values.mobile.trim()}</span> 的账号设置新密码
          </p>
          <NewPasswordFields
            idPrefix="pw"
            password={values.password}
            confirm={values.confirmPassword}
            errors={{ password: errors.password, confirm: errors.confirmPassword }}
            onPassword={set("password")}
            onConfirm={set("confirmPassword")}
            onError={(key, message) => setErrors((x) => ({ ...x, [key === "confirm" ? "confirmPassword" : key]: message }))}
          />
          <ErrorBar>{formError}</ErrorBar>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
            重置密码
          </Button>
        </form>
      )}
      {step === 2 && (
        <div className="flex flex-col items-center gap-6 py-4 text-center">
          <div aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-3xl text-primary">
            ✓
          </div>
          <p className="text-lg font-medium text-[#1d2129]">密码已重置，请使用新密码登录</p>
          <Button size="lg" className="w-full" onClick={() => openLoginDialog({ redirectTo: "/" })}>
            立即登录
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

function ChangePassword() {
  const [values, setValues] = useState({ oldPassword: "", password: "", confirmPassword: "" });
  type Key = keyof typeof values;
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(undefined);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: FieldErrors<Key> = formErrors(updatePasswordInput, values);
    if (!found.confirmPassword && values.confirmPassword !== values.password) found.confirmPassword = PASSWORDS_DIFFER;
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await trpc.auth.updatePassword.mutate(values);
      toast.success("密码修改成功");
      setDone(true);
    } catch (err) {
      const message = errorMessage(err);
      if (/原密码/.test(message)) setErrors((x) => ({ ...x, [message.startsWith("新密码") ? "password" : "oldPassword"]: message }));
      else setFormError(message);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="修改密码">
        <div className="flex flex-col items-center gap-6 py-4 text-center">
          <div aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-3xl text-primary">
            ✓
          </div>
          <div>
            <p className="text-lg font-medium text-[#1d2129]">密码修改成功</p>
            <p className="mt-2 text-sm text-muted">其他设备上的登录已退出，需使用新密码重新登录</p>
          </div>
          <Link to="/" className={buttonVariants({ size: "lg", className: "w-full" })}>
            返回首页
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="修改密码">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="原密码" htmlFor="cp-old" error={errors.oldPassword}>
          <Input
            id="cp-old"
            type="password"
            placeholder="请输入原密码"
            autoComplete="current-password"
            value={values.oldPassword}
            invalid={!!errors.oldPassword}
            onChange={(e) => set("oldPassword")(e.target.value)}
          />
        </FormField>
        <NewPasswordFields
          idPrefix="cp"
          labels={["新密码", "确认新密码"]}
          password={values.password}
          confirm={values.confirmPassword}
          errors={{ password: errors.password, confirm: errors.confirmPassword }}
          onPassword={set("password")}
          onConfirm={set("confirmPassword")}
          onError={(key, message) => setErrors((x) => ({ ...x, [key === "confirm" ? "confirmPassword" : key]: message }))}
        />
        <ErrorBar>{formError}</ErrorBar>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
          确认修改
        </Button>
        <Link to="?type=forget" className="self-center text-sm text-muted hover:text-primary">
          忘记原密码？
        </Link>
      </form>
    </AuthCard>
  );
}

/** New password and its confirmation, checked on blur with the registration rule. */
function NewPasswordFields({
  idPrefix,
  labels = ["新密码", "确认密码"],
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
  onError,
}: {
  idPrefix: string;
  labels?: [string, string];
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  onError: (key: "password" | "confirm", message: string | undefined) => void;
}) {
  return (
    <>
      <FormField label={labels[0]} htmlFor={`${idPrefix}-password`} error={errors.password} hint={PASSWORD_HINT}>
        <Input
          id={`${idPrefix}-password`}
          type="password"
          placeholder="请输入新密码"
          autoComplete="new-password"
          maxLength={16}
          value={password}
          invalid={!!errors.password}
          onChange={(e) => onPassword(e.target.value)}
          onBlur={() => password && onError("password", fieldError(newPasswordField, password))}
        />
      </FormField>
      <FormField label={labels[1]} htmlFor={`${idPrefix}-confirm`} error={errors.confirm}>
        <Input
          id={`${idPrefix}-confirm`}
          type="password"
          placeholder="请再次输入新密码"
          autoComplete="new-password"
          maxLength={16}
          value={confirm}
          invalid={!!errors.confirm}
          onChange={(e) => onConfirm(e.target.value)}
          onBlur={() => confirm && onError("confirm", confirm === password ? undefined : PASSWORDS_DIFFER)}
        />
      </FormField>
    </>
  );
}
