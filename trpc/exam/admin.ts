import * as E from "./exam.service";
import * as XS from "./export.service";
import * as P from "./paper.service";
import * as Q from "./question.service";
import * as X from "./question-excel";
import * as S from "./series.service";
import * as F from "./fraud.service";
import * as PA from "./practice-admin.service";
import { z } from "zod";
import { adminProcedure, router } from "../init";
import { correctInput, examAdvancedInput, examBaseInput, examIdsInput, examMoveInput, examPageInput, examQuestionInfoInput, examRefInput, fraudCheckInput, fraudRemarkInput, fraudSearchInput, groupInput, snapFlagInput, idField, idInput, idsInput, importIdInput, importInput, memberAddInput, openRangeInput, paperIdInput, paperPageInput, paperSaveInput, questionBatchUpdateInput, questionInput, questionPageInput, questionUpdateInput, resultPageInput, seriesRefInput, seriesSaveInput, seriesStatusInput, simplePageInput, attemptRefInput, practiceBaseInput, practiceModeInput, practiceModeRemoveInput, practicePoolInput, practiceRangeInput, practiceUserPageInput, practiceUsersInput } from "./schemas";
import { attemptProctoring, flagSnapshot } from "./proctor.service";
import { exportPracticeUsers } from "./export.service";

const a = adminProcedure;

/** Back office: what proctoring recorded for one attempt (face checks, snapshots, video segments). */
const examProctorRouter = router({
  attempt: adminProcedure.input(attemptRefInput).query(({ ctx, input }) => attemptProctoring(ctx.db, input.paperId)),
  /** Marks a snapshot as suspicious (or takes the mark back); a handed-in paper is checked again by the fraud rules. */
  flag: adminProcedure.input(snapFlagInput).mutation(({ ctx, input }) => flagSnapshot(ctx.db, ctx.user.id, input)),
});

/** Practices in the back office (back/practice, back-office.md 7.12). */
const practiceAdminRouter = router({
  page: a.input(simplePageInput).query(({ ctx, input }) => PA.pagePractices(ctx.db, input)),
  saveBase: a.input(practiceBaseInput).mutation(({ ctx, input }) => PA.savePracticeBase(ctx.db, input)),
  getBase: a.input(idInput).query(({ ctx, input }) => PA.getPractice(ctx.db, input.id)),
  saveOpenRange: a.input(practiceRangeInput).mutation(({ ctx, input }) => PA.updatePractice(ctx.db, input.id, () => ({ openRange: input.entries }))),
  getOpenRange: a.input(idInput).query(async ({ ctx, input }) => ({ id: input.id, entries: (await PA.getPractice(ctx.db, input.id)).openRange })),
  saveMode: a.input(practiceModeInput).mutation(({ ctx, input }) => PA.saveMode(ctx.db, input)),
  removeMode: a.input(practiceModeRemoveInput).mutation(({ ctx, input }) => PA.removeMode(ctx.db, input.id, input.modeId)),
  modes: a.input(idInput).query(({ ctx, input }) => PA.practiceModes(ctx.db, input.id)),
  /** Question folders with their usable questions, and what a set of them offers (the editor's folder picker). */
  folders: a.query(({ ctx }) => PA.questionFolders(ctx.db)),
  pool: a.input(practicePoolInput).query(({ ctx, input }) => PA.practicePool(ctx.db, input.folderIds)),
  userPage: a.input(practiceUserPageInput).query(({ ctx, input }) => PA.practiceUsers(ctx.db, input.id, input)),
  userExport: a.input(practiceUserPageInput).mutation(({ ctx, input }) => exportPracticeUsers(ctx.db, input)),
  addUser: a.input(practiceUsersInput).mutation(({ ctx, input }) => PA.addUsers(ctx.db, input.id, input.userIds)),
  removeUser: a.input(practiceUsersInput).mutation(({ ctx, input }) => PA.removeUsers(ctx.db, input.id, input.userIds)),
  enable: a.input(idInput).mutation(({ ctx, input }) => PA.setPracticeStatus(ctx.db, input.id, 1)),
  disable: a.input(idInput).mutation(({ ctx, input }) => PA.setPracticeStatus(ctx.db, input.id, 0)),
});

