import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { MESSAGE_KIND, stationMessages } from "@db/schema";
import { notFound } from "@base/errors";
import { messageView, pageMessages, pushUnreadLater, unreadCount } from "./message.service";

// Mails (learner-calls.md "Comments, mail, notices"): letters from the platform, written in the back office
// like station messages (admin_messages with kind 2) and delivered into the same rows; see
// docs/decisions/037-ranking-mail-notices.md.

export const MAIL_GONE = "邮件不存在或已删除";
const mine = (userId: number, id: number) =>
  and(eq(stationMessages.id, id), eq(stationMessages.userId, userId), eq(stationMessages.kind, MESSAGE_KIND.mail), isNull(stationMessages.withdrawnAt));

/** mail unRead: the learner's unread mails. */
export async function unreadMails(db: DbOrTx, userId: number) {
  return { unReadCount: await unreadCount(db, userId, MESSAGE_KIND.mail) };
}

/** mail list: newest first, each with its read state. */
export const pageMails = (db: DbOrTx, userId: number, pageNo: number, pageSize: number) => pageMessages(db, userId, pageNo, pageSize, MESSAGE_KIND.mail);

/**
 * mail detail: the learner's own mail only (another learner's id reads as missing). The first reading
 * marks it read and tells the learner's open pages the badge's new count; reading again changes nothing.
 */
export async function readMail(db: DbOrTx, userId: number, id: number) {
  const [marked] = await db
    .update(stationMessages)
    .set({ readAt: new Date() })
    .where(and(mine(userId, id), isNull(stationMessages.readAt)))
    .returning();
  const row = marked ?? (await db.select().from(stationMessages).where(mine(userId, id)).limit(1))[0];
  if (!row) throw notFound(MAIL_GONE);
  if (marked) pushUnreadLater(db, [userId]);
  return messageView(row);
}
