import { adminProcedure, router } from "../init";
import { createTaskInput, operateTaskInput, sceneInput, setTemplateInput, taskIdInput, taskPageInput, updateTaskInput } from "./schemas";
import { copyTask, createTask, deleteTask, pageTasks, sceneDetail, sceneList, setTaskStatus, setTaskTemplate, taskDetail, updateTask } from "./task.service";

/** Message tasks: notices sent automatically when a scene happens (back-office.md 7.7, second half). */
export const messageTaskRouter = router({
  scenes: adminProcedure.query(() => sceneList()),
  sceneParams: adminProcedure.input(sceneInput).query(({ input }) => sceneDetail(input.sceneType)),
  page: adminProcedure.input(taskPageInput).query(({ ctx, input }) => pageTasks(ctx.db, input)),
  detail: adminProcedure.input(taskIdInput).query(({ ctx, input }) => taskDetail(ctx.db, input.id)),
  create: adminProcedure.input(createTaskInput).mutation(({ ctx, input }) => createTask(ctx.db, ctx.user.id, input)),
  /** Only a stopped task changes. */
  update: adminProcedure.input(updateTaskInput).mutation(({ ctx, input }) => updateTask(ctx.db, input)),
  setTemplate: adminProcedure.input(setTemplateInput).mutation(({ ctx, input }) => setTaskTemplate(ctx.db, input)),
  copy: adminProcedure.input(taskIdInput).mutation(({ ctx, input }) => copyTask(ctx.db, ctx.user.id, input.id)),
  /** 1 启用, 0 停用, -1 删除 (old clients delete through this call). */
  operate: adminProcedure
    .input(operateTaskInput)
    .mutation(async ({ ctx, input }) =>
      input.status === -1 ? { ...(await deleteTask(ctx.db, input.id)), messageTaskId: input.id, status: -1, statusText: "已删除" } : setTaskStatus(ctx.db, input.id, input.status),
    ),
  delete: adminProcedure.input(taskIdInput).mutation(({ ctx, input }) => deleteTask(ctx.db, input.id)),
});
