import { bigint, index, integer, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, tz } from "./_columns";
import { users } from "./auth";
import { courses } from "./course";

/** Recommended content types of the newcomer gift: 1 course, 2 live series, 3 other (learner-front-end.md 3). */
export const NEWCOMER_CONTENT = { course: 1, liveSeries: 2, other: 3 } as const;

/** The one gift setting (id 1): the course a newcomer receives. */
export const newcomerSettings = pgTable("newcomer_settings", {
  id: integer("id").primaryKey(),
  giftCourseId: bigint("gift_course_id", { mode: "number" }).references(() => courses.id, { onDelete: "set null" }),
  /** When a gift was first offered: only learners who registered since then are newcomers. */
  enabledAt: tz("enabled_at"),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/** The ordered list the gift popup recommends. Type 3 carries its own name and cover. */
export const newcomerRecommends = pgTable("newcomer_recommends", {
  id: id(),
  contentType: smallint("content_type").notNull(),
  contentId: bigint("content_id", { mode: "number" }).notNull().default(0),
  name: varchar("name", { length: 100 }),
  coverUrl: text("cover_url"),
  sort: integer("sort").notNull().default(0),
});

/** The moment a learner's counted study first reached the task's seconds (kept for the report). */
export const newcomerTasks = pgTable("newcomer_tasks", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  completedAt: tz("completed_at").notNull().defaultNow(),
});

/** The gift, once per learner: the primary key on user_id is what makes a second award impossible. */
export const newcomerAwards = pgTable(
  "newcomer_awards",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: bigint("course_id", { mode: "number" }).notNull(),
    /** Identity category code the learner chose (identity_categories.code). */
    identity: smallint("identity").notNull(),
    /** Division code (GB/T 2260) of the region chosen. */
    areaCode: varchar("area_code", { length: 12 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("newcomer_awards_created_idx").on(t.createdAt)],
);
