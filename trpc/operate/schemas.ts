import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idOf, intIn, intOf, linkText, numeric, opt, optionalId, pageNumber, pagingWith } from "@base/legacy-input";

// Inputs of the operations calls (back-office.md 7.1, learner-calls.md "Recommend, banner, search"), shared with the admin forms.

export const OPERATE_PAGE_SIZE = 20;
export const CONTENT_TYPES = { 1: "课程", 2: "直播", 3: "考试", 4: "地图" } as const;

const nullish = (v: unknown) => (v === null ? undefined : v);

const flag = (label: string) =>
  z.preprocess((v) => (v === true ? 1 : v === false ? 0 : numeric(nullish(v))), intOf(label).min(0, `${label}只能为0或1`).max(1, `${label}只能为0或1`).optional()).optional();
const text = (label: string, max: number) =>
  z.preprocess(nullish, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`).optional()).optional();
const required = (label: string, max: number, empty = `请输入${label}`) =>
  z.preprocess(nullish, z.string({ error: empty }).trim().min(1, empty).max(max, `${label}不超过${max}个字符`));
const url = linkText;
const cents = (label: string) =>
  z.preprocess((v) => numeric(nullish(v)), intOf(label).min(0, `${label}不能为负数`).max(100_000_000, `${label}过大`).optional()).optional();

/** A time as a ms timestamp, a date string, or nothing. */
const time = (label: string) =>
  z
    .preprocess((v) => {
      const b = blank(nullish(v));
      if (typeof b === "string" && !/^\d+$/.test(b.trim())) {
        const ms = parseChinaDateTime(b);
        return Number.isNaN(ms) ? b : ms;
      }
      return numeric(b);
    }, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`).optional())
    .optional();

const { pageNo, pageSize } = pagingWith(pageNumber, intIn("每页条数", 1, 100));

export const pageInput = z
  .object({ page: pageNo, element: pageSize, pageNo, pageSize, keyword: text("关键词", 40), recommendId: optionalId("推荐位ID"), platform: z.preprocess(numeric, z.number().int().optional()).optional(), siteId: z.preprocess(numeric, z.number({ error: "站点ID格式不正确" }).int("站点ID格式不正确").min(0, "站点ID格式不正确").optional()).optional() })
  .optional()
  .transform((v) => ({
    pageNo: v?.pageNo ?? v?.page ?? 1,
    pageSize: v?.pageSize ?? v?.element ?? OPERATE_PAGE_SIZE,
    keyword: v?.keyword || undefined,
    parentId: v?.recommendId,
    platform: v?.platform,
    /** Banners of one site: 0 the main site, else an extra site's id; absent, every site's. */
    siteId: v?.siteId,
  }));
export type PageInput = z.output<typeof pageInput>;

export const idInput = z.object({ id: idOf("ID") });

/**
 * A move: to a 1-based position (sort/position/targetSort), onto another row's place (targetId),
 * or one step (direction up/down/top/bottom, or -1/1).
 */
export const moveInput = z
  .object({
    id: idOf("ID"),
    sort: optionalId("目标位置"),
    position: optionalId("目标位置"),
    targetSort: optionalId("目标位置"),
    targetId: optionalId("目标ID"),
    direction: z
      .preprocess(
        (v) => (v === -1 || v === "-1" ? "up" : v === 1 || v === "1" ? "down" : blank(nullish(v))),
        z.enum(["up", "down", "top", "bottom"], { error: "移动方向只能为上移、下移、置顶或置底" }).optional(),
      )
      .optional(),
  })
  .transform((v, ctx) => {
    const position = v.position ?? v.targetSort ?? v.sort;
    if (position === undefined && v.targetId === undefined && v.direction === undefined) {
      ctx.addIssue({ code: "custom", message: "请指定目标位置或移动方向", path: ["position"] });
      return z.NEVER;
    }
    return { id: v.id, position, targetId: v.targetId, direction: v.direction };
  });
