import { z } from "zod";

// Field rules and messages of learner-front-end.md 5, shared by the server procedures and the forms.

/** Accepts numbers from old clients that send digits unquoted. */
const str = <T extends z.ZodType>(build: (s: z.ZodString) => T = (s) => s as unknown as T) =>
  z.preprocess((v) => (typeof v === "number" ? String(v) : v), build(z.string({ error: "参数格式不正确" })));

export const accountField = str((s) => s
  .trim()
  .min(1, "请输入账号/手机号")
  .regex(/^[A-Za-z0-9_]{1,20}$/, "仅限字母、数字及下划线，不超过20字符"));
export const passwordField = str((s) => s.min(1, "请输入密码").max(64, "密码过长"));
export const mobileField = str((s) => s.trim().min(1, "请输入手机号").regex(/^\d{11,12}$/, "请输入正确的电话号码"));
export const smsCodeField = str((s) => s.trim().min(1, "请输入验证码").regex(/^\d{6}$/, "请输入6位数字"));
export const captchaField = str((s) => s.trim().min(1, "请输入图形验证码").max(6, "请输入图形验证码"));

export const loginNameField = str((s) => s
  .trim()
  .min(1, "请输入用户名")
  .regex(/^[A-Za-z0-9_]{1,20}$/, "用户名仅限字母、数字及下划线，1-20个字符")
  .refine((v) => !/^\d{11,12}$/.test(v), "用户名不能使用手机号格式"));
export const nickField = str((s) => s
  .trim()
  .min(1, "请输入昵称")
  .regex(/^[\u4e00-\u9fa5A-Za-z0-9]{1,16}$/, "昵称仅限中文、字母及数字，1-16个字符"));
export const newPasswordField = str((s) => s
  .min(1, "请输入密码")
  .regex(/^[A-Za-z0-9!@#$]{10,16}$/, "密码为10-16位，仅限字母、数字及!@#$")
  .refine(
    (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[!@#$]/.test(v),
    "密码须同时包含大写字母、小写字母、数字及!@#$中的一个",
  ));
export const PASSWORDS_DIFFER = "两次输入的密码不一致";

export const passwordLoginInput = z.object({
  authentication_type: z.literal("password"),
  account: accountField,
  password: passwordField,
  sk: str().optional(),
});
export const smsLoginInput = z.object({
  authentication_type: z.literal("sms"),
  mobile_number: mobileField,
  captcha_code: smsCodeField,
  sk: str().optional(),
});
/** QR tokens and tickets are server-made base32 strings; anything else never reaches the database. */
const qrField = (missing: string) =>
  str((s) => s.trim().min(1, missing).regex(/^[a-z2-7]{16,64}$/, "二维码已失效，请刷新"));

export const qrLoginInput = z.object({
  authentication_type: z.literal("qr_code"),
  qrCodeTicket: qrField("二维码登录凭证缺失"),
  qrCodeToken: qrField("二维码登录凭证缺失"),
  sk: str().optional(),
});
export const loginInput = z.discriminatedUnion("authentication_type", [passwordLoginInput, smsLoginInput, qrLoginInput], {
  error: "请选择登录方式",
});
export type LoginInput = z.infer<typeof loginInput>;

/** Sending an SMS code always needs the image captcha first. */
export const sendSmsInput = z.object({ mobile: mobileField, captcha: captchaField });

export const registerInput = z
  .object({
    loginName: loginNameField,
    nick: nickField,
    mobile: mobileField,
    code: smsCodeField,
    password: newPasswordField,
    confirmPassword: str((s) => s.min(1, "请再次输入密码")),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });

export const checkCodeInput = z.object({ mobile: mobileField, code: smsCodeField });

export const resetPasswordInput = z
  .object({
    mobile: mobileField,
    /** Optional when checkPasswordPhoneCode already verified this phone. */
    code: smsCodeField.optional(),
    /** The token checkPasswordPhoneCode answered (also kept in its cookie). */
    resetToken: str((s) => s.trim().regex(/^[a-z2-7]{16,64}$/, "验证已失效，请重新验证手机号")).optional(),
    password: newPasswordField,
    confirmPassword: str((s) => s.min(1, "请再次输入密码")),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });

export const updatePasswordInput = z
  .object({
    oldPassword: passwordField,
    password: newPasswordField,
    confirmPassword: str((s) => s.min(1, "请再次输入密码")),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });

export const bindNewPhoneInput = z.object({ mobile: mobileField, code: smsCodeField });
export const checkMobileOrLoginNameInput = z
  .object({ mobile: mobileField.optional(), loginName: loginNameField.optional() })
  .refine((v) => v.mobile || v.loginName, "请输入手机号或用户名");
export const qrTokenInput = z.object({ qrCodeToken: qrField("二维码已失效，请刷新") });
export const captchaOnlyInput = z.object({ captcha: captchaField });
