import { legacyRows, type LegacyRow } from "../legacy/types";

const F = "/api/elearning/caiyun/front/user";

/** The jumps answer a redirect into the provider's authorize page. */
const redirect = (data: { url: string }) => new Response(null, { status: 302, headers: { location: data.url } });

export const oauthLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/caiyun/open/config/getAuthorizeURL", call: (c, i) => c.oauth.authorizeUrl(i as never) },
  { method: "GET", path: `${F}/third/jump`, call: (c, i) => c.oauth.authorizeUrl(i as never), respond: redirect as LegacyRow["respond"] },
  { method: "GET", path: `${F}/agency/third/jump`, call: (c, i) => c.oauth.agencyJump(i as never), respond: redirect as LegacyRow["respond"] },
  { method: "GET", path: `${F}/expert/third/jump`, call: (c, i) => c.oauth.expertJump(i as never), respond: redirect as LegacyRow["respond"] },
  { method: "POST", path: `${F}/getThirdLoginUser`, call: (c, i) => c.oauth.thirdLoginUser(i as never) },
  { method: "POST", path: `${F}/checkBindRelation`, call: (c, i) => c.oauth.checkBindRelation(i as never) },
  { method: "POST", path: `${F}/unBindRelation`, call: (c, i) => c.oauth.unBindRelation(i as never) },
]);
