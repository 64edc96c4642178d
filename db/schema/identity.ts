import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";
import { organizations } from "./org";

/** Identity categories a learner picks (采购人, 供应商 …): identityCategoryCode / identityCategoryName. */
export const identityCategories = pgTable("identity_categories", {
  code: smallint("code").primaryKey(),
  name: varchar("name", { length: 30 }).notNull(),
  sort: integer("sort").notNull().default(0),
  /** 1 shown in the pickers, 0 retired. */
  status: smallint("status").notNull().default(1),
});

/** Administrative areas: provinces (level 1) and their cities (level 2), with national codes. */
export const areas = pgTable(
  "areas",
  {
    code: varchar("code", { length: 12 }).primaryKey(),
    name: varchar("name", { length: 40 }).notNull(),
    parentCode: varchar("parent_code", { length: 12 }),
    level: smallint("level").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("areas_parent_idx").on(t.parentCode)],
);

/**
 * One learner's real-name identity. status 0: only the supplement fields (types, organisation, area);
 * 1: real name confirmed, shown on certificates and never changed by the learner again.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: smallint("status").notNull().default(0),
    realName: varchar("real_name", { length: 30 }),
    /** 1 resident identity card: the only type accepted. */
    idType: smallint("id_type").notNull().default(1),
    idNo: varchar("id_no", { length: 18 }),
    identityList: integer("identity_list").array().notNull().default(sql`'{}'::integer[]`),
    orgName: varchar("org_name", { length: 50 }),
    /** The registered organisation orgName names, when it names one (its name is kept in orgName). */
    organizationId: bigint("organization_id", { mode: "number" }).references(() => organizations.id, { onDelete: "restrict" }),
    areaCode: varchar("area_code", { length: 12 }),
    passportPhotoUrl: text("passport_photo_url"),
    /** Where it came from: 1 the learner's own form, 2 an admin import, 3 an authorised platform. */
    source: smallint("source").notNull().default(1),
    authenticationTime: tz("authentication_time"),
    modifiedTime: tz("modified_time"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("user_identities_id_no_uq").on(t.idNo).where(sql`${t.status} = 1`),
    index("user_identities_org_trgm_idx").using("gin", sql`${t.orgName} gin_trgm_ops`),
    index("user_identities_organization_idx").on(t.organizationId),
  ],
);

/** Every real-name submission, for the daily attempt limit (checkUserAuthTimes). */
export const identityAttempts = pgTable(
  "identity_attempts",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idNo: varchar("id_no", { length: 18 }),
    success: smallint("success").notNull(),
    reason: varchar("reason", { length: 40 }),
    createdAt: createdAt(),
  },
  (t) => [index("identity_attempts_user_idx").on(t.userId, t.createdAt)],
);
