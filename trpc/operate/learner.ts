import { learnerProcedure, publicProcedure, router } from "../init";
import { learnerNoticePageInput, noticeIdInput, noticePraiseInput, pageInput } from "./schemas";
import { learnerNotice, pageLearnerNotices, praiseNotice } from "./notice.service";
import { learnerCategories, learnerCategoryTabs } from "./category.service";
import { learnerBanners, learnerNotices, marketingAt } from "./content.service";
import { learnerData, learnerDataAll, learnerTree } from "./recommend.service";
import {
  categoryListInput,
  categoryTabInput,
  learnerSiteInput,
  marketingDateInput,
  promoteInput,
  recommendDataInput,
  statisticsInput,
} from "./schemas";
import { countClick, learnerWords } from "./search-bar.service";
import { channelPromote, learnerPopup, pageLayout, workbenchItems, workbenchPage } from "./settings.service";

/** A call names its site, or reads the site of the page it comes from. */
const siteOf = (ctx: { sitePath: string }, pathName: string) => pathName || ctx.sitePath;

/** What learners (and visitors) read: the home page, the header's hot word, the page layout. */
export const operateLearnerProcedures = {
  tree: publicProcedure.input(learnerSiteInput).query(({ ctx, input }) => learnerTree(ctx.db, siteOf(ctx, input.pathName))),
  data: publicProcedure.input(recommendDataInput).query(({ ctx, input }) => (input.recommendId ? learnerData(ctx.db, input.recommendId, input.limit) : [])),
  dataAll: publicProcedure.input(recommendDataInput).query(({ ctx, input }) => learnerDataAll(ctx.db, siteOf(ctx, input.pathName), input.limit)),
  searchBarData: publicProcedure.input(learnerSiteInput).query(({ ctx, input }) => learnerWords(ctx.db, siteOf(ctx, input.pathName))),
  searchBarClick: publicProcedure.input(statisticsInput).mutation(({ ctx, input }) => countClick(ctx.db, input.id)),
  categoryList: publicProcedure.input(categoryListInput).query(({ ctx, input }) => learnerCategories(ctx.db, input.type)),
  categoryTabList: publicProcedure.input(categoryTabInput).query(({ ctx, input }) => learnerCategoryTabs(ctx.db, input.categoryId)),
  banners: publicProcedure.input(learnerSiteInput).query(({ ctx, input }) => learnerBanners(ctx.db, siteOf(ctx, input.pathName), input.platform)),
  notices: publicProcedure.input(learnerSiteInput).query(({ ctx, input }) => learnerNotices(ctx.db, siteOf(ctx, input.pathName))),
  /** notice/list and the notice pages; a like needs a login. */
  notice: {
    list: publicProcedure.input(learnerNoticePageInput).query(({ ctx, input }) => pageLearnerNotices(ctx.db, ctx.user?.id ?? null, { ...input, pathName: siteOf(ctx, input.pathName) })),
    detail: publicProcedure.input(noticeIdInput).query(({ ctx, input }) => learnerNotice(ctx.db, ctx.user?.id ?? null, input.id)),
    praise: learnerProcedure.input(noticePraiseInput).mutation(({ ctx, input }) => praiseNotice(ctx.db, ctx.user.id, input)),
  },
  popup: publicProcedure.query(({ ctx }) => learnerPopup(ctx.db)),
  layout: publicProcedure.query(({ ctx }) => pageLayout(ctx.db)),
  marketing: publicProcedure.input(marketingDateInput).query(({ ctx, input }) => marketingAt(ctx.db, input.at)),
  workbenchData: publicProcedure.query(({ ctx }) => workbenchItems(ctx.db)),
  workbenchList: publicProcedure.input(pageInput).query(({ ctx, input }) => workbenchPage(ctx.db, input)),
  channelPromote: publicProcedure.input(promoteInput).query(({ ctx, input }) => channelPromote(ctx.db, input)),
};
