import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as m from "./admin.service";

/** Questionnaire back office (back-office.md 7.6). */
export const questionnaireAdminRouter = router({
  page: adminProcedure.input(s.pageInput).query(({ ctx, input }) => m.pageQuestionnaires(ctx.db, input)),
  get: adminProcedure.input(s.idInput).query(({ ctx, input }) => m.getQuestionnaire(ctx.db, input.id)),
  scenes: adminProcedure.input(s.sceneInput).query(({ input }) => m.applicationScenes(input.templateCode)),
  create: adminProcedure.input(s.createInput).mutation(({ ctx, input }) => m.createQuestionnaire(ctx.db, ctx.user.id, input)),
  copy: adminProcedure.input(s.idInput).mutation(({ ctx, input }) => m.copyQuestionnaire(ctx.db, ctx.user.id, input.id)),
  modify: adminProcedure.input(s.modifyInput).mutation(({ ctx, input }) => m.modifyQuestionnaire(ctx.db, input)),
  del: adminProcedure.input(s.idsInput).mutation(({ ctx, input }) => m.deleteQuestionnaires(ctx.db, input.ids)),
  setStatus: adminProcedure.input(s.statusBatchInput).mutation(({ ctx, input }) => m.setStatus(ctx.db, input.ids, input.status)),
  remark: adminProcedure.input(s.remarkInput).mutation(({ ctx, input }) => m.setRemark(ctx.db, input.id, input.remark)),
  results: adminProcedure.input(s.idInput).query(({ ctx, input }) => m.results(ctx.db, input.id)),
  exportResults: adminProcedure.input(s.idInput).query(({ ctx, input }) => m.exportResults(ctx.db, input.id)),
  bindInfo: adminProcedure.input(s.bindInfoInput).query(({ ctx, input }) => m.bindInfo(ctx.db, input)),
  bind: adminProcedure.input(s.bindInput).mutation(({ ctx, input }) => m.bind(ctx.db, input)),
  unbind: adminProcedure.input(s.unbindInput).mutation(({ ctx, input }) => m.unbind(ctx.db, input)),
  unbound: adminProcedure.input(s.unboundInput).query(({ ctx, input }) => m.unboundBusinesses(ctx.db, input)),
  published: adminProcedure.query(({ ctx }) => m.publishedOptions(ctx.db)),
});
