import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/front/questionnaire";
const B = "/api/elearning/back/questionnaire";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const questionnaireLegacy = legacyRows([
  { method: "POST", path: `${F}/getQuestionnaireInfo`, call: pass((c) => c.questionnaire.info) },
  { method: "POST", path: `${F}/submitQuestionnaire`, call: pass((c) => c.questionnaire.submit) },

  // Back office (back-office.md 7.6).
  { method: "GET", path: `${B}/getQuestionnaireById`, call: pass((c) => c.questionnaire.admin.get) },
  { method: "GET", path: `${B}/getApplicationScene`, call: pass((c) => c.questionnaire.admin.scenes) },
  { method: "POST", path: `${B}/getQuestionnairePage`, call: pass((c) => c.questionnaire.admin.page) },
  { method: "POST", path: `${B}/delQuestionnaireBatch`, call: pass((c) => c.questionnaire.admin.del) },
  { method: "POST", path: `${B}/modifyQuestionnaireStatusBatch`, call: pass((c) => c.questionnaire.admin.setStatus) },
  { method: "POST", path: `${B}/exportQuestionnaireResult`, call: pass((c) => c.questionnaire.admin.exportResults), respond: download },
  { method: "POST", path: `${B}/createrQuestionnaire`, call: pass((c) => c.questionnaire.admin.create) },
  { method: "POST", path: `${B}/modifyQuestionnaire`, call: pass((c) => c.questionnaire.admin.modify) },
  { method: "POST", path: `${B}/bindQuestionnaireInfo`, call: pass((c) => c.questionnaire.admin.bindInfo) },
  { method: "POST", path: `${B}/bindQuestionnaire`, call: pass((c) => c.questionnaire.admin.bind) },
  { method: "POST", path: `${B}/delBindQuestionnaire`, call: pass((c) => c.questionnaire.admin.unbind) },
  { method: "POST", path: `${B}/remark`, call: pass((c) => c.questionnaire.admin.remark) },
  { method: "POST", path: `${B}/getUnBindQuestionnaireBusiness`, call: pass((c) => c.questionnaire.admin.unbound) },
]);
