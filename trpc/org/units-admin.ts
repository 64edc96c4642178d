import { adminProcedure, router } from "../init";
import * as s from "./units-schemas";
import * as units from "./units.service";
import * as white from "./whitelist.service";
import * as ch from "./channel.service";
import { districtTree } from "./district.service";

/** Organisations in the back office (back-office.md 7.16, back/organization/manage). */
export const organizationAdminRouter = router({
  save: adminProcedure.input(s.organizationInput).mutation(({ ctx, input }) => units.createOrganization(ctx.db, ctx.user.id, input)),
  update: adminProcedure.input(s.organizationUpdateInput).mutation(({ ctx, input }) => units.updateOrganization(ctx.db, input)),
  del: adminProcedure.input(s.orgIdInput).mutation(({ ctx, input }) => units.deleteOrganization(ctx.db, input.id)),
  page: adminProcedure.input(s.organizationPageInput).query(({ ctx, input }) => units.pageOrganizations(ctx.db, input)),
  detail: adminProcedure.input(s.orgIdInput).query(({ ctx, input }) => units.organizationDetail(ctx.db, input.id)),
  districtTree: adminProcedure.input(s.districtTreeInput).query(({ input }) => districtTree(input)),
  sourceEnum: adminProcedure.query(() => s.ORG_SOURCES),
});

/** Whitelists in the back office (back/white). */
export const whiteAdminRouter = router({
  create: adminProcedure.input(s.whiteCreateInput).mutation(({ ctx, input }) => white.createWhiteEntries(ctx.db, ctx.user.id, input)),
  remove: adminProcedure.input(s.whiteRemoveInput).mutation(({ ctx, input }) => white.removeWhiteEntries(ctx.db, input.ids)),
  search: adminProcedure.input(s.whiteSearchInput).query(({ ctx, input }) => white.searchWhiteEntries(ctx.db, input)),
  businessTypes: adminProcedure.query(() => white.whiteBusinessTypes()),
});

/** Promotion channels in the back office (back/channel/manage). */
export const channelAdminRouter = router({
  jumpLink: adminProcedure.input(s.channelLinkInput).query(({ ctx, input }) => ch.jumpLink(ctx.db, input.channelCode, ctx.origin)),
  detail: adminProcedure.input(s.channelIdInput).query(({ ctx, input }) => ch.channelDetail(ctx.db, input.id, ctx.origin)),
  save: adminProcedure.input(s.channelInput).mutation(({ ctx, input }) => ch.createChannel(ctx.db, ctx.user.id, input, ctx.origin)),
  update: adminProcedure.input(s.channelUpdateInput).mutation(({ ctx, input }) => ch.updateChannel(ctx.db, input, ctx.origin)),
  del: adminProcedure.input(s.channelIdInput).mutation(({ ctx, input }) => ch.deleteChannel(ctx.db, input.id)),
  page: adminProcedure.input(s.channelPageInput).query(({ ctx, input }) => ch.pageChannels(ctx.db, input, ctx.origin)),
});
