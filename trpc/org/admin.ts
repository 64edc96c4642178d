import { adminProcedure, router } from "../init";
import { userIdInput, userIdsInput, userPageInput } from "./schemas";
import { groupRouter, roleRouter } from "./tree";
import { tagsRouter } from "./tags";
import { usersExtraProcedures } from "./users-admin";
import { getUserDetail, pageUsers, setUsersStatus, unlockUserById, userStats } from "./users.service";

/** Users back office (back-office.md 7.2); every call needs isAdmin 1. */
const usersRouter = router({
  page: adminProcedure.input(userPageInput).query(({ ctx, input }) => pageUsers(ctx.db, input)),
  getOne: adminProcedure.input(userIdInput).query(({ ctx, input }) => getUserDetail(ctx.db, input.userId)),
  able: adminProcedure.input(userIdsInput).mutation(({ ctx, input }) => setUsersStatus(ctx.db, ctx.user, input.ids, 1)),
  unable: adminProcedure.input(userIdsInput).mutation(({ ctx, input }) => setUsersStatus(ctx.db, ctx.user, input.ids, 0)),
  unlock: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => unlockUserById(ctx.db, input.userId)),
  stats: adminProcedure.query(({ ctx }) => userStats(ctx.db)),
  ...usersExtraProcedures,
});

export const orgAdminRouter = router({ users: usersRouter, group: groupRouter, role: roleRouter, tags: tagsRouter });
