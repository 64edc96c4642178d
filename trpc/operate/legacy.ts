import { legacyRows } from "../legacy/types";

const E = "/api/elearning";
const F = `${E}/caiyun/front`;
const B = `${E}/back/operate`;

/** The four plain lists of back-office.md 7.1 share list/add/update/move/del. */
const crud = (segment: string, domain: "banner" | "notice" | "recommend" | "searchBar" | "marketing") =>
  legacyRows([
    { method: "GET", path: `${B}/${segment}/list`, call: (c, i) => c.operate.admin[domain].list(i as never) },
    { method: "POST", path: `${B}/${segment}/add`, call: (c, i) => c.operate.admin[domain].add(i as never) },
    { method: "POST", path: `${B}/${segment}/update`, call: (c, i) => c.operate.admin[domain].update(i as never) },
    { method: "POST", path: `${B}/${segment}/move`, call: (c, i) => c.operate.admin[domain].move(i as never) },
    { method: "POST", path: `${B}/${segment}/del`, call: (c, i) => c.operate.admin[domain].del(i as never) },
  ]);

export const operateLegacy = legacyRows([
  // learner side (learner-calls.md "Recommend, banner, search")
  { method: "POST", path: `${F}/recommend/tree`, call: (c, i) => c.operate.tree(i as never) },
  { method: "POST", path: `${F}/recommend/data`, call: (c, i) => c.operate.data(i as never) },
  { method: "POST", path: `${F}/recommend/dataAll`, call: (c, i) => c.operate.dataAll(i as never) },
  { method: "POST", path: `${F}/recommend/search/bar/data`, call: (c, i) => c.operate.searchBarData(i as never) },
  { method: "POST", path: `${F}/recommend/search/bar/statisticsCount`, call: (c, i) => c.operate.searchBarClick(i as never) },
  { method: "GET", path: `${F}/recommend/categoryList`, call: (c, i) => c.operate.categoryList(i as never) },
  { method: "GET", path: `${F}/recommend/categoryTabList`, call: (c, i) => c.operate.categoryTabList(i as never) },
  { method: "POST", path: `${F}/banner/list`, call: (c, i) => c.operate.banners(i as never) },
  { method: "GET", path: `${F}/page/layout`, call: (c) => c.operate.layout() },
  { method: "POST", path: `${F}/workbench/recommend/data`, call: (c) => c.operate.workbenchData() },
  { method: "POST", path: `${F}/marketing/date`, call: (c, i) => c.operate.marketing(i as never) },
  { method: "GET", path: `${E}/front/workbench/recommend/list`, call: (c, i) => c.operate.workbenchList(i as never) },
  { method: "GET", path: `${F}/channel/promote`, call: (c, i) => c.operate.channelPromote(i as never) },
  // back office (back-office.md 7.1)
  ...crud("banner", "banner"),
  ...crud("notice", "notice"),
  ...crud("recommend", "recommend"),
  ...crud("search/bar", "searchBar"),
  ...crud("marketing", "marketing"),
  { method: "GET", path: `${B}/recommend/one`, call: (c, i) => c.operate.admin.recommend.one(i as never) },
  { method: "POST", path: `${B}/recommend/move/v2`, call: (c, i) => c.operate.admin.recommend.moveV2(i as never) },
  { method: "POST", path: `${B}/recommend/data/add`, call: (c, i) => c.operate.admin.recommendData.add(i as never) },
  { method: "POST", path: `${B}/recommend/data/update`, call: (c, i) => c.operate.admin.recommendData.update(i as never) },
  { method: "POST", path: `${B}/recommend/data/move`, call: (c, i) => c.operate.admin.recommendData.move(i as never) },
  { method: "POST", path: `${B}/recommend/data/del`, call: (c, i) => c.operate.admin.recommendData.del(i as never) },
  { method: "GET", path: `${E}/recommend/data/list`, call: (c, i) => c.operate.admin.recommendData.list(i as never) },
  { method: "GET", path: `${B}/recommend/data/list`, call: (c, i) => c.operate.admin.recommendData.list(i as never) },
  { method: "GET", path: `${B}/element/tree`, call: (c, i) => c.operate.admin.elementTree(i as never) },
  { method: "GET", path: `${B}/category/list`, call: (c, i) => c.operate.admin.category.list(i as never) },
  { method: "GET", path: `${B}/category/detail`, call: (c, i) => c.operate.admin.category.detail(i as never) },
  { method: "POST", path: `${B}/category/add`, call: (c, i) => c.operate.admin.category.add(i as never) },
  { method: "POST", path: `${B}/category/edit`, call: (c, i) => c.operate.admin.category.edit(i as never) },
  { method: "POST", path: `${B}/category/del`, call: (c, i) => c.operate.admin.category.del(i as never) },
  { method: "POST", path: `${B}/category/move`, call: (c, i) => c.operate.admin.category.move(i as never) },
  { method: "POST", path: `${E}/popup/banner/update`, call: (c, i) => c.operate.admin.marketing.updatePopup(i as never) },
  { method: "POST", path: `${E}/back/recommend/initRecommendDetail`, call: (c, i) => c.operate.admin.recommend.initDetail(i as never) },
  { method: "POST", path: `${E}/back/recommend/manage/save`, call: (c, i) => c.operate.admin.manage.save(i as never) },
  { method: "POST", path: `${E}/back/recommend/manage/update`, call: (c, i) => c.operate.admin.manage.update(i as never) },
  { method: "POST", path: `${E}/back/recommend/manage/page`, call: (c, i) => c.operate.admin.manage.page(i as never) },
  { method: "POST", path: `${E}/back/recommend/manage/del`, call: (c, i) => c.operate.admin.manage.del(i as never) },
  { method: "GET", path: `${E}/back/recommend/manage/detail`, call: (c, i) => c.operate.admin.manage.detail(i as never) },
]);
