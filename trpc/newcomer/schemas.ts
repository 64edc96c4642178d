import { z } from "zod";
import { blank, idOf, numeric, opt, optionalId } from "@base/legacy-input";

export const IDENTITY_REQUIRED = "请选择身份类型";
export const AREA_REQUIRED = "请选择所属地区";

/** GET newcomer/task?pathName=: the site path ("" or absent on the main site). */
export const taskInput = z.object({ pathName: opt(z.string().max(200, "pathName过长")) }).optional();

/** POST receive/newcomer/award: identity type and region, both required (learner-front-end.md 5). */
export const awardInput = z.object({
  identity: z.preprocess((v) => numeric(blank(v)), z.number({ error: IDENTITY_REQUIRED }).int(IDENTITY_REQUIRED).min(1, IDENTITY_REQUIRED).max(32767, IDENTITY_REQUIRED)),
  areaCode: z.preprocess((v) => (typeof v === "number" ? String(v) : blank(v)), z.string({ error: AREA_REQUIRED }).trim().regex(/^\d{6}$/, "所属地区不正确")),
  pathName: opt(z.string().max(200, "pathName过长")),
});
export type AwardInput = z.infer<typeof awardInput>;

const recommendItem = z.object({
  contentType: z.union([z.literal(1), z.literal(2)], { error: "推荐内容类型须为1（课程）或2（直播系列）" }),
  contentId: idOf("推荐内容ID"),
});

/** The gift course and the ordered recommended list (back office). */
export const saveConfigInput = z.object({
  giftCourseId: optionalId("礼包课程"),
  recommends: z.array(recommendItem).max(20, "推荐内容最多20条"),
});
export type SaveConfigInput = z.infer<typeof saveConfigInput>;
