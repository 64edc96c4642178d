import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idList, idOf, intIn, numeric, opt, paging, withPaging } from "@base/legacy-input";
import { priceFields, settlePrice } from "@base/price";

const text = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不能超过${max}字`).optional()).optional();
const required = (label: string, max: number) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}字`);
/** A time as ms, its digits, or a China-time "YYYY-MM-DD HH:mm" string. */
const time = (label: string) =>
  opt(
    z.preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() ? parseChinaDateTime(v) : v),
      z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`),
    ),
  );
const imageUrl = (label: string) => opt(z.string({ error: `${label}格式不正确` }).trim().max(1000, `${label}地址过长`));

/** 0 or 1; true/false as some clients send them. */
const flag = (label: string) => z.preprocess((v) => (v === true ? 1 : v === false ? 0 : numeric(v)), z.union([z.literal(0), z.literal(1)], { error: `${label}须为0或1` }));

/** The map id as learners' calls send it: id or learningPathId. */
const pathRef = (v: { id?: number; learningPathId?: number }, ctx: z.RefinementCtx) => {
  const id = v.learningPathId ?? v.id;
  if (!id) {
    ctx.addIssue({ code: "custom", message: "缺少学习地图ID", path: ["id"] });
    return z.NEVER;
  }
  return id;
};
const refFields = { id: opt(idOf("学习地图ID")), learningPathId: opt(idOf("学习地图ID")) };
export const pathIdInput = z.object(refFields).transform((v, ctx) => ({ id: pathRef(v, ctx) }));
export const nodeIdInput = z
  .object({ id: opt(idOf("学习节点ID")), learningPathNodeId: opt(idOf("学习节点ID")), nodeId: opt(idOf("学习节点ID")) })
  .transform((v, ctx) => {
    const id = v.learningPathNodeId ?? v.nodeId ?? v.id;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少学习节点ID", path: ["learningPathNodeId"] });
      return z.NEVER;
    }
    return { id };
  });
export const collectInput = z.object({ ...refFields, isCollect: opt(flag("收藏标记")) }).transform((v, ctx) => ({ id: pathRef(v, ctx), isCollect: v.isCollect }));
export const myPathsInput = z.object({ ...paging, status: opt(intIn("学习状态", 0, 2)) }).transform(withPaging);
export const openPathsInput = z.object({ ...paging, keyword: text("关键词", 50) }).transform(withPaging);

// ---- back office ----

const pathBody = {
  name: required("学习地图名称", 60),
  coverUrl: imageUrl("封面"),
  description: text("学习地图简介", 2000),
  /** The certificate template issued on completion; 0 or empty: none. */
  certTemplateId: opt(intIn("证书模板", 0, Number.MAX_SAFE_INTEGER, "证书模板不正确")),
  isCheckIn: opt(flag("打卡活动开关")),
  checkInStartTime: time("打卡开始日期"),
  checkInEndTime: time("打卡结束日期"),
};
type PathBody = { isCheckIn?: number; checkInStartTime?: number; checkInEndTime?: number };
const checkInRule = (v: PathBody, ctx: z.RefinementCtx) => {
  if (v.isCheckIn !== 1) return;
  if (v.checkInStartTime === undefined) ctx.addIssue({ code: "custom", message: "请选择打卡开始日期", path: ["checkInStartTime"] });
  else if (v.checkInEndTime === undefined) ctx.addIssue({ code: "custom", message: "请选择打卡结束日期", path: ["checkInEndTime"] });
  else if (v.checkInEndTime < v.checkInStartTime) ctx.addIssue({ code: "custom", message: "打卡结束日期不能早于开始日期", path: ["checkInEndTime"] });
  else if (v.checkInEndTime - v.checkInStartTime > 366 * 86_400_000) ctx.addIssue({ code: "custom", message: "打卡活动最长一年", path: ["checkInEndTime"] });
};
type PriceBody = { isFree?: number; price?: number; scribingPrice?: number; learnHour?: number };
/** The price, when the call says anything of it (an old client's edit without one keeps the stored price). */
const priceRule = <T extends PriceBody>({ isFree, price, scribingPrice, learnHour, ...v }: T, ctx: z.RefinementCtx) => {
  const priced = isFree !== undefined || price !== undefined || scribingPrice !== undefined;
  return { ...v, ...(priced ? settlePrice({ isFree, price, scribingPrice }, ctx, "学习地图") : {}), ...(learnHour !== undefined ? { learnHour } : {}) };
};
export const createInput = z.object({ ...pathBody, ...priceFields }).superRefine(checkInRule).transform(priceRule);
export const editInput = z.object({ id: idOf("学习地图ID"), ...pathBody, ...priceFields }).superRefine(checkInRule).transform(priceRule);
export type PathInput = z.output<typeof createInput>;

export const adminPageInput = z
  .object({ ...paging, name: text("学习地图名称", 60), keyword: text("关键词", 60), status: opt(intIn("状态", 0, 1)) })
  .transform(withPaging);

const nodeBody = z
  .object({
    id: opt(idOf("学习节点ID")),
    nodeName: text("节点名称", 60),
    relationContentType: intIn("节点类型", 0, 4, "节点类型不正确"),
    relationContentId: opt(idOf("关联内容ID")),
    relationContentLinkUrl: text("链接地址", 1000),
    coverUrl: imageUrl("节点封面"),
    unlockType: opt(intIn("解锁方式", 0, 2, "解锁方式不正确")),
    unlockTime: time("解锁时间"),
    isExamJump: opt(flag("考试打开方式")),
  })
  .superRefine((n, ctx) => {
    const t = n.relationContentType;
    if (t >= 1 && t <= 3 && !n.relationContentId) ctx.addIssue({ code: "custom", message: "请选择节点关联的课程、直播或考试", path: ["relationContentId"] });
    if (t === 0) {
      if (!n.nodeName) ctx.addIssue({ code: "custom", message: "请输入链接节点的名称", path: ["nodeName"] });
      if (!n.relationContentLinkUrl) ctx.addIssue({ code: "custom", message: "请输入链接地址", path: ["relationContentLinkUrl"] });
      else if (!/^https?:\/\/[^\s]+$/i.test(n.relationContentLinkUrl)) ctx.addIssue({ code: "custom", message: "链接地址须以http://或https://开头", path: ["relationContentLinkUrl"] });
    }
    if (n.unlockType === 2 && n.unlockTime === undefined) ctx.addIssue({ code: "custom", message: "按日期解锁须选择解锁时间", path: ["unlockTime"] });
  });
export type NodeInput = z.infer<typeof nodeBody>;
const sectionBody = z.object({
  id: opt(idOf("章节ID")),
  title: required("章节标题", 60),
  nodes: z.array(nodeBody, { error: "学习节点格式不正确" }).max(50, "每个章节最多50个节点"),
});
export const nodeConfigInput = z
  .object({ ...refFields, sections: z.array(sectionBody, { error: "请添加章节" }).min(1, "请至少添加一个章节").max(20, "最多20个章节") })
  .transform((v, ctx) => ({ id: pathRef(v, ctx), sections: v.sections }))
  .superRefine((v, ctx) => {
    const all = v.sections.flatMap((s) => s.nodes);
    if (all.length > 100) ctx.addIssue({ code: "custom", message: "一个学习地图最多100个节点", path: ["sections"] });
    const certs = all.filter((n) => n.relationContentType === 4);
    if (certs.length > 1) ctx.addIssue({ code: "custom", message: "证书节点只能有一个", path: ["sections"] });
    if (certs.length === 1 && all.at(-1)?.relationContentType !== 4) ctx.addIssue({ code: "custom", message: "证书节点须放在最后", path: ["sections"] });
    const keys = all.filter((n) => n.relationContentType >= 1 && n.relationContentType <= 3).map((n) => `${n.relationContentType}:${n.relationContentId}`);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", message: "同一内容不能重复添加到学习地图", path: ["sections"] });
  });
export type NodeConfigInput = z.infer<typeof nodeConfigInput>;

const openEntry = z.object({ kind: z.enum(["role", "group", "tag", "region"], { error: "开放范围类型不正确" }), target: z.coerce.string().trim().min(1, "开放范围不正确").max(20, "开放范围不正确") });
export const openRangeInput = z
  .object({ ...refFields, openRange: z.array(openEntry, { error: "开放范围格式不正确" }).max(500, "开放范围最多500项") })
  .transform((v, ctx) => ({ id: pathRef(v, ctx), openRange: v.openRange }));
export const statusInput = z
  .object({ ...refFields, status: intIn("状态", 0, 1, "状态不正确") })
  .transform((v, ctx) => ({ id: pathRef(v, ctx), status: v.status as 0 | 1 }));
export const moveInput = z
  .object({ ...refFields, direction: z.enum(["up", "down"], { error: "移动方向不正确" }) })
  .transform((v, ctx) => ({ id: pathRef(v, ctx), direction: v.direction }));
export const nodeMoveInput = z.object({ id: idOf("学习节点ID"), direction: z.enum(["up", "down"], { error: "移动方向不正确" }) });
export const membersInput = z
  .object({ ...refFields, userIds: idList("学员", { max: 500, empty: "请选择学员", tooMany: "一次最多500人" }) })
  .transform((v, ctx) => ({ id: pathRef(v, ctx), userIds: v.userIds }));
export const memberPageInput = z
  .object({ ...refFields, ...paging, keyword: text("关键词", 50), status: opt(intIn("学习状态", 0, 2)) })
  .transform((v, ctx) => ({ ...withPaging(v), id: pathRef(v, ctx) }));
