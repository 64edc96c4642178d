import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";

/**
 * A site: the main site has an empty path name; extra sites live under their own path prefix.
 * `config` holds what the learner shell reads (sitePage, siteExt: learner-front-end.md 3), validated on
 * save by trpc/site/schemas.ts; a removed site keeps its row (banners and notices may point at it) and
 * frees its path name.
 */
export const sites = pgTable(
  "sites",
  {
    id: id(),
    pathName: varchar("path_name", { length: 40 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    /** 1 released, 0 draft (learners get the maintenance page; admins preview). */
    status: smallint("status").notNull().default(1),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    description: varchar("description", { length: 200 }).notNull().default(""),
    /** 0 every online course, live, exam and map; 1 only what site_contents lists. */
    contentScope: smallint("content_scope").notNull().default(0),
    releasedAt: tz("released_at"),
    deletedAt: tz("deleted_at"),
    createdBy: bigint("created_by", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("sites_path_name_uq").on(t.pathName).where(sql`${t.deletedAt} is null`)],
);

/** What an extra site with content scope 1 shows: content type 1 course, 2 live, 3 exam, 4 map. */
export const siteContents = pgTable(
  "site_contents",
  {
    siteId: bigint("site_id", { mode: "number" })
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    contentType: smallint("content_type").notNull(),
    contentId: bigint("content_id", { mode: "number" }).notNull(),
    sort: integer("sort").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("site_contents_uq").on(t.siteId, t.contentType, t.contentId), index("site_contents_content_idx").on(t.contentType, t.contentId)],
);

/** Key-value settings; the static-link calls (zcy.caiyunCollege.*) answer from here. */
export const settings = pgTable("settings", {
  key: varchar("key", { length: 80 }).primaryKey(),
  value: jsonb("value").notNull(),
  ...timestamps(),
});
