import { safeTarget } from "@base/safe-target";
import { legacyRows, mapped, pass, type LegacyInput } from "../legacy/types";

export { safeTarget };

const U = "/api/elearning/caiyun/front/user";

function svgResponse({ svg }: { svg: string }) {
  return new Response(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "no-store" } });
}


/** Old clients name the new password either way and may omit the confirmation. */
function passwordPair(input: LegacyInput) {
  const password = input.password ?? input.newPassword;
  return { ...input, password, confirmPassword: input.confirmPassword ?? input.rePassword ?? password };
}

export const authLegacy = legacyRows([
  // Old clients read these two under data (learner-front-end.md 7), not under the login envelope's result.
  { method: "GET", path: "/api/login/qrcode/content", call: (c) => c.auth.qrContent(), envelope: "elearning" },
  { method: "POST", path: "/api/login/qrcode/status", call: pass((c) => c.auth.qrStatus), envelope: "elearning" },
  { method: "GET", path: "/api/login/captcha", call: (c) => c.auth.captcha(), respond: svgResponse },
  { method: "POST", path: "/api/login/mobile/captcha", call: pass((c) => c.auth.sendLoginCode) },
  { method: "POST", path: "/api/login/e-learning", call: pass((c) => c.auth.login) },
  {
    method: "GET",
    path: "/api/login/logout",
    call: async (c, i) => {
      const target = safeTarget(i.target);
      // A session begun at the single sign-on provider ends there too, which then comes back to target.
      const provider = await c.sso.logoutUrl({ target });
      await c.auth.logout();
      return { target: provider ?? target };
    },
    respond: ({ target }: { target: string }) => new Response(null, { status: 302, headers: { location: target } }),
  },
  // GET /api/login/caiyun/sso (the internal-network variant's sign-in) is answered by trpc/sso/legacy.ts.

  { method: "GET", path: `${U}/getUserInfo`, call: (c) => c.auth.me() },
  { method: "POST", path: `${U}/getUser`, call: (c) => c.auth.getUser() },
  { method: "POST", path: `${U}/checkMobileOrLoginName`, call: pass((c) => c.auth.checkMobileOrLoginName) },
  { method: "GET", path: `${U}/register/captcha`, call: (c) => c.auth.captcha(), respond: svgResponse },
  { method: "GET", path: `${U}/imgCode`, call: (c) => c.auth.captcha(), respond: svgResponse },
  { method: "POST", path: `${U}/registerPhoneCode`, call: pass((c) => c.auth.sendRegisterCode) },
  { method: "POST", path: `${U}/register`, call: mapped((c) => c.auth.register, passwordPair) },
  { method: "POST", path: `${U}/modifyPasswordPhoneCode`, call: pass((c) => c.auth.sendPasswordCode) },
  { method: "POST", path: `${U}/checkPasswordPhoneCode`, call: pass((c) => c.auth.checkPasswordCode) },
  { method: "POST", path: `${U}/modifyPassword`, call: mapped((c) => c.auth.resetPassword, passwordPair) },
  { method: "POST", path: `${U}/updatePassword`, call: mapped((c) => c.auth.updatePassword, passwordPair) },
  { method: "POST", path: `${U}/modifyPhoneCode`, call: pass((c) => c.auth.sendOldPhoneCode) },
  { method: "GET", path: `${U}/checkModifyPhoneCode`, call: pass((c) => c.auth.checkOldPhone) },
  { method: "POST", path: `${U}/phoneCode`, call: pass((c) => c.auth.sendNewPhoneCode) },
  { method: "POST", path: `${U}/bindNewPhone`, call: pass((c) => c.auth.bindNewPhone) },
  { method: "POST", path: `${U}/updatePhone`, call: pass((c) => c.auth.bindNewPhone) },
]);
