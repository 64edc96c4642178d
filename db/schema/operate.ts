import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

// Operations content (back-office.md 7.1): what the home page and the header show, ordered by `sort` (1..n per scope).

/** Home carousel pictures. Learners see a banner only while status is 1 and now is inside [startTime, endTime). */
export const banners = pgTable(
  "operate_banners",
  {
    id: id(),
    title: varchar("title", { length: 60 }).notNull(),
    picUrl: varchar("pic_url", { length: 500 }).notNull(),
    linkUrl: varchar("link_url", { length: 500 }).notNull().default(""),
    /** 1 PC, 2 mobile. */
    platform: smallint("platform").notNull().default(1),
    /** Null: the main site. */
    siteId: bigint("site_id", { mode: "number" }),
    sort: integer("sort").notNull().default(0),
    /** 1 shown, 0 hidden. */
    status: smallint("status").notNull().default(1),
    startTime: tz("start_time"),
    endTime: tz("end_time"),
    ...timestamps(),
  },
  (t) => [index("operate_banners_scope_idx").on(t.platform, t.siteId, t.sort)],
);

/** The notice strip under the carousel. */
export const notices = pgTable(
  "operate_notices",
  {
    id: id(),
    title: varchar("title", { length: 100 }).notNull(),
    content: text("content").notNull().default(""),
    linkUrl: varchar("link_url", { length: 500 }).notNull().default(""),
    siteId: bigint("site_id", { mode: "number" }),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    startTime: tz("start_time"),
    endTime: tz("end_time"),
    ...timestamps(),
  },
  (t) => [index("operate_notices_scope_idx").on(t.siteId, t.sort)],
);

/** A learner's like of a notice: one per learner and notice; counts are read from these rows. */
export const noticeLikes = pgTable(
  "operate_notice_likes",
  {
    noticeId: bigint("notice_id", { mode: "number" })
      .notNull()
      .references(() => notices.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index("operate_notice_likes_user_idx").on(t.userId)],
);

/** Recommendation blocks: top-level categories of the home section, their children are the sub-tabs. */
export const recommends = pgTable(
  "operate_recommends",
  {
    id: id(),
    parentId: bigint("parent_id", { mode: "number" }),
    name: varchar("name", { length: 40 }).notNull(),
    /** A cover picture: the row then holds fewer items beside it. */
    picUrl: varchar("pic_url", { length: 500 }).notNull().default(""),
    isOpenJump: smallint("is_open_jump").notNull().default(0),
    jumpUrl: varchar("jump_url", { length: 500 }).notNull().default(""),
    siteId: bigint("site_id", { mode: "number" }),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    ...timestamps(),
  },
  (t) => [index("operate_recommends_parent_idx").on(t.parentId, t.sort)],
);

/**
 * Items of a block. The display fields are a snapshot taken when the admin saves, so the home page
 * needs no join into other domains; they are refreshed from the content when it can be read.
 */
export const recommendItems = pgTable(
  "operate_recommend_items",
  {
    id: id(),
    recommendId: bigint("recommend_id", { mode: "number" }).notNull(),
    /** 1 course, 2 live, 3 exam, 4 map. */
    type: smallint("type").notNull(),
    recommendObjectId: bigint("recommend_object_id", { mode: "number" }).notNull(),
    linkUrl: varchar("link_url", { length: 500 }).notNull().default(""),
    name: varchar("name", { length: 100 }).notNull(),
    picUrl: varchar("pic_url", { length: 500 }).notNull().default(""),
    teacher: varchar("teacher", { length: 60 }).notNull().default(""),
    isFree: smallint("is_free").notNull().default(1),
    /** Cents. */
    realPrice: integer("real_price").notNull().default(0),
    scribingPrice: integer("scribing_price").notNull().default(0),
    /** Lives: 0 upcoming, 1 live, 2 ended. */
    liveStatus: smallint("live_status"),
    isPlayback: smallint("is_playback").notNull().default(0),
    startTime: tz("start_time"),
    /** Lives of a promotion channel open the series page (xinrenlibao). */
    channelCode: varchar("channel_code", { length: 40 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("operate_recommend_items_block_idx").on(t.recommendId, t.sort)],
);

/** Hot search words per site path; statisticsCount counts clicks. */
export const searchBarWords = pgTable(
  "operate_search_bar",
  {
    id: id(),
    pathName: varchar("path_name", { length: 40 }).notNull().default(""),
    name: varchar("name", { length: 32 }).notNull(),
    linkUrl: varchar("link_url", { length: 500 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    statisticsCount: integer("statistics_count").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("operate_search_bar_path_idx").on(t.pathName, t.sort)],
);

/** Marketing slots: promotions shown in a date window. */
export const marketingSlots = pgTable("operate_marketing", {
  id: id(),
  title: varchar("title", { length: 60 }).notNull(),
  picUrl: varchar("pic_url", { length: 500 }).notNull().default(""),
  linkUrl: varchar("link_url", { length: 500 }).notNull().default(""),
  description: varchar("description", { length: 200 }).notNull().default(""),
  sort: integer("sort").notNull().default(0),
  status: smallint("status").notNull().default(1),
  startTime: tz("start_time"),
  endTime: tz("end_time"),
  ...timestamps(),
});

/** Operation categories: a tree per type; children are the tabs of a category. */
export const operateCategories = pgTable(
  "operate_categories",
  {
    id: id(),
    parentId: bigint("parent_id", { mode: "number" }),
    /** 1 course, 2 live, 3 exam, 4 map. */
    type: smallint("type").notNull().default(1),
    name: varchar("name", { length: 40 }).notNull(),
    picUrl: varchar("pic_url", { length: 500 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    ...timestamps(),
  },
  (t) => [index("operate_categories_scope_idx").on(t.type, t.parentId, t.sort)],
);

/** Page elements an operator configures, a tree per page key, platform and site. */
export const operateElements = pgTable(
  "operate_elements",
  {
    id: id(),
    key: varchar("key", { length: 40 }).notNull(),
    platform: smallint("platform").notNull().default(1),
    siteId: bigint("site_id", { mode: "number" }),
    parentId: bigint("parent_id", { mode: "number" }),
    name: varchar("name", { length: 40 }).notNull(),
    code: varchar("code", { length: 40 }).notNull(),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    ...timestamps(),
  },
  (t) => [index("operate_elements_key_idx").on(t.key, t.platform, t.siteId)],
);

/** Recommendation manager entries: named lists of content for a scene (e.g. the workbench). */
export const recommendManages = pgTable("operate_recommend_manage", {
  id: id(),
  name: varchar("name", { length: 60 }).notNull(),
  /** Where the list shows: "workbench", "courseDetail", … */
  scene: varchar("scene", { length: 40 }).notNull().default("workbench"),
  status: smallint("status").notNull().default(1),
  /** Items as {type, recommendObjectId} plus their display snapshot. */
  items: jsonb("items").$type<Record<string, unknown>[]>().notNull().default([]),
  ...timestamps(),
});
