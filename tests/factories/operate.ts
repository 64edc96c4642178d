import type { DbOrTx } from "@db/client";
import { addCategory } from "@trpc-app/operate/category.service";
import { addBanner, addMarketing, addNotice } from "@trpc-app/operate/content.service";
import { addItem, addRecommend } from "@trpc-app/operate/recommend.service";
import type { BannerInput, CategoryInput, ItemInput, MarketingInput, NoticeInput, RecommendInput, SearchBarInput } from "@trpc-app/operate/schemas";
import { addWord } from "@trpc-app/operate/search-bar.service";

// Operations content built through the same services the back office uses, for the seed and the tests.

let seq = 0;
const next = () => (seq += 1);

export function createBanner(db: DbOrTx, input: Partial<BannerInput> = {}) {
  const n = next();
  return addBanner(db, { title: `政府采购专题${n}`, picUrl: `/storage/file/demo/banner-${n}.png`, linkUrl: "/course/center", ...input });
}

export function createNotice(db: DbOrTx, input: Partial<NoticeInput> = {}) {
  return addNotice(db, { title: `关于开展政府采购业务培训的通知（第${next()}期）`, content: "", ...input });
}

export function createRecommend(db: DbOrTx, input: Partial<RecommendInput> = {}) {
  return addRecommend(db, { name: `推荐${next()}`, ...input });
}

export function createItem(db: DbOrTx, input: Partial<ItemInput> & { recommendId: number }) {
  const n = next();
  return addItem(db, { type: 1, recommendObjectId: 100_000 + n, name: `政府采购实务第${n}讲`, teacher: "张建华", isFree: 1, ...input });
}

export function createWord(db: DbOrTx, input: Partial<SearchBarInput> = {}) {
  return addWord(db, { name: `采购热词${next()}`, ...input });
}

export function createMarketing(db: DbOrTx, input: Partial<MarketingInput> = {}) {
  return addMarketing(db, { title: `限时优惠${next()}`, ...input });
}

export function createCategory(db: DbOrTx, input: Partial<CategoryInput> = {}) {
  return addCategory(db, { name: `分类${next()}`, ...input });
}
