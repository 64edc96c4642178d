import * as admin from "./users-admin.service";
import { adminProcedure, router } from "../init";
import { userIdInput, userIdsInput, userPageInput, idInput, treeAddInput, treeMoveInput, treeReadInput, treeUpdateInput, tagCreateInput, tagListInput, tagModifyInput, addUserInput, assignInput, bindPositionInput, checkNameInput, groupChildPageInput, notJoinExamInput, pagedInput, pageUrlInput, positionTypeInput, updateUserInput, userLookupInput } from "./schemas";
import { getUserDetail, pageUsers, setUsersStatus, unlockUserById, userStats } from "./users.service";
import { initFromSource } from "./init.service";
import { addNode, deleteNode, listNodes, moveNode, readTree, renameNode, type TreeKind } from "./tree.service";
import { createTag, listTags, modifyTag, removeTag, tagUse } from "./tags.service";
import { z } from "zod";
import { idOf } from "@base/legacy-input";
import { eq } from "drizzle-orm";
import { users } from "@db/schema";
import { notFound } from "@base/errors";
import { identityReset, identitySummary } from "./identity-link";
import { errorWorkbook, importProgress, startImport } from "./import.service";
import { allApps, allPositions, appsFor, bindPositions, elementsFor, positionsOfUser } from "./privilege.service";
import { channelAdminRouter, organizationAdminRouter, whiteAdminRouter } from "./units-admin";
import { auditActor, recordSecurityEvent } from "../tool/audit.service";

/** Group and role trees (back/common/group/*, back/common/role/*) share these procedures. */
const treeRouter = (kind: TreeKind) =>
  router({
    add: adminProcedure.input(treeAddInput).mutation(({ ctx, input }) => addNode(ctx.db, kind, input)),
    update: adminProcedure.input(treeUpdateInput).mutation(({ ctx, input }) => renameNode(ctx.db, kind, input.id, input.name)),
    del: adminProcedure.input(idInput).mutation(({ ctx, input }) => deleteNode(ctx.db, kind, input.id)),
    move: adminProcedure.input(treeMoveInput).mutation(({ ctx, input }) => moveNode(ctx.db, kind, input)),
    tree: adminProcedure.input(treeReadInput.optional()).query(({ ctx, input }) => readTree(ctx.db, kind, input?.id)),
    list: adminProcedure.input(treeReadInput.optional()).query(({ ctx, input }) => listNodes(ctx.db, kind, input?.keyword)),
    getTree: adminProcedure.input(idInput).query(({ ctx, input }) => readTree(ctx.db, kind, input.id)),
    init: adminProcedure.mutation(({ ctx }) => initFromSource(ctx.db, kind, false)),
    initSso: adminProcedure.mutation(({ ctx }) => initFromSource(ctx.db, kind, true)),
  });

const groupRouter = treeRouter("group");
const roleRouter = treeRouter("role");

const tagsRouter = router({
  list: adminProcedure.input(tagListInput).query(({ ctx, input }) => listTags(ctx.db, input)),
  ifUse: adminProcedure.input(idInput).query(({ ctx, input }) => tagUse(ctx.db, input.id)),
  create: adminProcedure.input(tagCreateInput).mutation(({ ctx, input }) => createTag(ctx.db, input)),
  modify: adminProcedure.input(tagModifyInput).mutation(({ ctx, input }) => modifyTag(ctx.db, input)),
  remove: adminProcedure.input(idInput).mutation(({ ctx, input }) => removeTag(ctx.db, input.id)),
});

const fileField = z.custom<Blob & { name?: string }>((v) => typeof Blob !== "undefined" && v instanceof Blob, { message: "请选择要导入的 Excel 文件" });

