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
import { legacyRows } from "../legacy/types";
import { fileResponse, type ExcelFile } from "./question-excel";

const T = "/api/elearning/caiyun/test";
const F = "/api/elearning/caiyun/front/user/exam";
const B = "/api/elearning/exam/back";
const Q = "/api/elearning/materialLibQuestion";
const download = { respond: (f: ExcelFile) => fileResponse(f) } as Pick<LegacyRow, "respond">;
const ids = (i: LegacyInput) => ({ ...i, ids: i.ids ?? (i.id !== undefined ? [i.id] : i.examId !== undefined ? [i.examId] : undefined) });

export const examLegacy = legacyRows([
  // learner (learner-calls.md "Exams")
  { method: "POST", path: `${T}/joinTestByUser`, call: (c, i) => c.exam.register(i as never) },
  { method: "POST", path: `${T}/asynJoinTestByUser`, call: (c, i) => c.exam.register(i as never) },
  { method: "POST", path: `${T}/examRegistration`, call: (c, i) => c.exam.register(i as never) },
  { method: "POST", path: `${T}/joinMaterialTest`, call: (c, i) => c.exam.register(i as never) },
  { method: "POST", path: `${T}/startExam`, call: (c, i) => c.exam.start(i as never) },
  { method: "POST", path: `${T}/startMaterialExam`, call: (c, i) => c.exam.start(i as never) },
  { method: "POST", path: `${T}/entryExam`, call: (c, i) => c.exam.entry(i as never) },
  { method: "POST", path: `${T}/check`, call: (c, i) => c.exam.check(i as never) },
  { method: "POST", path: `${T}/getPaper`, call: (c, i) => c.exam.paper(i as never) },
  { method: "POST", path: `${T}/submitQuestion`, call: (c, i) => c.exam.saveAnswer(i as never) },
  { method: "POST", path: `${T}/submitPaper`, call: (c, i) => c.exam.submit(i as never) },
  { method: "POST", path: `${T}/paperResult`, call: (c, i) => c.exam.result(i as never) },
  { method: "POST", path: `${T}/getTestStartRemainTime`, call: (c, i) => c.exam.startRemainTime(i as never) },
  { method: "POST", path: `${T}/startExamRemind`, call: (c, i) => c.exam.remind(i as never) },
  { method: "POST", path: `${T}/setRemindResult`, call: (c, i) => c.exam.setRemindResult(i as never) },
  { method: "POST", path: `${T}/getRemindResult`, call: (c, i) => c.exam.getRemindResult(i as never) },
  { method: "POST", path: `${T}/recordScreenCutting`, call: (c, i) => c.exam.screenCut(i as never) },
  { method: "POST", path: `${T}/faceVerify`, call: (c, i) => c.exam.faceVerify(i as never) },
  { method: "POST", path: `${T}/snapVerify`, call: (c, i) => c.exam.snapVerify(i as never) },
  { method: "GET", path: `${T}/queryTestInfoById`, call: (c, i) => c.exam.detail(i as never) },
  { method: "GET", path: `${T}/queryQuestionContent`, call: (c, i) => c.exam.question(i as never) },
  { method: "GET", path: `${T}/loadViewAnswerPageData`, call: (c, i) => c.exam.viewAnswers(i as never) },
  { method: "GET", path: `${T}/queryUserToDo`, call: (c) => c.exam.toDo() },
  { method: "GET", path: `${T}/queryQuestionAnswer`, call: (c, i) => c.exam.questionAnswer(i as never) },
  { method: "GET", path: `${T}/queryUserPagingExam`, call: (c, i) => c.exam.pageMine(i as never) },
  { method: "GET", path: `${T}/getExamPaperInfo`, call: (c, i) => c.exam.paperInfo(i as never) },
  { method: "GET", path: `${T}/getFaceUserInfo`, call: (c, i) => c.exam.faceUserInfo(i as never) },
  { method: "GET", path: `${T}/getMonitorInfo`, call: (c, i) => c.exam.monitorInfo(i as never) },
  // admin preview: records nothing against learners
  { method: "POST", path: `${T}/preview/startExamRemind`, call: (c, i) => c.exam.preview.noop(i as never) },
  { method: "POST", path: `${T}/preview/joinTestByUser`, call: (c, i) => c.exam.preview.noop(i as never) },
  { method: "POST", path: `${T}/preview/asynJoinTestByUser`, call: (c, i) => c.exam.preview.noop(i as never) },
  { method: "POST", path: `${T}/preview/startExam`, call: (c, i) => c.exam.preview.start(i as never) },
  { method: "POST", path: `${T}/preview/submitPaper`, call: (c, i) => c.exam.preview.submit(i as never) },
  { method: "GET", path: `${T}/preview/queryTestInfoById`, call: (c, i) => c.exam.preview.info(i as never) },
  // fraud check (learner side) and whitelist
  { method: "GET", path: `${T}/front/fraudCheck/getDetailToUser`, call: (c, i) => c.exam.fraudDetail(i as never) },
  { method: "POST", path: `${T}/front/fraudCheck/appeal`, call: (c, i) => c.exam.fraudAppeal(i as never) },
  { method: "POST", path: `${T}/front/fraudCheck/getDetailToUserList`, call: (c) => c.exam.fraudList() },
  { method: "GET", path: "/api/elearning/caiyun/front/white/getUserWhiteInfo", call: (c, i) => c.exam.whiteInfo(i as never) },
  // personal-centre exam lists
  { method: "POST", path: `${F}/search`, call: (c, i) => c.exam.search(i as never) },
  { method: "POST", path: `${F}/search/ipaas`, call: (c, i) => c.exam.search(i as never) },
  { method: "POST", path: `${F}/remind`, call: (c) => c.exam.reminded() },
  { method: "POST", path: `${F}/collection`, call: (c, i) => c.exam.collected(i as never) },
  { method: "POST", path: `${F}/userBacklogExam`, call: (c) => c.exam.toDo() },

  // question bank (materialLibQuestion)
  { method: "POST", path: `${Q}/add`, call: (c, i) => c.exam.admin.question.add(i as never) },
  { method: "PUT", path: `${Q}/update`, call: (c, i) => c.exam.admin.question.update(i as never) },
  { method: "GET", path: `${Q}/{id}`, call: (c, i) => c.exam.admin.question.get(i as never) },
  { method: "DELETE", path: `${Q}/{id}`, call: (c, i) => c.exam.admin.question.remove(i as never) },
  { method: "POST", path: `${Q}/batchUpdate`, call: (c, i) => c.exam.admin.question.batchUpdate(i as never) },
  { method: "POST", path: `${Q}/batchDelete`, call: (c, i) => c.exam.admin.question.batchDelete(i as never) },
  { method: "POST", path: `${Q}/pageList`, call: (c, i) => c.exam.admin.question.page(i as never) },
  { method: "POST", path: `${Q}/selectUsableQuestions`, call: (c, i) => c.exam.admin.question.usable(i as never) },
  { method: "POST", path: `${Q}/exportQuestionList`, call: (c, i) => c.exam.admin.question.exportList(i as never), ...download },
  { method: "POST", path: `${Q}/download`, call: (c, i) => c.exam.admin.question.template(i as never), ...download },
  { method: "POST", path: `${Q}/downloadErrorQuestions`, call: (c, i) => c.exam.admin.question.errorFile(i as never), ...download },
  { method: "POST", path: `${Q}/importQuestionExcel`, call: (c, i) => c.exam.admin.question.importExcel(i as never), files: true },
  { method: "POST", path: `${Q}/importQuestionExcelV2`, call: (c, i) => c.exam.admin.question.importExcelV2(i as never), files: true },
  { method: "GET", path: `${Q}/importProgress`, call: (c, i) => c.exam.admin.question.importProgress(i as never) },

  // test papers
  { method: "POST", path: "/api/elearning/back/testPaper/pageList", call: (c, i) => c.exam.admin.paper.page(i as never) },
  { method: "POST", path: "/api/elearning/back/testPaper/save", call: (c, i) => c.exam.admin.paper.save(i as never) },
  { method: "GET", path: "/api/elearning/back/testPaper/getDetail", call: (c, i) => c.exam.admin.paper.detail(i as never) },
  { method: "GET", path: "/api/elearning/back/testPaper/relationList", call: (c, i) => c.exam.admin.paper.relations(i as never) },

  // exam administration (paths listed at the top of this file)
  { method: "POST", path: `${B}/page`, call: (c, i) => c.exam.admin.exam.page(i as never) },
  { method: "POST", path: `${B}/saveBase`, call: (c, i) => c.exam.admin.exam.saveBase(i as never) },
  { method: "GET", path: `${B}/getBase`, call: (c, i) => c.exam.admin.exam.getBase(i as never) },
  { method: "POST", path: `${B}/saveAdvanced`, call: (c, i) => c.exam.admin.exam.saveAdvanced(i as never) },
  { method: "GET", path: `${B}/getAdvanced`, call: (c, i) => c.exam.admin.exam.getAdvanced(i as never) },
  { method: "POST", path: `${B}/saveQuestionInfo`, call: (c, i) => c.exam.admin.exam.saveQuestionInfo(i as never) },
  { method: "GET", path: `${B}/getQuestionInfo`, call: (c, i) => c.exam.admin.exam.getQuestionInfo(i as never) },
  { method: "POST", path: `${B}/saveOpenRange`, call: (c, i) => c.exam.admin.exam.saveOpenRange(i as never) },
  { method: "GET", path: `${B}/getOpenRange`, call: (c, i) => c.exam.admin.exam.getOpenRange(i as never) },
  { method: "POST", path: `${B}/submitExam`, call: (c, i) => c.exam.admin.exam.submitExam(i as never) },
  { method: "POST", path: `${B}/enable`, call: (c, i) => c.exam.admin.exam.enable(ids(i) as never) },
  { method: "POST", path: `${B}/disable`, call: (c, i) => c.exam.admin.exam.disable(ids(i) as never) },
  { method: "POST", path: `${B}/move`, call: (c, i) => c.exam.admin.exam.move(i as never) },
  { method: "POST", path: `${B}/copy`, call: (c, i) => c.exam.admin.exam.copy(i as never) },
  { method: "POST", path: `${B}/remove`, call: (c, i) => c.exam.admin.exam.remove(ids(i) as never) },
  { method: "GET", path: `${B}/stats`, call: (c, i) => c.exam.admin.exam.stats(i as never) },
  { method: "POST", path: `${B}/result/page`, call: (c, i) => c.exam.admin.exam.resultPage(i as never) },
  { method: "POST", path: `${B}/result/export`, call: (c, i) => c.exam.admin.exam.resultExport(i as never), ...download },
  { method: "POST", path: `${B}/member/page`, call: (c, i) => c.exam.admin.exam.memberPage(i as never) },
  { method: "POST", path: `${B}/member/export`, call: (c, i) => c.exam.admin.exam.memberExport(i as never), ...download },
  { method: "POST", path: `${B}/member/add`, call: (c, i) => c.exam.admin.exam.memberAdd(i as never) },
  { method: "POST", path: `${B}/member/remove`, call: (c, i) => c.exam.admin.exam.memberRemove(i as never) },
  { method: "POST", path: `${B}/score/calculate`, call: (c, i) => c.exam.admin.exam.calculate(i as never) },
  { method: "POST", path: `${B}/score/correct`, call: (c, i) => c.exam.admin.exam.correct(i as never) },
  { method: "POST", path: `${B}/score/correctionList`, call: (c, i) => c.exam.admin.exam.correctionList(i as never) },
  { method: "GET", path: `${B}/score/paper`, call: (c, i) => c.exam.admin.exam.correctionPaper(i as never) },

  // open range by roles and groups
  { method: "POST", path: "/api/elearning/exam/group/addRoleAndGroup", call: (c, i) => c.exam.admin.exam.group.addRoleAndGroup(i as never) },
  { method: "POST", path: "/api/elearning/exam/group/removeGroup", call: (c, i) => c.exam.admin.exam.group.removeGroup(i as never) },
  { method: "POST", path: "/api/elearning/exam/group/removeRole", call: (c, i) => c.exam.admin.exam.group.removeRole(i as never) },
  { method: "POST", path: "/api/elearning/exam/group/addGroup", call: (c, i) => c.exam.admin.exam.group.addGroup(i as never) },
  { method: "POST", path: "/api/elearning/exam/group/addRole", call: (c, i) => c.exam.admin.exam.group.addRole(i as never) },

  // exam series
  { method: "POST", path: "/api/elearning/exam/series/search", call: (c, i) => c.exam.admin.series.search(i as never) },
  { method: "POST", path: "/api/elearning/exam/series/operateStatus", call: (c, i) => c.exam.admin.series.status(i as never) },
  { method: "POST", path: "/api/elearning/exam/series/create", call: (c, i) => c.exam.admin.series.save({ ...i, id: undefined, examSeriesId: undefined } as never) },
  { method: "POST", path: "/api/elearning/exam/series/update", call: (c, i) => c.exam.admin.series.save(i as never) },
  { method: "POST", path: "/api/elearning/exam/series/saveOrUpdateExamSeries", call: (c, i) => c.exam.admin.series.save(i as never) },
  { method: "POST", path: "/api/elearning/exam/series/delete", call: (c, i) => c.exam.admin.series.remove(i as never) },
  { method: "GET", path: "/api/elearning/exam/series/getBase", call: (c, i) => c.exam.admin.series.get(i as never) },
  { method: "GET", path: "/api/elearning/exam/series/getExamSeriesDetail", call: (c, i) => c.exam.admin.series.get(i as never) },

  // practice
  { method: "POST", path: "/api/elearning/back/practice/pageList", call: (c, i) => c.exam.admin.practice.page(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/saveBase", call: (c, i) => c.exam.admin.practice.saveBase(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/saveOpenRange", call: (c, i) => c.exam.admin.practice.saveOpenRange(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/saveMode", call: (c, i) => c.exam.admin.practice.saveMode(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/removeMode", call: (c, i) => c.exam.admin.practice.removeMode(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/userPageList", call: (c, i) => c.exam.admin.practice.userPage(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/exportUserPageList", call: (c, i) => c.exam.admin.practice.userExport(i as never), ...download },
  { method: "POST", path: "/api/elearning/back/practice/addUser", call: (c, i) => c.exam.admin.practice.addUser(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/removeUser", call: (c, i) => c.exam.admin.practice.removeUser(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/enable", call: (c, i) => c.exam.admin.practice.enable(i as never) },
  { method: "POST", path: "/api/elearning/back/practice/disable", call: (c, i) => c.exam.admin.practice.disable(i as never) },
  { method: "GET", path: "/api/elearning/back/practice/getBaseDetail", call: (c, i) => c.exam.admin.practice.getBase(i as never) },
  { method: "GET", path: "/api/elearning/back/practice/getOpenRange", call: (c, i) => c.exam.admin.practice.getOpenRange(i as never) },
  { method: "GET", path: "/api/elearning/back/practice/modelList", call: (c, i) => c.exam.admin.practice.modes(i as never) },

  // fraud checks (back office)
  { method: "POST", path: `${B}/fraudCheck/search`, call: (c, i) => c.exam.admin.fraud.search(i as never) },
  { method: "POST", path: `${B}/fraudCheck/remark`, call: (c, i) => c.exam.admin.fraud.remark(i as never) },
  { method: "POST", path: `${B}/fraudCheck/check`, call: (c, i) => c.exam.admin.fraud.check(i as never) },
  { method: "GET", path: `${B}/fraudCheck/getDetail`, call: (c, i) => c.exam.admin.fraud.detail(i as never) },
  { method: "GET", path: `${B}/fraudCheck/getBehavior`, call: async (c, i) => (await c.exam.admin.fraud.detail(i as never)).behavior },
]);
