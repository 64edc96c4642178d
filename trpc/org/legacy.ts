import { legacyRows, type LegacyRow } from "../legacy/types";

const E = "/api/elearning";
const U = `${E}/back/user`;

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
    { method: "GET", path: `${P}/getTree`, call: (c, i) => t(c).getTree(i as never) },
    { method: "POST", path: `${P}/${initPath}`, call: (c) => t(c).init() },
    { method: "POST", path: `${P}/initSSOOrg`, call: (c) => t(c).initSso() },
    { method: "POST", path: `${P}/del`, call: (c, i) => t(c).del(i as never) },
    { method: "POST", path: `${P}/add`, call: (c, i) => t(c).add(i as never) },
    { method: "POST", path: `${P}/move`, call: (c, i) => t(c).move(i as never) },
    { method: "POST", path: `${P}/update`, call: (c, i) => t(c).update(i as never) },
    { method: "POST", path: `${P}/tree`, call: (c, i) => t(c).tree(i as never) },
    { method: "POST", path: `${P}/list`, call: (c, i) => t(c).list(i as never) },
  ];
};

export const orgLegacy = legacyRows([
  { method: "POST", path: `${U}/page`, call: (c, i) => c.org.admin.users.page(i as never) },
  { method: "POST", path: `${U}/getOne`, call: (c, i) => c.org.admin.users.getOne(i as never) },
  { method: "POST", path: `${U}/able`, call: (c, i) => c.org.admin.users.able(i as never) },
  { method: "POST", path: `${U}/unable`, call: (c, i) => c.org.admin.users.unable(i as never) },
  { method: "POST", path: `${U}/unlockUser`, call: (c, i) => c.org.admin.users.unlock(i as never) },

  { method: "POST", path: `${U}/getUser`, call: (c, i) => c.org.admin.users.getUser(i as never) },
  { method: "POST", path: `${U}/registerType`, call: (c) => c.org.admin.users.registerType() },
  { method: "POST", path: `${U}/getAllCustomer`, call: (c, i) => c.org.admin.users.getAllCustomer(i as never) },
  { method: "POST", path: `${U}/center/getUser`, call: (c, i) => c.org.admin.users.centerGetUser(i as never) },
  { method: "POST", path: `${U}/ssouser`, call: (c, i) => c.org.admin.users.ssoUser(i as never) },
  { method: "POST", path: `${U}/third`, call: (c, i) => c.org.admin.users.third(i as never) },
  { method: "POST", path: `${U}/allChild/page`, call: (c, i) => c.org.admin.users.allChildPage(i as never) },
  { method: "POST", path: `${U}/queryNotJoinExamUser`, call: (c, i) => c.org.admin.users.notJoinExam(i as never) },
  { method: "POST", path: `${U}/del`, call: (c, i) => c.org.admin.users.del(i as never) },
  { method: "POST", path: `${U}/update`, call: (c, i) => c.org.admin.users.update(i as never) },
  { method: "POST", path: `${U}/add`, call: (c, i) => c.org.admin.users.add(i as never) },
  { method: "POST", path: `${U}/checkMobileOrLoginName`, call: (c, i) => c.org.admin.users.checkName(i as never) },
  { method: "POST", path: `${U}/addRoleAndGroup`, call: (c, i) => c.org.admin.users.addRoleAndGroup(i as never) },
  { method: "POST", path: `${U}/removeGroup`, call: (c, i) => c.org.admin.users.removeGroup(i as never) },
  { method: "POST", path: `${U}/removeRole`, call: (c, i) => c.org.admin.users.removeRole(i as never) },
  { method: "POST", path: `${U}/addGroup`, call: (c, i) => c.org.admin.users.addGroup(i as never) },
  { method: "POST", path: `${U}/addRole`, call: (c, i) => c.org.admin.users.addRole(i as never) },
  { method: "POST", path: `${U}/getAuthenticationInfo`, call: (c, i) => c.org.admin.users.getAuthInfo(i as never) },
  { method: "POST", path: `${U}/resetAuthenticationInfo`, call: (c, i) => c.org.admin.users.resetAuthInfo(i as never) },
  // Old clients wait for the whole import; the answer carries the job id for the error download.
  { method: "POST", path: `${U}/importUserInfoExcel`, call: (c, i) => c.org.admin.users.importExcel({ ...(i as object), wait: true } as never), files: true },
  {
    method: "GET",
    path: `${U}/downloadErrorUserInfo`,
    call: (c, i) => c.org.admin.users.importErrors(i as never),
    respond: xlsxResponse as (data: never) => Response,
  },
  { method: "GET", path: `${U}/privilege/user/position`, call: (c, i) => c.org.admin.users.privilege.userPosition(i as never) },
  { method: "GET", path: `${U}/privilege/all/position`, call: (c, i) => c.org.admin.users.privilege.allPosition(i as never) },
  { method: "GET", path: `${U}/privilege/user/elements`, call: (c, i) => c.org.admin.users.privilege.userElements(i as never) },
  { method: "GET", path: `${U}/privilege/user/app`, call: (c) => c.org.admin.users.privilege.userApp() },
  { method: "POST", path: `${U}/privilege/bind/position`, call: (c, i) => c.org.admin.users.privilege.bindPosition(i as never) },
  { method: "GET", path: `${U}/app/list`, call: (c) => c.org.admin.users.appList() },
  { method: "GET", path: `${E}/back/common/app/list`, call: (c) => c.org.admin.users.appList() },

  ...treeRows("group", "initZCY"),
  ...treeRows("role", "init"),

  { method: "GET", path: `${E}/tag/queryTagList`, call: (c, i) => c.org.admin.tags.list(i as never) },
  { method: "GET", path: `${E}/tag/queryCurrentTagIfUse`, call: (c, i) => c.org.admin.tags.ifUse(i as never) },
  { method: "POST", path: `${E}/tag/create`, call: (c, i) => c.org.admin.tags.create(i as never) },
  { method: "POST", path: `${E}/tag/modify`, call: (c, i) => c.org.admin.tags.modify(i as never) },
  { method: "POST", path: `${E}/tag/remove`, call: (c, i) => c.org.admin.tags.remove(i as never) },
]);
