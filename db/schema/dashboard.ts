import { bigint, date, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { tz } from "./_columns";

/**
 * The operations dashboard's figures per China-time day and metric (decision 035), written by the
 * dashboard sweep so the page never scans the raw records of a long period. A day holds a row for every
 * metric, zeros included: a day with no rows has not been computed yet.
 */
export const dailyFigures = pgTable(
  "daily_figures",
  {
    /** The China-time calendar day. */
    day: date("day", { mode: "string" }).notNull(),
    /** active_learners, registrations, learn_seconds, ... (trpc/tool/dashboard.service.ts). */
    metric: varchar("metric", { length: 40 }).notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
    /** When the value last changed. */
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "daily_figures_pk", columns: [t.day, t.metric] })],
);
