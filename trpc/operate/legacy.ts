import { legacyRows, pass } from "../legacy/types";

const E = "/api/elearning";
const F = `${E}/caiyun/front`;
const B = `${E}/back/operate`;

/** The four plain lists of back-office.md 7.1 share list/add/update/move/del. */
const crud = (segment: string, domain: "banner" | "notice" | "recommend" | "searchBar" | "marketing") =>
  legacyRows([
    { method: "GET", path: `${B}/${segment}/list`, call: pass((c) => c.operate.admin[domain].list) },
    { method: "POST", path: `${B}/${segment}/add`, call: pass((c) => c.operate.admin[domain].add) },
    { method: "POST", path: `${B}/${segment}/update`, call: pass((c) => c.operate.admin[domain].update) },
    { method: "POST", path: `${B}/${segment}/move`, call: pass((c) => c.operate.admin[domain].move) },
    { method: "POST", path: `${B}/${segment}/del`, call: pass((c) => c.operate.admin[domain].del) },
  ]);

export const operateLegacy = legacyRows([
  // learner side (learner-calls.md "Recommend, banner, search")
  { method: "POST", path: `${F}/recommend/tree`, call: pass((c) => c.operate.tree) },
  { method: "POST", path: `${F}/recommend/data`, call: pass((c) => c.operate.data) },
  { method: "POST", path: `${F}/recommend/dataAll`, call: pass((c) => c.operate.dataAll) },
  { method: "POST", path: `${F}/recommend/search/bar/data`, call: pass((c) => c.operate.searchBarData) },
  { method: "POST", path: `${F}/recommend/search/bar/statisticsCount`, call: pass((c) => c.operate.searchBarClick) },
  { method: "GET", path: `${F}/recommend/categoryList`, call: pass((c) => c.operate.categoryList) },
  { method: "GET", path: `${F}/recommend/categoryTabList`, call: pass((c) => c.operate.categoryTabList) },
  { method: "POST", path: `${F}/banner/list`, call: pass((c) => c.operate.banners) },
  { method: "POST", path: `${F}/notice/list`, call: pass((c) => c.operate.notice.list) },
  { method: "GET", path: `${F}/page/layout`, call: (c) => c.operate.layout() },
  { method: "POST", path: `${F}/workbench/recommend/data`, call: (c) => c.operate.workbenchData() },
  { method: "POST", path: `${F}/marketing/date`, call: pass((c) => c.operate.marketing) },
  { method: "GET", path: `${E}/front/workbench/recommend/list`, call: pass((c) => c.operate.workbenchList) },
  // caiyun/front/channel/promote counts channel visits: the org domain's row (trpc/org/legacy.ts).
  // back office (back-office.md 7.1)
  ...crud("banner", "banner"),
  ...crud("notice", "notice"),
  ...crud("recommend", "recommend"),
  ...crud("search/bar", "searchBar"),
  ...crud("marketing", "marketing"),
  { method: "GET", path: `${B}/recommend/one`, call: pass((c) => c.operate.admin.recommend.one) },
  { method: "POST", path: `${B}/recommend/move/v2`, call: pass((c) => c.operate.admin.recommend.moveV2) },
  { method: "POST", path: `${B}/recommend/data/add`, call: pass((c) => c.operate.admin.recommendData.add) },
  { method: "POST", path: `${B}/recommend/data/update`, call: pass((c) => c.operate.admin.recommendData.update) },
  { method: "POST", path: `${B}/recommend/data/move`, call: pass((c) => c.operate.admin.recommendData.move) },
  { method: "POST", path: `${B}/recommend/data/del`, call: pass((c) => c.operate.admin.recommendData.del) },
  { method: "GET", path: `${E}/recommend/data/list`, call: pass((c) => c.operate.admin.recommendData.list) },
  { method: "GET", path: `${B}/recommend/data/list`, call: pass((c) => c.operate.admin.recommendData.list) },
  { method: "GET", path: `${B}/element/tree`, call: pass((c) => c.operate.admin.elementTree) },
  { method: "GET", path: `${B}/category/list`, call: pass((c) => c.operate.admin.category.list) },
  { method: "GET", path: `${B}/category/detail`, call: pass((c) => c.operate.admin.category.detail) },
  { method: "POST", path: `${B}/category/add`, call: pass((c) => c.operate.admin.category.add) },
  { method: "POST", path: `${B}/category/edit`, call: pass((c) => c.operate.admin.category.edit) },
  { method: "POST", path: `${B}/category/del`, call: pass((c) => c.operate.admin.category.del) },
  { method: "POST", path: `${B}/category/move`, call: pass((c) => c.operate.admin.category.move) },
  { method: "POST", path: `${E}/popup/banner/update`, call: pass((c) => c.operate.admin.marketing.updatePopup) },
  { method: "POST", path: `${E}/back/recommend/initRecommendDetail`, call: pass((c) => c.operate.admin.recommend.initDetail) },
  { method: "POST", path: `${E}/back/recommend/manage/save`, call: pass((c) => c.operate.admin.manage.save) },
  { method: "POST", path: `${E}/back/recommend/manage/update`, call: pass((c) => c.operate.admin.manage.update) },
  { method: "POST", path: `${E}/back/recommend/manage/page`, call: pass((c) => c.operate.admin.manage.page) },
  { method: "POST", path: `${E}/back/recommend/manage/del`, call: pass((c) => c.operate.admin.manage.del) },
  { method: "GET", path: `${E}/back/recommend/manage/detail`, call: pass((c) => c.operate.admin.manage.detail) },
]);
