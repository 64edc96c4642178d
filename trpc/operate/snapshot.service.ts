import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses } from "@db/schema/course";
import { lives } from "@db/schema/live";
import { learningPaths } from "@db/schema/path";
import { priceView } from "@base/price";

// Display fields of a recommended item, read from the content it points at (courses and lives).

export interface Snapshot {
  name?: string;
  picUrl?: string;
  teacher?: string;
  isFree?: number;
  realPrice?: number;
  scribingPrice?: number;
  liveStatus?: number | null;
  isPause?: number;
  isPlayback?: number;
  startTime?: Date | null;
  channelCode?: string;
  roomId?: string;
  /** The content can no longer be shown (offline, deleted). */
  hidden?: boolean;
}

export const XINREN_CHANNEL = "xinrenlibao";

/** The learner page an item opens, by content type (learner-front-end.md 2). */
export function detailLink(type: number, objectId: number, opts: { roomId?: string; channelCode?: string } = {}) {
  if (type === 2 && opts.channelCode === XINREN_CHANNEL) return "/live/series?channel=xinrendalibao";
  if (type === 1) return `/course/detail?id=${objectId}`;
  if (type === 2) return `/live/detail?roomId=${encodeURIComponent(opts.roomId ?? String(objectId))}`;
  if (type === 3) return `/exam/detail?id=${objectId}`;
  return `/map/detail?id=${objectId}`;
}

/**
 * Current display fields of the given content, keyed "type:id". Content whose table cannot be read
 * (not migrated on this database) is simply absent: the stored snapshot stays in use.
 */
export async function readSnapshots(db: DbOrTx, refs: { type: number; recommendObjectId: number }[]) {
  const out = new Map<string, Snapshot>();
  const courseIds = [...new Set(refs.filter((r) => r.type === 1).map((r) => r.recommendObjectId))];
  const liveIds = [...new Set(refs.filter((r) => r.type === 2).map((r) => r.recommendObjectId))];
  if (courseIds.length) {
    try {
      const rows = await db.select().from(courses).where(inArray(courses.id, courseIds));
      for (const c of rows)
        out.set(`1:${c.id}`, {
          name: c.name,
          picUrl: c.coverUrl,
          teacher: c.teacherName,
          isFree: c.isFree,
          realPrice: c.isFree ? 0 : c.price,
          scribingPrice: c.scribingPrice,
          hidden: c.status !== 1 || !!c.deletedAt,
        });
    } catch {
      // Course table absent: keep the stored snapshot.
    }
  }
  if (liveIds.length) {
    try {
      const rows = await db.select().from(lives).where(inArray(lives.id, liveIds));
      for (const l of rows)
        out.set(`2:${l.id}`, {
          name: l.name,
          picUrl: l.coverUrl ?? "",
          teacher: l.teacherName,
          ...priceView(l),
          liveStatus: l.liveStatus,
          isPause: l.isPause,
          isPlayback: l.isPlayback,
          startTime: l.startTime,
          channelCode: l.channelCode ?? "",
          roomId: l.roomId,
          hidden: l.status !== 1 || !!l.deletedAt,
        });
    } catch {
      // Live table absent: keep the stored snapshot.
    }
  }
  const mapIds = [...new Set(refs.filter((r) => r.type === 4).map((r) => r.recommendObjectId))];
  if (mapIds.length) {
    try {
      const rows = await db.select().from(learningPaths).where(inArray(learningPaths.id, mapIds));
      for (const m of rows) out.set(`4:${m.id}`, { name: m.name, picUrl: m.coverUrl ?? "", ...priceView(m), hidden: m.status !== 1 || !!m.deletedAt });
    } catch {
      // Map table absent: keep the stored snapshot.
    }
  }
  return out;
}
