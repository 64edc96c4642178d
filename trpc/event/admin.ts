import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./event.service";

/** Outside training events in the back office (back-office.md 7.17): the event, what it binds, its reports and tasks. */
export const eventAdminRouter = router({
  page: adminProcedure.input(s.pageInput).query(({ ctx, input }) => a.pageEvents(ctx.db, input)),
  save: adminProcedure.input(s.eventInput).mutation(({ ctx, input }) => a.saveEvent(ctx.db, input)),
  data: adminProcedure.input(s.idInput).query(({ ctx, input }) => a.eventData(ctx.db, input.id)),
  byAssociation: adminProcedure.input(s.associationInput).query(({ ctx, input }) => a.findByAssociation(ctx.db, input)),
  bindTrain: adminProcedure.input(s.bindInput).mutation(({ ctx, input }) => a.bindTrain(ctx.db, input)),
  reportOne: adminProcedure.input(s.reportOneInput).mutation(({ ctx, input }) => a.reportOne(ctx.db, input)),
  reportAll: adminProcedure.input(s.idInput).mutation(({ ctx, input }) => a.reportAll(ctx.db, input.id)),
  taskPage: adminProcedure.input(s.taskPageInput).query(({ ctx, input }) => a.pageTasks(ctx.db, input)),
  bindTask: adminProcedure.input(s.taskBindInput).mutation(({ ctx, input }) => a.bindTask(ctx.db, input)),
  taskDetail: adminProcedure.input(s.taskIdInput).query(({ ctx, input }) => a.taskDetail(ctx.db, input.id)),
  taskJumpUrl: adminProcedure.input(s.jumpUrlInput).mutation(({ ctx, input }) => a.updateJumpUrl(ctx.db, input)),
});
