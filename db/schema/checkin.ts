import { bigint, index, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, tz } from "./_columns";
import { users } from "./auth";

/** Study content kinds counted per day: the spec's content types 1 course, 2 live, 3 exam. */
export const STUDY_CONTENT = { course: 1, live: 2, exam: 3 } as const;

/**
 * Seconds of real study per learner, China-time day and content, credited where the study itself is
 * credited (course progress, live presence and replay reports, an exam attempt's close). Check-in days
 * are read from it.
 */
export const userStudyDays = pgTable(
  "user_study_days",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** China-time date, YYYYMMDD. */
    day: varchar("day", { length: 8 }).notNull(),
    contentType: smallint("content_type").notNull(),
    contentId: bigint("content_id", { mode: "number" }).notNull(),
    seconds: integer("seconds").notNull().default(0),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.contentType, t.contentId] }),
    index("user_study_days_content_idx").on(t.contentType, t.contentId, t.day),
    // The study ranking sums a week or a month per learner: an index-only scan of the days' range.
    index("user_study_days_day_user_idx").on(t.day, t.userId, t.seconds),
  ],
);

/** Medal types: 1 three days, 2 seven days, 3 fifteen days in a row. */
export const MEDAL_DAYS = { 1: 3, 2: 7, 3: 15 } as const;

/** A medal awarded once per learner, campaign (business type 4 = learning map, business id) and medal type. */
export const checkInMedals = pgTable(
  "check_in_medals",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessType: smallint("business_type").notNull(),
    businessId: bigint("business_id", { mode: "number" }).notNull(),
    medalType: smallint("medal_type").notNull(),
    continuousDays: integer("continuous_days").notNull(),
    awardedAt: tz("awarded_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("check_in_medals_uq").on(t.userId, t.businessType, t.businessId, t.medalType)],
);
