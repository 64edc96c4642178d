import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveLikeBatches, liveMessages, liveMutes, liveNotices, lives, liveSensitiveWords, users } from "@db/schema";
import { catchUpPage, catchUpWant, freshReads, widenCatchUp, type CatchUpRun, type CatchUpWant } from "@base/catch-up";
import { fail, notFound } from "@base/errors";
import { commentRefusal as refusalOf, commentRulesOf, findSensitive, SENSITIVE_REFUSED, type LiveRoomRules } from "@base/live-comment";
import { publishLive } from "./events";
import { addInteractions, findLive, findWatchableLive, watchableLive } from "./room.service";
import type { LiveRef } from "./schemas";


type Message = typeof liveMessages.$inferSelect;
export const messageView = (m: Message) => ({ msgId: m.msgId, liveId: m.liveId, userId: m.userId, nick: m.nick, content: m.content, kind: m.kind, hidden: m.hidden, sentAt: m.sentAt.getTime() });

/** History for the room (the newest `pageSize`) and the reconnect catch-up (since = last seen ms); hidden messages left out. */
export async function messageList(db: DbOrTx, input: { liveId: number; since?: number; pageSize?: number }) {
  const size = input.pageSize ?? 50;
  if (input.since !== undefined) return messagesSince(db, input.liveId, input.since, size);
  const rows = await db.select().from(liveMessages).where(and(eq(liveMessages.liveId, input.liveId), eq(liveMessages.hidden, 0))).orderBy(desc(liveMessages.sentAt), desc(liveMessages.id)).limit(size);
  return rows.reverse().map(messageView);
}

export async function hiddenMessageIds(db: DbOrTx, liveId: number) {
  const rows = await db.select({ msgId: liveMessages.msgId }).from(liveMessages).where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 1)));
  return rows.map((r) => r.msgId);
}

// A room's chat is read by whoever may watch it, the rule that lets them join its socket; a live
// learners cannot see answers no comments, as one that does not exist always did.

/** messageList for a learner (userId) or a visitor (null). */
export async function roomMessages(db: DbOrTx, input: { liveId: number; since?: number; pageSize?: number }, userId: number | null) {
  return (await watchableLive(db, input.liveId, userId)) ? messageList(db, input) : [];
}

/** hiddenMessageIds for a learner (userId) or a visitor (null). */
export async function roomHiddenMessageIds(db: DbOrTx, liveId: number, userId: number | null) {
  return (await watchableLive(db, liveId, userId)) ? hiddenMessageIds(db, liveId) : [];
}

export async function sensitiveWords(db: DbOrTx): Promise<string[]> {
  return (await db.select({ word: liveSensitiveWords.word }).from(liveSensitiveWords)).map((r) => r.word);
}

export async function checkSensitive(db: DbOrTx, content: string) {
  const hit = findSensitive(await sensitiveWords(db), content);
  return { isSensitive: hit ? 1 : 0, pass: !hit, message: hit ? SENSITIVE_REFUSED : "" };
}

export async function setSensitiveWords(db: DbOrTx, words: string[]) {
  const unique = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
  await db.transaction(async (tx) => {
    await tx.delete(liveSensitiveWords);
    if (unique.length) await tx.insert(liveSensitiveWords).values(unique.map((word) => ({ word })));
  });
  return { count: unique.length };
}

/** What the realtime process caches per room and checks comments against (base/live-comment). */
export async function roomRules(db: DbOrTx, liveId: number): Promise<LiveRoomRules> {
  const [live] = await db.select({ muteAll: lives.muteAll }).from(lives).where(eq(lives.id, liveId));
  if (!live) throw notFound("直播不存在或已下线");
  const muted = await db.select({ userId: liveMutes.userId }).from(liveMutes).where(eq(liveMutes.liveId, liveId));
  return { muteAll: live.muteAll, mutedUserIds: muted.map((m) => m.userId), words: await sensitiveWords(db) };
}

/** Why this user may not comment now, or null. */
export async function commentRefusal(db: DbOrTx, liveId: number, userId: number, content: string): Promise<string | null> {
  return refusalOf(commentRulesOf(await roomRules(db, liveId)), userId, content);
}

export interface CommentBatchItem {
  msgId: string;
  userId: number;
  nick: string;
  content: string;
  sentAt: number;
}

/**
 * Stores a realtime process's batch: comments once each (by msgId), and its likes once per batch id
 * (a batch retried after its answer was lost is counted once). Without a batch id likes are counted as
 * they come.
 */
