import { z } from "zod";
import { idOf, numeric, opt } from "@base/legacy-input";

/** Check-in campaigns run on learning maps only: business type 4 (learner-calls.md 9). */
export const CHECK_IN_BUSINESS = 4;
/** A day is checked in once the learner's study time in the map's content that day is over one minute. */
export const CHECK_IN_SECONDS = 60;
/** Days in the 7-day carousel: three pages of seven. */
export const RECORD_DAYS = 21;

/** The three medals (learner-front-end.md 3): days in a row, title and description, shared by server and pages. */
export const MEDALS = [
  { medalType: 1, days: 3, title: "初露锋芒", description: "连续打卡3天，好的学习习惯正在养成" },
  { medalType: 2, days: 7, title: "持之以恒", description: "连续打卡7天，坚持一周的学习达人" },
  { medalType: 3, days: 15, title: "学有所成", description: "连续打卡15天，政府采购学习标兵" },
] as const;
export type MedalType = (typeof MEDALS)[number]["medalType"];
export const medalOf = (medalType: number) => MEDALS.find((m) => m.medalType === medalType);

const businessType = z.preprocess(numeric, z.literal(CHECK_IN_BUSINESS, { error: "打卡活动仅支持学习地图（businessType须为4）" }));

/** getCheckInWidget, getCheckinPopUp: the campaign's map. */
export const campaignInput = z.object({ businessType, businessId: idOf("学习地图ID") });
export type CampaignInput = z.output<typeof campaignInput>;

/** getCheckInMedal: every medal held, or those of one map. */
export const medalFilterInput = z
  .object({ businessType: opt(businessType), businessId: opt(idOf("学习地图ID")) })
  .optional()
  .transform((v) => v ?? {});
