import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./_columns";
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
