import { adminProcedure, router } from "../init";
import * as P from "./practice-admin.service";
import { exportPracticeUsers } from "./export.service";
import {
  idInput,
  practiceBaseInput,
  practiceModeInput,
  practiceModeRemoveInput,
  practicePoolInput,
  practiceRangeInput,
  practiceUserPageInput,
  practiceUsersInput,
  simplePageInput,
} from "./schemas";

const a = adminProcedure;

/** Practices in the back office (back/practice, back-office.md 7.12). */
export const practiceAdminRouter = router({
  page: a.input(simplePageInput).query(({ ctx, input }) => P.pagePractices(ctx.db, input)),
  saveBase: a.input(practiceBaseInput).mutation(({ ctx, input }) => P.savePracticeBase(ctx.db, input)),
  getBase: a.input(idInput).query(({ ctx, input }) => P.getPractice(ctx.db, input.id)),
  saveOpenRange: a.input(practiceRangeInput).mutation(({ ctx, input }) => P.updatePractice(ctx.db, input.id, () => ({ openRange: input.entries }))),
  getOpenRange: a.input(idInput).query(async ({ ctx, input }) => ({ id: input.id, entries: (await P.getPractice(ctx.db, input.id)).openRange })),
  saveMode: a.input(practiceModeInput).mutation(({ ctx, input }) => P.saveMode(ctx.db, input)),
  removeMode: a.input(practiceModeRemoveInput).mutation(({ ctx, input }) => P.removeMode(ctx.db, input.id, input.modeId)),
  modes: a.input(idInput).query(({ ctx, input }) => P.practiceModes(ctx.db, input.id)),
  /** Question folders with their usable questions, and what a set of them offers (the editor's folder picker). */
  folders: a.query(({ ctx }) => P.questionFolders(ctx.db)),
  pool: a.input(practicePoolInput).query(({ ctx, input }) => P.practicePool(ctx.db, input.folderIds)),
  userPage: a.input(practiceUserPageInput).query(({ ctx, input }) => P.practiceUsers(ctx.db, input.id, input)),
  userExport: a.input(practiceUserPageInput).mutation(({ ctx, input }) => exportPracticeUsers(ctx.db, input)),
  addUser: a.input(practiceUsersInput).mutation(({ ctx, input }) => P.addUsers(ctx.db, input.id, input.userIds)),
  removeUser: a.input(practiceUsersInput).mutation(({ ctx, input }) => P.removeUsers(ctx.db, input.id, input.userIds)),
  enable: a.input(idInput).mutation(({ ctx, input }) => P.setPracticeStatus(ctx.db, input.id, 1)),
  disable: a.input(idInput).mutation(({ ctx, input }) => P.setPracticeStatus(ctx.db, input.id, 0)),
});
