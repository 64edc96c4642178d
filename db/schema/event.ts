import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

/**
 * An outside training event (back-office.md 7.17): a body that runs a training (e.g. a provincial
 * centre) binds the platform's courses and exams to it and is told, by a signed webhook, when a learner
 * passes one of its exams. `associationId` is the event's id at its owner.
 */
export const events = pgTable(
  "events",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    /** Who runs it (eventSource), e.g. hunan. */
    source: varchar("source", { length: 20 }).notNull(),
    associationId: varchar("association_id", { length: 64 }).notNull(),
    ownerName: varchar("owner_name", { length: 60 }).notNull().default(""),
    /** Where exam passes are reported; empty: nothing is sent. */
    webhookUrl: varchar("webhook_url", { length: 500 }).notNull().default(""),
    /** The key the report's signature is made with, made by the platform and shown to admins. */
    webhookSecret: varchar("webhook_secret", { length: 80 }).notNull(),
    /** 1 running, 0 closed (no more reports). */
    status: smallint("status").notNull().default(1),
    startAt: tz("start_at"),
    endAt: tz("end_at"),
    remark: varchar("remark", { length: 300 }).notNull().default(""),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("events_association_uq").on(t.source, t.associationId).where(sql`${t.deletedAt} is null`)],
);

/** What an event trains with: content type 1 course or 3 exam. */
export const eventBindings = pgTable(
  "event_bindings",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    contentType: smallint("content_type").notNull(),
    contentId: bigint("content_id", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("event_bindings_uq").on(t.eventId, t.contentType, t.contentId), index("event_bindings_content_idx").on(t.contentType, t.contentId)],
);

/**
 * One report to an event's owner (an outbox row): written in the transaction that stored the pass, so a
 * pass always has its report and never two; a sweep sends it and retries with growing waits.
 * status 0 waiting, 1 delivered, 2 given up.
 */
export const eventReports = pgTable(
  "event_reports",
  {
    id: id(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    examId: bigint("exam_id", { mode: "number" }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: smallint("status").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().default(sql`now()`),
    lastError: varchar("last_error", { length: 300 }).notNull().default(""),
    deliveredAt: tz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("event_reports_uq").on(t.eventId, t.userId, t.examId), index("event_reports_due_idx").on(t.status, t.nextAttemptAt)],
);

/** A task of an event done outside the platform: learners jump to its address (thirdJumpUrl). */
export const eventTasks = pgTable(
  "event_tasks",
  {
    id: id(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    /** The platform task it is bound to, if any (task/binding). */
    taskId: bigint("task_id", { mode: "number" }),
    thirdJumpUrl: varchar("third_jump_url", { length: 500 }).notNull().default(""),
    status: smallint("status").notNull().default(1),
    ...timestamps(),
  },
  (t) => [index("event_tasks_event_idx").on(t.eventId)],
);

/**
 * A face check through the outside provider (api/event): a ticket the provider's page completes by a
 * signed callback. purpose auth (identity check of a signed-in learner) or login.
 */
export const faceTickets = pgTable(
  "face_tickets",
  {
    ticket: varchar("ticket", { length: 64 }).primaryKey(),
    purpose: varchar("purpose", { length: 10 }).notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    thirdUserId: varchar("third_user_id", { length: 64 }).notNull().default(""),
    /** 0 waiting, 1 passed, 2 failed. */
    status: smallint("status").notNull().default(0),
    cause: varchar("cause", { length: 40 }).notNull().default(""),
    redirect: varchar("redirect", { length: 500 }).notNull().default("/"),
    expiresAt: tz("expires_at").notNull(),
    /** When a passed login ticket signed its learner in: it does so once. */
    consumedAt: tz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("face_tickets_user_idx").on(t.userId), index("face_tickets_third_user_idx").on(t.thirdUserId)],
);
