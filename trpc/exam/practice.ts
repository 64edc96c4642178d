import { learnerProcedure, router } from "../init";
import * as S from "./practice.service";
import { practiceAnswerInput, practicePageInput, practicePositionInput, practiceRefInput, practiceStartInput, sessionRefInput, wrongPageInput, wrongRemoveInput } from "./schemas";

const p = learnerProcedure;

/** The learner's practice: lists, rounds graded one question at a time, the wrong-question book. */
export const examPracticeRouter = router({
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
