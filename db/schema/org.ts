import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A tree of organisation nodes (groups and roles share the shape); siblings are ordered by a contiguous
 * 0-based position.
 */
const orgTree = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: id(),
      name: varchar("name", { length: 64 }).notNull(),
      parentId: bigint("parent_id", { mode: "number" }),
      position: integer("position").notNull().default(0),
      /** Code in the external organisation source; makes initialisation idempotent. */
      code: varchar("code", { length: 64 }),
      /** manual, zcy (external source) or sso. */
      source: varchar("source", { length: 12 }).notNull().default("manual"),
      ...timestamps(),
    },
    (t) => [index(`${name}_parent_idx`).on(t.parentId, t.position), uniqueIndex(`${name}_code_uq`).on(t.source, t.code)],
  );

/** Organisation groups as a tree. */
export const orgGroups = orgTree("org_groups");

/** Roles as a tree, same shape as groups. */
export const orgRoles = orgTree("org_roles");

export const tags = pgTable(
  "tags",
  {
    id: id(),
    name: varchar("name", { length: 30 }).notNull(),
    remark: varchar("remark", { length: 200 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_name_uq").on(t.name)],
);

export const userGroups = pgTable(
  "user_groups",
  {
    userId: userRef(),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => orgGroups.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group_idx").on(t.groupId)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: userRef(),
    roleId: bigint("role_id", { mode: "number" })
      .notNull()
      .references(() => orgRoles.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

export const userTags = pgTable(
  "user_tags",
  {
    userId: userRef(),
    tagId: bigint("tag_id", { mode: "number" })
      .notNull()
      .references(() => tags.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index("user_tags_tag_idx").on(t.tagId)],
);

/** One Excel import: progress while it runs, the refused rows afterwards (for the error download). */
export const userImportJobs = pgTable("user_import_jobs", {
  id: id(),
  /** running, done, failed. */
  status: varchar("status", { length: 10 }).notNull().default("running"),
  fileName: varchar("file_name", { length: 200 }),
  total: integer("total").notNull().default(0),
  processed: integer("processed").notNull().default(0),
  succeeded: integer("succeeded").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  /** Refused rows: the cells as read plus the reason. */
  errorRows: jsonb("error_rows").$type<ImportErrorRow[]>().notNull().default(sql`'[]'::jsonb`),
  message: text("message"),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});
export interface ImportErrorRow {
  row: number;
  loginName: string;
  nick: string;
  mobile: string;
  password: string;
  group: string;
  role: string;
  error: string;
}

/** Back-office positions (privilege calls): a user holds positions; page elements and apps hang off them. */
export const positions = pgTable("positions", {
  id: id(),
  name: varchar("name", { length: 64 }).notNull(),
  /** 1 back office, 2 learner site. */
  type: smallint("type").notNull().default(1),
  createdAt: createdAt(),
});

export const userPositions = pgTable(
  "user_positions",
  {
    userId: userRef(),
    positionId: bigint("position_id", { mode: "number" })
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.positionId] })],
);

/** Elements of a page (buttons, menu entries) a position may see. */
export const pageElements = pgTable(
  "page_elements",
  {
    id: id(),
    pageUrl: varchar("page_url", { length: 200 }).notNull(),
    code: varchar("code", { length: 64 }).notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    /** Null: every admin sees it. */
    positionId: bigint("position_id", { mode: "number" }).references(() => positions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("page_elements_url_idx").on(t.pageUrl)],
);

/** Applications listed by back/user/app/list and back/common/app/list. */
export const apps = pgTable("apps", {
  id: id(),
  name: varchar("name", { length: 64 }).notNull(),
  code: varchar("code", { length: 64 }).notNull(),
  url: text("url").notNull(),
  icon: text("icon"),
  sort: integer("sort").notNull().default(0),
  /** Null: every admin; otherwise only holders of the position. */
  positionId: bigint("position_id", { mode: "number" }).references(() => positions.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// ---- organisations, whitelists, channels (docs/decisions/031-organisations-whitelists-channels.md) ----

/** Where an organisation came from: 1 手工创建 (back office), 2 批量导入, 3 外部同步 (an outside registry). */
export const ORG_SOURCE = { manual: 1, imported: 2, synced: 3 } as const;
export const ORG_SOURCE_NAMES: Record<number, string> = { 1: "手工创建", 2: "批量导入", 3: "外部同步" };

/**
 * A unit (机构) learners work for, placed in China's administrative divisions. The name is unique within
 * its region (the most specific division chosen); status 1 启用, 0 停用 (hidden from learners' search).
 */
export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    name: varchar("name", { length: 50 }).notNull(),
    /** 统一社会信用代码, 18 characters with its check character. */
    creditCode: varchar("credit_code", { length: 18 }),
    provinceCode: varchar("province_code", { length: 12 }).notNull(),
    provinceName: varchar("province_name", { length: 40 }).notNull(),
    cityCode: varchar("city_code", { length: 12 }),
    cityName: varchar("city_name", { length: 40 }),
    districtCode: varchar("district_code", { length: 12 }),
    districtName: varchar("district_name", { length: 40 }),
    /** The most specific division chosen (district, else city, else province): the scope of the name. */
    regionCode: varchar("region_code", { length: 12 }).notNull(),
    source: smallint("source").notNull().default(1),
    contactName: varchar("contact_name", { length: 30 }),
    contactPhone: varchar("contact_phone", { length: 20 }),
    status: smallint("status").notNull().default(1),
    remark: varchar("remark", { length: 200 }),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("organizations_region_name_uq").on(t.regionCode, t.name),
    uniqueIndex("organizations_credit_code_uq").on(t.creditCode).where(sql`${t.creditCode} is not null`),
    index("organizations_province_city_idx").on(t.provinceCode, t.cityCode, t.districtCode),
    index("organizations_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * What a whitelist entry exempts a learner from. Exam types scope to an exam (businessId), the course
 * type to a course; businessId 0 means every exam (or course).
 */
export const WHITE_BUSINESS_TYPE = { examSoftMonitor: 1, courseOnlyLecai: 2, examFaceVerify: 3 } as const;
export type WhiteBusinessType = (typeof WHITE_BUSINESS_TYPE)[keyof typeof WHITE_BUSINESS_TYPE];

/** Learners on a whitelist: the one source of exemptions (the exam wizard, face checks, fraud rules). */
export const whitelistEntries = pgTable(
  "whitelist_entries",
  {
    id: id(),
    whiteBusinessType: smallint("white_business_type").notNull(),
    /** The exam or course it applies to; 0 for all of them. */
    businessId: bigint("business_id", { mode: "number" }).notNull().default(0),
    userId: userRef(),
    cause: varchar("cause", { length: 200 }),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("whitelist_entries_uq").on(t.whiteBusinessType, t.businessId, t.userId),
    index("whitelist_entries_user_idx").on(t.userId, t.whiteBusinessType),
  ],
);

/** Content a channel promotes, numbered as the platform's content types: 1 course, 2 live, 4 learning map. */
export const CHANNEL_TARGET_TYPE = { course: 1, live: 2, map: 4 } as const;

/** A promotion channel: links carrying its code count visits, and sign-ups that follow within 30 days. */
export const channels = pgTable(
  "channels",
  {
    id: id(),
    /** Letters, digits and underscore, 2-32 characters; unique regardless of case. */
    code: varchar("code", { length: 32 }).notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    targetType: smallint("target_type").notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    remark: varchar("remark", { length: 200 }),
    /** 1 启用, 0 停用 (its links still open the content, but count nothing). */
    status: smallint("status").notNull().default(1),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("channels_code_uq").on(sql`lower(${t.code})`)],
);

/** One visitor's visit through a channel on one China-time day (later ones that day are not counted). */
export const channelVisits = pgTable(
  "channel_visits",
  {
    id: id(),
    channelId: bigint("channel_id", { mode: "number" })
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** u:<userId> for a signed-in visitor, v:<visitor cookie> otherwise. */
    visitorKey: varchar("visitor_key", { length: 80 }).notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    contentType: smallint("content_type"),
    contentId: bigint("content_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("channel_visits_uq").on(t.channelId, t.day, t.visitorKey), index("channel_visits_visitor_idx").on(t.visitorKey, t.createdAt)],
);

/** A registration credited to the channel the new learner came through (at most one per learner). */
export const channelSignups = pgTable(
  "channel_signups",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: bigint("channel_id", { mode: "number" })
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    /** When the visit that brought the learner was made. */
    visitedAt: tz("visited_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("channel_signups_channel_idx").on(t.channelId)],
);
