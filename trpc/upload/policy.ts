// Which files a business code accepts, and the object keys handed out (learner-front-end.md 5, 9).
import { randomBytes } from "node:crypto";
import { cleanFileName } from "@base/file-name";
import { chinaDateKey } from "@base/china-time";

export const MB = 1048576;
export const POLICY_TTL_SECONDS = 15 * 60;

type Category = "image" | "video" | "audio" | "document" | "archive";

const TYPES: Record<string, { type: string; category: Category }> = {
  png: { type: "image/png", category: "image" },
  jpg: { type: "image/jpeg", category: "image" },
  jpeg: { type: "image/jpeg", category: "image" },
  gif: { type: "image/gif", category: "image" },
  webp: { type: "image/webp", category: "image" },
  bmp: { type: "image/bmp", category: "image" },
  mp4: { type: "video/mp4", category: "video" },
  webm: { type: "video/webm", category: "video" },
  mp3: { type: "audio/mpeg", category: "audio" },
  pdf: { type: "application/pdf", category: "document" },
  doc: { type: "application/msword", category: "document" },
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", category: "document" },
  xls: { type: "application/vnd.ms-excel", category: "document" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", category: "document" },
  ppt: { type: "application/vnd.ms-powerpoint", category: "document" },
  pptx: { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", category: "document" },
  txt: { type: "text/plain", category: "document" },
  zip: { type: "application/zip", category: "archive" },
};

/** Server-side ceiling per kind of file; forms enforce their own smaller limits before uploading. */
const MAX_MB: Record<Category, number> = { image: 20, video: 2048, audio: 200, document: 100, archive: 200 };
/** The largest file any policy admits. */
export const MAX_FILE_BYTES = Math.max(...Object.values(MAX_MB)) * MB;

export interface FileRule {
  contentTypes: string[];
  maxBytes: number;
  category: Category;
}

export function extensionOf(fileName: string) {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** The accepted types for this file: every type of its category, so a browser's variant (jpg/jpeg) passes. */
export function ruleFor(fileName: string): FileRule | null {
  const hit = TYPES[extensionOf(fileName)];
  if (!hit) return null;
  const contentTypes = [...new Set(Object.values(TYPES).filter((t) => t.category === hit.category).map((t) => t.type))];
  return { contentTypes, maxBytes: MAX_MB[hit.category] * MB, category: hit.category };
}

export function contentTypeFor(fileName: string) {
  return TYPES[extensionOf(fileName)]?.type ?? null;
}

const day = chinaDateKey;

/** A safe sub-folder from the caller's midPath: letters, digits, dash and underscore segments only. */
export function cleanMidPath(midPath: string | undefined) {
  return (midPath ?? "")
    .split("/")
    .map((s) => s.replace(/[^\w-]/g, ""))
    .filter(Boolean)
    .slice(0, 3)
    .join("/");
}

export function uploadDir(bizCode: string, midPath: string | undefined, userId: number, now = new Date()) {
  const mid = cleanMidPath(midPath);
  return `${bizCode}/${mid ? `${mid}/` : ""}${day(now)}/${userId}/`;
}

/** 128 random bits in every key, so no one reaches an object by guessing its name. */
export function objectKey(dir: string, fileName: string) {
  return `${dir}${randomBytes(16).toString("hex")}_${cleanFileName(fileName)}`;
}

/**
 * What an upload is for, from its folder: real-name photos, exam recordings and e-invoices are private
 * (their owner and admins; an invoice also its buyer).
 */
export function purposeOf(midPath: string | undefined): "identity" | "exam" | "invoice" | "file" {
  const first = cleanMidPath(midPath).split("/")[0];
  if (first === "identity") return "identity";
  if (first === "exam-recording") return "exam";
  if (first === "invoice") return "invoice";
  return "file";
}

export { isSafeKey } from "./file-ref";
