import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idList, idOf, intIn, numeric, opt, pageOf, pagingWith } from "@base/legacy-input";
import { priceFields, settlePrice } from "@base/price";

// Inputs of the live calls (learner-calls.md Live, back-office.md 7.5), shared by procedures and pages.

const optInt = (label: string, min: number, max: number) => opt(intIn(label, min, max));
const pageFields = pagingWith(intIn("页码", 1, 100000), intIn("每页条数", 1, 100));
export const flag = (label: string) => optInt(label, 0, 1);
const text = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`).optional()).optional();
const required = (label: string, max: number) =>
  z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max, `${label}不超过${max}个字符`);
/** ms timestamp, digits string or ISO date. */
const time = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() ? parseChinaDateTime(v) : v),
    z.number({ error: `请选择${label}` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`),
  );

export const liveIdInput = z.object({ liveId: idOf("直播ID").optional(), id: idOf("直播ID").optional(), roomId: z.preprocess(blank, z.coerce.string().max(32).optional()).optional() }).transform((v, ctx) => {
  if (v.liveId === undefined && v.id === undefined && v.roomId === undefined) {
    ctx.addIssue({ code: "custom", message: "缺少直播ID", path: ["liveId"] });
    return z.NEVER;
  }
  return { liveId: v.liveId ?? v.id, roomId: v.roomId };
});
export type LiveRef = z.output<typeof liveIdInput>;

export const pageInput = z
  .object(pageFields)
  .transform((v) => pageOf(v, 20));

export const listInput = z
  .object({ liveStatus: optInt("直播状态", 0, 2), keyword: text("关键词", 40), ...pageFields, seriesId: idOf("系列ID").optional() })
  .transform((v) => ({ liveStatus: v.liveStatus, keyword: v.keyword, seriesId: v.seriesId, ...pageOf(v, 20) }));

export const calendarInput = z.object({
  startTime: time("开始日期").optional(),
  endTime: time("结束日期").optional(),
  month: z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}$/, "月份格式应为YYYY-MM").optional()).optional(),
});

export const entryInput = z.object({
  liveId: idOf("直播ID"),
  orgName: text("单位名称", 50),
  areaCode: text("地区编码", 12),
  areaName: text("地区名称", 30),
});
export const leaveInput = z.object({ liveId: idOf("直播ID"), watchSeconds: optInt("观看时长", 0, 86400), isPlayback: flag("回放标记") });

export const messageListInput = z.object({
  liveId: idOf("直播ID"),
  /** Only messages sent after this ms timestamp (reconnect catch-up). */
  since: z.preprocess(numeric, z.number().int().min(0).optional()).optional(),
  pageSize: optInt("条数", 1, 200),
});

export const commentContent = z.string({ error: "请输入评论内容" }).trim().min(1, "请输入评论内容").max(200, "评论不超过200个字");
export const sensitiveInput = z.object({ liveId: idOf("直播ID").optional(), content: commentContent });
export const anchorMsgInput = z.object({ liveId: idOf("直播ID"), content: commentContent });

export const goodsClickInput = z.object({ goodsId: idOf("商品ID") });
export const raffleIdInput = z.object({ raffleId: idOf("抽奖ID").optional(), id: idOf("抽奖ID").optional(), liveId: idOf("直播ID").optional() }).transform((v, ctx) => {
  const raffleId = v.raffleId ?? v.id;
  if (raffleId === undefined) {
    ctx.addIssue({ code: "custom", message: "缺少抽奖ID", path: ["raffleId"] });
    return z.NEVER;
  }
  return { raffleId };
});
export const awardRecordInput = z.object({ liveId: idOf("直播ID").optional() });
export const addressInput = z.object({ liveUserAwardRecordId: idOf("中奖记录ID") });
export const receiveInput = z.object({
  liveUserAwardRecordId: idOf("中奖记录ID"),
  receiverName: required("收货人", 30),
  receiverMobile: z.string({ error: "请填写手机号" }).trim().regex(/^1\d{10}$/, "手机号格式不正确"),
  receiverAddress: required("收货地址", 200),
});
export const scoreInput = z.object({ liveId: idOf("直播ID"), pageNo: optInt("页码", 1, 100000), pageSize: optInt("每页条数", 1, 100), top: optInt("条数", 1, 100) });
export const seriesListInput = z.object({ liveId: idOf("直播ID").optional(), liveSeriesId: idOf("系列ID").optional() });
export const seriesIdInput = z.object({ liveSeriesId: idOf("系列ID") });
export const purchaserInput = z.object({ pathName: text("站点", 60) });
export const interactionInput = z.object({ liveId: idOf("直播ID"), type: text("互动类型", 20), count: optInt("次数", 1, 1000) });