export type MoveInput = z.output<typeof moveInput>;

function windowCheck(v: { startTime?: number; endTime?: number }, ctx: z.RefinementCtx) {
  if (v.startTime !== undefined && v.endTime !== undefined && v.endTime <= v.startTime)
    ctx.addIssue({ code: "custom", message: "结束时间须晚于开始时间", path: ["endTime"] });
}

const bannerFields = {
  title: required("轮播图标题", 60),
  picUrl: z.preprocess(nullish, z.string({ error: "请上传轮播图图片" }).trim().min(1, "请上传轮播图图片").max(500, "图片地址过长")),
  linkUrl: url("跳转链接"),
  platform: z.preprocess((v) => numeric(nullish(v)), intOf("平台").min(1, "平台只能为1（PC）或2（移动端）").max(2, "平台只能为1（PC）或2（移动端）").optional()).optional(),
  siteId: optionalId("站点ID"),
  status: flag("状态"),
  startTime: time("开始时间"),
  endTime: time("结束时间"),
};
export const bannerInput = z.object(bannerFields).superRefine(windowCheck);
export const bannerUpdateInput = z.object({ id: idOf("ID"), ...bannerFields }).superRefine(windowCheck);
export type BannerInput = z.output<typeof bannerInput>;

const noticeFields = {
  title: required("公告标题", 100),
  content: text("公告内容", 2000),
  linkUrl: url("跳转链接"),
  siteId: optionalId("站点ID"),
  status: flag("状态"),
  startTime: time("开始时间"),
  endTime: time("结束时间"),
};
export const noticeInput = z.object(noticeFields).superRefine(windowCheck);
export const noticeUpdateInput = z.object({ id: idOf("ID"), ...noticeFields }).superRefine(windowCheck);
export type NoticeInput = z.output<typeof noticeInput>;

function jumpCheck(v: { isOpenJump?: number; jumpUrl?: string }, ctx: z.RefinementCtx) {
  if (v.isOpenJump === 1 && !v.jumpUrl) ctx.addIssue({ code: "custom", message: "开启跳转时请填写跳转链接", path: ["jumpUrl"] });
}
const recommendFields = {
  name: required("推荐位名称", 40),
  parentId: optionalId("上级推荐位"),
  picUrl: url("封面图"),
  isOpenJump: flag("是否跳转"),
  jumpUrl: url("跳转链接"),
  siteId: optionalId("站点ID"),
  status: flag("状态"),
};
export const recommendInput = z.object(recommendFields).superRefine(jumpCheck);
export const recommendUpdateInput = z.object({ id: idOf("ID"), ...recommendFields }).superRefine(jumpCheck);
export type RecommendInput = z.output<typeof recommendInput>;

export const recommendIdInput = z
  .object({ recommendId: optionalId("推荐位ID"), id: optionalId("推荐位ID") })
  .transform((v, ctx) => {
    const recommendId = v.recommendId ?? v.id;
    if (recommendId === undefined) {
      ctx.addIssue({ code: "custom", message: "缺少推荐位ID", path: ["recommendId"] });
      return z.NEVER;
    }
    return { recommendId };
  });