export async function saveComments(db: DbOrTx, liveId: number, items: CommentBatchItem[], likes = 0, batchId?: string) {
  let saved = 0;
  await db.transaction(async (tx) => {
    if (items.length) {
      const rows = await tx
        .insert(liveMessages)
        .values(items.map((i) => ({ msgId: i.msgId, liveId, userId: i.userId, nick: i.nick.slice(0, 40), content: i.content.slice(0, 500), sentAt: new Date(i.sentAt) })))
        .onConflictDoNothing()
        .returning({ userId: liveMessages.userId });
      saved = rows.length;
      const byUser = [...new Set(rows.map((r) => r.userId).filter((u): u is number => !!u))];
      await addInteractions(tx, liveId, byUser);
    }
    if (likes > 0 && batchId) {
      // Ids older than a day are forgotten on the way, a few at a time, never waiting on another room's batch.
      const stale = tx.select({ batchId: liveLikeBatches.batchId }).from(liveLikeBatches).where(lt(liveLikeBatches.createdAt, sql`now() - interval '1 day'`)).limit(100).for("update", { skipLocked: true });
      await tx.delete(liveLikeBatches).where(inArray(liveLikeBatches.batchId, stale));
      const [first] = await tx.insert(liveLikeBatches).values({ batchId, liveId }).onConflictDoNothing().returning({ batchId: liveLikeBatches.batchId });
      if (!first) return;
    }
    if (likes > 0) await tx.update(lives).set({ likeCount: sql`${lives.likeCount} + ${likes}` }).where(eq(lives.id, liveId));
  });
  return { saved };
}

/**
 * A message from the host or the assistant, stored and sent to the room at once. An admin speaks in any
 * live, hidden ones included (the console); a teacher (a flag of the account, not of one live) only in a
 * live learners see and the teacher may watch.
 */
export async function sendHostMessage(db: DbOrTx, liveId: number, user: { id: number; nick: string; isAdmin: number }, content: string, kind: "anchor" | "robot") {
  if (user.isAdmin === 1) await findLive(db, { liveId }, { admin: true });
  else await findWatchableLive(db, { liveId }, user.id);
  const msgId = randomUUID();
  const [m] = await db.insert(liveMessages).values({ msgId, liveId, userId: user.id, nick: kind === "robot" ? "直播助手" : user.nick, content, kind }).returning();
  await publishLive(liveId, "comment", messageView(m!));
  return messageView(m!);
}

export async function setHidden(db: DbOrTx, liveId: number, msgId: string, hidden: 0 | 1) {
  const [m] = await db.update(liveMessages).set({ hidden }).where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.msgId, msgId))).returning();
  if (!m) throw notFound("评论不存在");
  await publishLive(liveId, "hide_comment", { msgId, hidden });
  return messageView(m);
}

