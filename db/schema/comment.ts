import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";
import { courses } from "./course";

/** Comment states: 1 shown to everyone, 0 hidden by an admin (its author still sees it). */
export const COMMENT_STATUS = { hidden: 0, shown: 1 } as const;

/** A learner's comment on a course (plain text, at most 500 characters). */
export const courseComments = pgTable(
  "course_comments",
  {
    id: id(),
    courseId: bigint("course_id", { mode: "number" })
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: varchar("content", { length: 500 }).notNull(),
    status: smallint("status").notNull().default(1),
    pinnedAt: tz("pinned_at"),
    likeCount: integer("like_count").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    index("course_comments_course_idx").on(t.courseId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index("course_comments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** An admin's reply shown under a comment; readAt is when the comment's author saw it (回复我的). */
export const commentReplies = pgTable(
  "comment_replies",
  {
    id: id(),
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => courseComments.id, { onDelete: "cascade" }),
    adminId: bigint("admin_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** The comment's author, copied so 回复我的 is one indexed query. */
    toUserId: bigint("to_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: varchar("content", { length: 500 }).notNull(),
    readAt: tz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("comment_replies_comment_idx").on(t.commentId), index("comment_replies_to_user_idx").on(t.toUserId, t.createdAt)],
);

/** One like per user per comment; liking again removes it. */
export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => courseComments.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** Users who may not comment, with the admin's remark. */
export const commentBans = pgTable("comment_bans", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  remark: varchar("remark", { length: 200 }).notNull().default(""),
  bannedBy: bigint("banned_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
