import { adminProcedure, router } from "../init";
import { createFolder, deleteFolder, folderSetting, folderTree, moveFolder, renameFolder } from "./folder.service";
import { addItem, batchUpdateItems, coursewareTypes, deleteItems, exportItems, pageItems, updateItem, type Library } from "./item.service";
import {
  folderCreateInput,
  folderIdInput,
  folderMoveInput,
  folderSettingInput,
  folderTreeInput,
  folderUpdateInput,
  itemAddInput,
  itemBatchUpdateInput,
  itemIdInput,
  itemIdsInput,
  itemPageInput,
  itemUpdateInput,
} from "./schemas";

/** The same calls for both libraries: courseAndData (1) and photoAndVideo (2). */
function libraryRouter(library: Library) {
  return router({
    add: adminProcedure.input(itemAddInput).mutation(({ ctx, input }) => addItem(ctx.db, library, ctx.user.id, input)),
    update: adminProcedure.input(itemUpdateInput).mutation(({ ctx, input }) => updateItem(ctx.db, library, input)),
    delete: adminProcedure.input(itemIdInput).mutation(({ ctx, input }) => deleteItems(ctx.db, library, [input.id])),
    deleteBatch: adminProcedure.input(itemIdsInput).mutation(({ ctx, input }) => deleteItems(ctx.db, library, input.ids)),
    batchUpdate: adminProcedure.input(itemBatchUpdateInput).mutation(({ ctx, input }) => batchUpdateItems(ctx.db, library, input.ids, input)),
    pageList: adminProcedure.input(itemPageInput).query(({ ctx, input }) => pageItems(ctx.db, library, input)),
    typeList: adminProcedure.query(() => coursewareTypes(library)),
    exportList: adminProcedure.input(itemPageInput).query(({ ctx, input }) => exportItems(ctx.db, library, input)),
  });
}

/** Material library back office (back-office.md 7.13, questions excepted). */
export const materialAdminRouter = router({
  folder: router({
    create: adminProcedure.input(folderCreateInput).mutation(({ ctx, input }) => createFolder(ctx.db, input)),
    update: adminProcedure.input(folderUpdateInput).mutation(({ ctx, input }) => renameFolder(ctx.db, input.id, input.name)),
    move: adminProcedure.input(folderMoveInput).mutation(({ ctx, input }) => moveFolder(ctx.db, input.id, input.parentId, input.sort)),
    delete: adminProcedure.input(folderIdInput).mutation(({ ctx, input }) => deleteFolder(ctx.db, input.id)),
    tree: adminProcedure.input(folderTreeInput).query(({ ctx, input }) => folderTree(ctx.db, input?.kind)),
    setting: adminProcedure.input(folderSettingInput).mutation(({ ctx, input }) => folderSetting(ctx.db, input.id, input.setting)),
  }),
  courseware: libraryRouter(1),
  media: libraryRouter(2),
});
