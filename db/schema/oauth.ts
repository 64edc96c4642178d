import { bigint, index, pgTable, smallint, text, uniqueIndex, varchar, integer } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

/**
 * Authorised platforms learners may log in from (login method 3). The client secret is never stored:
 * secretEnv names the environment variable that holds it (none: a public client relying on PKCE).
 */
export const oauthPlatforms = pgTable(
  "oauth_platforms",
  {
    id: id(),
    name: varchar("name", { length: 40 }).notNull(),
    url: text("url").notNull().default(""),
    picUrl: text("pic_url").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    cloudRegion: varchar("cloud_region", { length: 32 }).notNull(),
    /** Source key used by third/jump, agency/third/jump and expert/third/jump. */
    source: varchar("source", { length: 32 }).notNull(),
    clientId: varchar("client_id", { length: 128 }).notNull(),
    authorizeUrl: text("authorize_url").notNull(),
    tokenUrl: text("token_url").notNull(),
    userinfoUrl: text("userinfo_url").notNull(),
    scope: varchar("scope", { length: 200 }).notNull().default(""),
    secretEnv: varchar("secret_env", { length: 64 }),
    enabled: smallint("enabled").notNull().default(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex("oauth_platforms_region_uq").on(t.cloudRegion), uniqueIndex("oauth_platforms_source_uq").on(t.source)],
);

/** One started authorisation: single use, short-lived, with the PKCE verifier kept server-side. */
export const oauthStates = pgTable("oauth_states", {
  state: varchar("state", { length: 64 }).primaryKey(),
  platformId: bigint("platform_id", { mode: "number" })
    .notNull()
    .references(() => oauthPlatforms.id, { onDelete: "cascade" }),
  codeVerifier: varchar("code_verifier", { length: 128 }).notNull(),
  redirectUri: text("redirect_uri").notNull(),
  returnTo: text("return_to").notNull().default("/"),
  /** The logged-in user who started it (authorising an existing account), if any. */
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  /** learner, agency or expert: which jump started it. */
  entry: varchar("entry", { length: 12 }).notNull().default("learner"),
  expiresAt: tz("expires_at").notNull(),
  usedAt: tz("used_at"),
  createdAt: createdAt(),
});

/** A platform account tied to a local account: one per platform on each side. */
export const oauthBindings = pgTable(
  "oauth_bindings",
  {
    id: id(),
    platformId: bigint("platform_id", { mode: "number" })
      .notNull()
      .references(() => oauthPlatforms.id, { onDelete: "cascade" }),
    providerUserId: varchar("provider_user_id", { length: 128 }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerName: varchar("provider_name", { length: 64 }),
    providerMobile: varchar("provider_mobile", { length: 20 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oauth_bindings_provider_uq").on(t.platformId, t.providerUserId),
    uniqueIndex("oauth_bindings_user_uq").on(t.platformId, t.userId),
  ],
);

/**
 * A finished authorisation waiting for the learner's decision (resultType 1 or 2): the platform
 * user as read from the provider, bound to the browser by a cookie.
 */
export const oauthAuthorizations = pgTable(
  "oauth_authorizations",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    platformId: bigint("platform_id", { mode: "number" })
      .notNull()
      .references(() => oauthPlatforms.id, { onDelete: "cascade" }),
    providerUserId: varchar("provider_user_id", { length: 128 }).notNull(),
    name: varchar("name", { length: 64 }),
    userName: varchar("user_name", { length: 64 }),
    mobile: varchar("mobile", { length: 20 }),
    picUrl: text("pic_url"),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    resultType: smallint("result_type").notNull(),
    returnTo: text("return_to").notNull().default("/"),
    expiresAt: tz("expires_at").notNull(),
    consumedAt: tz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_authorizations_provider_idx").on(t.platformId, t.providerUserId)],
);
