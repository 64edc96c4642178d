import { env } from "@base/env.server";
import { safeTarget } from "@base/safe-target";

/** Where the browser starts a sign-in at the provider (learner-front-end.md 2). */
export const SSO_START_PATH = "/api/login/caiyun/sso";
/** Where the provider sends the browser back with the code. */
export const SSO_CALLBACK_PATH = "/api/login/caiyun/sso/callback";
/** Where the provider sends the browser after its own logout (post_logout_redirect_uri). */
export const SSO_LOGGED_OUT_PATH = "/api/login/caiyun/sso/logged-out";
/** Where the provider posts its logout token (back-channel logout). */
export const SSO_BACKCHANNEL_PATH = "/api/login/caiyun/sso/backchannel-logout";

export interface SsoConfig {
  issuer: string;
  clientId: string;
  /** Absent: a public client, protected by PKCE alone. */
  clientSecret?: string;
  scopes: string;
  claims: { phone: string; employeeNumber: string; name: string; org: string };
  directoryUrl?: string;
  /** The app's own address when set (PUBLIC_URL); otherwise the request's origin. */
  publicUrl?: string;
}

/** The single sign-on settings, or null when the internal-network variant is off. */
export function ssoConfig(): SsoConfig | null {
  const e = env();
  if (!e.SSO_ISSUER || !e.SSO_CLIENT_ID) return null;
  return {
    issuer: e.SSO_ISSUER,
    clientId: e.SSO_CLIENT_ID,
    clientSecret: e.SSO_CLIENT_SECRET,
    scopes: e.SSO_SCOPES ?? "openid profile phone",
    claims: {
      phone: e.SSO_CLAIM_PHONE ?? "phone_number",
      employeeNumber: e.SSO_CLAIM_EMPLOYEE_NUMBER ?? "employee_number",
      name: e.SSO_CLAIM_NAME ?? "name",
      org: e.SSO_CLAIM_ORG ?? "org_code",
    },
    directoryUrl: e.SSO_DIRECTORY_URL?.replace(/\/+$/, ""),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

/**
 * What the app shell asks: is the internal-network variant on, and where does the browser go to sign in
 * and come back to `redirect` (a same-site path; anything else comes back to the home page).
 */
export function intranetVariant(): { intranet: boolean; ssoLoginUrl: (redirect?: string) => string | null } {
  const on = ssoConfig() !== null;
  return {
    intranet: on,
    ssoLoginUrl: (redirect) => (on ? `${SSO_START_PATH}?redirect=${encodeURIComponent(safeTarget(redirect))}` : null),
  };
}
