import { z } from "zod";
import { blank, numeric } from "@base/legacy-input";

/** The three boards of the ranking page: this week (Monday first), this month, all time; China-time calendar. */
export const RANK_PERIODS = ["week", "month", "all"] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
/** Old clients may send the board as a number: 1 week, 2 month, 3 all time. */
const PERIOD_BY_NUMBER: Record<number, RankPeriod> = { 1: "week", 2: "month", 3: "all" };
export const RANK_TEXT: Record<RankPeriod, string> = { week: "周榜", month: "月榜", all: "总榜" };
export const TOP_SIZE = 10;

const periodField = z.preprocess(
  (v) => {
    const b = blank(numeric(v));
    return typeof b === "number" ? (PERIOD_BY_NUMBER[b] ?? b) : b;
  },
  z.enum(RANK_PERIODS, { error: "榜单类型只能为 week 周榜、month 月榜、all 总榜（或 1、2、3）" }).optional(),
).optional();

/** type (or period, rankType): absent reads the week board; userId is accepted and ignored (a learner sees their own place). */
export const rankInput = z
  .object({ type: periodField, period: periodField, rankType: periodField, userId: z.unknown().optional() })
  .optional()
  .transform((v) => ({ period: (v?.type ?? v?.period ?? v?.rankType ?? "week") as RankPeriod }));
export type RankInput = z.output<typeof rankInput>;
