import { adminProcedure, router } from "../init";
import { idInput, treeAddInput, treeMoveInput, treeReadInput, treeUpdateInput } from "./schemas";
import { initFromSource } from "./init.service";
import { addNode, deleteNode, listNodes, moveNode, readTree, renameNode, type TreeKind } from "./tree.service";

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

export const groupRouter = treeRouter("group");
export const roleRouter = treeRouter("role");
