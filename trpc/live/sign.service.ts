import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveSignRecords, liveSigns } from "@db/schema";
import { fail } from "@base/errors";
import { publishLive } from "./events";
import { addInteractions, assertOpen, findLive } from "./room.service";

type Sign = typeof liveSigns.$inferSelect;
const signView = (s: Sign, signNum = 0) => ({
  signId: s.id,
  liveId: s.liveId,
  status: s.status,
  durationSeconds: s.durationSeconds,
  startTime: s.startedAt.getTime(),
  endTime: s.endedAt ? s.endedAt.getTime() : s.startedAt.getTime() + s.durationSeconds * 1000,
  signNum,
});

async function latest(db: DbOrTx, liveId: number) {
  const [s] = await db.select().from(liveSigns).where(eq(liveSigns.liveId, liveId)).orderBy(desc(liveSigns.id)).limit(1);
  return s ?? null;
}
const isOpen = (s: Sign | null, now = Date.now()) => !!s && s.status === 1 && s.startedAt.getTime() + s.durationSeconds * 1000 > now;

async function signCount(db: DbOrTx, signId: number) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(liveSignRecords).where(eq(liveSignRecords.signId, signId));
  return r?.n ?? 0;
}

/** An admin opens a sign-in round; an open round is ended first. */
export async function startSign(db: DbOrTx, liveId: number, durationSeconds = 120) {
  await findLive(db, { liveId }, { admin: true });
  const prev = await latest(db, liveId);
  if (prev && prev.status === 1) await db.update(liveSigns).set({ status: 2, endedAt: new Date() }).where(eq(liveSigns.id, prev.id));
  const [s] = await db.insert(liveSigns).values({ liveId, durationSeconds, status: 1 }).returning();
  await publishLive(liveId, "sign_start", signView(s!));
  return signView(s!);
}

export async function endSign(db: DbOrTx, liveId: number) {
  const s = await latest(db, liveId);
  if (!s || s.status !== 1) throw fail("当前没有进行中的签到");
  const [ended] = await db.update(liveSigns).set({ status: 2, endedAt: new Date() }).where(and(eq(liveSigns.id, s.id), eq(liveSigns.status, 1))).returning();
  const view = signView(ended ?? s, await signCount(db, s.id));
  await publishLive(liveId, "sign_end", view);
  return view;
}

/** get/sign/status: the latest round and whether it is open. */
export async function signStatus(db: DbOrTx, liveId: number) {
  const s = await latest(db, liveId);
  if (!s) return { isSign: 0, status: 0, signId: null, startTime: null, endTime: null, signNum: 0 };
  return { isSign: isOpen(s) ? 1 : 0, ...signView(s, await signCount(db, s.id)), status: isOpen(s) ? 1 : 2 };
}

/** get/sign/user/info: has this learner signed the latest round. */
export async function signUserInfo(db: DbOrTx, liveId: number, userId: number) {
  const s = await latest(db, liveId);
  if (!s) return { isUserSign: 0, signId: null, signTime: null };
  const [r] = await db.select().from(liveSignRecords).where(and(eq(liveSignRecords.signId, s.id), eq(liveSignRecords.userId, userId)));
  return { isUserSign: r ? 1 : 0, signId: s.id, signTime: r ? r.createdAt.getTime() : null };
}

/** Signs the open round once; a second sign answers the first. */
export async function sign(db: DbOrTx, liveId: number, userId: number) {
  const live = await findLive(db, { liveId });
  await assertOpen(db, live, userId);
  const s = await latest(db, liveId);
  if (!isOpen(s)) throw fail("当前没有进行中的签到");
  const inserted = await db.insert(liveSignRecords).values({ signId: s!.id, liveId, userId }).onConflictDoNothing().returning();
  if (inserted.length) await addInteractions(db, liveId, [userId], 5);
  return { ...(await signUserInfo(db, liveId, userId)), firstTime: inserted.length ? 1 : 0 };
}
