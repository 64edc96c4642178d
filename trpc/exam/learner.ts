import * as F from "./fraud.service";
import * as L from "./learner.service";
import * as P from "./proctor.service";
import * as S from "./practice.service";
import { adminProcedure, learnerProcedure, router } from "../init";
import { contentScopeOf } from "../site/site.service";
import { loadExam } from "./access";
import { paperResult, recordScreenCut, register, saveAnswer, startExam, submitPaper, SubmitType } from "./attempt.service";
import { recordingInput, appealInput, examIdInput, faceVerifyInput, paperIdInput, previewSubmitInput, questionRefInput, remindResultInput, resultInput, snapVerifyInput, submitPaperInput, submitQuestionInput, userExamPageInput, whiteInfoInput, practiceAnswerInput, practicePageInput, practicePositionInput, practiceRefInput, practiceStartInput, sessionRefInput, wrongPageInput, wrongRemoveInput } from "./schemas";
import { openPrecheck, readNotice } from "./precheck.service";
import { previewStart, previewSubmit } from "./preview.service";

const p = learnerProcedure;

/** The learner's practice: lists, rounds graded one question at a time, the wrong-question book. */
const examPracticeRouter = router({
  list: p.input(practicePageInput).query(({ ctx, input }) => S.listPractices(ctx.db, ctx.user.id, input ?? {})),
  detail: p.input(practiceRefInput).query(({ ctx, input }) => S.practiceDetail(ctx.db, ctx.user.id, input.id)),
  start: p.input(practiceStartInput).mutation(({ ctx, input }) => S.startPractice(ctx.db, ctx.user.id, input)),
  session: p.input(sessionRefInput).query(({ ctx, input }) => S.sessionView(ctx.db, ctx.user.id, input.sessionId)),
  answer: p.input(practiceAnswerInput).mutation(({ ctx, input }) => S.answerQuestion(ctx.db, ctx.user.id, input)),
  position: p.input(practicePositionInput).mutation(({ ctx, input }) => S.savePosition(ctx.db, ctx.user.id, input)),
  finish: p.input(sessionRefInput).mutation(({ ctx, input }) => S.finishPractice(ctx.db, ctx.user.id, input.sessionId)),
  wrong: router({
    page: p.input(wrongPageInput).query(({ ctx, input }) => S.wrongBook(ctx.db, ctx.user.id, input)),
    start: p.input(practiceRefInput.extend({ restart: practiceStartInput.shape.restart })).mutation(({ ctx, input }) => S.startWrongRound(ctx.db, ctx.user.id, input)),
    remove: p.input(wrongRemoveInput).mutation(({ ctx, input }) => S.removeWrong(ctx.db, ctx.user.id, input)),
  }),
});


