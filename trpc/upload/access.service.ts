// Who may read a stored object, and which objects a learner may put into their own records.
import { posix } from "node:path";
import { and, eq, inArray, like, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@db/client";
import { courseChapters, INVOICE_STATUS, invoices, materialItems, uploadObjects, userCourses, userIdentities, users } from "@db/schema";
import { requireStudy } from "../course/access.service";
import { AppError, fail } from "@base/errors";
import { escapeLike } from "@base/sql";
import { isCertImageKey, isSensitiveKey, ownerInKey, storageKeyOf, storagePath } from "./file-ref";
import { objectSize } from "./object.service";

export { PRIVATE_TTL_SECONDS } from "./file-ref";

/** The one answer for a file the caller may not read, so a refusal never tells whether it exists. */
export const FILE_REFUSED = "文件不存在或您无权访问该文件";

export type Viewer = { id: number; isAdmin: number } | null;
export type Purpose = "file" | "identity" | "avatar" | "exam" | "invoice";
/** public: anyone may read it (long links allowed); private: this caller may, for a short while. */
export type ReadClass = "public" | "private";

const SENSITIVE: readonly string[] = ["identity", "exam", "invoice"];

export interface UploadRecord {
  key: string;
  ownerId: number;
  bizCode: string;
  purpose: Purpose;
  isPublic?: boolean;
}

/** Notes who an object was issued to and what it is for (policy issued, or the server wrote it). */
export async function recordUploads(db: DbOrTx, records: UploadRecord[]) {
  if (!records.length) return;
  await db
    .insert(uploadObjects)
    .values(records.map((r) => ({ key: r.key, ownerId: r.ownerId, bizCode: r.bizCode, purpose: r.purpose, isPublic: r.isPublic ? 1 : 0 })))
    .onConflictDoNothing();
}

async function recordOf(db: DbOrTx, key: string) {
  const [row] = await db.select().from(uploadObjects).where(eq(uploadObjects.key, key)).limit(1);
  return row ?? null;
}


/**
 * The stored link in this column names the path, with or without a signature after it
 * (the path is escaped: encoded paths hold % and keys hold _).
 */
const names = (column: PgColumn, path: string) => or(eq(column, path), like(column, `${escapeLike(path)}?%`))!;
const bare = (link: string | null) => link?.split("?")[0] ?? "";

/** Users whose real-name record names this object as their photo (records made before objects were recorded). */
async function identityOwners(db: DbOrTx, key: string) {
  const rows = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(names(userIdentities.passportPhotoUrl, storagePath(key)));
  return rows.map((r) => r.userId);
}

/** Courses whose chapters use this object (a courseware file, its HLS playlist or a segment beside it), or null when it is no course file. */
async function coursesUsing(db: DbOrTx, key: string): Promise<number[] | null> {
  const path = storagePath(key);
  // A segment is course material when a playlist of the same folder is.
  const dir = /\.(ts|m3u8)$/.test(key) && key.includes("/") ? `${storagePath(posix.dirname(key))}/` : null;
  const found = await db
    .select({ id: materialItems.id, library: materialItems.library, url: materialItems.url, hlsUrl: materialItems.hlsUrl })
    .from(materialItems)
    .where(or(names(materialItems.url, path), names(materialItems.hlsUrl, path), dir ? like(materialItems.hlsUrl, `${escapeLike(dir)}%`) : undefined));
  const sameFolder = (playlist: string) => dir !== null && playlist.startsWith(dir) && !playlist.slice(dir.length).includes("/");
  const items = found.filter((i) => bare(i.url) === path || bare(i.hlsUrl) === path || sameFolder(bare(i.hlsUrl)));
  if (!items.length) return null;
  const chapters = await db
    .selectDistinct({ courseId: courseChapters.courseId })
    .from(courseChapters)
    .where(inArray(courseChapters.coursewareId, items.map((i) => i.id)));
  // Courseware of the library is course material even before a course uses it.
  if (!chapters.length && !items.some((i) => i.library === 1)) return null;
  return chapters.map((c) => c.courseId);
}

/** Whether the viewer may study one of the courses (the course rule of trpc/course/access.service.ts). */
async function mayStudyAny(db: DbOrTx, viewer: NonNullable<Viewer>, courseIds: number[]) {
  if (!courseIds.length) return false;
  const joined = await db
    .select({ courseId: userCourses.courseId })
    .from(userCourses)
    .where(and(eq(userCourses.userId, viewer.id), inArray(userCourses.courseId, courseIds), eq(userCourses.payStatus, 1)));
  for (const { courseId } of joined) {
    try {
      await requireStudy(db, courseId, viewer);
      return true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return false;
}

/** Learners an issued invoice with this PDF belongs to. */
async function invoiceBuyers(db: DbOrTx, key: string) {
  const rows = await db
    .select({ userId: invoices.userId })
    .from(invoices)
    .where(and(eq(invoices.fileKey, key), eq(invoices.status, INVOICE_STATUS.issued)));
  return rows.map((r) => r.userId);
}

/**
 * Whether the object may be issued as an e-invoice: an admin's upload for the invoice purpose (private)
 * that exists. Ordinary uploads, public site files and learners' files are never invoices.
 */
export async function isInvoiceUpload(db: DbOrTx, key: string) {
  const row = await recordOf(db, key);
  if (!row || row.purpose !== "invoice" || row.isPublic === 1 || row.ownerId === null) return false;
  if (!(await isAdminUser(db, row.ownerId))) return false;
  return (await objectSize(key)) !== null;
}

async function isAdminUser(db: DbOrTx, userId: number) {
  const [u] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.isAdmin === 1;
}

/**
 * Whether the viewer (null for a visitor) may read the object, and how widely it is readable.
 * Admins read everything; owners their own objects; real-name photos and exam pictures no one else,
 * e-invoices only the buyer they were issued to;
 * course files those who may study a course using them; public site assets everyone.
 * Objects stored before owners were recorded follow the same rules: the owner is read from the key
 * (or from the real-name record naming it), and keys outside the upload layout are site assets.
 */
export async function readAccess(db: DbOrTx, viewer: Viewer, key: string): Promise<ReadClass | null> {
  const admin = viewer?.isAdmin === 1;
  // A stored certificate image is the clean drawing, kept even after a revocation (and older versions after
  // a redraw): only /cert/image/<credentialId> may hand it out, since it alone draws the revocation mark.
  // Refusing it here is smaller than deleting images on revoke, which a restore would then have to redraw.
  if (isCertImageKey(key)) return admin ? "private" : null;
  const row = await recordOf(db, key);
  const owners: number[] = [];
  let sensitive: boolean;
  let isPublic: boolean;
  if (row) {
    if (row.ownerId !== null) owners.push(row.ownerId);
    // An e-invoice is read by the admin who uploaded it and the buyer it was issued to.
    if (row.purpose === "invoice") owners.push(...(await invoiceBuyers(db, key)));
    sensitive = SENSITIVE.includes(row.purpose);
    isPublic = row.isPublic === 1;
  } else {
    if (!admin && (await objectSize(key)) === null) return null;
    const inKey = ownerInKey(key);
    if (inKey !== null) owners.push(inKey);
    const photoOf = await identityOwners(db, key);
    owners.push(...photoOf);
    sensitive = isSensitiveKey(key) || photoOf.length > 0;
    isPublic = !sensitive && (inKey === null || (await isAdminUser(db, inKey)));
  }
  const mine = !!viewer && owners.includes(viewer.id);
  if (sensitive) return admin || mine ? "private" : null;
  // A learner's own private upload needs no further look.
  if (mine && !admin && !isPublic) return "private";
  const courses = await coursesUsing(db, key);
  if (courses) return admin || mine || (viewer && (await mayStudyAny(db, viewer, courses))) ? "private" : null;
  if (isPublic) return "public";
  return admin || mine ? "private" : null;
}

export interface ClaimOptions {
  /** The field's name in messages (证件照, 头像 …). */
  label: string;
  /** What the object becomes once referenced: a real-name photo stays private, an avatar turns public. */
  purpose?: Purpose;
  /** Public site assets may be referenced too (an avatar chosen from the site's pictures). */
  allowPublic?: boolean;
}

/**
 * A reference a learner puts into their record: an object of this storage that they uploaded
 * (or, where allowed, a public asset) and that exists. Every failure answers the same message, and
 * nothing is ever fetched from an address the learner gave. Returns the object key.
 */
export async function claimUpload(db: DbOrTx, userId: number, ref: string, options: ClaimOptions): Promise<string> {
  const refused = fail(`${options.label}无效，请重新上传`);
  const key = storageKeyOf(ref);
  if (!key) throw refused;
  const row = await recordOf(db, key);
  const mine = row ? row.ownerId === userId : ownerInKey(key) === userId && !(await identityOwners(db, key)).some((id) => id !== userId);
  if (!mine) {
    if (!options.allowPublic || (await readAccess(db, null, key)) !== "public") throw refused;
    return key;
  }
  if (options.purpose === "avatar" && (isSensitiveKey(key) || (row && SENSITIVE.includes(row.purpose)))) throw refused;
  if ((await objectSize(key)) === null) throw refused;
  if (options.purpose) {
    const isPublic = options.purpose === "avatar" ? 1 : 0;
    if (row) await db.update(uploadObjects).set({ purpose: options.purpose, isPublic }).where(eq(uploadObjects.key, key));
    else await db.insert(uploadObjects).values({ key, ownerId: userId, bizCode: key.split("/")[0]!, purpose: options.purpose, isPublic }).onConflictDoNothing();
  }
  return key;
}

/** Whether the object was uploaded by this user (recorded, or written into its key before owners were recorded). */
export async function isOwnUpload(db: DbOrTx, userId: number, key: string) {
  const row = await recordOf(db, key);
  return row ? row.ownerId === userId : ownerInKey(key) === userId;
}
