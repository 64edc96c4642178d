import { adminProcedure, router } from "../init";
import { bindAccountsInput, bindInput, idInput, idsInput, importErrorsInput, importInput, jobInput, messagePageInput, operateInput, recipientsInput, saveMessageInput, createTaskInput, operateTaskInput, sceneInput, setTemplateInput, taskIdInput, taskPageInput, updateTaskInput } from "./schemas";
import { bindAccounts, bindUsers, copyMessage, createMessage, deleteMessages, messageDetail, modifyMessage, pageAdminMessages, pageRecipients, sendMessage, unbindUsers, withdrawMessage } from "./admin.service";
import { recipientImportErrors, recipientImportProgress, recipientTemplate, startRecipientImport } from "./import.service";
import { copyTask, createTask, deleteTask, pageTasks, sceneDetail, sceneList, setTaskStatus, setTaskTemplate, taskDetail, updateTask } from "./task.service";

/** Message tasks: notices sent automatically when a scene happens (back-office.md 7.7, second half). */
const messageTaskRouter = router({
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

/** Station messages written in the back office (back-office.md 7.7, first half). */
export const messageAdminRouter = router({
  page: adminProcedure.input(messagePageInput).query(({ ctx, input }) => pageAdminMessages(ctx.db, input)),
  detail: adminProcedure.input(idInput).query(({ ctx, input }) => messageDetail(ctx.db, input.id)),
  add: adminProcedure.input(saveMessageInput).mutation(({ ctx, input }) => createMessage(ctx.db, ctx.user.id, input)),
  modify: adminProcedure.input(saveMessageInput).mutation(({ ctx, input }) => modifyMessage(ctx.db, input)),
  del: adminProcedure.input(idsInput).mutation(({ ctx, input }) => deleteMessages(ctx.db, input.ids)),
  copy: adminProcedure.input(idInput).mutation(({ ctx, input }) => copyMessage(ctx.db, ctx.user.id, input.id)),
  /** 1 sends (again: only users without a copy get one), 2 withdraws. */
  operate: adminProcedure
    .input(operateInput)
    .mutation(({ ctx, input }) => (input.status === 1 ? sendMessage(ctx.db, input.id) : withdrawMessage(ctx.db, input.id))),

  recipients: adminProcedure.input(recipientsInput).query(({ ctx, input }) => pageRecipients(ctx.db, input)),
  bind: adminProcedure.input(bindInput).mutation(({ ctx, input }) => bindUsers(ctx.db, input.id, input.userIds)),
  bindAccounts: adminProcedure.input(bindAccountsInput).mutation(({ ctx, input }) => bindAccounts(ctx.db, input.id, input.accounts)),
  unbind: adminProcedure.input(bindInput).mutation(({ ctx, input }) => unbindUsers(ctx.db, input.id, input.userIds)),

  /** Starts an import and answers its progress; with wait it answers once the import is finished. */
  importExcel: adminProcedure.input(importInput).mutation(async ({ ctx, input }) => {
    const started = await startRecipientImport(ctx.db, ctx.user.id, input.id, input.file, { wait: input.wait });
    return recipientImportProgress(ctx.db, started.jobId);
  }),
  importProgress: adminProcedure.input(jobInput).query(({ ctx, input }) => recipientImportProgress(ctx.db, input.jobId)),
  importErrors: adminProcedure.input(importErrorsInput).query(({ ctx, input }) => recipientImportErrors(ctx.db, input.id, input.jobId)),
  importTemplate: adminProcedure.query(() => recipientTemplate()),
  task: messageTaskRouter,
});
