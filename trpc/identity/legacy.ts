import { legacyRows, pass } from "../legacy/types";

const U = "/api/elearning/caiyun/front/user";
const A = `${U}/auth`;

export const identityLegacy = legacyRows([
  { method: "POST", path: `${A}/complete`, call: pass((c) => c.identity.complete) },
  { method: "POST", path: `${A}/checkNeedAuth`, call: pass((c) => c.identity.checkNeedAuth) },
  { method: "POST", path: `${A}/completePassportPhoto`, call: pass((c) => c.identity.completePassportPhoto) },
  { method: "POST", path: `${A}/updateIdentity`, call: pass((c) => c.identity.updateIdentity) },
  { method: "POST", path: `${A}/updateOrgName`, call: pass((c) => c.identity.updateOrgName) },
  { method: "POST", path: `${A}/updateAreaCode`, call: pass((c) => c.identity.updateAreaCode) },
  { method: "POST", path: `${A}/checkIdCard`, call: pass((c) => c.identity.checkIdCard) },
  { method: "GET", path: `${A}/getInfo`, call: pass((c) => c.identity.getInfo) },
  { method: "GET", path: `${A}/getIdentityCategoryList`, call: (c) => c.identity.identityCategories() },
  { method: "GET", path: `${A}/getAreaList`, call: pass((c) => c.identity.areas) },
  { method: "GET", path: `${A}/checkUserAuthTimes`, call: (c) => c.identity.checkUserAuthTimes() },
  { method: "GET", path: `${U}/isSupplement`, call: (c) => c.identity.isSupplement() },
  { method: "POST", path: `${U}/supplement`, call: pass((c) => c.identity.supplement) },
  { method: "GET", path: `${U}/getUserIdentityAndOrgInfo`, call: (c) => c.identity.identityAndOrg() },
  { method: "POST", path: `${U}/updateOrgInfo`, call: pass((c) => c.identity.updateOrgInfo) },
  { method: "POST", path: `${U}/updateIdentity`, call: pass((c) => c.identity.updateIdentity) },
  { method: "GET", path: `${U}/orgSearch`, call: pass((c) => c.identity.orgSearch) },
  { method: "POST", path: `${U}/updateHeadPic`, call: pass((c) => c.identity.updateHeadPic) },
  { method: "POST", path: `${U}/updateOther`, call: pass((c) => c.identity.updateNick) },
  { method: "POST", path: `${U}/getPersonalCenterData`, call: (c) => c.identity.personalCenter() },
  { method: "POST", path: `${U}/getPersonalCenterDataV2`, call: (c) => c.identity.personalCenter() },
]);
