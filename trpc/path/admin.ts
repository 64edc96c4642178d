import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./admin.service";

/** Learning maps in the back office (back-office.md 7.14). */
export const pathAdminRouter = router({
  page: adminProcedure.input(s.adminPageInput).query(({ ctx, input }) => a.pagePaths(ctx.db, input)),
  create: adminProcedure.input(s.createInput).mutation(({ ctx, input }) => a.createPath(ctx.db, ctx.user.id, input)),
  edit: adminProcedure.input(s.editInput).mutation(({ ctx, input }) => a.editPath(ctx.db, input)),
  detail: adminProcedure.input(s.pathIdInput).query(({ ctx, input }) => a.pathAdminDetail(ctx.db, input.id)),
  nodeDetail: adminProcedure.input(s.pathIdInput).query(({ ctx, input }) => a.nodeDetail(ctx.db, input.id)),
  nodeConfig: adminProcedure.input(s.nodeConfigInput).mutation(({ ctx, input }) => a.configureNodes(ctx.db, input)),
  nodeDel: adminProcedure.input(s.nodeIdInput).mutation(({ ctx, input }) => a.deleteNode(ctx.db, input.id)),
  nodeMove: adminProcedure.input(s.nodeMoveInput).mutation(({ ctx, input }) => a.moveNode(ctx.db, input.id, input.direction)),
  saveOpenRange: adminProcedure.input(s.openRangeInput).mutation(({ ctx, input }) => a.saveOpenRange(ctx.db, input.id, input.openRange)),
  getOpenRange: adminProcedure.input(s.pathIdInput).query(({ ctx, input }) => a.getOpenRange(ctx.db, input.id)),
  operateStatus: adminProcedure.input(s.statusInput).mutation(({ ctx, input }) => a.setStatus(ctx.db, input.id, input.status)),
  move: adminProcedure.input(s.moveInput).mutation(({ ctx, input }) => a.movePath(ctx.db, input.id, input.direction)),
  del: adminProcedure.input(s.pathIdInput).mutation(({ ctx, input }) => a.deletePath(ctx.db, input.id)),
  copy: adminProcedure.input(s.pathIdInput).mutation(({ ctx, input }) => a.copyPath(ctx.db, ctx.user.id, input.id)),
  addUsers: adminProcedure.input(s.membersInput).mutation(({ ctx, input }) => a.addMembers(ctx.db, input.id, input.userIds)),
  delUsers: adminProcedure.input(s.membersInput).mutation(({ ctx, input }) => a.removeMembers(ctx.db, input.id, input.userIds)),
  memberList: adminProcedure.input(s.memberPageInput).query(({ ctx, input }) => a.memberPage(ctx.db, input)),
  exportMembers: adminProcedure.input(s.memberPageInput).query(({ ctx, input }) => a.exportMembers(ctx.db, input)),
});