// Back office.
const openEntry = z.object({ kind: z.enum(["role", "group", "tag", "region"], { error: "开放范围类型不正确" }), target: z.coerce.string().min(1).max(20) });
export const liveEditInput = z
  .object({
    id: idOf("直播ID").optional(),
    name: required("直播名称", 60),
    coverUrl: text("封面地址", 500),
    teacherName: text("讲师", 40),
    introduction: text("简介", 2000),
    startTime: time("开始时间"),
    endTime: time("结束时间"),
    seriesId: idOf("系列ID").optional().nullable(),
    channelCode: text("渠道编码", 40),
    m3u8PlayUrl: text("拉流地址", 500),
    thirdLiveId: text("第三方直播ID", 64),
    openRange: z.array(openEntry).max(200).optional(),
    ...priceFields,
  })
  .refine((v) => v.endTime > v.startTime, { message: "结束时间须晚于开始时间", path: ["endTime"] })
  .transform(({ isFree, price, scribingPrice, learnHour, ...v }, ctx) => {
    // An edit that says nothing of the price (an old client's call) keeps the stored one.
    const priced = isFree !== undefined || price !== undefined || scribingPrice !== undefined;
    return {
      ...v,
      ...(priced ? settlePrice({ isFree, price, scribingPrice }, ctx, "直播") : {}),
      ...(learnHour !== undefined ? { learnHour } : {}),
    };
  });
export type LiveEditInput = z.output<typeof liveEditInput>;

export const adminPageInput = listInput;
export const statusInput = z.object({ id: idOf("直播ID"), status: optInt("状态", 0, 1) });
export const operateInput = z.object({ id: idOf("直播ID"), action: z.enum(["start", "pause", "resume", "stop"], { error: "操作类型不正确" }) });
export const playbackConfigInput = z.object({ id: idOf("直播ID"), isPlayback: flag("回放开关"), playbackUrl: text("回放地址", 500) });
export const subtitleConfigInput = z.object({ id: idOf("直播ID"), isOpenSubtitle: flag("字幕开关"), subtitleUrl: text("字幕地址", 500) });
export const openRangeInput = z.object({ id: idOf("直播ID"), openRange: z.array(openEntry).max(200) });
export const advancedInput = z.object({ id: idOf("直播ID"), advancedInfo: z.record(z.string(), z.unknown()) });
export const moveInput = z.object({ id: idOf("直播ID"), sort: optInt("排序", 0, 1_000_000) });
export const seriesBindInput = z.object({ id: idOf("直播ID"), seriesId: idOf("系列ID").nullable().optional() });
export const goodsEditInput = z.object({
  id: idOf("商品ID").optional(),
  liveId: idOf("直播ID"),
  name: required("商品名称", 60),
  coverUrl: text("商品图片", 500),
  price: optInt("价格", 0, 100_000_000),
  linkUrl: text("链接", 500),
});
export const goodsIdInput = z.object({ goodsId: idOf("商品ID").optional(), id: idOf("商品ID").optional() }).transform((v, ctx) => {
  const goodsId = v.goodsId ?? v.id;
  if (goodsId === undefined) {
    ctx.addIssue({ code: "custom", message: "缺少商品ID", path: ["goodsId"] });
    return z.NEVER;
  }
  return { goodsId };
});
export const goodsPutInput = z.object({ id: idOf("商品ID"), status: optInt("上下架状态", 0, 1) });
export const awardCreateInput = z.object({
  liveId: idOf("直播ID"),
  name: required("抽奖名称", 60),
  awardName: required("奖品名称", 60),
  winnerCount: z.preprocess(numeric, z.number({ error: "请填写中奖人数" }).int("中奖人数须为整数").min(1, "中奖人数须在1-1000之间").max(1000, "中奖人数须在1-1000之间")),
  durationSeconds: optInt("抽奖时长", 5, 3600),
});
export const awardRemarkInput = z.object({ id: idOf("抽奖ID"), remark: text("备注", 200) });
export const noticeInput = z.object({ liveId: idOf("直播ID"), content: required("公告内容", 500) });
export const muteInput = z.object({ liveId: idOf("直播ID"), userId: idOf("用户ID").optional(), mute: flag("禁言") });
export const hideInput = z.object({ liveId: idOf("直播ID"), msgId: z.string({ error: "缺少消息ID" }).min(1).max(40), hidden: flag("隐藏") });
export const signStartInput = z.object({ liveId: idOf("直播ID"), durationSeconds: optInt("签到时长", 10, 3600) });
export const addUserInput = z.object({ liveId: idOf("直播ID"), userIds: idList("用户ID", { max: 200, empty: "请选择用户" }) });
/** The member list (page/memberList): the live by liveId or id, an optional keyword on nick, login name or mobile. */
export const memberListInput = z
  .object({
    liveId: idOf("直播ID").optional(),
    id: idOf("直播ID").optional(),
    keyword: z.preprocess((v) => (typeof v === "number" ? String(v) : v), text("关键词", 40)).optional(),
    ...pageFields,
  })
  .transform((v, ctx) => {
    const liveId = v.liveId ?? v.id;
    if (liveId === undefined) {
      ctx.addIssue({ code: "custom", message: "缺少直播ID", path: ["liveId"] });
      return z.NEVER;
    }
    return { liveId, keyword: v.keyword, ...pageOf(v, 20) };
  });
