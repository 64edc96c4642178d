import { and, desc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { DbOrTx } from "@db/client";
import { checkInMedals, learningPaths } from "@db/schema";
import { publicOrigin } from "../cert/issue.service";
import { CHECK_IN_BUSINESS, MEDALS, medalOf } from "./schemas";
import { registerCache } from "@base/cache-registry";

export type MedalRow = typeof checkInMedals.$inferSelect;

/** One medal as the pages and old clients read it (medalVO). */
export interface MedalView {
  medalType: number;
  isGet: 0 | 1;
  /** Days in a row the medal asks for (3, 7, 15). */
  continuousDays: number;
  businessType: number;
  businessId: number;
  businessName: string;
  medalName: string;
  medalDesc: string;
  /** ms timestamp; null while not held. */
  awardTime: number | null;
  /** QR code (data: URL, PNG) of the map's address, printed on the share picture. */
  medalShareQrCode: string;
}

export const mapUrl = (mapId: number) => `${publicOrigin()}/map/detail?id=${mapId}`;

// The QR code of a map never changes: drawn once per address (a few hundred maps at most).
const qrCache = new Map<string, Promise<string>>();
registerCache({
  name: "medal-qr",
  title: "学习地图分享二维码",
  description: "学习地图分享地址的二维码图片（每个地址画一次，最多500个）；删除后下次打开时重画",
  keys: () => [...qrCache.keys()],
  get: (key) => (qrCache.has(key) ? { key, value: "二维码图片（data URL）" } : null),
  delete: (key) => {
    if (key === "*") {
      const n = qrCache.size;
      qrCache.clear();
      return n;
    }
    return qrCache.delete(key) ? 1 : 0;
  },
});
export function shareQrCode(mapId: number): Promise<string> {
  const url = mapUrl(mapId);
  let hit = qrCache.get(url);
  if (!hit) {
    if (qrCache.size > 500) qrCache.clear();
    hit = QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: "M", color: { dark: "#1d2129", light: "#ffffff" } });
    qrCache.set(url, hit);
    hit.catch(() => qrCache.delete(url));
  }
  return hit;
}

export function medalView(medalType: number, map: { id: number; name: string }, held: MedalRow | undefined, qr: string): MedalView {
  const m = medalOf(medalType)!;
  return {
    medalType,
    isGet: held ? 1 : 0,
    continuousDays: m.days,
    businessType: CHECK_IN_BUSINESS,
    businessId: map.id,
    businessName: map.name,
    medalName: m.title,
    medalDesc: m.description,
    awardTime: held ? held.awardedAt.getTime() : null,
    medalShareQrCode: qr,
  };
}

export async function heldMedals(db: DbOrTx, userId: number, mapId: number) {
  return db
    .select()
    .from(checkInMedals)
    .where(and(eq(checkInMedals.userId, userId), eq(checkInMedals.businessType, CHECK_IN_BUSINESS), eq(checkInMedals.businessId, mapId)));
}

/**
 * Awards every medal whose days the learner's longest run has reached and that he does not hold yet.
 * The unique index decides a race: only the request whose insert made the row gets it back, so
 * the award pop-up shows once however many tabs ask at the same moment.
 */
export async function awardDue(db: DbOrTx, userId: number, mapId: number, longestRun: number, held: MedalRow[], now: Date): Promise<{ due: number; awarded: MedalRow[] }> {
  const due = MEDALS.filter((m) => m.days <= longestRun && !held.some((h) => h.medalType === m.medalType));
  if (!due.length) return { due: 0, awarded: [] };
  const awarded = await db
    .insert(checkInMedals)
    .values(due.map((m) => ({ userId, businessType: CHECK_IN_BUSINESS, businessId: mapId, medalType: m.medalType, continuousDays: m.days, awardedAt: now })))
    .onConflictDoNothing({ target: [checkInMedals.userId, checkInMedals.businessType, checkInMedals.businessId, checkInMedals.medalType] })
    .returning();
  return { due: due.length, awarded };
}

/** getCheckInMedal: the medals a learner holds, newest first, optionally of one map. */
export async function listMedals(db: DbOrTx, userId: number, filter: { businessType?: number; businessId?: number }): Promise<MedalView[]> {
  const rows = await db
    .select({ medal: checkInMedals, name: learningPaths.name })
    .from(checkInMedals)
    .leftJoin(learningPaths, eq(learningPaths.id, checkInMedals.businessId))
    .where(and(eq(checkInMedals.userId, userId), eq(checkInMedals.businessType, CHECK_IN_BUSINESS), filter.businessId ? eq(checkInMedals.businessId, filter.businessId) : undefined))
    .orderBy(desc(checkInMedals.awardedAt), desc(checkInMedals.medalType));
  const out: MedalView[] = [];
  for (const r of rows) {
    const map = { id: r.medal.businessId, name: r.name ?? "学习地图" };
    out.push(medalView(r.medal.medalType, map, r.medal, await shareQrCode(map.id)));
  }
  return out;
}
