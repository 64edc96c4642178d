import { legacyRows, pass, type LegacyRow } from "../legacy/types";

const F = "/api/elearning/caiyun/front/user";

/** The jumps answer a redirect into the provider's authorize page. */
const redirect = (data: { url: string }) => new Response(null, { status: 302, headers: { location: data.url } });

export const oauthLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/caiyun/open/config/getAuthorizeURL", call: pass((c) => c.oauth.authorizeUrl) },
  { method: "GET", path: `${F}/third/jump`, call: pass((c) => c.oauth.authorizeUrl), respond: redirect as LegacyRow["respond"] },
  { method: "GET", path: `${F}/agency/third/jump`, call: pass((c) => c.oauth.agencyJump), respond: redirect as LegacyRow["respond"] },
  { method: "GET", path: `${F}/expert/third/jump`, call: pass((c) => c.oauth.expertJump), respond: redirect as LegacyRow["respond"] },
  // docs/decisions/039-prizes-help-feedback.md: answers a path on this site, never another host.
  { method: "POST", path: `${F}/getJumpUrl`, call: pass((c) => c.oauth.jumpUrl) },
  { method: "POST", path: `${F}/getThirdLoginUser`, call: pass((c) => c.oauth.thirdLoginUser) },
  { method: "POST", path: `${F}/checkBindRelation`, call: pass((c) => c.oauth.checkBindRelation) },
  { method: "POST", path: `${F}/unBindRelation`, call: pass((c) => c.oauth.unBindRelation) },
]);
