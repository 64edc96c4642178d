import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, LegacyCode } from "@base/errors";
import { safeTarget } from "@base/safe-target";
import type { AppCaller } from "../caller";
import { errorEnvelope, jsonResponse } from "../legacy/envelope";
import { legacyRows, pass, type LegacyInput, type LegacyRow } from "../legacy/types";
import { SSO_BACKCHANNEL_PATH, SSO_CALLBACK_PATH, SSO_LOGGED_OUT_PATH, SSO_START_PATH } from "./config";

const FAILED = "统一身份认证登录失败，请稍后重试";

/** The login-failed page (/error) with its message. */
export const errorPage = (message: string) => `/error?message=${encodeURIComponent(message)}`;

function readable(e: unknown): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof TRPCError && e.cause instanceof AppError) return e.cause.message;
  if (e instanceof TRPCError && (e.cause instanceof ZodError || e.code === "BAD_REQUEST")) return "登录参数不正确，请重新登录";
  console.error("[sso] sign-in failed:", e);
  return FAILED;
}

/** A browser navigation: a refusal lands on the login-failed page with its message, never on a JSON envelope. */
const navigation =
  (run: (c: AppCaller, i: LegacyInput) => Promise<string>) =>
  async (c: AppCaller, i: LegacyInput): Promise<{ location: string }> => {
    try {
      return { location: await run(c, i) };
    } catch (e) {
      return { location: errorPage(readable(e)) };
    }
  };

const go = ({ location }: { location: string }) => new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });

export const ssoLegacy = legacyRows([
  { method: "GET", path: SSO_START_PATH, call: navigation(async (c, i) => (await pass((x) => x.sso.start)(c, i)).url), respond: go as LegacyRow["respond"] },
  { method: "GET", path: SSO_CALLBACK_PATH, call: navigation(async (c, i) => (await pass((x) => x.sso.callback)(c, i)).redirect), respond: go as LegacyRow["respond"] },
  // The provider's logout comes back here with the target it was handed as state.
  { method: "GET", path: SSO_LOGGED_OUT_PATH, call: async (_c, i) => ({ location: safeTarget(i.state) }), respond: go as LegacyRow["respond"] },
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
