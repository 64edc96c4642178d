import { adminProcedure, router } from "../init";
import { idInput, tagCreateInput, tagListInput, tagModifyInput } from "./schemas";
import { createTag, listTags, modifyTag, removeTag, tagUse } from "./tags.service";

export const tagsRouter = router({
  list: adminProcedure.input(tagListInput).query(({ ctx, input }) => listTags(ctx.db, input)),
  ifUse: adminProcedure.input(idInput).query(({ ctx, input }) => tagUse(ctx.db, input.id)),
  create: adminProcedure.input(tagCreateInput).mutation(({ ctx, input }) => createTag(ctx.db, input)),
  modify: adminProcedure.input(tagModifyInput).mutation(({ ctx, input }) => modifyTag(ctx.db, input)),
  remove: adminProcedure.input(idInput).mutation(({ ctx, input }) => removeTag(ctx.db, input.id)),
});
