import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./site.service";

/** Sites in the back office (back-office.md 7.16): base info, page and ext config, content, release, removal. */
export const siteAdminRouter = router({
  page: adminProcedure.input(s.pageInput).query(({ ctx, input }) => a.pageSites(ctx.db, input, ctx.origin)),
  list: adminProcedure.query(({ ctx }) => a.siteList(ctx.db)),
  detail: adminProcedure.input(s.siteIdInput).query(({ ctx, input }) => a.baseDetail(ctx.db, input.id, ctx.origin)),
  saveBase: adminProcedure.input(s.baseInput).mutation(({ ctx, input }) => a.saveBase(ctx.db, ctx.user.id, input)),
  pageConfig: adminProcedure.input(s.siteIdInput).query(({ ctx, input }) => a.pageConfig(ctx.db, input.id)),
  savePageConfig: adminProcedure.input(s.pageConfigInput).mutation(({ ctx, input }) => a.savePageConfig(ctx.db, input)),
  extConfig: adminProcedure.input(s.siteIdInput).query(({ ctx, input }) => a.extConfig(ctx.db, input.id)),
  saveExtConfig: adminProcedure.input(s.extConfigInput).mutation(({ ctx, input }) => a.saveExtConfig(ctx.db, input)),
  domainConfig: adminProcedure.query(({ ctx }) => a.domainConfig(ctx.origin)),
  contents: adminProcedure.input(s.siteIdInput).query(({ ctx, input }) => a.siteContentsOf(ctx.db, input.id)),
  saveContents: adminProcedure.input(s.contentsInput).mutation(({ ctx, input }) => a.saveSiteContents(ctx.db, input)),
  release: adminProcedure.input(s.siteIdInput).mutation(({ ctx, input }) => a.release(ctx.db, input.id)),
  cancelRelease: adminProcedure.input(s.siteIdInput).mutation(({ ctx, input }) => a.cancelRelease(ctx.db, input.id)),
  remove: adminProcedure.input(s.siteIdInput).mutation(({ ctx, input }) => a.removeSite(ctx.db, input.id)),
  preview: adminProcedure.input(s.siteIdInput).mutation(({ ctx, input }) => a.previewSite(ctx.db, input.id, ctx.origin)),
});
