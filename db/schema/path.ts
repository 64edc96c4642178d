import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { OpenRangeEntry } from "@base/open-range";
import { createdAt, id, timestamps, tz } from "./_columns";
import { users } from "./auth";

const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const pathRef = () =>
  bigint("path_id", { mode: "number" })
    .notNull()
    .references(() => learningPaths.id, { onDelete: "cascade" });

/** What a map node opens (the spec's relationContentType): 0 external link, 1 course, 2 live, 3 exam, 4 the map's certificate. */
export const NODE_CONTENT = { link: 0, course: 1, live: 2, exam: 3, cert: 4 } as const;
/** When a node opens: 0 at once, 1 once the node before it is completed, 2 from unlockAt. */
export const NODE_UNLOCK = { free: 0, inOrder: 1, byDate: 2 } as const;

/**
 * A learning map (learning path, back-office.md 7.14): ordered sections of nodes ending with a
 * certificate (bound through cert_bindings, business type 6), with an optional check-in campaign.
 * status 1 online, 0 offline (a new map starts offline).
 */
export const learningPaths = pgTable(
  "learning_paths",
  {
    id: id(),
    name: varchar("name", { length: 60 }).notNull(),
    coverUrl: text("cover_url"),
    description: text("description").notNull().default(""),
    openRange: jsonb("open_range").$type<OpenRangeEntry[]>().notNull().default([]),
    status: smallint("status").notNull().default(0),
    /** 1 when the map runs a check-in campaign between checkInStart and checkInEnd (China-time days, inclusive). */
    checkInEnabled: smallint("check_in_enabled").notNull().default(0),
    checkInStart: tz("check_in_start"),
    checkInEnd: tz("check_in_end"),
    /** 0 sold: a learner joins by buying or redeeming it (the place also opens its sold courses); 1 free. Cents. */
    isFree: smallint("is_free").notNull().default(1),
    price: integer("price").notNull().default(0),
    scribingPrice: integer("scribing_price").notNull().default(0),
    /** Class hours a purchase of the map carries (learning credits). */
    learnHour: integer("learn_hour").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("learning_paths_sort_idx").on(t.sort, t.id)],
);

/** A section of a map: a titled group of nodes shown in order. */
export const learningPathSections = pgTable(
  "learning_path_sections",
  {
    id: id(),
    pathId: pathRef(),
    title: varchar("title", { length: 60 }).notNull(),
    sort: integer("sort").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("learning_path_sections_path_idx").on(t.pathId, t.sort)],
);

/** A map node: one piece of content (or an external link, or the certificate) with its unlock rule. */
export const learningPathNodes = pgTable(
  "learning_path_nodes",
  {
    id: id(),
    pathId: pathRef(),
    sectionId: bigint("section_id", { mode: "number" })
      .notNull()
      .references(() => learningPathSections.id, { onDelete: "cascade" }),
    nodeName: varchar("node_name", { length: 60 }).notNull(),
    coverUrl: text("cover_url"),
    contentType: smallint("content_type").notNull(),
    /** Course, live or exam id; null for a link or the certificate. */
    contentId: bigint("content_id", { mode: "number" }),
    linkUrl: text("link_url"),
    unlockType: smallint("unlock_type").notNull().default(1),
    unlockAt: tz("unlock_at"),
    /** For exam nodes: 1 opens the exam's start dialog, 0 opens its result page. */
    isExamJump: smallint("is_exam_jump").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("learning_path_nodes_path_idx").on(t.pathId, t.sort), index("learning_path_nodes_content_idx").on(t.contentType, t.contentId)],
);

/** A learner on a map: joined by entering it (source entry) or added by an admin (source admin). */
export const learningPathMembers = pgTable(
  "learning_path_members",
  {
    id: id(),
    pathId: pathRef(),
    userId: userRef(),
    source: varchar("source", { length: 10 }).notNull().default("entry"),
    /** Completed nodes / all nodes, 0-100, refreshed when the learner's map is computed. */
    progress: integer("progress").notNull().default(0),
    lastNodeId: bigint("last_node_id", { mode: "number" }),
    lastVisitAt: tz("last_visit_at"),
    completedAt: tz("completed_at"),
    joinedAt: createdAt(),
  },
  (t) => [uniqueIndex("learning_path_members_uq").on(t.pathId, t.userId), index("learning_path_members_user_idx").on(t.userId, t.lastVisitAt)],
);

/** A learner's visits to a node (an external-link node is completed by its first visit). */
export const learningPathNodeVisits = pgTable(
  "learning_path_node_visits",
  {
    userId: userRef(),
    nodeId: bigint("node_id", { mode: "number" })
      .notNull()
      .references(() => learningPathNodes.id, { onDelete: "cascade" }),
    visits: integer("visits").notNull().default(1),
    firstAt: createdAt(),
    lastAt: tz("last_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] })],
);

export const learningPathCollections = pgTable(
  "learning_path_collections",
  { userId: userRef(), pathId: pathRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.pathId] })],
);