/** Question bank (materialLibQuestion, back-office.md 7.13). */
const questionRouter = router({
  add: a.input(questionInput).mutation(({ ctx, input }) => Q.createQuestion(ctx.db, input, ctx.user.id)),
  update: a.input(questionUpdateInput).mutation(({ ctx, input }) => Q.updateQuestion(ctx.db, input.id, input)),
  get: a.input(idInput).query(({ ctx, input }) => Q.getQuestion(ctx.db, input.id)),
  remove: a.input(idInput).mutation(({ ctx, input }) => Q.deleteQuestions(ctx.db, [input.id])),
  batchDelete: a.input(idsInput).mutation(({ ctx, input }) => Q.deleteQuestions(ctx.db, input.ids)),
  batchUpdate: a.input(questionBatchUpdateInput).mutation(({ ctx, input }) => Q.batchUpdateQuestions(ctx.db, input)),
  page: a.input(questionPageInput).query(({ ctx, input }) => Q.pageQuestions(ctx.db, input)),
  usable: a.input(questionPageInput).query(({ ctx, input }) => Q.pageQuestions(ctx.db, input, true)),
  folders: a.query(({ ctx }) => Q.questionFolderTree(ctx.db)),
  exportList: a.input(questionPageInput).mutation(({ ctx, input }) => X.exportQuestions(ctx.db, input)),
  template: a.input(z.object({ version: z.preprocess((v) => (v === undefined || v === "" ? 1 : Number(v)), z.union([z.literal(1), z.literal(2)], { error: "模板版本只能为1或2" })) }).optional()).query(({ input }) => X.templateFile(input?.version ?? 1)),
  importExcel: a.input(importInput).mutation(({ ctx, input }) => X.importQuestions(ctx.db, { file: input.file, version: 1, folderId: input.folderId ?? input.materialLibFolderId, userId: ctx.user.id })),
  importExcelV2: a.input(importInput).mutation(({ ctx, input }) => X.importQuestions(ctx.db, { file: input.file, version: 2, folderId: input.folderId ?? input.materialLibFolderId, userId: ctx.user.id })),
  importProgress: a.input(importIdInput).query(({ ctx, input }) => X.importProgress(ctx.db, input.importId ?? input.id)),
  errorFile: a.input(importIdInput).query(({ ctx, input }) => X.errorFile(ctx.db, input.importId ?? input.id)),
});

/** Test papers (back/testPaper). */
const paperRouter = router({
  page: a.input(paperPageInput).query(({ ctx, input }) => P.pagePapers(ctx.db, input)),
  save: a.input(paperSaveInput).mutation(({ ctx, input }) => P.savePaper(ctx.db, input, ctx.user.id)),
  detail: a.input(idInput).query(({ ctx, input }) => P.getPaperDetail(ctx.db, input.id)),
  relations: a.input(idInput).query(({ ctx, input }) => P.paperRelations(ctx.db, input.id)),
});

const memberIds = z.object({ examId: idField("考试ID"), userIds: z.array(idField("用户ID")).min(1, "请选择用户").max(500) });

