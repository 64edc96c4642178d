import { relations, sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";

/** A person who can log in: learner, teacher or admin (fields of the spec's User entity). */
export const users = pgTable(
  "users",
  {
    id: id(),
    loginName: varchar("login_name", { length: 20 }).notNull(),
    mobile: varchar("mobile", { length: 12 }),
    nick: varchar("nick", { length: 16 }).notNull(),
    headPic: text("head_pic"),
    passwordHash: text("password_hash"),
    isAdmin: smallint("is_admin").notNull().default(0),
    isTeacher: smallint("is_teacher").notNull().default(0),
    isPurchaser: smallint("is_purchaser").notNull().default(0),
    /** 1 enabled, 0 disabled by an admin. */
    status: smallint("status").notNull().default(1),
    /** Where the real-name identity came from; 1, 2 or 3 mean complete, 0 none. */
    identitySource: smallint("identity_source").notNull().default(0),
    learnHour: integer("learn_hour").notNull().default(0),
    learnLesson: integer("learn_lesson").notNull().default(0),
    /** Seconds of study. */
    learnTime: integer("learn_time").notNull().default(0),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedUntil: tz("locked_until"),
    lastLoginAt: tz("last_login_at"),
    registerSource: varchar("register_source", { length: 20 }).notNull().default("web"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_login_name_uq").on(sql`lower(${t.loginName})`),
    uniqueIndex("users_mobile_uq").on(t.mobile),
    // The all-time study ranking reads learners by their study seconds.
    index("users_learn_time_idx").on(t.learnTime),
  ],
);

/** Sessions as in Lucia's guide: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    userAgent: text("user_agent"),
    ip: varchar("ip", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Every login try, kept for lockout decisions and audit. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    account: varchar("account", { length: 32 }).notNull(),
    userId: bigint("user_id", { mode: "number" }),
    method: varchar("method", { length: 12 }).notNull(),
    success: smallint("success").notNull(),
    reason: varchar("reason", { length: 40 }),
    ip: varchar("ip", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_account_idx").on(t.account, t.createdAt)],
);

/** Image captchas; the answer is bound to a browser by the captcha cookie. */
export const captchas = pgTable("captchas", {
  id: varchar("id", { length: 64 }).primaryKey(),
  answer: varchar("answer", { length: 8 }).notNull(),
  expiresAt: tz("expires_at").notNull(),
  usedAt: tz("used_at"),
  createdAt: createdAt(),
});

/** SMS verification codes; the code is stored hashed and works once. */
export const smsCodes = pgTable(
  "sms_codes",
  {
    id: id(),
    mobile: varchar("mobile", { length: 12 }).notNull(),
    purpose: varchar("purpose", { length: 20 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    failedChecks: integer("failed_checks").notNull().default(0),
    ip: varchar("ip", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index("sms_codes_mobile_idx").on(t.mobile, t.purpose, t.createdAt)],
);

/** Short-lived proof that a step of a two-step flow passed (old phone verified, password code checked). */
export const verificationGrants = pgTable("verification_grants", {
  id: varchar("id", { length: 64 }).primaryKey(),
  purpose: varchar("purpose", { length: 20 }).notNull(),
  mobile: varchar("mobile", { length: 12 }).notNull(),
  userId: bigint("user_id", { mode: "number" }),
  expiresAt: tz("expires_at").notNull(),
  usedAt: tz("used_at"),
  createdAt: createdAt(),
});

/** Fixed-window counters of the throttles (trpc/auth/rate-limit.service.ts): per IP, per user. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 100 }).primaryKey(),
    count: integer("count").notNull(),
    resetAt: tz("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/** QR login tickets: status 0 new, 2 scanned, 3 confirmed, 4 expired. */
export const qrTickets = pgTable("qr_tickets", {
  token: varchar("token", { length: 64 }).primaryKey(),
  status: smallint("status").notNull().default(0),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  ticket: varchar("ticket", { length: 64 }),
  expiresAt: tz("expires_at").notNull(),
  consumedAt: tz("consumed_at"),
  createdAt: createdAt(),
});

export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