/** The learner's exam calls (learner-calls.md "Exams"), from the lists to the result. */
export const examLearnerProcedures = {
  practice: examPracticeRouter,
  detail: p.input(examIdInput).query(({ ctx, input }) => L.examDetail(ctx.db, ctx.user.id, input.examId)),
  paperInfo: p.input(examIdInput).query(({ ctx, input }) => L.examPaperInfo(ctx.db, ctx.user.id, input.examId)),
  startRemainTime: p.input(examIdInput).query(({ ctx, input }) => L.startRemainTime(ctx.db, ctx.user.id, input.examId)),
  register: p.input(examIdInput).mutation(({ ctx, input }) => register(ctx.db, ctx.user.id, input.examId)),
  entry: p.input(examIdInput).mutation(({ ctx, input }) => L.entryExam(ctx.db, ctx.user.id, input.examId)),
  check: p.input(examIdInput).query(({ ctx, input }) => L.checkExam(ctx.db, ctx.user.id, input.examId)),
  // The wizard's notice: what is already read is kept per learner and exam.
  precheck: p.input(examIdInput).mutation(({ ctx, input }) => openPrecheck(ctx.db, ctx.user.id, input.examId)),
  readNotice: p.input(examIdInput).mutation(({ ctx, input }) => readNotice(ctx.db, ctx.user.id, input.examId)),
  start: p.input(examIdInput).mutation(({ ctx, input }) => startExam(ctx.db, ctx.user.id, input.examId)),
  paper: p.input(paperIdInput).query(({ ctx, input }) => L.paperContent(ctx.db, ctx.user.id, input.paperId)),
  question: p.input(questionRefInput).query(({ ctx, input }) => L.questionContent(ctx.db, ctx.user.id, input)),
  saveAnswer: p.input(submitQuestionInput).mutation(({ ctx, input }) => saveAnswer(ctx.db, ctx.user.id, input)),
  submit: p.input(submitPaperInput).mutation(({ ctx, input }) => submitPaper(ctx.db, ctx.user.id, input, input.auto ? SubmitType.timeUp : SubmitType.learner)),
  result: p.input(resultInput).query(({ ctx, input }) => paperResult(ctx.db, ctx.user.id, input)),
  viewAnswers: p.input(resultInput).query(({ ctx, input }) => L.viewAnswers(ctx.db, ctx.user.id, input)),
  questionAnswer: p.input(questionRefInput).query(({ ctx, input }) => L.questionAnswer(ctx.db, ctx.user.id, input)),
  screenCut: p.input(paperIdInput).mutation(({ ctx, input }) => recordScreenCut(ctx.db, ctx.user.id, input.paperId)),
  remind: p.input(examIdInput).mutation(({ ctx, input }) => L.remindMe(ctx.db, ctx.user.id, input.examId)),
  setRemindResult: p.input(remindResultInput).mutation(({ ctx, input }) => L.setRemindResult(ctx.db, ctx.user.id, input.examId, input.remindResult ?? 1)),
  getRemindResult: p.input(examIdInput).query(({ ctx, input }) => L.getRemindResult(ctx.db, ctx.user.id, input.examId)),
  // The browsing lists follow the site's chosen content; the learner's own records (to-do, reminded, collected) do not.
  pageMine: p.input(userExamPageInput).query(async ({ ctx, input }) => L.userPagingExam(ctx.db, ctx.user.id, input, await contentScopeOf(ctx.db, ctx.sitePath))),
  toDo: p.query(({ ctx }) => L.userToDo(ctx.db, ctx.user.id)),
  search: p.input(userExamPageInput).query(async ({ ctx, input }) => L.searchExams(ctx.db, ctx.user.id, input, await contentScopeOf(ctx.db, ctx.sitePath))),
  reminded: p.query(({ ctx }) => L.remindedExams(ctx.db, ctx.user.id)),
  collected: p.input(userExamPageInput).query(({ ctx, input }) => L.collectedExams(ctx.db, ctx.user.id, input)),
  faceVerify: p.input(faceVerifyInput).mutation(({ ctx, input }) => P.faceVerify(ctx.db, ctx.user.id, input)),
  snapVerify: p.input(snapVerifyInput).mutation(({ ctx, input }) => P.snapVerify(ctx.db, ctx.user.id, input)),
  faceUserInfo: p.input(examIdInput).query(({ ctx, input }) => P.faceUserInfo(ctx.db, ctx.user, input.examId)),
  recording: p.input(recordingInput).mutation(({ ctx, input }) => P.saveRecording(ctx.db, ctx.user.id, input)),
  monitorInfo: p.input(examIdInput).query(({ ctx, input }) => L.monitorInfo(ctx.db, ctx.user.id, input.examId)),
  whiteInfo: p.input(whiteInfoInput).query(({ ctx, input }) => L.whiteInfo(ctx.db, ctx.user.id, input)),
  fraudDetail: p.input(paperIdInput).query(({ ctx, input }) => F.fraudDetailToUser(ctx.db, ctx.user.id, input.paperId)),
  fraudList: p.query(({ ctx }) => F.fraudListToUser(ctx.db, ctx.user.id)),
  fraudAppeal: p.input(appealInput).mutation(({ ctx, input }) => F.fraudAppeal(ctx.db, ctx.user.id, input)),
  preview: router({
    info: adminProcedure.input(examIdInput).query(async ({ ctx, input }) => {
      const exam = await loadExam(ctx.db, input.examId);
      return { id: exam.id, examId: exam.id, name: exam.name, description: exam.description, startTime: exam.startTime.getTime(), endTime: exam.endTime.getTime(), preview: 1, ...L.examInfoFields(exam) };
    }),
    noop: adminProcedure.input(examIdInput).mutation(({ input }) => ({ examId: input.examId, preview: 1 })),
    start: adminProcedure.input(examIdInput).mutation(({ ctx, input }) => previewStart(ctx.db, input.examId)),
    submit: adminProcedure.input(previewSubmitInput).mutation(({ ctx, input }) => previewSubmit(ctx.db, input)),
  }),
};