/** Mute or unmute one learner (userId) or the whole room (no userId). */
export async function setMute(db: DbOrTx, liveId: number, userId: number | undefined, mute: boolean) {
  await findLive(db, { liveId }, { admin: true });
  if (userId === undefined) {
    await db.update(lives).set({ muteAll: mute ? 1 : 0 }).where(eq(lives.id, liveId));
    await publishLive(liveId, mute ? "mute_all" : "unmute_all", {});
    return { muteAll: mute ? 1 : 0 };
  }
  const [u] = await db.select({ id: users.id, nick: users.nick }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound("用户不存在");
  if (mute) await db.insert(liveMutes).values({ liveId, userId }).onConflictDoNothing();
  else await db.delete(liveMutes).where(and(eq(liveMutes.liveId, liveId), eq(liveMutes.userId, userId)));
  await publishLive(liveId, mute ? "mute_user" : "unmute_user", { userId, nick: u.nick });
  return { userId, muted: mute ? 1 : 0 };
}

export async function mutedUsers(db: DbOrTx, liveId: number) {
  return db.select({ userId: liveMutes.userId, nick: users.nick, createdAt: liveMutes.createdAt }).from(liveMutes).innerJoin(users, eq(users.id, liveMutes.userId)).where(eq(liveMutes.liveId, liveId));
}

export async function currentNotice(db: DbOrTx, liveId: number) {
  const [n] = await db.select().from(liveNotices).where(eq(liveNotices.liveId, liveId)).orderBy(desc(liveNotices.id)).limit(1);
  return { liveId, content: n?.content ?? "", publishTime: n ? n.createdAt.getTime() : null };
}

/** currentNotice for a learner (userId) or a visitor (null): the host's notice is read in the room, by whoever may watch it. */
export async function roomNotice(db: DbOrTx, ref: LiveRef, userId: number | null) {
  return currentNotice(db, (await findWatchableLive(db, ref, userId)).id);
}

export async function publishNotice(db: DbOrTx, liveId: number, content: string) {
  await findLive(db, { liveId }, { admin: true });
  const [n] = await db.insert(liveNotices).values({ liveId, content }).returning();
  await publishLive(liveId, "notice", { content, publishTime: n!.createdAt.getTime() });
  return { id: n!.id, content, publishTime: n!.createdAt.getTime() };
}

/** All stored messages of a live for the back office (and its export). */
export async function messageRecords(db: DbOrTx, liveId: number, limit = 5000) {
  const rows = await db.select().from(liveMessages).where(eq(liveMessages.liveId, liveId)).orderBy(asc(liveMessages.sentAt)).limit(limit);
  return rows.map(messageView);
}

export async function messagesByIds(db: DbOrTx, msgIds: string[]) {
  if (!msgIds.length) return [];
  return (await db.select().from(liveMessages).where(inArray(liveMessages.msgId, msgIds))).map(messageView);
}

/** Emoji the comment box offers (getExpression). */
export const EXPRESSIONS = ["👍", "👏", "🌹", "❤️", "😀", "😂", "🤔", "🙏", "💪", "🎉", "✅", "❓"].map((code, i) => ({ id: i + 1, code, name: ["赞", "鼓掌", "鲜花", "爱心", "微笑", "大笑", "思考", "感谢", "加油", "庆祝", "收到", "提问"][i] }));

export function assertContent(content: string) {
  if (!content.trim()) throw fail("请输入评论内容");
}

// ---------- reconnect catch-up ----------

/**
 * The reconnect catch-up of a big room, read once for many viewers (decision 040). When a realtime process
 * restarts, every viewer of a room comes back within seconds and asks for the comments it missed (over the
 * socket, `?since=`, through `live.service.history`; or `live.messages` with `since`). Asked one by one,
 * 10,000 viewers were 10,000 queries in four seconds. Here they share reads (`freshReads`): a read fetches
 * every visible comment between its waiters' oldest and newest since, and the largest page after the
 * newest; each waiter takes its own page from it.
 */

type View = ReturnType<typeof messageView>;

/** Comments a shared read takes between its waiters' oldest and newest since; a page running past them is read on its own. */
export const SHARED_READ_ROWS = 2000;
/** A `since` older than this is no reconnect (a page asleep for long): it reads on its own. */
export const SHARED_READ_WINDOW_MS = 5 * 60_000;

// Per database handle, as tests run many in one process.
const readersOf = new WeakMap<object, (liveId: number, want: CatchUpWant) => Promise<CatchUpRun<View>>>();

/** The room's next shared read that starts after now (see `freshReads`). */
export function sharedCatchUp(db: DbOrTx, liveId: number, want: CatchUpWant): Promise<CatchUpRun<View>> {
  let reader = readersOf.get(db);
  if (!reader) readersOf.set(db, (reader = freshReads((id: number, w: CatchUpWant) => sharedRead(db, id, w), widenCatchUp)));
  return reader(liveId, want);
}

/** The first `size` visible messages of the room sent after `since`, oldest first. */
export async function messagesSince(db: DbOrTx, liveId: number, since: number, size: number): Promise<View[]> {
  if (since >= Date.now() - SHARED_READ_WINDOW_MS) {
    const page = catchUpPage(await sharedCatchUp(db, liveId, catchUpWant(since, size)), since, size);
    if (page) return page;
  }
  return (await visibleAfter(db, liveId, since, undefined, size)).map(messageView);
}

function visibleAfter(db: DbOrTx, liveId: number, after: number, upTo: number | undefined, limit: number) {
  const conds = [eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 0), gt(liveMessages.sentAt, new Date(after))];
  if (upTo !== undefined) conds.push(lte(liveMessages.sentAt, new Date(upTo)));
  return db.select().from(liveMessages).where(and(...conds)).orderBy(asc(liveMessages.sentAt), asc(liveMessages.id)).limit(limit);
}

/** Everything in (from, to] (up to SHARED_READ_ROWS) and the first `size` after `to`: one run in sending order. */
async function sharedRead(db: DbOrTx, liveId: number, want: CatchUpWant): Promise<CatchUpRun<View>> {
  const [between, after] = await Promise.all([
    want.to > want.from ? visibleAfter(db, liveId, want.from, want.to, SHARED_READ_ROWS + 1) : [],
    visibleAfter(db, liveId, want.to, undefined, want.size),
  ]);
  // Cut short between the sinces: what it holds is a run from the oldest, the rest is not known.
  if (between.length > SHARED_READ_ROWS) return { rows: between.slice(0, SHARED_READ_ROWS).map(messageView), complete: false };
  return { rows: [...between, ...after].map(messageView), complete: true };
}

/** A page shows at most a few hundred comments: the ids of the room's newest hidden ones cover them. */
const HIDDEN_IDS = 500;

/** The room's newest hidden comments, for the socket's history frame (a realtime call serves many viewers). */
export async function recentlyHiddenIds(db: DbOrTx, liveId: number): Promise<string[]> {
  const rows = await db
    .select({ msgId: liveMessages.msgId })
    .from(liveMessages)
    .where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 1)))
    .orderBy(desc(liveMessages.sentAt))
    .limit(HIDDEN_IDS);
  return rows.map((r) => r.msgId);
}
