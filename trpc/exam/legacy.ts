/**
 * Legacy rows of the exam domain.
 *
 * The exam back-office family (back-office.md 7.12) has no published paths; these are the names we serve,
 * all under /api/elearning/exam/back/:
 *   POST page, saveBase, saveAdvanced, saveQuestionInfo, saveOpenRange, submitExam, enable, disable,
 *        move, copy, remove, result/page, result/export, member/page, member/export, member/add,
 *        member/remove, score/calculate, score/correct, score/correctionList
 *   GET  getBase, getAdvanced, getQuestionInfo, getOpenRange, stats, score/paper
 * (ids: {id} or {examId}; remove/enable/disable take {ids}; member calls take {examId, userIds}).
 */
import type { LegacyInput, LegacyRow } from "../legacy/types";
import { legacyRows, mapped, pass } from "../legacy/types";
import { fileResponse, type ExcelFile } from "./question-excel";

const T = "/api/elearning/caiyun/test";
const F = "/api/elearning/caiyun/front/user/exam";
const B = "/api/elearning/exam/back";
const Q = "/api/elearning/materialLibQuestion";
const download = { respond: (f: ExcelFile) => fileResponse(f) } as Pick<LegacyRow, "respond">;
const fraudDetail = pass((c) => c.exam.admin.fraud.detail);
const ids = (i: LegacyInput) => ({ ...i, ids: i.ids ?? (i.id !== undefined ? [i.id] : i.examId !== undefined ? [i.examId] : undefined) });

