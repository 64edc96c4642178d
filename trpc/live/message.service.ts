import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveMessages, liveMutes, liveNotices, lives, liveSensitiveWords, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { commentRefusal as refusalOf, commentRulesOf, findSensitive, SENSITIVE_REFUSED, type LiveRoomRules } from "@base/live-comment";
import { publishLive } from "./events";
import { addInteractions, findLive } from "./room.service";


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

/** Stores a batch from the realtime process; a retried batch is stored once (msgId unique). */
export async function saveComments(db: DbOrTx, liveId: number, items: CommentBatchItem[], likes = 0) {
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
    if (likes > 0) await tx.update(lives).set({ likeCount: sql`${lives.likeCount} + ${likes}` }).where(eq(lives.id, liveId));
  });
  return { saved };
}

/** A message from the host or the assistant, stored and sent to the room at once. */
export async function sendHostMessage(db: DbOrTx, liveId: number, user: { id: number; nick: string }, content: string, kind: "anchor" | "robot") {
  await findLive(db, { liveId }, { admin: true });
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
 * The reconnect catch-up of a big room, read once for many viewers (decision 040).
 *
 * When a realtime process restarts, every viewer of a room comes back within seconds and asks for the
 * comments it missed (`live.messages` with `since`). Each asking on its own meant one query and up to 200
 * rows mapped per viewer: 10,000 viewers were 10,000 queries in four seconds. Here the viewers of a room
 * share reads: a request waits for the next read of the room that starts after it arrived (never one
 * already running, which might have missed a comment stored just before the request), and that read
 * fetches what its waiters need: every message between their oldest and newest `since`, and the largest
 * page after the newest. Each waiter then takes its own page from it. So an answer is as fresh as a query
 * of its own, and a storm costs one read per read-time and room, not one per viewer.
 */

type View = ReturnType<typeof messageView>;
type Read = { rows: View[]; complete: boolean };
type Want = { from: number; to: number; size: number };
type Pending = { want: Want; promise: Promise<Read>; settle: (p: Promise<Read>) => void };
type Room = { running?: Promise<Read>; next?: Pending };

/** Rows a shared read takes between its waiters' oldest and newest since; a page running past them is read on its own. */
export const SHARED_READ_ROWS = 2000;
/** A `since` older than this is no reconnect (a page asleep for long): it reads on its own. */
export const SHARED_READ_WINDOW_MS = 5 * 60_000;

// Per database handle, as tests run many in one process; a room's entry goes when it is idle.
const roomsOf = new WeakMap<object, Map<number, Room>>();

/** The first `size` visible messages of the room sent after `since`, oldest first. */
export function messagesSince(db: DbOrTx, liveId: number, since: number, size: number): Promise<View[]> {
  return since < Date.now() - SHARED_READ_WINDOW_MS ? ownRead(db, liveId, since, size) : sharedPage(db, liveId, since, size);
}

async function ownRead(db: DbOrTx, liveId: number, since: number, size: number) {
  return (await visibleAfter(db, liveId, since, undefined, size)).map(messageView);
}

function visibleAfter(db: DbOrTx, liveId: number, after: number, upTo: number | undefined, limit: number) {
  const conds = [eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 0), gt(liveMessages.sentAt, new Date(after))];
  if (upTo !== undefined) conds.push(lte(liveMessages.sentAt, new Date(upTo)));
  return db.select().from(liveMessages).where(and(...conds)).orderBy(asc(liveMessages.sentAt), asc(liveMessages.id)).limit(limit);
}

/** Everything in (from, to] (up to SHARED_READ_ROWS) and the first `size` after `to`: one sending-ordered run. */
async function sharedRead(db: DbOrTx, liveId: number, want: Want): Promise<Read> {
  const [between, after] = await Promise.all([
    want.to > want.from ? visibleAfter(db, liveId, want.from, want.to, SHARED_READ_ROWS + 1) : [],
    visibleAfter(db, liveId, want.to, undefined, want.size),
  ]);
  // Cut short between the sinces: what it holds is a run from the oldest, the rest is not known.
  if (between.length > SHARED_READ_ROWS) return { rows: between.slice(0, SHARED_READ_ROWS).map(messageView), complete: false };
  return { rows: [...between, ...after].map(messageView), complete: true };
}

async function sharedPage(db: DbOrTx, liveId: number, since: number, size: number) {
  const read = await nextRead(db, liveId, { from: since, to: since, size });
  const from = firstAfter(read.rows, since);
  const page = read.rows.slice(from, from + size);
  if (page.length < size && !read.complete) return ownRead(db, liveId, since, size);
  return page;
}

/** Index of the first row sent after `since` (rows are in sending order). */
function firstAfter(rows: View[], since: number) {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]!.sentAt > since) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Joins the room's next read that starts after now: starts one if none runs, else the one queued behind it. */
function nextRead(db: DbOrTx, liveId: number, want: Want): Promise<Read> {
  let rooms = roomsOf.get(db);
  if (!rooms) roomsOf.set(db, (rooms = new Map()));
  let room = rooms.get(liveId);
  if (!room) rooms.set(liveId, (room = {}));
  if (!room.running) return start(db, liveId, rooms, room, want);
  const next = room.next;
  if (next) {
    next.want = { from: Math.min(next.want.from, want.from), to: Math.max(next.want.to, want.to), size: Math.max(next.want.size, want.size) };
    return next.promise;
  }
  let settle!: (p: Promise<Read>) => void;
  const promise = new Promise<Read>((resolve) => (settle = resolve));
  room.next = { want, promise, settle };
  return promise;
}

function start(db: DbOrTx, liveId: number, rooms: Map<number, Room>, room: Room, want: Want): Promise<Read> {
  const running = sharedRead(db, liveId, want);
  room.running = running;
  const done = () => {
    room.running = undefined;
    const next = room.next;
    room.next = undefined;
    if (next) next.settle(start(db, liveId, rooms, room, next.want));
    else rooms.delete(liveId);
  };
  running.then(done, done);
  return running;
}
