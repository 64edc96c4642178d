import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { FEEDBACK_STATUS, FEEDBACK_STATUS_NAMES, feedbackReplies, feedbacks, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate, type PageRequest } from "@base/paging";
import { likePattern } from "@base/sql";
import { sendToUsers } from "../message/message.service";
import { isOwnUpload } from "../upload/access.service";
import { storageKeyOf, storagePath } from "../upload/file-ref";
import { freshFileUrl } from "../upload/upload.service";

/** One answer for a thread that is not the caller's, so a refusal never tells whether it exists. */
export const FEEDBACK_REFUSED = "反馈不存在或您无权查看";
export const FEEDBACK_CLOSED = "该反馈已关闭，如仍有问题请提交新的反馈";
export const NOT_OWN_IMAGE = "截图须为您本人上传的图片";
/** Station messages about answers carry this business type and the reply's id: one message per reply. */
export const FEEDBACK_REPLY_BUSINESS = "feedback:reply";

type Feedback = typeof feedbacks.$inferSelect;
type Reply = typeof feedbackReplies.$inferSelect;

const shown = (images: string[]) => images.map((p) => freshFileUrl(p, 3600));

/** Keeps each screenshot as this site's file path, after checking the learner uploaded it. */
async function ownImages(db: DbOrTx, userId: number, refs: string[] | undefined) {
  const paths: string[] = [];
  for (const ref of refs ?? []) {
    const key = storageKeyOf(ref);
    if (!key || !(await isOwnUpload(db, userId, key))) throw fail(NOT_OWN_IMAGE);
    paths.push(storagePath(key));
  }
  return paths;
}

const summary = (f: Feedback) => ({
  feedbackId: f.id,
  content: f.content,
  status: f.status,
  statusName: FEEDBACK_STATUS_NAMES[f.status] ?? "",
  createTime: f.createdAt.getTime(),
  lastReplyTime: f.lastReplyAt?.getTime() ?? null,
});

function thread(f: Feedback, replies: (Reply & { nick: string })[], owner: { nick: string }) {
  return {
    ...summary(f),
    images: shown(f.images),
    messages: [
      { id: 0, fromAdmin: 0, nick: owner.nick, content: f.content, images: shown(f.images), createTime: f.createdAt.getTime() },
      ...replies.map((r) => ({ id: r.id, fromAdmin: r.fromAdmin, nick: r.fromAdmin ? "平台客服" : r.nick, content: r.content, images: shown(r.images), createTime: r.createdAt.getTime() })),
    ],
  };
}

async function loadThread(db: DbOrTx, f: Feedback) {
  const [owner] = await db.select({ nick: users.nick }).from(users).where(eq(users.id, f.userId));
  const replies = await db
    .select({ r: feedbackReplies, nick: users.nick })
    .from(feedbackReplies)
    .innerJoin(users, eq(users.id, feedbackReplies.authorId))
    .where(eq(feedbackReplies.feedbackId, f.id))
    .orderBy(asc(feedbackReplies.id));
  return thread(f, replies.map((x) => ({ ...x.r, nick: x.nick })), owner ?? { nick: "" });
}

async function ownFeedback(db: DbOrTx, userId: number, feedbackId: number) {
  const [f] = await db.select().from(feedbacks).where(and(eq(feedbacks.id, feedbackId), eq(feedbacks.userId, userId)));
  if (!f) throw notFound(FEEDBACK_REFUSED);
  return f;
}

/**
 * The learner's message to the platform: a new feedback thread, or a follow-up in their own open thread
 * (which puts it back in the queue as 待处理).
 */
export async function sendUserMessage(db: DbOrTx, userId: number, input: { content: string; images?: string[]; feedbackId?: number }) {
  const images = await ownImages(db, userId, input.images);
  if (!input.feedbackId) {
    const [f] = await db.insert(feedbacks).values({ userId, content: input.content, images }).returning();
    return { feedbackId: f!.id, replyId: null as number | null, status: f!.status };
  }
  const f = await ownFeedback(db, userId, input.feedbackId);
  if (f.status === FEEDBACK_STATUS.closed) throw fail(FEEDBACK_CLOSED);
  const [r] = await db.insert(feedbackReplies).values({ feedbackId: f.id, authorId: userId, content: input.content, images }).returning();
  await db.update(feedbacks).set({ status: FEEDBACK_STATUS.pending, lastReplyAt: r!.createdAt }).where(eq(feedbacks.id, f.id));
  return { feedbackId: f.id, replyId: r!.id, status: FEEDBACK_STATUS.pending as number };
}

