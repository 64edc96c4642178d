import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { OpenRangeEntry } from "@base/open-range";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

/** What a delivered message is: 1 a station message (站内通知), 2 a mail (邮件) from the platform. */
export const MESSAGE_KIND = { station: 1, mail: 2 } as const;
export type MessageKind = (typeof MESSAGE_KIND)[keyof typeof MESSAGE_KIND];

/**
 * Station messages and mails: one row per recipient. businessType/businessId name the event that caused it;
 * a recipient gets one message per event (the partial unique index), so a repeated event sends nothing.
 */
export const stationMessages = pgTable(
  "station_messages",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 100 }).notNull(),
    content: text("content").notNull().default(""),
    link: text("link"),
    /** MESSAGE_KIND: both kinds share sending, read state and the header's unread count. */
    kind: smallint("kind").notNull().default(1),
    businessType: varchar("business_type", { length: 40 }),
    businessId: varchar("business_id", { length: 64 }),
    readAt: tz("read_at"),
    /** Set when the back office withdraws the message it came from; learners no longer see it. */
    withdrawnAt: tz("withdrawn_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("station_messages_business_idx").on(t.businessType, t.businessId),
    index("station_messages_user_idx").on(t.userId, t.createdAt),
    index("station_messages_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex("station_messages_event_uq").on(t.userId, t.businessType, t.businessId).where(sql`${t.businessType} is not null and ${t.businessId} is not null`),
  ],
);

/** Back-office station message states (0 草稿, 1 已发送, 2 已撤回) and who receives it (1 全部用户, 2 开放范围, 3 指定用户). */
export const ADMIN_MESSAGE_STATUS = { draft: 0, sent: 1, withdrawn: 2 } as const;
export const ADMIN_MESSAGE_TARGET = { all: 1, range: 2, users: 3 } as const;

/**
 * A station message written in the back office (back-office.md 7.7). Sending copies it into
 * station_messages, one row per recipient, with businessType "station" and businessId this id.
 */
export const adminMessages = pgTable(
  "admin_messages",
  {
    id: id(),
    title: varchar("title", { length: 100 }).notNull(),
    /** Plain text; learners see it as written. */
    content: text("content").notNull().default(""),
    /** A site path (/course/detail?id=1) or an http(s) address. */
    link: varchar("link", { length: 500 }),
    /** MESSAGE_KIND of the copies it sends: a station message or a mail. */
    kind: smallint("kind").notNull().default(1),
    status: smallint("status").notNull().default(0),
    targetType: smallint("target_type").notNull().default(1),
    /** Recipients when targetType is 2: the open range entries, any one of which reaches a user. */
    openRange: jsonb("open_range").$type<OpenRangeEntry[]>().notNull().default([]),
    /** Copies delivered; read counts come from station_messages. */
    recipientCount: integer("recipient_count").notNull().default(0),
    sentAt: tz("sent_at"),
    withdrawnAt: tz("withdrawn_at"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("admin_messages_status_idx").on(t.status, t.createdAt)],
);

/** Users bound to a message whose targetType is 3, picked one by one, by account or from an import. */
export const adminMessageUsers = pgTable(
  "admin_message_users",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => adminMessages.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pick, account or import. */
    source: varchar("source", { length: 10 }).notNull().default("pick"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("admin_message_users_user_idx").on(t.userId)],
);

export interface MessageImportErrorRow {
  row: number;
  loginName: string;
  mobile: string;
  error: string;
}

/** An .xlsx import of recipients into a message; refused rows are kept for the error download. */
export const adminMessageImports = pgTable(
  "admin_message_imports",
  {
    id: id(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => adminMessages.id, { onDelete: "cascade" }),
    /** running, done, failed. */
    status: varchar("status", { length: 10 }).notNull().default("running"),
    fileName: varchar("file_name", { length: 200 }),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    /** Users new to the list (rows naming someone already on it succeed without adding). */
    added: integer("added").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    errorRows: jsonb("error_rows").$type<MessageImportErrorRow[]>().notNull().default(sql`'[]'::jsonb`),
    message: text("message"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("admin_message_imports_message_idx").on(t.messageId)],
);

/** Message task states: 0 停用 (editable), 1 启用 (the runner sends its notices). */
export const MESSAGE_TASK_STATUS = { stopped: 0, enabled: 1 } as const;

/** A scene's settings: minutes before the start (exam and live reminders) or days after joining (course). */
export interface MessageTaskParams {
  leadMinutes?: number;
  days?: number;
}

/**
 * A message task (back-office.md 7.7, second half): when its scene happens (an exam or a live about to
 * start, a course left unfinished, a result ready), the runner renders the templates for each learner
 * concerned and sends them as station messages with businessType "task:<id>" and the event as businessId.
 */
export const messageTasks = pgTable(
  "message_tasks",
  {
    id: id(),
    name: varchar("name", { length: 50 }).notNull(),
    sceneType: varchar("scene_type", { length: 30 }).notNull(),
    params: jsonb("params").$type<MessageTaskParams>().notNull().default({}),
    /** Templates with the scene's placeholders ({学员姓名} …); empty until set. */
    titleTemplate: varchar("title_template", { length: 100 }).notNull().default(""),
    contentTemplate: text("content_template").notNull().default(""),
    /** Null: the event's own page (the exam, live or course). */
    link: varchar("link", { length: 500 }),
    status: smallint("status").notNull().default(0),
    /** When it was last enabled; scenes that follow an event only notify events from then on. */
    enabledAt: tz("enabled_at"),
    sentCount: integer("sent_count").notNull().default(0),
    lastRunAt: tz("last_run_at"),
    lastSentAt: tz("last_sent_at"),
    /** Why the last run failed; cleared by the next good run. */
    lastError: varchar("last_error", { length: 200 }),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("message_tasks_status_idx").on(t.status, t.id)],
);

/**
 * Which process runs the message-task sweep: one row, a lease renewed by its holder each minute and
 * taken over by another web process once it lapses, so several workers never sweep side by side.
 */
export const messageTaskRunner = pgTable("message_task_runner", {
  id: smallint("id").primaryKey(),
  holder: varchar("holder", { length: 100 }).notNull(),
  leaseUntil: tz("lease_until").notNull(),
});
