import { relations, sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";
import { materialItems } from "./material";

/** status: 0 draft, 1 released, 2 offline. Money in cents. */
export const courses = pgTable(
  "courses",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    coverUrl: text("cover_url").notNull().default(""),
    intro: varchar("intro", { length: 500 }).notNull().default(""),
    /** Rich text (sanitised HTML) of the detail tab. */
    description: text("description").notNull().default(""),
    teacherName: varchar("teacher_name", { length: 50 }).notNull().default(""),
    teacherIntro: varchar("teacher_intro", { length: 500 }).notNull().default(""),
    teacherAvatar: text("teacher_avatar").notNull().default(""),
    categoryId: bigint("category_id", { mode: "number" }),
    tagIds: integer("tag_ids").array().notNull().default(sql`'{}'::integer[]`),
    price: integer("price").notNull().default(0),
    scribingPrice: integer("scribing_price").notNull().default(0),
    isFree: smallint("is_free").notNull().default(1),
    status: smallint("status").notNull().default(0),
    /** Class hours a learner is credited with for the course. */
    learnHour: integer("learn_hour").notNull().default(1),
    joinedCount: integer("joined_count").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }),
    releasedAt: tz("released_at"),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    index("courses_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
    index("courses_teacher_trgm").using("gin", sql`${t.teacherName} gin_trgm_ops`),
    index("courses_listing_idx").on(t.status, t.sort, t.id),
    index("courses_category_idx").on(t.categoryId),
    index("courses_tags_idx").using("gin", t.tagIds),
    // The course centre reads released courses in these orders: each has an index that matches it.
    index("courses_released_sort_idx").on(t.sort.desc(), t.id.desc()).where(sql`status = 1 and deleted_at is null`),
    index("courses_released_new_idx").on(t.releasedAt.desc(), t.id.desc()).where(sql`status = 1 and deleted_at is null`),
    index("courses_released_hot_idx").on(t.joinedCount.desc(), t.id.desc()).where(sql`status = 1 and deleted_at is null`),
  ],
);

/** Chapters (parentId null) hold sections; a section plays one courseware item of the library. */
export const courseChapters = pgTable(
  "course_chapters",
  {
    id: id(),
    courseId: bigint("course_id", { mode: "number" })
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    name: varchar("name", { length: 100 }).notNull(),
    sort: integer("sort").notNull().default(0),
    coursewareId: bigint("courseware_id", { mode: "number" }).references(() => materialItems.id, { onDelete: "set null" }),
    /** 1 video, 2 document: copied from the courseware so listings need no join. */
    type: smallint("type").notNull().default(1),
    /** Seconds of the video (0 for a document). */
    duration: integer("duration").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("course_chapters_course_idx").on(t.courseId, t.sort)],
);

/** Open range: with no rows a course is open to every logged-in user. */
export const courseOpenRanges = pgTable(
  "course_open_ranges",
  {
    courseId: bigint("course_id", { mode: "number" })
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<"role" | "group" | "tag" | "region">().notNull(),
    target: varchar("target", { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.kind, t.target] })],
);

/** A learner's place in a course: joined, progress, resume point, completion and time spent. */
export const userCourses = pgTable(
  "user_courses",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: bigint("course_id", { mode: "number" })
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** join (free), admin (added by the back office), order (bought). */
    source: varchar("source", { length: 10 }).notNull().default("join"),
    /** 1 paid or free, 0 added by an admin awaiting payment. */
    payStatus: smallint("pay_status").notNull().default(1),
    progress: integer("progress").notNull().default(0),
    lastChapterId: bigint("last_chapter_id", { mode: "number" }),
    lastPosition: integer("last_position").notNull().default(0),
    completed: smallint("completed").notNull().default(0),
    completedAt: tz("completed_at"),
    learnSeconds: integer("learn_seconds").notNull().default(0),
    lastLearnAt: tz("last_learn_at"),
    joinedAt: createdAt(),
  },
  (t) => [uniqueIndex("user_courses_uq").on(t.userId, t.courseId), index("user_courses_recent_idx").on(t.userId, t.lastLearnAt)],
);

/** Progress per section: furthest position reached and seconds really watched. */
export const userChapterProgress = pgTable(
  "user_chapter_progress",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chapterId: bigint("chapter_id", { mode: "number" })
      .notNull()
      .references(() => courseChapters.id, { onDelete: "cascade" }),
    courseId: bigint("course_id", { mode: "number" }).notNull(),
    maxPosition: integer("max_position").notNull().default(0),
    lastPosition: integer("last_position").notNull().default(0),
    watchedSeconds: integer("watched_seconds").notNull().default(0),
    completed: smallint("completed").notNull().default(0),
    completedAt: tz("completed_at"),
    updatedAt: tz("updated_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chapterId] }), index("user_chapter_progress_course_idx").on(t.userId, t.courseId)],
);

/** One clock per learner: study time counts only the wall-clock time since it, so two tabs never double count. */
export const userLearnClocks = pgTable("user_learn_clocks", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastCountedAt: tz("last_counted_at").notNull(),
});

export const courseCollections = pgTable(
  "course_collections",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: bigint("course_id", { mode: "number" })
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const coursesRelations = relations(courses, ({ many }) => ({ chapters: many(courseChapters), openRanges: many(courseOpenRanges) }));
export const courseChaptersRelations = relations(courseChapters, ({ one }) => ({
  course: one(courses, { fields: [courseChapters.courseId], references: [courses.id] }),
  courseware: one(materialItems, { fields: [courseChapters.coursewareId], references: [materialItems.id] }),
}));
export const courseOpenRangesRelations = relations(courseOpenRanges, ({ one }) => ({
  course: one(courses, { fields: [courseOpenRanges.courseId], references: [courses.id] }),
}));

export const COURSE_STATUS = { draft: 0, released: 1, offline: 2 } as const;
