import { legacyRows } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/front/questionnaire";
const B = "/api/elearning/back/questionnaire";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const questionnaireLegacy = legacyRows([
  { method: "POST", path: `${F}/getQuestionnaireInfo`, call: (c, i) => c.questionnaire.info(i as never) },
  { method: "POST", path: `${F}/submitQuestionnaire`, call: (c, i) => c.questionnaire.submit(i as never) },

  // Back office (back-office.md 7.6).
  { method: "GET", path: `${B}/getQuestionnaireById`, call: (c, i) => c.questionnaire.admin.get(i as never) },
  { method: "GET", path: `${B}/getApplicationScene`, call: (c, i) => c.questionnaire.admin.scenes(i as never) },
  { method: "POST", path: `${B}/getQuestionnairePage`, call: (c, i) => c.questionnaire.admin.page(i as never) },
  { method: "POST", path: `${B}/delQuestionnaireBatch`, call: (c, i) => c.questionnaire.admin.del(i as never) },
  { method: "POST", path: `${B}/modifyQuestionnaireStatusBatch`, call: (c, i) => c.questionnaire.admin.setStatus(i as never) },
  { method: "POST", path: `${B}/exportQuestionnaireResult`, call: (c, i) => c.questionnaire.admin.exportResults(i as never), respond: download },
  { method: "POST", path: `${B}/createrQuestionnaire`, call: (c, i) => c.questionnaire.admin.create(i as never) },
  { method: "POST", path: `${B}/modifyQuestionnaire`, call: (c, i) => c.questionnaire.admin.modify(i as never) },
  { method: "POST", path: `${B}/bindQuestionnaireInfo`, call: (c, i) => c.questionnaire.admin.bindInfo(i as never) },
  { method: "POST", path: `${B}/bindQuestionnaire`, call: (c, i) => c.questionnaire.admin.bind(i as never) },
  { method: "POST", path: `${B}/delBindQuestionnaire`, call: (c, i) => c.questionnaire.admin.unbind(i as never) },
  { method: "POST", path: `${B}/remark`, call: (c, i) => c.questionnaire.admin.remark(i as never) },
  { method: "POST", path: `${B}/getUnBindQuestionnaireBusiness`, call: (c, i) => c.questionnaire.admin.unbound(i as never) },
]);