export const seriesEditInput = z.object({
  id: idOf("系列ID").optional(),
  name: required("系列名称", 60),
  coverUrl: text("封面地址", 500),
  introduction: text("简介", 2000),
  periodsNum: optInt("期数", 0, 1000),
  channelCode: text("渠道编码", 40),
});
export const seriesStatusInput = z.object({ id: idOf("系列ID"), status: optInt("状态", 0, 1) });
export const seriesLivesInput = z.object({ id: idOf("系列ID"), liveIds: idList("直播ID", { max: 200, empty: "请选择直播" }) });
export const wordsInput = z.object({ words: z.array(z.string().trim().min(1).max(40)).max(2000) });

// Captions and questionnaires.
const captionText = (label: string) => z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(500, `${label}不超过500个字符`);
const offset = (label: string) => z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`).max(7 * 86400e3, `${label}格式不正确`));
export const sentenceInput = z
  .object({
    sentenceId: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ error: "缺少句子ID" }).trim().min(1, "缺少句子ID").max(64, "句子ID不超过64个字符").regex(/^[\w.:-]+$/, "句子ID只能包含字母、数字及._:-")),
    text: captionText("字幕内容"),
    /** ms from the start of the stream. */
    beginTime: offset("开始时间"),
    endTime: offset("结束时间").optional(),
  })
  .refine((v) => v.endTime === undefined || v.endTime >= v.beginTime, { message: "结束时间不能早于开始时间", path: ["endTime"] });
export const asrBatchInput = z
  .object({
    liveId: idOf("直播ID").optional(),
    roomId: z.preprocess(blank, z.coerce.string().max(32).optional()).optional(),
    sentences: z.array(sentenceInput, { error: "缺少字幕句子" }).min(1, "缺少字幕句子").max(200, "一次最多推送200句"),
  })
  .refine((v) => v.liveId !== undefined || v.roomId !== undefined, { message: "缺少直播ID", path: ["liveId"] });
export const captionLineInput = z.object({ liveId: idOf("直播ID"), text: captionText("字幕内容"), clientId: z.string().regex(/^[\w-]{8,40}$/, "字幕编号格式不正确").optional() });
export const captionsOpenInput = z.object({ liveId: idOf("直播ID"), isOpenSubtitle: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "字幕开关须为0或1" })) });
const httpUrl = z
  .string({ error: "请填写问卷链接" })
  .trim()
  .min(1, "请填写问卷链接")
  .max(500, "问卷链接不超过500个字符")
  .refine((u) => {
    try {
      return ["http:", "https:"].includes(new URL(u).protocol);
    } catch {
      return false;
    }
  }, "问卷链接须为 http 或 https 地址");
export const questionnairePushInput = z.object({ liveId: idOf("直播ID"), title: required("问卷标题", 60), url: httpUrl });