export async function myFeedbacks(db: DbOrTx, userId: number, page: PageRequest) {
  const where = eq(feedbacks.userId, userId);
  const p = await paginate(page, db.select({ total: count() }).from(feedbacks).where(where), db.select().from(feedbacks).where(where).orderBy(desc(feedbacks.id)).$dynamic());
  return { ...p, list: p.list.map(summary) };
}

export async function myFeedback(db: DbOrTx, userId: number, feedbackId: number) {
  return loadThread(db, await ownFeedback(db, userId, feedbackId));
}

// Back office ------------------------------------------------------------------------------------

export async function feedbackQueue(db: DbOrTx, input: PageRequest & { status?: number; keyword?: string }) {
  const conds = [];
  if (input.status !== undefined) conds.push(eq(feedbacks.status, input.status));
  if (input.keyword) conds.push(or(ilike(feedbacks.content, likePattern(input.keyword)), ilike(users.nick, likePattern(input.keyword)))!);
  const where = conds.length ? and(...conds) : undefined;
  const counts = await db.select({ status: feedbacks.status, n: count() }).from(feedbacks).groupBy(feedbacks.status);
  const rows = db
    .select({ f: feedbacks, nick: users.nick, mobile: users.mobile })
    .from(feedbacks)
    .innerJoin(users, eq(users.id, feedbacks.userId))
    .where(where)
    // Waiting questions first, oldest first; then the rest by latest activity.
    .orderBy(asc(sql`case when ${feedbacks.status} = 0 then 0 else 1 end`), asc(sql`case when ${feedbacks.status} = 0 then ${feedbacks.updatedAt} end`), desc(feedbacks.updatedAt))
    .$dynamic();
  const p = await paginate(input, db.select({ total: count() }).from(feedbacks).innerJoin(users, eq(users.id, feedbacks.userId)).where(where), rows);
  const page = { ...p, list: p.list.map((x) => ({ ...summary(x.f), userId: x.f.userId, nick: x.nick, mobile: x.mobile ?? "", imageCount: x.f.images.length })) };
  return { ...page, counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Record<number, number> };
}

async function anyFeedback(db: DbOrTx, feedbackId: number) {
  const [f] = await db.select().from(feedbacks).where(eq(feedbacks.id, feedbackId));
  if (!f) throw notFound("反馈不存在");
  return f;
}

export async function feedbackThread(db: DbOrTx, feedbackId: number) {
  return loadThread(db, await anyFeedback(db, feedbackId));
}

/** An admin's answer: the thread becomes 已回复 and its owner gets one station message for this reply. */
export async function answerFeedback(db: DbOrTx, adminId: number, input: { feedbackId: number; content: string }, opts: { pushUnread?: boolean } = {}) {
  const f = await anyFeedback(db, input.feedbackId);
  if (f.status === FEEDBACK_STATUS.closed) throw fail("该反馈已关闭");
  const [r] = await db.insert(feedbackReplies).values({ feedbackId: f.id, authorId: adminId, fromAdmin: 1, content: input.content }).returning();
  await db.update(feedbacks).set({ status: FEEDBACK_STATUS.answered, lastReplyAt: r!.createdAt }).where(eq(feedbacks.id, f.id));
  await sendToUsers(db, [f.userId], {
    title: "您的反馈有了新回复",
    content: `您提交的反馈“${f.content.slice(0, 30)}”已有回复：${input.content.slice(0, 100)}`,
    link: `/person/help?feedbackId=${f.id}`,
    businessType: FEEDBACK_REPLY_BUSINESS,
    businessId: r!.id,
  }, opts);
  return { feedbackId: f.id, replyId: r!.id, status: FEEDBACK_STATUS.answered as number };
}

export async function closeFeedback(db: DbOrTx, feedbackId: number) {
  const f = await anyFeedback(db, feedbackId);
  await db.update(feedbacks).set({ status: FEEDBACK_STATUS.closed }).where(eq(feedbacks.id, f.id));
  return { feedbackId: f.id, status: FEEDBACK_STATUS.closed as number };
}