export const examLegacy = legacyRows([
  // learner (learner-calls.md "Exams")
  { method: "POST", path: `${T}/joinTestByUser`, call: pass((c) => c.exam.register) },
  { method: "POST", path: `${T}/asynJoinTestByUser`, call: pass((c) => c.exam.register) },
  { method: "POST", path: `${T}/examRegistration`, call: pass((c) => c.exam.register) },
  { method: "POST", path: `${T}/joinMaterialTest`, call: pass((c) => c.exam.register) },
  { method: "POST", path: `${T}/startExam`, call: pass((c) => c.exam.start) },
  { method: "POST", path: `${T}/startMaterialExam`, call: pass((c) => c.exam.start) },
  { method: "POST", path: `${T}/entryExam`, call: pass((c) => c.exam.entry) },
  { method: "POST", path: `${T}/check`, call: pass((c) => c.exam.check) },
  { method: "POST", path: `${T}/getPaper`, call: pass((c) => c.exam.paper) },
  { method: "POST", path: `${T}/submitQuestion`, call: pass((c) => c.exam.saveAnswer) },
  { method: "POST", path: `${T}/submitPaper`, call: pass((c) => c.exam.submit) },
  { method: "POST", path: `${T}/paperResult`, call: pass((c) => c.exam.result) },
  { method: "POST", path: `${T}/getTestStartRemainTime`, call: pass((c) => c.exam.startRemainTime) },
  { method: "POST", path: `${T}/startExamRemind`, call: pass((c) => c.exam.remind) },
  { method: "POST", path: `${T}/setRemindResult`, call: pass((c) => c.exam.setRemindResult) },
  { method: "POST", path: `${T}/getRemindResult`, call: pass((c) => c.exam.getRemindResult) },
  { method: "POST", path: `${T}/recordScreenCutting`, call: pass((c) => c.exam.screenCut) },
  { method: "POST", path: `${T}/faceVerify`, call: pass((c) => c.exam.faceVerify) },
  { method: "POST", path: `${T}/snapVerify`, call: pass((c) => c.exam.snapVerify) },
  { method: "GET", path: `${T}/queryTestInfoById`, call: pass((c) => c.exam.detail) },
  { method: "GET", path: `${T}/queryQuestionContent`, call: pass((c) => c.exam.question) },
  { method: "GET", path: `${T}/loadViewAnswerPageData`, call: pass((c) => c.exam.viewAnswers) },
  { method: "GET", path: `${T}/queryUserToDo`, call: (c) => c.exam.toDo() },
  { method: "GET", path: `${T}/queryQuestionAnswer`, call: pass((c) => c.exam.questionAnswer) },
  { method: "GET", path: `${T}/queryUserPagingExam`, call: pass((c) => c.exam.pageMine) },
  { method: "GET", path: `${T}/getExamPaperInfo`, call: pass((c) => c.exam.paperInfo) },
  { method: "GET", path: `${T}/getFaceUserInfo`, call: pass((c) => c.exam.faceUserInfo) },
  { method: "GET", path: `${T}/getMonitorInfo`, call: pass((c) => c.exam.monitorInfo) },
  // admin preview: records nothing against learners
  { method: "POST", path: `${T}/preview/startExamRemind`, call: pass((c) => c.exam.preview.noop) },
  { method: "POST", path: `${T}/preview/joinTestByUser`, call: pass((c) => c.exam.preview.noop) },
  { method: "POST", path: `${T}/preview/asynJoinTestByUser`, call: pass((c) => c.exam.preview.noop) },
  { method: "POST", path: `${T}/preview/startExam`, call: pass((c) => c.exam.preview.start) },
  { method: "POST", path: `${T}/preview/submitPaper`, call: pass((c) => c.exam.preview.submit) },
  { method: "GET", path: `${T}/preview/queryTestInfoById`, call: pass((c) => c.exam.preview.info) },
  // fraud check (learner side); the whitelist call is the org domain's (getUserWhiteInfo)
  { method: "GET", path: `${T}/front/fraudCheck/getDetailToUser`, call: pass((c) => c.exam.fraudDetail) },
  { method: "POST", path: `${T}/front/fraudCheck/appeal`, call: pass((c) => c.exam.fraudAppeal) },
  { method: "POST", path: `${T}/front/fraudCheck/getDetailToUserList`, call: (c) => c.exam.fraudList() },
  // personal-centre exam lists
  { method: "POST", path: `${F}/search`, call: pass((c) => c.exam.search) },
  { method: "POST", path: `${F}/search/ipaas`, call: pass((c) => c.exam.search) },
  { method: "POST", path: `${F}/remind`, call: (c) => c.exam.reminded() },
  { method: "POST", path: `${F}/collection`, call: pass((c) => c.exam.collected) },
  { method: "POST", path: `${F}/userBacklogExam`, call: (c) => c.exam.toDo() },

  // question bank (materialLibQuestion)
  { method: "POST", path: `${Q}/add`, call: pass((c) => c.exam.admin.question.add) },
  { method: "PUT", path: `${Q}/update`, call: pass((c) => c.exam.admin.question.update) },
  { method: "GET", path: `${Q}/{id}`, call: pass((c) => c.exam.admin.question.get) },
  { method: "DELETE", path: `${Q}/{id}`, call: pass((c) => c.exam.admin.question.remove) },
  { method: "POST", path: `${Q}/batchUpdate`, call: pass((c) => c.exam.admin.question.batchUpdate) },
  { method: "POST", path: `${Q}/batchDelete`, call: pass((c) => c.exam.admin.question.batchDelete) },
  { method: "POST", path: `${Q}/pageList`, call: pass((c) => c.exam.admin.question.page) },
  { method: "POST", path: `${Q}/selectUsableQuestions`, call: pass((c) => c.exam.admin.question.usable) },
  { method: "POST", path: `${Q}/exportQuestionList`, call: pass((c) => c.exam.admin.question.exportList), ...download },
  { method: "POST", path: `${Q}/download`, call: pass((c) => c.exam.admin.question.template), ...download },
  { method: "POST", path: `${Q}/downloadErrorQuestions`, call: pass((c) => c.exam.admin.question.errorFile), ...download },
  { method: "POST", path: `${Q}/importQuestionExcel`, call: pass((c) => c.exam.admin.question.importExcel), files: true },
  { method: "POST", path: `${Q}/importQuestionExcelV2`, call: pass((c) => c.exam.admin.question.importExcelV2), files: true },
  { method: "GET", path: `${Q}/importProgress`, call: pass((c) => c.exam.admin.question.importProgress) },

  // test papers
  { method: "POST", path: "/api/elearning/back/testPaper/pageList", call: pass((c) => c.exam.admin.paper.page) },
  { method: "POST", path: "/api/elearning/back/testPaper/save", call: pass((c) => c.exam.admin.paper.save) },
  { method: "GET", path: "/api/elearning/back/testPaper/getDetail", call: pass((c) => c.exam.admin.paper.detail) },
  { method: "GET", path: "/api/elearning/back/testPaper/relationList", call: pass((c) => c.exam.admin.paper.relations) },

  // exam administration (paths listed at the top of this file)
  { method: "POST", path: `${B}/page`, call: pass((c) => c.exam.admin.exam.page) },
  { method: "POST", path: `${B}/saveBase`, call: pass((c) => c.exam.admin.exam.saveBase) },
  { method: "GET", path: `${B}/getBase`, call: pass((c) => c.exam.admin.exam.getBase) },
  { method: "POST", path: `${B}/saveAdvanced`, call: pass((c) => c.exam.admin.exam.saveAdvanced) },
  { method: "GET", path: `${B}/getAdvanced`, call: pass((c) => c.exam.admin.exam.getAdvanced) },
  { method: "POST", path: `${B}/saveQuestionInfo`, call: pass((c) => c.exam.admin.exam.saveQuestionInfo) },
  { method: "GET", path: `${B}/getQuestionInfo`, call: pass((c) => c.exam.admin.exam.getQuestionInfo) },
  { method: "POST", path: `${B}/saveOpenRange`, call: pass((c) => c.exam.admin.exam.saveOpenRange) },
  { method: "GET", path: `${B}/getOpenRange`, call: pass((c) => c.exam.admin.exam.getOpenRange) },
  { method: "POST", path: `${B}/submitExam`, call: pass((c) => c.exam.admin.exam.submitExam) },
  { method: "POST", path: `${B}/enable`, call: mapped((c) => c.exam.admin.exam.enable, ids) },
  { method: "POST", path: `${B}/disable`, call: mapped((c) => c.exam.admin.exam.disable, ids) },
  { method: "POST", path: `${B}/move`, call: pass((c) => c.exam.admin.exam.move) },
  { method: "POST", path: `${B}/copy`, call: pass((c) => c.exam.admin.exam.copy) },
  { method: "POST", path: `${B}/remove`, call: mapped((c) => c.exam.admin.exam.remove, ids) },
  { method: "GET", path: `${B}/stats`, call: pass((c) => c.exam.admin.exam.stats) },
  { method: "POST", path: `${B}/result/page`, call: pass((c) => c.exam.admin.exam.resultPage) },
  { method: "POST", path: `${B}/result/export`, call: pass((c) => c.exam.admin.exam.resultExport), ...download },
  { method: "POST", path: `${B}/member/page`, call: pass((c) => c.exam.admin.exam.memberPage) },
  { method: "POST", path: `${B}/member/export`, call: pass((c) => c.exam.admin.exam.memberExport), ...download },
  { method: "POST", path: `${B}/member/add`, call: pass((c) => c.exam.admin.exam.memberAdd) },
  { method: "POST", path: `${B}/member/remove`, call: pass((c) => c.exam.admin.exam.memberRemove) },
  { method: "POST", path: `${B}/score/calculate`, call: pass((c) => c.exam.admin.exam.calculate) },
  { method: "POST", path: `${B}/score/correct`, call: pass((c) => c.exam.admin.exam.correct) },
  { method: "POST", path: `${B}/score/correctionList`, call: pass((c) => c.exam.admin.exam.correctionList) },
  { method: "GET", path: `${B}/score/paper`, call: pass((c) => c.exam.admin.exam.correctionPaper) },

  // open range by roles and groups
  { method: "POST", path: "/api/elearning/exam/group/addRoleAndGroup", call: pass((c) => c.exam.admin.exam.group.addRoleAndGroup) },
  { method: "POST", path: "/api/elearning/exam/group/removeGroup", call: pass((c) => c.exam.admin.exam.group.removeGroup) },
  { method: "POST", path: "/api/elearning/exam/group/removeRole", call: pass((c) => c.exam.admin.exam.group.removeRole) },
  { method: "POST", path: "/api/elearning/exam/group/addGroup", call: pass((c) => c.exam.admin.exam.group.addGroup) },
  { method: "POST", path: "/api/elearning/exam/group/addRole", call: pass((c) => c.exam.admin.exam.group.addRole) },

  // exam series
  { method: "POST", path: "/api/elearning/exam/series/search", call: pass((c) => c.exam.admin.series.search) },
  { method: "POST", path: "/api/elearning/exam/series/operateStatus", call: pass((c) => c.exam.admin.series.status) },
  { method: "POST", path: "/api/elearning/exam/series/create", call: mapped((c) => c.exam.admin.series.save, (i) => ({ ...i, id: undefined, examSeriesId: undefined })) },
  { method: "POST", path: "/api/elearning/exam/series/update", call: pass((c) => c.exam.admin.series.save) },
  { method: "POST", path: "/api/elearning/exam/series/saveOrUpdateExamSeries", call: pass((c) => c.exam.admin.series.save) },
  { method: "POST", path: "/api/elearning/exam/series/delete", call: pass((c) => c.exam.admin.series.remove) },
  { method: "GET", path: "/api/elearning/exam/series/getBase", call: pass((c) => c.exam.admin.series.get) },
  { method: "GET", path: "/api/elearning/exam/series/getExamSeriesDetail", call: pass((c) => c.exam.admin.series.get) },

  // practice
  { method: "POST", path: "/api/elearning/back/practice/pageList", call: pass((c) => c.exam.admin.practice.page) },
  { method: "POST", path: "/api/elearning/back/practice/saveBase", call: pass((c) => c.exam.admin.practice.saveBase) },
  { method: "POST", path: "/api/elearning/back/practice/saveOpenRange", call: pass((c) => c.exam.admin.practice.saveOpenRange) },
  { method: "POST", path: "/api/elearning/back/practice/saveMode", call: pass((c) => c.exam.admin.practice.saveMode) },
  { method: "POST", path: "/api/elearning/back/practice/removeMode", call: pass((c) => c.exam.admin.practice.removeMode) },
  { method: "POST", path: "/api/elearning/back/practice/userPageList", call: pass((c) => c.exam.admin.practice.userPage) },
  { method: "POST", path: "/api/elearning/back/practice/exportUserPageList", call: pass((c) => c.exam.admin.practice.userExport), ...download },
  { method: "POST", path: "/api/elearning/back/practice/addUser", call: pass((c) => c.exam.admin.practice.addUser) },
  { method: "POST", path: "/api/elearning/back/practice/removeUser", call: pass((c) => c.exam.admin.practice.removeUser) },
  { method: "POST", path: "/api/elearning/back/practice/enable", call: pass((c) => c.exam.admin.practice.enable) },
  { method: "POST", path: "/api/elearning/back/practice/disable", call: pass((c) => c.exam.admin.practice.disable) },
  { method: "GET", path: "/api/elearning/back/practice/getBaseDetail", call: pass((c) => c.exam.admin.practice.getBase) },
  { method: "GET", path: "/api/elearning/back/practice/getOpenRange", call: pass((c) => c.exam.admin.practice.getOpenRange) },
  { method: "GET", path: "/api/elearning/back/practice/modelList", call: pass((c) => c.exam.admin.practice.modes) },

  // fraud checks (back office)
  { method: "POST", path: `${B}/fraudCheck/search`, call: pass((c) => c.exam.admin.fraud.search) },
  { method: "POST", path: `${B}/fraudCheck/remark`, call: pass((c) => c.exam.admin.fraud.remark) },
  { method: "POST", path: `${B}/fraudCheck/check`, call: pass((c) => c.exam.admin.fraud.check) },
  { method: "GET", path: `${B}/fraudCheck/getDetail`, call: pass((c) => c.exam.admin.fraud.detail) },
  { method: "GET", path: `${B}/fraudCheck/getBehavior`, call: async (c, i) => (await fraudDetail(c, i)).behavior },
]);
