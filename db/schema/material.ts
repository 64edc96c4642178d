import { bigint, index, integer, jsonb, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./_columns";

/**
 * Folders of the material library; kind 1 courseware and data, 2 photos and videos, 3 the question bank
 * (questions, practices and paper rules draw from these). A sub-folder always has its parent's kind.
 */
export const materialFolders = pgTable(
  "material_folders",
  {
    id: id(),
    parentId: bigint("parent_id", { mode: "number" }),
    kind: smallint("kind").notNull().default(1),
    name: varchar("name", { length: 50 }).notNull(),
    sort: integer("sort").notNull().default(0),
    /** Folder settings (who may use it, default courseware type). */
    setting: jsonb("setting").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index("material_folders_parent_idx").on(t.parentId)],
);

/**
 * One file of the library. library 1 = courseAndData (video courseware, documents),
 * 2 = photoAndVideo (images and clips). fileType 1 video, 2 document, 3 image, 4 audio.
 */
export const materialItems = pgTable(
  "material_items",
  {
    id: id(),
    library: smallint("library").notNull().default(1),
    folderId: bigint("folder_id", { mode: "number" }),
    name: varchar("name", { length: 100 }).notNull(),
    fileType: smallint("file_type").notNull().default(1),
    url: text("url").notNull(),
    /** HLS playlist of a video, when one was made. */
    hlsUrl: text("hls_url"),
    coverUrl: text("cover_url"),
    fileName: varchar("file_name", { length: 120 }),
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    /** Seconds, read from the media. */
    duration: integer("duration").notNull().default(0),
    /** 1 usable, 0 disabled. */
    status: smallint("status").notNull().default(1),
    remark: varchar("remark", { length: 200 }),
    createdBy: bigint("created_by", { mode: "number" }),
    deletedAt: tz("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("material_items_folder_idx").on(t.library, t.folderId), index("material_items_created_idx").on(t.createdAt)],
);
