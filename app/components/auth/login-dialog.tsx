import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { LoginInput } from "@trpc-app/auth/schemas";
import { accountField, mobileField, passwordField, passwordLoginInput, smsCodeField, smsLoginInput } from "@trpc-app/auth/schemas";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { onLoginDialogRequest, type LoginRequest } from "~/lib/login-dialog";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";
import { fieldError, formErrors, hasErrors, type FieldErrors } from "./form";
import { safeTarget } from "@base/safe-target";
import { PlatformLoginEntry } from "./platform-picker";
import { QrLoginPanel } from "./qr-login-panel";
import { SmsCodeField } from "./sms-code-field";
import { useAuthChanged } from "./use-auth-changed";
import { useRootData } from "~/components/layout/shell-types";

type Method = "sms" | "password";
/** Login methods by the site config's numbers (learner-front-end.md 2): 1 account, 2 phone, 3 authorised platforms. */
const ALL_METHODS = [1, 2, 3];
const FORGET_URL = "/password/setting?type=forget";
const LOCKED = "user.status.locked";

const emptyValues = { mobile: "", code: "", account: "", password: "" };
type Values = typeof emptyValues;
type LoginFailure = { message: string; locked: boolean };

// Only the first mounted host answers requests, so a second mount cannot open a second dialog.
let hostCount = 0;

/** The login modal (804x482), mounted once at the root; openLoginDialog() opens it from anywhere. */
export function LoginDialogHost() {
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<LoginRequest>({});
  const authChanged = useAuthChanged();
  const methods = useRootData()?.shell.site.loginMethods ?? ALL_METHODS;

  useEffect(() => {
    hostCount += 1;
    const active = hostCount === 1;
    const off = active
      ? onLoginDialogRequest((req) => {
          setRequest(req);
          setOpen(true);
        })
      : undefined;
    return () => {
      hostCount -= 1;
      off?.();
    };
  }, []);

  const loggedIn = useCallback(() => {
    setOpen(false);
    toast.success("登录成功");
    const to = request.redirectTo ? safeTarget(toPath(request.redirectTo), "") : "";
    authChanged(to || undefined);
  }, [request, authChanged]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="flex h-[482px] w-[804px] max-w-[calc(100vw-16px)] overflow-hidden p-0"
        aria-describedby={undefined}
        onOpenAutoFocus={(e) => {
          // Start in the first field of the active tab rather than on the QR pane or the close button.
          const field = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>("form input");
          if (field) {
            e.preventDefault();
            field.focus();
          }
        }}
      >
        <DialogTitle className="sr-only">登录</DialogTitle>
        {/* Scanning with the app logs in its phone account: offered where phone login is. */}
        {methods.includes(2) && (
          <div className="hidden w-[300px] shrink-0 border-r border-border md:block">
            <QrLoginPanel onConfirmed={(qrCodeToken, qrCodeTicket) => loginWith({ authentication_type: "qr_code", qrCodeToken, qrCodeTicket }, loggedIn)} />
          </div>
        )}
        <LoginForms onLoggedIn={loggedIn} onNavigate={() => setOpen(false)} courseId={request.courseId} />
      </DialogContent>
    </Dialog>
  );
}

/** A same-origin absolute URL becomes its path; anything else is left for safeTarget to refuse. */
function toPath(to: string) {
  if (typeof window === "undefined" || to.startsWith("/")) return to;
  try {
    const url = new URL(to);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : "";
  } catch {
    return "";
  }
}

/** Logs in; returns the failure (message, and whether the account is locked) instead of throwing. */
async function loginWith(input: LoginInput, done: () => void): Promise<string | void> {
  const failure = await tryLogin(input, done);
  return failure?.message;
}

async function tryLogin(input: LoginInput, done: () => void): Promise<LoginFailure | undefined> {
  try {
    await trpc.auth.login.mutate(input);
    done();
    return undefined;
  } catch (e) {
    return { message: errorMessage(e, "登录失败，请稍后再试"), locked: errorCode(e) === LOCKED };
  }
}

