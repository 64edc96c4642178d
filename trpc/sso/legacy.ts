import { TRPCError } from "@trpc/server";
import { LegacyCode } from "@base/errors";
import { safeTarget } from "@base/safe-target";
import { errorEnvelope, jsonResponse } from "../legacy/envelope";
import { navigation, redirectTo } from "../legacy/navigation";
import { legacyRows, pass, type LegacyRow } from "../legacy/types";
import { SSO_BACKCHANNEL_PATH, SSO_CALLBACK_PATH, SSO_LOGGED_OUT_PATH, SSO_START_PATH } from "./config";

const sso = { tag: "sso", failed: "统一身份认证登录失败，请稍后重试", badInput: "登录参数不正确，请重新登录" };

export const ssoLegacy = legacyRows([
  { method: "GET", path: SSO_START_PATH, call: navigation(async (c, i) => (await pass((x) => x.sso.start)(c, i)).url, sso), respond: redirectTo },
  { method: "GET", path: SSO_CALLBACK_PATH, call: navigation(async (c, i) => (await pass((x) => x.sso.callback)(c, i)).redirect, sso), respond: redirectTo },
  // The provider's logout comes back here with the target it was handed as state.
  { method: "GET", path: SSO_LOGGED_OUT_PATH, call: async (_c, i) => ({ location: safeTarget(i.state) }), respond: redirectTo },
  {
    // Back-Channel Logout 1.0, 2.8: 200 when done, 400 otherwise (with the login envelope); never cached.
    method: "POST",
    path: SSO_BACKCHANNEL_PATH,
    call: async (c, i) => {
      try {
        return { ok: true, ...(await pass((x) => x.sso.backchannelLogout)(c, i)) };
      } catch (e) {
        const refused = e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR";
        if (!refused) console.error("[sso] back-channel logout failed:", e);
        return { ok: false, description: refused ? e.message : "注销失败" };
      }
    },
    respond: ((r: { ok: boolean; description?: string }) =>
      r.ok
        ? new Response(null, { status: 200, headers: { "cache-control": "no-store" } })
        : jsonResponse(errorEnvelope(LegacyCode.badInput, r.description ?? "注销失败", "login"), 400)) as LegacyRow["respond"],
  },
  {
    // ssouser reads the directory's users first (when one is configured), then answers the page of SSO users as before.
    method: "POST",
    path: "/api/elearning/back/user/ssouser",
    call: async (c, i) => {
      const sync = await c.sso.admin.syncUsers();
      return { ...(await pass((x) => x.org.admin.users.ssoUser)(c, i)), sync };
    },
  },
]);
