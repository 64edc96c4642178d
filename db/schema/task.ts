import { bigint, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./_columns";
import { users } from "./auth";

/**
 * A task (back-office.md 7.8): content an admin assigns to named learners with a deadline and a score
 * earned on completion. status 1 published, 0 draft (learners see published tasks only).
 */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    name: varchar("name", { length: 60 }).notNull(),
    description: text("description").notNull().default(""),
    coverUrl: text("cover_url"),
    startAt: tz("start_at"),
    deadline: tz("deadline").notNull(),
    /** Points a learner earns by completing every node before the deadline. */
    score: integer("score").notNull().default(0),
    status: smallint("status").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("tasks_sort_idx").on(t.sort, t.id)],
);

/** A task node: a course (1), live (2) or exam (3) with the rate (1-100) a learner must reach. */
export const taskNodes = pgTable(
  "task_nodes",
  {
    id: id(),
    taskId: bigint("task_id", { mode: "number" })
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    contentType: smallint("content_type").notNull(),
    contentId: bigint("content_id", { mode: "number" }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    requiredRate: integer("required_rate").notNull().default(100),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("task_nodes_task_idx").on(t.taskId, t.sort), uniqueIndex("task_nodes_content_uq").on(t.taskId, t.contentType, t.contentId)],
);

/** A learner assigned to a task; completedAt and score are written once, when every node reaches its rate. */
export const taskUsers = pgTable(
  "task_users",
  {
    id: id(),
    taskId: bigint("task_id", { mode: "number" })
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    completedAt: tz("completed_at"),
    score: integer("score"),
    /** When the deadline reminder went out (message-task sweep), so it goes once. */
    remindedAt: tz("reminded_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("task_users_uq").on(t.taskId, t.userId), index("task_users_user_idx").on(t.userId)],
);

/** A learner's rate per task node, recomputed from real study (saveNodeRate); never goes down. */
export const taskNodeProgress = pgTable(
  "task_node_progress",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: bigint("node_id", { mode: "number" })
      .notNull()
      .references(() => taskNodes.id, { onDelete: "cascade" }),
    rate: integer("rate").notNull().default(0),
    completedAt: tz("completed_at"),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] })],
);
