import type { courses } from "@db/schema";
import { isPaid } from "./access.service";
import { PRIVATE_TTL_SECONDS } from "../upload/file-ref";
import { freshFileUrl } from "../upload/upload.service";

type CourseRow = typeof courses.$inferSelect;
const DAY = 86_400;

/** App file URLs re-signed to the end of tomorrow, so one URL stays cacheable for a day. */
export function mediaUrl(stored: string | null | undefined): string {
  if (!stored) return "";
  const now = Math.floor(Date.now() / 1000);
  const exp = (Math.floor(now / DAY) + 2) * DAY;
  return freshFileUrl(stored, exp - now);
}


/**
 * A course file for a learner who may study it: private, so an hour, plus the video's length so a
 * video watched in one sitting keeps playing (HLS segments are signed until the playlist's expiry).
 */
export function studyMediaUrl(stored: string | null | undefined, durationSeconds = 0): string {
  return stored ? freshFileUrl(stored, PRIVATE_TTL_SECONDS + Math.max(0, durationSeconds)) : "";
}

/** A course video's HLS playlist, served with every segment link signed (see routes/course.hls.$.ts). */
export function studyHlsUrl(stored: string | null | undefined, durationSeconds = 0): string {
  return studyMediaUrl(stored, durationSeconds).replace(/^\/storage\/file\//, "/course/hls/");
}

/** A course as cards and lists read it (field names of the spec's recommend item, plus the course's own). */
export function courseCard(c: CourseRow) {
  const cover = mediaUrl(c.coverUrl);
  return {
    id: c.id,
    courseId: c.id,
    type: 1,
    recommendObjectId: c.id,
    name: c.name,
    coverUrl: cover,
    picUrl: cover,
    intro: c.intro,
    teacher: c.teacherName,
    teacherName: c.teacherName,
    isFree: isPaid(c) ? 0 : 1,
    price: c.price,
    realPrice: c.price,
    scribingPrice: c.scribingPrice,
    learnHour: c.learnHour,
    joinNum: c.joinedCount,
    joinedCount: c.joinedCount,
    categoryId: c.categoryId,
    tagIds: c.tagIds,
    status: c.status,
    linkUrl: `/course/detail?id=${c.id}`,
    releaseTime: c.releasedAt ? c.releasedAt.getTime() : null,
  };
}
export type CourseCard = ReturnType<typeof courseCard>;

/** Keyword hits wrapped in <em> inside HTML-escaped text. */
export function highlight(text: string, keyword: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  if (!keyword) return esc(text);
  const lower = text.toLowerCase();
  const k = keyword.toLowerCase();
  let out = "";
  let from = 0;
  for (let at = lower.indexOf(k); at !== -1; at = lower.indexOf(k, from)) {
    out += esc(text.slice(from, at)) + "<em>" + esc(text.slice(at, at + k.length)) + "</em>";
    from = at + k.length;
  }
  return out + esc(text.slice(from));
}
