import { legacyRows, mapped, pass, type LegacyRow } from "../legacy/types";

const E = "/api/elearning";
const U = `${E}/back/user`;
const O = `${E}/back/organization/manage`;
const W = `${E}/back/white`;
const C = `${E}/back/channel/manage`;

/** The refused import rows as a file download. */
const xlsxResponse = (data: { fileName: string; base64: string }) =>
  new Response(Buffer.from(data.base64, "base64"), {
    status: 200,
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(data.fileName)}`,
    },
  });

const treeRows = (kind: "group" | "role", initPath: string): LegacyRow[] => {
  const P = `${E}/back/common/${kind}`;
  const t = (c: Parameters<LegacyRow["call"]>[0]) => c.org.admin[kind];
  return [
    { method: "GET", path: `${P}/getTree`, call: pass((c) => t(c).getTree) },
    { method: "POST", path: `${P}/${initPath}`, call: (c) => t(c).init() },
    { method: "POST", path: `${P}/initSSOOrg`, call: (c) => t(c).initSso() },
    { method: "POST", path: `${P}/del`, call: pass((c) => t(c).del) },
    { method: "POST", path: `${P}/add`, call: pass((c) => t(c).add) },
    { method: "POST", path: `${P}/move`, call: pass((c) => t(c).move) },
    { method: "POST", path: `${P}/update`, call: pass((c) => t(c).update) },
    { method: "POST", path: `${P}/tree`, call: pass((c) => t(c).tree) },
    { method: "POST", path: `${P}/list`, call: pass((c) => t(c).list) },
  ];
};

export const orgLegacy = legacyRows([
  { method: "POST", path: `${U}/page`, call: pass((c) => c.org.admin.users.page) },
  { method: "POST", path: `${U}/getOne`, call: pass((c) => c.org.admin.users.getOne) },
  { method: "POST", path: `${U}/able`, call: pass((c) => c.org.admin.users.able) },
  { method: "POST", path: `${U}/unable`, call: pass((c) => c.org.admin.users.unable) },
  { method: "POST", path: `${U}/unlockUser`, call: pass((c) => c.org.admin.users.unlock) },

  { method: "POST", path: `${U}/getUser`, call: pass((c) => c.org.admin.users.getUser) },
  { method: "POST", path: `${U}/registerType`, call: (c) => c.org.admin.users.registerType() },
  { method: "POST", path: `${U}/getAllCustomer`, call: pass((c) => c.org.admin.users.getAllCustomer) },
  { method: "POST", path: `${U}/center/getUser`, call: pass((c) => c.org.admin.users.centerGetUser) },
  { method: "POST", path: `${U}/ssouser`, call: pass((c) => c.org.admin.users.ssoUser) },
  { method: "POST", path: `${U}/third`, call: pass((c) => c.org.admin.users.third) },
  { method: "POST", path: `${U}/allChild/page`, call: pass((c) => c.org.admin.users.allChildPage) },
  { method: "POST", path: `${U}/queryNotJoinExamUser`, call: pass((c) => c.org.admin.users.notJoinExam) },
  { method: "POST", path: `${U}/del`, call: pass((c) => c.org.admin.users.del) },
  { method: "POST", path: `${U}/update`, call: pass((c) => c.org.admin.users.update) },
  { method: "POST", path: `${U}/add`, call: pass((c) => c.org.admin.users.add) },
  { method: "POST", path: `${U}/checkMobileOrLoginName`, call: pass((c) => c.org.admin.users.checkName) },
  { method: "POST", path: `${U}/addRoleAndGroup`, call: pass((c) => c.org.admin.users.addRoleAndGroup) },
  { method: "POST", path: `${U}/removeGroup`, call: pass((c) => c.org.admin.users.removeGroup) },
  { method: "POST", path: `${U}/removeRole`, call: pass((c) => c.org.admin.users.removeRole) },
  { method: "POST", path: `${U}/addGroup`, call: pass((c) => c.org.admin.users.addGroup) },
  { method: "POST", path: `${U}/addRole`, call: pass((c) => c.org.admin.users.addRole) },
  { method: "POST", path: `${U}/getAuthenticationInfo`, call: pass((c) => c.org.admin.users.getAuthInfo) },
  { method: "POST", path: `${U}/resetAuthenticationInfo`, call: pass((c) => c.org.admin.users.resetAuthInfo) },
  // Old clients wait for the whole import; the answer carries the job id for the error download.
  { method: "POST", path: `${U}/importUserInfoExcel`, call: mapped((c) => c.org.admin.users.importExcel, (i) => ({ ...i, wait: true })), files: true },
  {
    method: "GET",
    path: `${U}/downloadErrorUserInfo`,
    call: pass((c) => c.org.admin.users.importErrors),
    respond: xlsxResponse as (data: never) => Response,
  },
  { method: "GET", path: `${U}/privilege/user/position`, call: pass((c) => c.org.admin.users.privilege.userPosition) },
  { method: "GET", path: `${U}/privilege/all/position`, call: pass((c) => c.org.admin.users.privilege.allPosition) },
  { method: "GET", path: `${U}/privilege/user/elements`, call: pass((c) => c.org.admin.users.privilege.userElements) },
  { method: "GET", path: `${U}/privilege/user/app`, call: (c) => c.org.admin.users.privilege.userApp() },
  { method: "POST", path: `${U}/privilege/bind/position`, call: pass((c) => c.org.admin.users.privilege.bindPosition) },
  { method: "GET", path: `${U}/app/list`, call: (c) => c.org.admin.users.appList() },
  { method: "GET", path: `${E}/back/common/app/list`, call: (c) => c.org.admin.users.appList() },

  ...treeRows("group", "initZCY"),
  ...treeRows("role", "init"),

  { method: "GET", path: `${E}/tag/queryTagList`, call: pass((c) => c.org.admin.tags.list) },
  { method: "GET", path: `${E}/tag/queryCurrentTagIfUse`, call: pass((c) => c.org.admin.tags.ifUse) },
  { method: "POST", path: `${E}/tag/create`, call: pass((c) => c.org.admin.tags.create) },
  { method: "POST", path: `${E}/tag/modify`, call: pass((c) => c.org.admin.tags.modify) },
  { method: "POST", path: `${E}/tag/remove`, call: pass((c) => c.org.admin.tags.remove) },

  // Organisations, whitelists and channels (back-office.md 7.16).
  { method: "POST", path: `${O}/save`, call: pass((c) => c.org.admin.organization.save) },
  { method: "POST", path: `${O}/update`, call: pass((c) => c.org.admin.organization.update) },
  { method: "POST", path: `${O}/del`, call: pass((c) => c.org.admin.organization.del) },
  { method: "POST", path: `${O}/page`, call: pass((c) => c.org.admin.organization.page) },
  { method: "POST", path: `${O}/districtTree`, call: pass((c) => c.org.admin.organization.districtTree) },
  { method: "GET", path: `${O}/detail`, call: pass((c) => c.org.admin.organization.detail) },
  { method: "GET", path: `${O}/getSourceEnum`, call: (c) => c.org.admin.organization.sourceEnum() },

  { method: "POST", path: `${W}/create`, call: pass((c) => c.org.admin.white.create) },
  { method: "POST", path: `${W}/remove`, call: pass((c) => c.org.admin.white.remove) },
  { method: "POST", path: `${W}/search`, call: pass((c) => c.org.admin.white.search) },
  { method: "GET", path: `${W}/getWhiteBusinessType`, call: (c) => c.org.admin.white.businessTypes() },
  { method: "GET", path: `${E}/caiyun/front/white/getUserWhiteInfo`, call: pass((c) => c.org.whiteInfo) },

  { method: "GET", path: `${C}/jump/link`, call: pass((c) => c.org.admin.channel.jumpLink) },
  { method: "GET", path: `${C}/detail`, call: pass((c) => c.org.admin.channel.detail) },
  { method: "POST", path: `${C}/save`, call: pass((c) => c.org.admin.channel.save) },
  { method: "POST", path: `${C}/update`, call: pass((c) => c.org.admin.channel.update) },
  { method: "POST", path: `${C}/del`, call: pass((c) => c.org.admin.channel.del) },
  { method: "POST", path: `${C}/page`, call: pass((c) => c.org.admin.channel.page) },
  // Counts a visit, so it runs on GET (listed in GET_STATE_CHANGES): old pages call it on load.
  { method: "GET", path: `${E}/caiyun/front/channel/promote`, call: pass((c) => c.org.promote) },
]);
