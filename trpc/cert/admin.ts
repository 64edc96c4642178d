import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as t from "./template.service";
import * as a from "./admin.service";
import { saveClientImage } from "./cert.service";

/** Certificate back office (back-office.md 7.10): templates, bindings, issued certificates, imports. */
export const certAdminRouter = router({
  page: adminProcedure.input(s.templatePageInput).query(({ ctx, input }) => t.pageTemplates(ctx.db, input)),
  getOne: adminProcedure.input(s.templateIdInput).query(({ ctx, input }) => t.getTemplate(ctx.db, input.id)),
  add: adminProcedure.input(s.addTemplateInput).mutation(({ ctx, input }) => t.addTemplate(ctx.db, ctx.user.id, input)),
  update: adminProcedure.input(s.updateTemplateInput).mutation(({ ctx, input }) => t.updateTemplate(ctx.db, input)),
  able: adminProcedure.input(s.templateIdsInput).mutation(({ ctx, input }) => t.setTemplateStatus(ctx.db, input.ids, 1)),
  unable: adminProcedure.input(s.templateIdsInput).mutation(({ ctx, input }) => t.setTemplateStatus(ctx.db, input.ids, 0)),
  del: adminProcedure.input(s.templateIdsInput).mutation(({ ctx, input }) => t.deleteTemplates(ctx.db, input.ids)),
  copy: adminProcedure.input(s.templateIdInput).mutation(({ ctx, input }) => t.copyTemplate(ctx.db, ctx.user.id, input.id)),
  move: adminProcedure.input(s.moveInput).mutation(({ ctx, input }) => t.moveTemplate(ctx.db, input.id, input.direction)),
  checkPrefix: adminProcedure.input(s.prefixInput).query(({ ctx, input }) => t.checkPrefix(ctx.db, input.prefix, input.id)),
  checkBindStatus: adminProcedure.input(s.templateIdInput).query(({ ctx, input }) => t.checkBindStatus(ctx.db, input.id)),
  preview: adminProcedure.input(s.previewInput).mutation(({ input }) => t.previewTemplate(input)),
  options: adminProcedure.query(({ ctx }) => t.templateOptions(ctx.db)),
  binding: adminProcedure.input(s.bindingKeyInput).query(({ ctx, input }) => t.bindingOf(ctx.db, input)),
  bind: adminProcedure.input(s.bindInput).mutation(({ ctx, input }) => t.bind(ctx.db, input)),
  unbind: adminProcedure.input(s.bindingKeyInput).mutation(({ ctx, input }) => t.unbind(ctx.db, input)),

  userPage: adminProcedure.input(s.userCertPageInput).query(({ ctx, input }) => a.pageUserCerts(ctx.db, input)),
  userDetail: adminProcedure.input(s.idInput).query(({ ctx, input }) => a.userCertDetail(ctx.db, input.id)),
  send: adminProcedure.input(s.sendInput).mutation(({ ctx, input }) => a.sendCerts(ctx.db, input)),
  revoke: adminProcedure.input(s.revokeInput).mutation(({ ctx, input }) => a.revokeCert(ctx.db, input.id, input.reason)),
  restore: adminProcedure.input(s.idInput).mutation(({ ctx, input }) => a.restoreCert(ctx.db, input.id)),
  regenerate: adminProcedure.input(s.idsOrIdInput).mutation(({ ctx, input }) => a.regenerateMany(ctx.db, input.ids)),
  setCertImgUrl: adminProcedure.input(s.setImageInput).mutation(({ ctx, input }) => saveClientImage(ctx.db, ctx.user, input.id, input.certImgUrl, true)),
  export: adminProcedure.input(s.userCertPageInput).query(({ ctx, input }) => a.exportUserCerts(ctx.db, input)),
  thirdImport: adminProcedure.input(s.thirdImportInput).mutation(({ ctx, input }) => a.importThirdCerts(ctx.db, input.file)),
  repairExam: adminProcedure.input(s.examIdInput).mutation(({ ctx, input }) => a.repairExamCerts(ctx.db, input.examId)),
  thirdPage: adminProcedure.input(s.thirdPageInput).query(({ ctx, input }) => a.pageThirdCerts(ctx.db, input)),
});
