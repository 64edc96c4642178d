import { legacyRows } from "../legacy/types";

const U = "/api/elearning/caiyun/front/user";
const A = `${U}/auth`;

export const identityLegacy = legacyRows([
  { method: "POST", path: `${A}/complete`, call: (c, i) => c.identity.complete(i as never) },
  { method: "POST", path: `${A}/checkNeedAuth`, call: (c, i) => c.identity.checkNeedAuth(i as never) },
  { method: "POST", path: `${A}/completePassportPhoto`, call: (c, i) => c.identity.completePassportPhoto(i as never) },
  { method: "POST", path: `${A}/updateIdentity`, call: (c, i) => c.identity.updateIdentity(i as never) },
  { method: "POST", path: `${A}/updateOrgName`, call: (c, i) => c.identity.updateOrgName(i as never) },
  { method: "POST", path: `${A}/updateAreaCode`, call: (c, i) => c.identity.updateAreaCode(i as never) },
  { method: "POST", path: `${A}/checkIdCard`, call: (c, i) => c.identity.checkIdCard(i as never) },
  { method: "GET", path: `${A}/getInfo`, call: (c, i) => c.identity.getInfo(i as never) },
  { method: "GET", path: `${A}/getIdentityCategoryList`, call: (c) => c.identity.identityCategories() },
  { method: "GET", path: `${A}/getAreaList`, call: (c, i) => c.identity.areas(i as never) },
  { method: "GET", path: `${A}/checkUserAuthTimes`, call: (c) => c.identity.checkUserAuthTimes() },
  { method: "GET", path: `${U}/isSupplement`, call: (c) => c.identity.isSupplement() },
  { method: "POST", path: `${U}/supplement`, call: (c, i) => c.identity.supplement(i as never) },
  { method: "GET", path: `${U}/getUserIdentityAndOrgInfo`, call: (c) => c.identity.identityAndOrg() },
  { method: "POST", path: `${U}/updateOrgInfo`, call: (c, i) => c.identity.updateOrgInfo(i as never) },
  { method: "POST", path: `${U}/updateIdentity`, call: (c, i) => c.identity.updateIdentity(i as never) },
  { method: "GET", path: `${U}/orgSearch`, call: (c, i) => c.identity.orgSearch(i as never) },
  { method: "POST", path: `${U}/updateHeadPic`, call: (c, i) => c.identity.updateHeadPic(i as never) },
  { method: "POST", path: `${U}/updateOther`, call: (c, i) => c.identity.updateNick(i as never) },
  { method: "POST", path: `${U}/getPersonalCenterData`, call: (c) => c.identity.personalCenter() },
  { method: "POST", path: `${U}/getPersonalCenterDataV2`, call: (c) => c.identity.personalCenter() },
]);