/** Back/user calls beyond the list (back-office.md 7.2). */
const usersExtraProcedures = {
  getUser: adminProcedure
    .input(userLookupInput)
    .query(({ ctx, input }) =>
      admin.lookupUser(ctx.db, input && (input.userId ?? input.id ?? input.loginName ?? input.mobile) ? input : { userId: ctx.user.id }),
    ),
  centerGetUser: adminProcedure.input(userIdInput).query(({ ctx, input }) => admin.lookupUser(ctx.db, input)),
  registerType: adminProcedure.query(({ ctx }) => admin.registerTypes(ctx.db)),
  getAllCustomer: adminProcedure.input(pagedInput).query(({ ctx, input }) => admin.allCustomers(ctx.db, input)),
  ssoUser: adminProcedure.input(pagedInput).query(({ ctx, input }) => admin.pageBySource(ctx.db, "sso", input)),
  third: adminProcedure.input(pagedInput).query(({ ctx, input }) => admin.pageThirdUsers(ctx.db, input)),
  allChildPage: adminProcedure.input(groupChildPageInput).query(({ ctx, input }) => admin.pageGroupMembers(ctx.db, input.groupId, input)),
  notJoinExam: adminProcedure.input(notJoinExamInput).query(({ ctx, input }) => admin.pageNotJoinedExam(ctx.db, input.examId, input)),

  add: adminProcedure.input(addUserInput).mutation(async ({ ctx, input }) => {
    const added = await admin.addUser(ctx.db, input);
    if (input.isAdmin === 1) await recordSecurityEvent(ctx.db, auditActor(ctx), "admin.granted", { entityId: added.userId, changes: { loginName: input.loginName } });
    return added;
  }),
  update: adminProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    const before = input.isAdmin === undefined ? undefined : await admin.lookupUser(ctx.db, { userId: input.userId }).catch(() => undefined);
    const updated = await admin.updateUser(ctx.db, ctx.user, input);
    if (before && input.isAdmin !== undefined && before.isAdmin !== input.isAdmin)
      await recordSecurityEvent(ctx.db, auditActor(ctx), input.isAdmin === 1 ? "admin.granted" : "admin.revoked", { entityId: input.userId, changes: { isAdmin: input.isAdmin } });
    return updated;
  }),
  del: adminProcedure.input(userIdsInput).mutation(({ ctx, input }) => admin.deleteUsers(ctx.db, ctx.user, input.ids)),
  checkName: adminProcedure.input(checkNameInput).query(({ ctx, input }) => admin.checkNames(ctx.db, input)),

  addRoleAndGroup: adminProcedure
    .input(assignInput)
    .mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "any"), "add")),
  addGroup: adminProcedure.input(assignInput).mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "group"), "add")),
  addRole: adminProcedure.input(assignInput).mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "role"), "add")),
  addTag: adminProcedure.input(assignInput).mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "tag"), "add")),
  removeGroup: adminProcedure
    .input(assignInput)
    .mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "group"), "remove")),
  removeRole: adminProcedure
    .input(assignInput)
    .mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "role"), "remove")),
  removeTag: adminProcedure.input(assignInput).mutation(({ ctx, input }) => admin.assign(ctx.db, admin.requireTargets(input, "tag"), "remove")),

  getAuthInfo: adminProcedure.input(userIdInput).query(async ({ ctx, input }) => {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, input.userId)).limit(1);
    if (!u) throw notFound("用户不存在或已删除");
    return identitySummary(ctx.db, u);
  }),
  resetAuthInfo: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => identityReset(ctx.db, input.userId)),

  /** Starts an import and answers the job id; with wait it answers once the import is finished. */
  importExcel: adminProcedure
    .input(z.object({ file: fileField, wait: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const started = await startImport(ctx.db, ctx.user.id, input.file, { wait: input.wait });
      return importProgress(ctx.db, started.jobId);
    }),
  importProgress: adminProcedure.input(idInput).query(({ ctx, input }) => importProgress(ctx.db, input.id)),
  importErrors: adminProcedure.input(idInput).query(({ ctx, input }) => errorWorkbook(ctx.db, input.id)),

  privilege: router({
    userPosition: adminProcedure
      .input(z.object({ userId: idOf("用户ID").optional() }).optional())
      .query(({ ctx, input }) => positionsOfUser(ctx.db, input?.userId ?? ctx.user.id)),
    allPosition: adminProcedure.input(positionTypeInput).query(({ ctx, input }) => allPositions(ctx.db, input.type)),
    bindPosition: adminProcedure.input(bindPositionInput).mutation(({ ctx, input }) => bindPositions(ctx.db, input.userId, input.positionIds)),
    userElements: adminProcedure.input(pageUrlInput).query(({ ctx, input }) => elementsFor(ctx.db, ctx.user.id, input.pageUrl)),
    userApp: adminProcedure.query(({ ctx }) => appsFor(ctx.db, ctx.user.id)),
  }),
  appList: adminProcedure.query(({ ctx }) => allApps(ctx.db)),
};

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

export const orgAdminRouter = router({
  users: usersRouter,
  group: groupRouter,
  role: roleRouter,
  tags: tagsRouter,
  organization: organizationAdminRouter,
  white: whiteAdminRouter,
  channel: channelAdminRouter,
});