/** Exam administration (exam/back/*). */
const examRouter = router({
  page: a.input(examPageInput).query(({ ctx, input }) => E.pageExams(ctx.db, input)),
  saveBase: a.input(examBaseInput).mutation(({ ctx, input }) => E.saveBase(ctx.db, input, ctx.user.id)),
  getBase: a.input(examRefInput).query(({ ctx, input }) => E.getBase(ctx.db, input.examId)),
  saveAdvanced: a.input(examAdvancedInput).mutation(({ ctx, input }) => E.saveAdvanced(ctx.db, input)),
  getAdvanced: a.input(examRefInput).query(({ ctx, input }) => E.getAdvanced(ctx.db, input.examId)),
  saveQuestionInfo: a.input(examQuestionInfoInput).mutation(({ ctx, input }) => E.saveQuestionInfo(ctx.db, (input.examId ?? input.id)!, input.paperId)),
  getQuestionInfo: a.input(examRefInput).query(({ ctx, input }) => E.getQuestionInfo(ctx.db, input.examId)),
  saveOpenRange: a.input(openRangeInput).mutation(({ ctx, input }) => E.saveOpenRange(ctx.db, input)),
  getOpenRange: a.input(examRefInput).query(({ ctx, input }) => E.getOpenRange(ctx.db, input.examId)),
  submitExam: a.input(examRefInput).mutation(({ ctx, input }) => E.submitExam(ctx.db, input.examId)),
  enable: a.input(examIdsInput).mutation(({ ctx, input }) => E.setStatus(ctx.db, input.ids, 1)),
  disable: a.input(examIdsInput).mutation(({ ctx, input }) => E.setStatus(ctx.db, input.ids, 0)),
  move: a.input(examMoveInput).mutation(({ ctx, input }) => E.moveExam(ctx.db, input.id, input.sort)),
  copy: a.input(idInput).mutation(({ ctx, input }) => E.copyExam(ctx.db, input.id, ctx.user.id)),
  remove: a.input(examIdsInput).mutation(({ ctx, input }) => E.removeExams(ctx.db, input.ids)),
  stats: a.input(examRefInput).query(({ ctx, input }) => E.examStats(ctx.db, input.examId)),
  resultPage: a.input(resultPageInput).query(({ ctx, input }) => E.pageResults(ctx.db, input)),
  resultExport: a.input(resultPageInput).mutation(({ ctx, input }) => XS.exportResults(ctx.db, input)),
  memberPage: a.input(resultPageInput).query(({ ctx, input }) => E.pageResults(ctx.db, input, { members: true })),
  memberExport: a.input(resultPageInput).mutation(({ ctx, input }) => XS.exportMembers(ctx.db, input)),
  memberAdd: a.input(memberAddInput).mutation(({ ctx, input }) => E.addMembers(ctx.db, input.examId, input.userIds)),
  memberRemove: a.input(memberIds).mutation(({ ctx, input }) => E.removeMembers(ctx.db, input.examId, input.userIds)),
  correctionList: a.input(examRefInput).query(({ ctx, input }) => E.correctionList(ctx.db, input.examId)),
  correctionPaper: a.input(paperIdInput).query(({ ctx, input }) => E.paperForCorrection(ctx.db, input.paperId)),
  correct: a.input(correctInput).mutation(({ ctx, input }) => E.correctPaper(ctx.db, ctx.user.id, input.paperId, input.scores)),
  calculate: a.input(examRefInput).mutation(({ ctx, input }) => E.calculateScores(ctx.db, input.examId)),
  group: router({
    addRole: a.input(groupInput).mutation(({ ctx, input }) => E.changeRange(ctx.db, input.examId, "role", [...(input.roleIds ?? []), ...(input.roleId ? [input.roleId] : [])], true)),
    addGroup: a.input(groupInput).mutation(({ ctx, input }) => E.changeRange(ctx.db, input.examId, "group", [...(input.groupIds ?? []), ...(input.groupId ? [input.groupId] : [])], true)),
    removeRole: a.input(groupInput).mutation(({ ctx, input }) => E.changeRange(ctx.db, input.examId, "role", [...(input.roleIds ?? []), ...(input.roleId ? [input.roleId] : [])], false)),
    removeGroup: a.input(groupInput).mutation(({ ctx, input }) => E.changeRange(ctx.db, input.examId, "group", [...(input.groupIds ?? []), ...(input.groupId ? [input.groupId] : [])], false)),
    addRoleAndGroup: a.input(groupInput).mutation(async ({ ctx, input }) => {
      const roles = [...(input.roleIds ?? []), ...(input.roleId ? [input.roleId] : [])];
      const groups = [...(input.groupIds ?? []), ...(input.groupId ? [input.groupId] : [])];
      if (roles.length) await E.changeRange(ctx.db, input.examId, "role", roles, true);
      if (groups.length) await E.changeRange(ctx.db, input.examId, "group", groups, true);
      return E.getOpenRange(ctx.db, input.examId);
    }),
  }),
});

const seriesRouter = router({
  search: a.input(simplePageInput).query(({ ctx, input }) => S.pageSeries(ctx.db, input)),
  save: a.input(seriesSaveInput).mutation(({ ctx, input }) => S.saveSeries(ctx.db, input)),
  get: a.input(seriesRefInput).query(({ ctx, input }) => S.getSeries(ctx.db, input.id)),
  status: a.input(seriesStatusInput).mutation(({ ctx, input }) => S.seriesStatus(ctx.db, input.id, input.status)),
  remove: a.input(seriesRefInput).mutation(({ ctx, input }) => S.deleteSeries(ctx.db, input.id)),
});

/** Fraud checks (back-office.md 7.17): records raised by the rules of fraud.service.ts, reviewed here. */
const fraudRouter = router({
  search: a.input(fraudSearchInput).query(({ ctx, input }) => F.searchFraud(ctx.db, input)),
  detail: a.input(idInput).query(({ ctx, input }) => F.fraudDetail(ctx.db, input.id)),
  remark: a.input(fraudRemarkInput).mutation(({ ctx, input }) => F.remarkFraud(ctx.db, input.id, input.remark)),
  check: a.input(fraudCheckInput).mutation(({ ctx, input }) => F.checkFraud(ctx.db, ctx.user.id, input)),
});

export const examAdminRouter = router({
  question: questionRouter,
  paper: paperRouter,
  exam: examRouter,
  series: seriesRouter,
  practice: practiceAdminRouter,
  proctor: examProctorRouter,
  fraud: fraudRouter,
});
