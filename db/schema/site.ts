import { jsonb, pgTable, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./_columns";

/** A site: the main site has an empty path name; extra sites live under their own path prefix. */
export const sites = pgTable(
  "sites",
  {
    id: id(),
    pathName: varchar("path_name", { length: 40 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    /** 1 released, 0 draft. */
    status: smallint("status").notNull().default(1),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex("sites_path_name_uq").on(t.pathName)],
);

/** Key-value settings; the static-link calls (zcy.caiyunCollege.*) answer from here. */
export const settings = pgTable("settings", {
  key: varchar("key", { length: 80 }).primaryKey(),
  value: jsonb("value").notNull(),
  ...timestamps(),
});
