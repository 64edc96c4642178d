import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

const userRef = (name = "user_id") =>
  bigint(name, { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A help article of the learner's help centre, written in the back office. */
export const helpArticles = pgTable(
  "help_articles",
  {
    id: id(),
    title: varchar("title", { length: 100 }).notNull(),
    category: varchar("category", { length: 30 }).notNull(),
    /** Sanitised rich text. */
    content: text("content").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    /** 1 shown to learners. */
    published: smallint("published").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("help_articles_list_idx").on(t.published, t.sort)],
);

/** 0 待处理, 1 已回复, 2 已关闭. */
export const FEEDBACK_STATUS = { pending: 0, answered: 1, closed: 2 } as const;
export const FEEDBACK_STATUS_NAMES: Record<number, string> = { 0: "待处理", 1: "已回复", 2: "已关闭" };

/** A learner's question to the platform; its first message is the feedback itself. */
export const feedbacks = pgTable(
  "feedbacks",
  {
    id: id(),
    userId: userRef(),
    content: varchar("content", { length: 1000 }).notNull(),
    /** Screenshot paths on this site's storage (the learner's own uploads). */
    images: jsonb("images").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: smallint("status").notNull().default(0),
    lastReplyAt: tz("last_reply_at"),
    ...timestamps(),
  },
  (t) => [index("feedbacks_user_idx").on(t.userId), index("feedbacks_status_idx").on(t.status, t.updatedAt)],
);

/** A message in a feedback thread after the first: the learner's follow-up or an admin's answer. */
export const feedbackReplies = pgTable(
  "feedback_replies",
  {
    id: id(),
    feedbackId: bigint("feedback_id", { mode: "number" })
      .notNull()
      .references(() => feedbacks.id, { onDelete: "cascade" }),
    authorId: userRef("author_id"),
    /** 1 written by an admin. */
    fromAdmin: smallint("from_admin").notNull().default(0),
    content: varchar("content", { length: 1000 }).notNull(),
    images: jsonb("images").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_replies_thread_idx").on(t.feedbackId, t.id)],
);
