import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { MESSAGE_KIND, stationMessages, type MessageKind } from "@db/schema";
import { paginate } from "@base/paging";
import { afterCommit, committedDb } from "@base/after-commit";
import { publishUnread } from "../realtime/publish";

type Row = typeof stationMessages.$inferSelect;
export const INSERT_BATCH = 1000;
const PUBLISH_CONCURRENCY = 8;
/** Copies of a withdrawn back-office message stay stored (read counts) but are no longer the learner's. */
const visible = isNull(stationMessages.withdrawnAt);
const ofKind = (kind: MessageKind) => eq(stationMessages.kind, kind);

export interface StationMessageDraft {
  title: string;
  content: string;
  link?: string | null;
  /** The event that caused the message; with businessId it makes sending idempotent per user. */
  businessType?: string | null;
  businessId?: string | number | null;
  /** A station message (default) or a mail. */
  kind?: MessageKind;
}

export const messageView = (m: Row) => ({
  id: m.id,
  title: m.title,
  content: m.content,
  linkUrl: m.link ?? "",
  businessType: m.businessType ?? "",
  businessId: m.businessId ?? "",
  isRead: m.readAt ? 1 : 0,
  readTime: m.readAt ? m.readAt.getTime() : null,
  createTime: m.createdAt.getTime(),
});

/**
 * Sends one message to many users, in batches of INSERT_BATCH rows. A user who already has a message
 * of the same event gets nothing new. Answers the users who received one now; their open pages are
 * told the new unread count (in the background: a realtime outage must not fail the event).
 */
export async function sendToUsers(db: DbOrTx, userIds: readonly number[], draft: StationMessageDraft, opts: { pushUnread?: boolean } = {}): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const businessId = draft.businessId === undefined || draft.businessId === null ? null : String(draft.businessId);
  const received: number[] = [];
  for (let i = 0; i < unique.length; i += INSERT_BATCH) {
    const chunk = unique.slice(i, i + INSERT_BATCH);
    const rows = await db
      .insert(stationMessages)
      .values(chunk.map((userId) => ({ userId, title: draft.title, content: draft.content, link: draft.link ?? null, kind: draft.kind ?? MESSAGE_KIND.station, businessType: draft.businessType ?? null, businessId })))
      .onConflictDoNothing()
      .returning({ userId: stationMessages.userId });
    received.push(...rows.map((r) => r.userId));
  }
  // The seed sends with pushUnread false: nobody is online and no realtime process runs yet.
  if (received.length && opts.pushUnread !== false) {
    const root = committedDb(db);
    afterCommit(() => track(tellUnread(root, received)));
  }
  return received;
}

const inFlight = new Set<Promise<void>>();
const track = (p: Promise<void>) => {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
};
/** Tells these users their unread count in the background (after a withdrawal, for instance). */
export function pushUnreadLater(db: DbOrTx, userIds: number[]) {
  const root = committedDb(db);
  if (userIds.length) afterCommit(() => track(tellUnread(root, userIds)));
}

/** Waits for unread counts still being pushed (tests, shutdown). */
export async function settleUnreadPushes() {
  while (inFlight.size) await Promise.all([...inFlight]);
}

/** Pushes each user's unread count to their open pages, a few at a time. */
export async function tellUnread(db: DbOrTx, userIds: number[]) {
  for (let i = 0; i < userIds.length; i += INSERT_BATCH) {
    const chunk = userIds.slice(i, i + INSERT_BATCH);
    try {
      const counts = await unreadCounts(db, chunk);
      const queue = chunk.map((u) => [u, counts.get(u) ?? 0] as const);
      await Promise.all(
        Array.from({ length: Math.min(PUBLISH_CONCURRENCY, queue.length) }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await publishUnread(next[0], next[1]);
        }),
      );
    } catch (e) {
      console.warn(`station messages: unread counts not pushed: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`);
    }
  }
}

/** The header badge's unreadNum: unread station messages and mails together. */
export async function unreadCounts(db: DbOrTx, userIds: number[]) {
  const rows = await db
    .select({ userId: stationMessages.userId, n: count() })
    .from(stationMessages)
    .where(and(inArray(stationMessages.userId, userIds), isNull(stationMessages.readAt), visible))
    .groupBy(stationMessages.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The learner's unread count: of every kind (the header badge), or of one kind (a tab). */
export async function unreadCount(db: DbOrTx, userId: number, kind?: MessageKind): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(stationMessages)
    .where(and(eq(stationMessages.userId, userId), isNull(stationMessages.readAt), visible, kind ? ofKind(kind) : undefined));
  return Number(r?.n ?? 0);
}

/** The learner's station messages (or mails), newest first; unreadNum counts that kind. */
export async function pageMessages(db: DbOrTx, userId: number, pageNo: number, pageSize: number, kind: MessageKind = MESSAGE_KIND.station) {
  const where = and(eq(stationMessages.userId, userId), visible, ofKind(kind));
  const page = await paginate(
    { pageNo, pageSize },
    db.select({ total: sql<number>`count(*)::int` }).from(stationMessages).where(where),
    db.select().from(stationMessages).where(where).orderBy(desc(stationMessages.createdAt), desc(stationMessages.id)),
  );
  return { ...page, list: page.list.map(messageView), unreadNum: await unreadCount(db, userId, kind) };
}

/**
 * Marks the given station messages (or all, when ids is null) of this user read; answers the badge's
 * unread count left (mails are read one by one, by opening them: mail.service.ts).
 */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | null) {
  const conds = [eq(stationMessages.userId, userId), isNull(stationMessages.readAt), visible, ofKind(MESSAGE_KIND.station)];
  if (ids) conds.push(inArray(stationMessages.id, ids));
  const changed = await db.update(stationMessages).set({ readAt: new Date() }).where(and(...conds)).returning({ id: stationMessages.id });
  const unreadNum = await unreadCount(db, userId);
  if (changed.length) void publishUnread(userId, unreadNum);
  return { updated: changed.length, unreadNum };
}
