import { bigint, index, pgTable, primaryKey, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { sessions, users } from "./auth";

/**
 * An account at the single sign-on provider (issuer + subject) tied to a platform user
 * (docs/decisions/032-single-sign-on.md). One per subject, and one per user and issuer.
 */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    id: id(),
    issuer: varchar("issuer", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the link was made: created, phone, employee (number) or directory. */
    linkedBy: varchar("linked_by", { length: 12 }).notNull(),
    employeeNumber: varchar("employee_number", { length: 64 }),
    lastLoginAt: tz("last_login_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("sso_identities_subject_uq").on(t.issuer, t.subject), uniqueIndex("sso_identities_user_uq").on(t.issuer, t.userId)],
);

/** One started sign-in: single use and short-lived; the browser that started it holds the state in a cookie. */
export const ssoLoginStates = pgTable("sso_login_states", {
  state: varchar("state", { length: 64 }).primaryKey(),
  nonce: varchar("nonce", { length: 64 }).notNull(),
  codeVerifier: varchar("code_verifier", { length: 128 }).notNull(),
  redirectUri: text("redirect_uri").notNull(),
  returnTo: text("return_to").notNull().default("/"),
  expiresAt: tz("expires_at").notNull(),
  usedAt: tz("used_at"),
  createdAt: createdAt(),
});

/** A platform session begun at the provider: what a logout needs to reach it (front and back channel). */
export const ssoSessions = pgTable(
  "sso_sessions",
  {
    sessionId: varchar("session_id", { length: 64 })
      .primaryKey()
      .references(() => sessions.id, { onDelete: "cascade" }),
    issuer: varchar("issuer", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    /** The provider's session id (sid claim), when it sends one. */
    sid: varchar("sid", { length: 255 }),
    /** Sent back as id_token_hint when the learner logs out. */
    idToken: text("id_token"),
    createdAt: createdAt(),
  },
  (t) => [index("sso_sessions_sid_idx").on(t.issuer, t.sid), index("sso_sessions_subject_idx").on(t.issuer, t.subject)],
);

/**
 * A back-channel logout token already acted on, by its jti: a replay is refused. Kept until the token
 * could no longer be accepted anyway (its age limit), then swept.
 */
export const ssoLogoutTokens = pgTable(
  "sso_logout_tokens",
  {
    issuer: varchar("issuer", { length: 255 }).notNull(),
    jti: varchar("jti", { length: 255 }).notNull(),
    expiresAt: tz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] }), index("sso_logout_tokens_expires_idx").on(t.expiresAt)],
);
