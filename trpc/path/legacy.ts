import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front/learning/path";
const B = "/api/elearning/back/learning/path";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const pathLegacy = legacyRows([
  // Learner (learner-calls.md Learning paths).
  { method: "GET", path: `${F}/detail`, call: pass((c) => c.path.detail) },
  { method: "GET", path: `${F}/node/list`, call: pass((c) => c.path.nodeList) },
  { method: "POST", path: `${F}/user/learn/list`, call: pass((c) => c.path.mine) },
  { method: "POST", path: `${F}/entry/node`, call: pass((c) => c.path.entryNode) },
  { method: "POST", path: `${F}/entry`, call: pass((c) => c.path.entry) },
  { method: "POST", path: `${F}/user/collection`, call: pass((c) => c.path.collect) },

  // Back office (back-office.md 7.14).
  { method: "POST", path: `${B}/create`, call: pass((c) => c.path.admin.create) },
  { method: "POST", path: `${B}/edit`, call: pass((c) => c.path.admin.edit) },
  { method: "POST", path: `${B}/nodeConfig`, call: pass((c) => c.path.admin.nodeConfig) },
  { method: "POST", path: `${B}/saveOpenRange`, call: pass((c) => c.path.admin.saveOpenRange) },
  { method: "POST", path: `${B}/page/list`, call: pass((c) => c.path.admin.page) },
  { method: "POST", path: `${B}/page/memberList`, call: pass((c) => c.path.admin.memberList) },
  { method: "POST", path: `${B}/operateStatus`, call: pass((c) => c.path.admin.operateStatus) },
  { method: "POST", path: `${B}/move`, call: pass((c) => c.path.admin.move) },
  { method: "POST", path: `${B}/del`, call: pass((c) => c.path.admin.del) },
  { method: "POST", path: `${B}/copy`, call: pass((c) => c.path.admin.copy) },
  { method: "POST", path: `${B}/add/user`, call: pass((c) => c.path.admin.addUsers) },
  { method: "POST", path: `${B}/del/user`, call: pass((c) => c.path.admin.delUsers) },
  { method: "POST", path: `${B}/nodeDel`, call: pass((c) => c.path.admin.nodeDel) },
  { method: "POST", path: `${B}/nodeMove`, call: pass((c) => c.path.admin.nodeMove) },
  { method: "POST", path: `${B}/exportMemberList`, call: pass((c) => c.path.admin.exportMembers), respond: download },
  { method: "GET", path: `${B}/getOpenRange`, call: pass((c) => c.path.admin.getOpenRange) },
  { method: "GET", path: `${B}/detail`, call: pass((c) => c.path.admin.detail) },
  { method: "GET", path: `${B}/node/detail`, call: pass((c) => c.path.admin.nodeDetail) },
]);