function LoginForms({ onLoggedIn, onNavigate, courseId }: { onLoggedIn: () => void; onNavigate: () => void; courseId?: number }) {
  const location = useLocation();
  const site = useRootData()?.shell.site;
  const methods = site?.loginMethods ?? ALL_METHODS;
  const offered: Method[] = [...(methods.includes(2) ? (["sms"] as const) : []), ...(methods.includes(1) ? (["password"] as const) : [])];
  const [method, setMethod] = useState<Method>(offered[0] ?? "sms");
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const [agreed, setAgreed] = useState(false);
  const [askAgree, setAskAgree] = useState(false);
  const [failure, setFailure] = useState<LoginFailure>();
  const [pending, setPending] = useState(false);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFailure(undefined);
  };
  const blur = (key: keyof Values, schema: Parameters<typeof fieldError>[0]) => () => {
    if (values[key]) setErrors((e) => ({ ...e, [key]: fieldError(schema, values[key]) }));
  };

  function inputFor(m: Method): LoginInput {
    return m === "sms"
      ? { authentication_type: "sms", mobile_number: values.mobile.trim(), captcha_code: values.code.trim() }
      : { authentication_type: "password", account: values.account.trim(), password: values.password };
  }

  function validate(m: Method) {
    const found =
      m === "sms"
        ? renameKeys(formErrors(smsLoginInput, inputFor(m)), { mobile_number: "mobile", captcha_code: "code" })
        : formErrors(passwordLoginInput, inputFor(m));
    setErrors(found as FieldErrors<keyof Values>);
    return !hasErrors(found);
  }

  async function login(agreedNow = agreed) {
    setFailure(undefined);
    if (!validate(method)) return;
    if (!agreedNow) return setAskAgree(true);
    setPending(true);
    const result = await tryLogin(inputFor(method), onLoggedIn);
    setPending(false);
    if (result) setFailure(result);
  }

  const registerHref = `/sign/up${location.pathname.startsWith("/sign/up") ? "" : `?target=${encodeURIComponent(location.pathname + location.search)}`}`;

  return (
    <div className="flex min-w-0 flex-1 flex-col px-12 pt-11 pb-7">
      {offered.length > 0 && (
      <Tabs value={method} onValueChange={(v) => (setMethod(v as Method), setFailure(undefined), setErrors({}))}>
        <TabsList className="gap-10">
          {offered.includes("sms") && <TabsTrigger value="sms">手机快捷登录</TabsTrigger>}
          {offered.includes("password") && <TabsTrigger value="password">账号登录</TabsTrigger>}
        </TabsList>

        <form
          noValidate
          className="mt-6"
          onSubmit={(e) => {
            e.preventDefault();
            void login();
          }}
        >
          <TabsContent value="sms" className="flex flex-col gap-1">
            <div className="min-h-[62px]">
              <Input
                aria-label="手机号"
                placeholder="请输入手机号"
                inputMode="tel"
                autoComplete="tel"
                maxLength={12}
                value={values.mobile}
                invalid={!!errors.mobile}
                onChange={(e) => set("mobile")(e.target.value)}
                onBlur={blur("mobile", mobileField)}
              />
              <FieldError>{errors.mobile}</FieldError>
            </div>
            <div className="min-h-[62px]">
              <SmsCodeField
                id="login-sms-code"
                value={values.code}
                onChange={set("code")}
                onBlur={blur("code", smsCodeField)}
                error={errors.code}
                beforeSend={() => {
                  const invalid = fieldError(mobileField, values.mobile);
                  setErrors((e) => ({ ...e, mobile: invalid }));
                  return !invalid;
                }}
                send={(captcha) => trpc.auth.sendLoginCode.mutate({ mobile: values.mobile.trim(), captcha })}
              />
            </div>
            <p className="text-xs text-muted">未注册的手机号验证后将自动创建账号</p>
          </TabsContent>

          <TabsContent value="password" className="flex flex-col gap-1">
            <div className="min-h-[62px]">
              <Input
                aria-label="账号"
                placeholder="请输入账号/手机号"
                autoComplete="username"
                maxLength={20}
                value={values.account}
                invalid={!!errors.account}
                onChange={(e) => set("account")(e.target.value)}
                onBlur={blur("account", accountField)}
              />
              <FieldError>{errors.account}</FieldError>
            </div>
            <div className="min-h-[62px]">
              <Input
                aria-label="密码"
                type="password"
                placeholder="请输入密码"
                autoComplete="current-password"
                value={values.password}
                invalid={!!errors.password}
                onChange={(e) => set("password")(e.target.value)}
                onBlur={blur("password", passwordField)}
              />
              <FieldError>{errors.password}</FieldError>
            </div>
          </TabsContent>

          <div className="mt-3 min-h-[38px]">
            {failure && (
              <div role="alert" className="rounded-md border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger">
                {failure.message}
                {failure.locked && (
                  <Link to={FORGET_URL} onClick={onNavigate} className="ml-2 font-medium text-primary underline-offset-2 hover:underline">
                    申请解锁
                  </Link>
                )}
              </div>
            )}
          </div>

          <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
            登录
          </Button>

          <div className="mt-4 flex items-center gap-2 text-xs text-[#4e5969]">
            <Checkbox id="login-agree" checked={agreed} onCheckedChange={(c) => setAgreed(c === true)} />
            <label htmlFor="login-agree" className="cursor-pointer select-none">
              我已阅读并同意<span className="text-primary">《用户服务协议》</span>和<span className="text-primary">《隐私政策》</span>
            </label>
          </div>
        </form>
      </Tabs>
      )}
      {methods.includes(3) && (site?.authPlatforms.length ? <SitePlatformLinks platforms={site.authPlatforms} only={!offered.length} /> : <PlatformLoginEntry courseId={courseId} />)}

      <div className="mt-auto flex items-center justify-between text-sm">
        <Link to={FORGET_URL} onClick={onNavigate} className="text-[#4e5969] hover:text-primary">
          忘记密码
        </Link>
        <span className="text-[#4e5969]">
          还没有账号？
          <Link to={registerHref} onClick={onNavigate} className="text-primary hover:underline">
            立即注册
          </Link>
        </span>
      </div>

      <Dialog open={askAgree} onOpenChange={setAskAgree}>
        <DialogContent className="w-[400px]">
          <DialogTitle>温馨提示</DialogTitle>
          <DialogDescription>
            请阅读并同意<span className="text-primary">《用户服务协议》</span>和<span className="text-primary">《隐私政策》</span>后登录
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAskAgree(false)}>
              取消
            </Button>
            <Button
              onClick={() => {
                setAgreed(true);
                setAskAgree(false);
                void login(true);
              }}
            >
              同意并登录
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function renameKeys(errors: Record<string, string | undefined>, names: Record<string, string>) {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
}

/** An extra site's own authorised platforms (its config's authPlatformInfos): each opens its login address. */
function SitePlatformLinks({ platforms, only }: { platforms: { platformName: string; platformLoginUrl: string; platformLogoUrl?: string }[]; only: boolean }) {
  return (
    <div className={only ? "mt-2" : "mt-3"}>
      <p className="mb-3 flex items-center gap-2 text-xs text-[#86909c]">
        <span className="h-px flex-1 bg-border" />
        {only ? "请使用以下授权平台账号登录" : "其他登录方式"}
        <span className="h-px flex-1 bg-border" />
      </p>
      <ul className="flex flex-wrap justify-center gap-4" aria-label="授权平台登录">
        {platforms.map((p) => (
          <li key={p.platformLoginUrl}>
            <a href={p.platformLoginUrl} className="flex flex-col items-center gap-1 text-xs text-[#4e5969] hover:text-primary">
              {p.platformLogoUrl ? (
                <img src={p.platformLogoUrl} alt="" className="h-10 w-10 rounded-full border border-border bg-white object-contain" />
              ) : (
                <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-100 text-base font-medium text-primary">
                  {Array.from(p.platformName)[0]}
                </span>
              )}
              {p.platformName}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
