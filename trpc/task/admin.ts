import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as t from "./task.service";
import * as n from "./node.service";
import * as a from "./assign.service";

/** Task back office (back-office.md 7.8): tasks, their nodes, their learners. */
export const taskAdminRouter = router({
  page: adminProcedure.input(s.taskPageInput).query(({ ctx, input }) => t.pageTasks(ctx.db, input)),
  detail: adminProcedure.input(s.taskIdInput).query(({ ctx, input }) => t.taskDetail(ctx.db, input.taskId)),
  save: adminProcedure.input(s.saveTaskInput).mutation(({ ctx, input }) => t.saveTask(ctx.db, ctx.user.id, input)),
  setStatus: adminProcedure.input(s.statusInput).mutation(({ ctx, input }) => t.setTaskStatus(ctx.db, input.taskId, input.status)),
  score: adminProcedure.input(s.scoreInput).mutation(({ ctx, input }) => t.setTaskScore(ctx.db, input.taskId, input.score)),
  copy: adminProcedure.input(s.taskIdInput).mutation(({ ctx, input }) => t.copyTask(ctx.db, ctx.user.id, input.taskId)),
  move: adminProcedure.input(s.moveInput).mutation(({ ctx, input }) => t.moveTask(ctx.db, input.taskId, input.direction)),
  del: adminProcedure.input(s.taskIdsInput).mutation(({ ctx, input }) => t.deleteTasks(ctx.db, input.ids)),

  nodes: adminProcedure.input(s.taskIdInput).query(({ ctx, input }) => n.listNodes(ctx.db, input.taskId).then((list) => ({ taskId: input.taskId, list, nodeList: list }))),
  addNode: adminProcedure.input(s.addNodeInput).mutation(({ ctx, input }) => n.addNode(ctx.db, input)),
  modifyNode: adminProcedure.input(s.modifyNodeInput).mutation(({ ctx, input }) => n.modifyNode(ctx.db, input.nodeId, input.requiredRate)),
  sortNodes: adminProcedure.input(s.sortNodeInput).mutation(({ ctx, input }) => n.sortNodes(ctx.db, input)),
  delNode: adminProcedure.input(s.nodeIdInput).mutation(({ ctx, input }) => n.deleteNode(ctx.db, input.nodeId)),
  contentOptions: adminProcedure.input(s.contentOptionsInput).query(({ ctx, input }) => n.contentOptions(ctx.db, input.contentType, input.keyword)),

  users: adminProcedure.input(s.taskUserPageInput).query(({ ctx, input }) => a.pageUsers(ctx.db, input)),
  addUsers: adminProcedure.input(s.addUsersInput).mutation(({ ctx, input }) => a.addUsers(ctx.db, input)),
  delUsers: adminProcedure.input(s.delUsersInput).mutation(({ ctx, input }) => a.removeUsers(ctx.db, input.taskId, input.userIds)),
  exportUsers: adminProcedure.input(s.taskUserPageInput).query(({ ctx, input }) => a.exportUsers(ctx.db, input)),
});
