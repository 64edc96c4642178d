import { z } from "zod";
import { adminProcedure, router } from "../init";
import { addCategory, categoryDetail, delCategory, editCategory, listCategories, moveCategory } from "./category.service";
import {
  addBanner,
  addMarketing,
  addNotice,
  delBanner,
  delMarketing,
  delNotice,
  moveBanner,
  moveMarketing,
  moveNotice,
  pageBanners,
  pageMarketing,
  pageNotices,
  updateBanner,
  updateMarketing,
  updateNotice,
} from "./content.service";
import {
  addItem,
  addRecommend,
  adminTree,
  delItem,
  delRecommend,
  getRecommend,
  listItems,
  moveItem,
  moveRecommend,
  moveRecommendV2,
  pageRecommends,
  refreshSnapshots,
  updateItem,
  updateRecommend,
} from "./recommend.service";
import {
  bannerInput,
  bannerUpdateInput,
  categoryInput,
  categoryListInput,
  categoryUpdateInput,
  elementTreeInput,
  idInput,
  itemInput,
  itemUpdateInput,
  layoutInput,
  manageInput,
  managePageInput,
  manageUpdateInput,
  marketingInput,
  marketingUpdateInput,
  moveInput,
  noticeInput,
  noticeUpdateInput,
  pageInput,
  popupInput,
  recommendIdInput,
  recommendInput,
  recommendUpdateInput,
  searchBarInput,
  searchBarUpdateInput,
} from "./schemas";
import { idOf } from "@base/legacy-input";
import { addWord, delWord, moveWord, pageWords, updateWord } from "./search-bar.service";
import {
  delManage,
  elementTree,
  manageDetail,
  pageLayout,
  pageManage,
  popupBanner,
  saveManage,
  updateLayout,
  updateManage,
  updatePopup,
} from "./settings.service";

// Operations back office (back-office.md 7.1); every call needs isAdmin 1.

const bannerRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }) => pageBanners(ctx.db, input)),
  add: adminProcedure.input(bannerInput).mutation(({ ctx, input }) => addBanner(ctx.db, input)),
  update: adminProcedure.input(bannerUpdateInput).mutation(({ ctx, input }) => updateBanner(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveBanner(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delBanner(ctx.db, input.id)),
});

const noticeRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }) => pageNotices(ctx.db, input)),
  add: adminProcedure.input(noticeInput).mutation(({ ctx, input }) => addNotice(ctx.db, input)),
  update: adminProcedure.input(noticeUpdateInput).mutation(({ ctx, input }) => updateNotice(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveNotice(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delNotice(ctx.db, input.id)),
});

const moveV2Input = z.intersection(moveInput, z.object({ parentId: z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : typeof v === "string" ? Number(v) : v), z.union([idOf("上级推荐位"), z.null()]).optional()).optional() }));

const recommendRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }) => pageRecommends(ctx.db, input)),
  /** One site's blocks (siteId 0: the main site), or every site's without it. */
  tree: adminProcedure
    .input(z.object({ siteId: z.preprocess((v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v), z.number({ error: "站点ID格式不正确" }).int("站点ID格式不正确").min(0, "站点ID格式不正确").optional()) }).optional())
    .query(({ ctx, input }) => adminTree(ctx.db, input?.siteId)),
  one: adminProcedure.input(recommendIdInput).query(({ ctx, input }) => getRecommend(ctx.db, input.recommendId)),
  add: adminProcedure.input(recommendInput).mutation(({ ctx, input }) => addRecommend(ctx.db, input)),
  update: adminProcedure.input(recommendUpdateInput).mutation(({ ctx, input }) => updateRecommend(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveRecommend(ctx.db, input)),
  moveV2: adminProcedure.input(moveV2Input).mutation(({ ctx, input }) => moveRecommendV2(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delRecommend(ctx.db, input.id)),
  initDetail: adminProcedure
    .input(z.object({ recommendId: z.preprocess((v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v), idOf("推荐位ID").optional()).optional() }).optional())
    .mutation(({ ctx, input }) => refreshSnapshots(ctx.db, input?.recommendId)),
});

const recommendDataRouter = router({
  list: adminProcedure.input(recommendIdInput).query(({ ctx, input }) => listItems(ctx.db, input.recommendId)),
  add: adminProcedure.input(itemInput).mutation(({ ctx, input }) => addItem(ctx.db, input)),
  update: adminProcedure.input(itemUpdateInput).mutation(({ ctx, input }) => updateItem(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveItem(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delItem(ctx.db, input.id)),
});

const searchBarRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }) => pageWords(ctx.db, input)),
  add: adminProcedure.input(searchBarInput).mutation(({ ctx, input }) => addWord(ctx.db, input)),
  update: adminProcedure.input(searchBarUpdateInput).mutation(({ ctx, input }) => updateWord(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveWord(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delWord(ctx.db, input.id)),
});

const marketingRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }) => pageMarketing(ctx.db, input)),
  add: adminProcedure.input(marketingInput).mutation(({ ctx, input }) => addMarketing(ctx.db, input)),
  update: adminProcedure.input(marketingUpdateInput).mutation(({ ctx, input }) => updateMarketing(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveMarketing(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delMarketing(ctx.db, input.id)),
  popup: adminProcedure.query(({ ctx }) => popupBanner(ctx.db)),
  updatePopup: adminProcedure.input(popupInput).mutation(({ ctx, input }) => updatePopup(ctx.db, input)),
});

const categoryRouter = router({
  list: adminProcedure.input(categoryListInput).query(({ ctx, input }) => listCategories(ctx.db, input)),
  detail: adminProcedure.input(idInput).query(({ ctx, input }) => categoryDetail(ctx.db, input.id)),
  add: adminProcedure.input(categoryInput).mutation(({ ctx, input }) => addCategory(ctx.db, input)),
  edit: adminProcedure.input(categoryUpdateInput).mutation(({ ctx, input }) => editCategory(ctx.db, input)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveCategory(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delCategory(ctx.db, input.id)),
});

const manageRouter = router({
  page: adminProcedure.input(managePageInput).query(({ ctx, input }) => pageManage(ctx.db, input)),
  detail: adminProcedure.input(idInput).query(({ ctx, input }) => manageDetail(ctx.db, input.id)),
  save: adminProcedure.input(manageInput).mutation(({ ctx, input }) => saveManage(ctx.db, input)),
  update: adminProcedure.input(manageUpdateInput).mutation(({ ctx, input }) => updateManage(ctx.db, input)),
  del: adminProcedure.input(idInput).mutation(({ ctx, input }) => delManage(ctx.db, input.id)),
});

export const operateAdminRouter = router({
  banner: bannerRouter,
  notice: noticeRouter,
  recommend: recommendRouter,
  recommendData: recommendDataRouter,
  searchBar: searchBarRouter,
  marketing: marketingRouter,
  category: categoryRouter,
  manage: manageRouter,
  elementTree: adminProcedure.input(elementTreeInput).query(({ ctx, input }) => elementTree(ctx.db, input)),
  layout: adminProcedure.query(({ ctx }) => pageLayout(ctx.db)),
  updateLayout: adminProcedure.input(layoutInput).mutation(({ ctx, input }) => updateLayout(ctx.db, input)),
});
