import { z } from "zod";

const param = (max: number) => z.string().max(max, "登录参数不正确").optional();

/** GET /api/login/caiyun/sso?redirect=: where to come back to (a path, or a full address of this site). */
export const startInput = z.object({ redirect: z.string().max(2000, "跳转地址过长").optional() }).passthrough();

/** What the provider sends back to the callback (OpenID Connect authorisation response). */
export const callbackInput = z
  .object({
    code: param(2048),
    state: param(128),
    iss: param(512),
    error: param(128),
    error_description: param(1000),
    session_state: param(512),
  })
  .passthrough()
  .transform(({ code, state, iss, error, error_description, session_state }) => ({ code, state, iss, error, error_description, session_state }));

export const logoutUrlInput = z.object({ target: z.string().max(2000).optional() });

/** The provider's back-channel logout POST (form field logout_token). */
export const backchannelInput = z.object({ logout_token: z.string({ error: "缺少注销令牌" }).min(1, "缺少注销令牌").max(16_384, "注销令牌过长") }).passthrough();
