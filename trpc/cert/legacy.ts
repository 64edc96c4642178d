import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front/user/cert";
const A = "/api/elearning/caiyun/front/certificateAuthority";
const B = "/api/elearning/back/cert";
const U = "/api/elearning/back/user/cert";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const certLegacy = legacyRows([
  // Learner (learner-calls.md Certificates).
  { method: "POST", path: `${F}/list`, call: pass((c) => c.cert.list) },
  { method: "POST", path: `${F}/setCertImgUrl`, call: pass((c) => c.cert.setCertImgUrl) },
  { method: "POST", path: `${F}/third/list`, call: pass((c) => c.cert.thirdList) },
  { method: "POST", path: `${F}/third/new/list`, call: pass((c) => c.cert.thirdNewList) },
  { method: "POST", path: `${F}/regenerateCert`, call: pass((c) => c.cert.regenerateCert) },
  { method: "GET", path: `${F}/detail`, call: pass((c) => c.cert.detail) },
  { method: "GET", path: `${F}/gainInfo`, call: pass((c) => c.cert.gainInfo) },
  { method: "GET", path: `${A}/myCert`, call: pass((c) => c.cert.myCert) },
  { method: "POST", path: `${A}/guessYouWantToLearn`, call: pass((c) => c.cert.guessYouWantToLearn) },
  { method: "POST", path: `${A}/search`, call: pass((c) => c.cert.search) },

  // Back office (back-office.md 7.10).
  { method: "POST", path: `${B}/page`, call: pass((c) => c.cert.admin.page) },
  { method: "POST", path: `${B}/getOne`, call: pass((c) => c.cert.admin.getOne) },
  { method: "POST", path: `${B}/able`, call: pass((c) => c.cert.admin.able) },
  { method: "POST", path: `${B}/unable`, call: pass((c) => c.cert.admin.unable) },
  { method: "POST", path: `${B}/del`, call: pass((c) => c.cert.admin.del) },
  { method: "POST", path: `${B}/update`, call: pass((c) => c.cert.admin.update) },
  { method: "POST", path: `${B}/add`, call: pass((c) => c.cert.admin.add) },
  { method: "POST", path: `${B}/move`, call: pass((c) => c.cert.admin.move) },
  { method: "POST", path: `${B}/copy`, call: pass((c) => c.cert.admin.copy) },
  { method: "POST", path: `${B}/check/prefix`, call: pass((c) => c.cert.admin.checkPrefix) },
  { method: "POST", path: `${B}/check/checkCertBindStatus`, call: pass((c) => c.cert.admin.checkBindStatus) },
  { method: "POST", path: `${U}/page`, call: pass((c) => c.cert.admin.userPage) },
  { method: "POST", path: `${U}/export`, call: pass((c) => c.cert.admin.export), respond: download },
  { method: "POST", path: `${U}/exportV2`, call: pass((c) => c.cert.admin.export), respond: download },
  { method: "POST", path: `${U}/send`, call: pass((c) => c.cert.admin.send) },
  { method: "POST", path: `${U}/detail`, call: pass((c) => c.cert.admin.userDetail) },
  { method: "POST", path: `${U}/setCertImgUrl`, call: pass((c) => c.cert.admin.setCertImgUrl) },
  { method: "POST", path: `${U}/regenerateCertBack`, call: pass((c) => c.cert.admin.regenerate) },
  // Diagnostic tool (back-office.md 7.18): issue what passes recorded before binding should have issued.
  { method: "POST", path: "/api/elearning/caiyun/tool/repairExamCert", call: pass((c) => c.cert.admin.repairExam) },
]);