const typeField = z.preprocess(numeric, intOf("内容类型").min(1, "内容类型只能为1课程、2直播、3考试、4地图").max(4, "内容类型只能为1课程、2直播、3考试、4地图"));
const itemFields = {
  type: typeField,
  recommendObjectId: idOf("推荐内容ID"),
  name: text("名称", 100),
  picUrl: url("封面图"),
  linkUrl: url("跳转链接"),
  teacher: text("讲师", 60),
  isFree: flag("是否免费"),
  realPrice: cents("售价"),
  scribingPrice: cents("划线价"),
  liveStatus: z.preprocess((v) => numeric(nullish(v)), intOf("直播状态").min(0, "直播状态只能为0、1、2").max(2, "直播状态只能为0、1、2").optional()).optional(),
  isPlayback: flag("是否回放"),
  startTime: time("开始时间"),
  channelCode: text("渠道编码", 40),
};
function priceCheck(v: { isFree?: number; realPrice?: number; scribingPrice?: number }, ctx: z.RefinementCtx) {
  if (v.isFree === 0 && !v.realPrice) ctx.addIssue({ code: "custom", message: "付费内容请填写售价", path: ["realPrice"] });
  if (v.scribingPrice && v.realPrice !== undefined && v.scribingPrice < v.realPrice)
    ctx.addIssue({ code: "custom", message: "划线价不能低于售价", path: ["scribingPrice"] });
}
export const itemInput = z.object({ recommendId: idOf("推荐位ID"), ...itemFields }).superRefine(priceCheck);
export const itemUpdateInput = z.object({ id: idOf("ID"), recommendId: optionalId("推荐位ID"), ...itemFields }).superRefine(priceCheck);
export type ItemInput = z.output<typeof itemInput>;

const searchBarFields = { name: required("搜索词", 32), pathName: text("站点路径", 40), linkUrl: url("跳转链接"), status: flag("状态") };
export const searchBarInput = z.object(searchBarFields);
export const searchBarUpdateInput = z.object({ id: idOf("ID"), ...searchBarFields });
export type SearchBarInput = z.output<typeof searchBarInput>;

const marketingFields = {
  title: required("营销位标题", 60),
  picUrl: url("图片"),
  linkUrl: url("跳转链接"),
  description: text("说明", 200),
  status: flag("状态"),
  startTime: time("开始时间"),
  endTime: time("结束时间"),
};
export const marketingInput = z.object(marketingFields).superRefine(windowCheck);
export const marketingUpdateInput = z.object({ id: idOf("ID"), ...marketingFields }).superRefine(windowCheck);
export type MarketingInput = z.output<typeof marketingInput>;

const categoryFields = { name: required("分类名称", 40), type: z.preprocess(numeric, typeField.optional()).optional(), parentId: optionalId("上级分类"), picUrl: url("图片"), status: flag("状态") };
export const categoryInput = z.object(categoryFields);
export const categoryUpdateInput = z.object({ id: idOf("ID"), ...categoryFields });
export type CategoryInput = z.output<typeof categoryInput>;

export const categoryListInput = z
  .object({ type: z.preprocess(numeric, typeField.optional()).optional(), page: pageNo, element: pageSize, pageNo, pageSize })
  .optional()
  .transform((v) => ({ type: v?.type, pageNo: v?.pageNo ?? v?.page ?? 1, pageSize: v?.pageSize ?? v?.element ?? 100 }));
export const categoryTabInput = z.object({ categoryId: idOf("分类ID") });

export const elementTreeInput = z.object({
  key: z.preprocess(nullish, z.string({ error: "缺少页面标识" }).trim().min(1, "缺少页面标识").max(40, "页面标识过长")),
  platform: z.preprocess((v) => numeric(nullish(v)), intOf("平台").min(1, "平台只能为1或2").max(2, "平台只能为1或2").optional()).optional(),
  siteId: optionalId("站点ID"),
});

export const popupInput = z.object({
  title: text("标题", 60),
  picUrl: url("弹窗图片"),
  linkUrl: url("跳转链接"),
  status: flag("状态"),
});
export type PopupInput = z.output<typeof popupInput>;

export const layoutInput = z.object({
  globalHeader: flag("全局页头"),
  globalFooter: flag("全局页脚"),
  headerTabs: flag("导航栏"),
  headerSearch: flag("搜索框"),
  headerNotice: flag("消息通知"),
  loginUrl: url("登录地址"),
  permissionDenied: flag("无权限提示"),
  confirmStartExam: flag("开考确认协议"),
  confirmStartExamText: text("开考协议内容", 2000),
  courseDetailLayout: flag("课程详情布局"),
  examResultLayout: flag("考试结果布局"),
  examTestLayout: flag("考试答题布局"),
});
export type LayoutInput = z.output<typeof layoutInput>;

