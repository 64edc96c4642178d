import { bigint, index, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";
import { users } from "./auth";

/**
 * One stored object of the upload flow: who it was issued to and what it is for, so a file link is
 * signed only for those who may read it (trpc/upload/access.service.ts). Recorded when the upload
 * policy is issued or the server writes the object. purpose: file, identity (real-name photo),
 * avatar, exam (face checks, snapshots, recordings). isPublic 1: a site asset anyone may read.
 */
export const uploadObjects = pgTable(
  "upload_objects",
  {
    key: text("key").primaryKey(),
    ownerId: bigint("owner_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    bizCode: varchar("biz_code", { length: 20 }).notNull(),
    purpose: varchar("purpose", { length: 20 }).notNull().default("file"),
    isPublic: smallint("is_public").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("upload_objects_owner_idx").on(t.ownerId)],
);
