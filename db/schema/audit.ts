import { bigint, index, integer, jsonb, pgTable, smallint, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";

/**
 * One entry per back-office write and per security event (decision 034): who, when, from where, what and
 * the fields given. Written in the transaction of the change it records; the database refuses to update
 * or delete a row (trigger of migration 0037), so nothing in the application can rewrite history.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** The acting account; null for a visitor (a failed login names the account tried in `entityId`). */
    actorId: integer("actor_id"),
    /** The actor's name then (accounts can be renamed or deleted later). */
    actorName: varchar("actor_name", { length: 60 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    /** create, edit, delete, status, import, export, send, tool, security. */
    category: varchar("category", { length: 16 }).notNull(),
    /** The procedure (course.admin.save) or the security event (auth.login.failed). */
    action: varchar("action", { length: 120 }).notNull(),
    /** The domain the entry concerns (course, exam, user...). */
    entity: varchar("entity", { length: 40 }).notNull().default(""),
    entityId: varchar("entity_id", { length: 100 }).notNull().default(""),
    /** The fields given, sensitive values replaced by "***". */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull().default({}),
    /** 1 done; 0 refused (an attempt worth keeping: a learner at an admin tool, a failed login). */
    outcome: smallint("outcome").notNull().default(1),
    /** Why it was refused. */
    message: varchar("message", { length: 300 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_actor_idx").on(t.actorId, t.createdAt),
    index("audit_logs_entity_idx").on(t.entity, t.entityId),
  ],
);
export type AuditLog = typeof auditLogs.$inferSelect;