const manageItem = z.object(itemFields);
const manageFields = {
  name: required("推荐名称", 60),
  scene: text("场景", 40),
  status: flag("状态"),
  items: z.array(manageItem, { error: "推荐内容格式不正确" }).max(100, "推荐内容最多100条").optional(),
};
export const manageInput = z.object(manageFields);
export const manageUpdateInput = z.object({ id: idOf("ID"), ...manageFields });
export type ManageInput = z.output<typeof manageInput>;
export const managePageInput = z
  .object({ page: pageNo, element: pageSize, pageNo, pageSize, scene: text("场景", 40), keyword: text("关键词", 40) })
  .optional()
  .transform((v) => ({ pageNo: v?.pageNo ?? v?.page ?? 1, pageSize: v?.pageSize ?? v?.element ?? OPERATE_PAGE_SIZE, scene: v?.scene || undefined, keyword: v?.keyword || undefined }));

export const learnerSiteInput = z
  .object({ pathName: text("站点路径", 40), platform: z.preprocess((v) => numeric(nullish(v)), intOf("平台").min(1, "平台只能为1或2").max(2, "平台只能为1或2").optional()).optional() })
  .optional()
  .transform((v) => ({ pathName: v?.pathName ?? "", platform: v?.platform ?? 1 }));

export const recommendDataInput = z
  .object({ recommendId: optionalId("推荐位ID"), id: optionalId("推荐位ID"), pathName: text("站点路径", 40), limit: z.preprocess(numeric, intOf("条数").min(1, "条数须在1-100之间").max(100, "条数须在1-100之间").optional()).optional() })
  .optional()
  .transform((v) => ({ recommendId: v?.recommendId ?? v?.id, pathName: v?.pathName ?? "", limit: v?.limit ?? 50 }));

export const statisticsInput = z.object({ id: idOf("搜索词ID") });

export const promoteInput = z.object({
  channel: z.preprocess(nullish, z.string({ error: "缺少渠道" }).trim().min(1, "缺少渠道").max(40, "渠道过长")),
  type: z.preprocess(numeric, typeField.optional()).optional(),
  objectId: optionalId("内容ID"),
});

export const marketingDateInput = z
  .object({ date: time("日期") })
  .optional()
  .transform((v) => ({ at: v?.date }));

// ---- learner notices (notice/list, the notice pages and their likes)

export const NOTICE_PAGE_SIZE = 10;
export const learnerNoticePageInput = z
  .object({ pathName: text("站点路径", 40), pageNo: opt(intIn("页码", 1, 100_000)), pageSize: opt(intIn("每页条数", 1, 50)), page: opt(intIn("页码", 1, 100_000)), element: opt(intIn("每页条数", 1, 50)) })
  .optional()
  .transform((v) => ({ pathName: v?.pathName ?? "", pageNo: v?.pageNo ?? v?.page ?? 1, pageSize: v?.pageSize ?? v?.element ?? NOTICE_PAGE_SIZE }));

export const noticeIdInput = z
  .object({ id: optionalId("公告ID"), noticeId: optionalId("公告ID") })
  .transform((v, ctx) => {
    const id = v.id ?? v.noticeId;
    if (!id) ctx.addIssue({ code: "custom", message: "缺少公告ID", path: ["id"] });
    return { id: id ?? 0 };
  });

/** status 1 likes (the default), 0 takes the like back; a second like changes nothing. */
export const noticePraiseInput = z
  .object({ id: optionalId("公告ID"), noticeId: optionalId("公告ID"), status: opt(intIn("点赞状态", 0, 1)) })
  .transform((v, ctx) => {
    const id = v.id ?? v.noticeId;
    if (!id) ctx.addIssue({ code: "custom", message: "请选择要点赞的公告", path: ["id"] });
    return { id: id ?? 0, status: (v.status ?? 1) as 0 | 1 };
  });
