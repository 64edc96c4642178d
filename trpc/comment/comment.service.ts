import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COMMENT_STATUS, commentBans, commentLikes, commentReplies, courseComments, courses, users } from "@db/schema";
import { maskName } from "@base/format";
import { AppError, LegacyCode, fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { assertInRange, visibleCourse, type Viewer } from "../course/access.service";
import { findSensitive } from "@base/live-comment";
import { sensitiveWords } from "../live/message.service";
import { staticValue } from "../site/site.service";

export const BANNED = "您已被禁言，暂时无法发表评论";
export const TOO_FAST = "评论太频繁，请10秒后再试";
export const SENSITIVE = "评论包含敏感词，请修改后再发表";
export const CLOSED = "该课程已关闭评论";
export const COMMENT_GONE = "评论不存在或已删除";
/** One comment per user in this many milliseconds. */
export const COMMENT_INTERVAL_MS = 10_000;

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const live = isNull(courseComments.deletedAt);

async function isBanned(db: DbOrTx, userId: number) {
  const [row] = await db.select({ userId: commentBans.userId }).from(commentBans).where(eq(commentBans.userId, userId)).limit(1);
  return !!row;
}

async function commentsClosed(db: DbOrTx, courseId: number) {
  const value = await staticValue(db, "getDisabledCommentCourses");
  return Array.isArray(value) && value.some((v) => Number(v) === courseId);
}

/** Comments on a course: shown ones for everyone, plus the viewer's own hidden ones; pinned first, then newest. */
export async function listComments(db: DbOrTx, viewer: Viewer | null, input: { courseId: number; pageNo: number; pageSize: number }) {
  await visibleCourse(db, input.courseId, viewer);
  const seen = viewer
    ? or(eq(courseComments.status, COMMENT_STATUS.shown), eq(courseComments.userId, viewer.id))
    : eq(courseComments.status, COMMENT_STATUS.shown);
  const where = and(eq(courseComments.courseId, input.courseId), live, seen);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(courseComments).where(where),
    db
      .select({ c: courseComments, nick: users.nick, headPic: users.headPic })
      .from(courseComments)
      .innerJoin(users, eq(users.id, courseComments.userId))
      .where(where)
      .orderBy(sql`${courseComments.pinnedAt} desc nulls last`, desc(courseComments.createdAt), desc(courseComments.id)),
  );
  const ids = page.list.map((r) => r.c.id);
  const replies = ids.length
    ? await db.select().from(commentReplies).where(inArray(commentReplies.commentId, ids)).orderBy(commentReplies.createdAt, commentReplies.id)
    : [];
  const liked = new Set(
    viewer && ids.length
      ? (await db.select({ id: commentLikes.commentId }).from(commentLikes).where(and(eq(commentLikes.userId, viewer.id), inArray(commentLikes.commentId, ids)))).map((r) => r.id)
      : [],
  );
  const list = page.list.map(({ c, nick, headPic }) => {
    const mine = viewer?.id === c.userId;
    return {
      id: c.id,
      courseId: c.courseId,
      content: c.content,
      nick: mine ? nick : maskName(nick),
      headPic,
      isMine: mine ? 1 : 0,
      status: c.status,
      /** Only the author sees a hidden comment, with this mark. */
      statusText: c.status === COMMENT_STATUS.hidden ? "已隐藏" : "",
      isTop: c.pinnedAt ? 1 : 0,
      likeCount: c.likeCount,
      isPraise: liked.has(c.id) ? 1 : 0,
      replyCount: c.replyCount,
      createTime: ms(c.createdAt),
      replies: replies.filter((r) => r.commentId === c.id).map((r) => ({ id: r.id, content: r.content, nick: "管理员", createTime: ms(r.createdAt) })),
    };
  });
  return { ...page, list };
}

/**
 * Posting: logged-in, course visible and open to comments, the learner inside its open range (or holding
 * a place in it), not banned, clean text, not too fast.
 */
export async function addComment(db: DbOrTx, viewer: Viewer, input: { courseId: number; content: string }) {
  await visibleCourse(db, input.courseId, viewer);
  await assertInRange(db, input.courseId, viewer.id);
  if (await commentsClosed(db, input.courseId)) throw fail(CLOSED);
  if (await isBanned(db, viewer.id)) throw new AppError(LegacyCode.forbidden, BANNED);
  if (findSensitive(await sensitiveWords(db), input.content)) throw fail(SENSITIVE);
  const [last] = await db
    .select({ at: courseComments.createdAt })
    .from(courseComments)
    .where(eq(courseComments.userId, viewer.id))
    .orderBy(desc(courseComments.createdAt))
    .limit(1);
  if (last && Date.now() - last.at.getTime() < COMMENT_INTERVAL_MS) throw new AppError(LegacyCode.tooMany, TOO_FAST);
  const [row] = await db.insert(courseComments).values({ courseId: input.courseId, userId: viewer.id, content: input.content }).returning();
  return { id: row!.id, createTime: ms(row!.createdAt) };
}

async function seenComment(db: DbOrTx, viewer: Viewer, commentId: number) {
  const [c] = await db.select().from(courseComments).where(and(eq(courseComments.id, commentId), live)).limit(1);
  if (!c || (c.status !== COMMENT_STATUS.shown && c.userId !== viewer.id)) throw notFound(COMMENT_GONE);
  await visibleCourse(db, c.courseId, viewer);
  return c;
}

/** One like per user: status 1 likes, 0 takes it back, absent toggles; repeating a status changes nothing. */
export async function praise(db: DbOrTx, viewer: Viewer, input: { commentId: number; status?: 0 | 1 }) {
  await seenComment(db, viewer, input.commentId);
  return db.transaction(async (tx) => {
    const mine = and(eq(commentLikes.commentId, input.commentId), eq(commentLikes.userId, viewer.id));
    const [had] = await tx.select({ id: commentLikes.commentId }).from(commentLikes).where(mine).limit(1);
    const want = input.status === undefined ? !had : input.status === 1;
    if (want && !had) {
      const added = await tx.insert(commentLikes).values({ commentId: input.commentId, userId: viewer.id }).onConflictDoNothing().returning();
      if (added.length) await tx.update(courseComments).set({ likeCount: sql`${courseComments.likeCount} + 1` }).where(eq(courseComments.id, input.commentId));
    } else if (!want && had) {
      const removed = await tx.delete(commentLikes).where(mine).returning();
      if (removed.length) await tx.update(courseComments).set({ likeCount: sql`greatest(${courseComments.likeCount} - 1, 0)` }).where(eq(courseComments.id, input.commentId));
    }
    const [c] = await tx.select({ likeCount: courseComments.likeCount }).from(courseComments).where(eq(courseComments.id, input.commentId));
    return { isPraise: want ? 1 : 0, likeCount: c!.likeCount };
  });
}

const mineWhere = (userId: number) => and(eq(commentReplies.toUserId, userId), live);

/** 回复我的: admin replies to the user's comments, newest first. */
export async function repliesToMe(db: DbOrTx, userId: number, input: { pageNo: number; pageSize: number }) {
  const where = mineWhere(userId);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(commentReplies).innerJoin(courseComments, eq(courseComments.id, commentReplies.commentId)).where(where),
    db
      .select({ r: commentReplies, comment: courseComments.content, courseId: courseComments.courseId, courseName: courses.name })
      .from(commentReplies)
      .innerJoin(courseComments, eq(courseComments.id, commentReplies.commentId))
      .innerJoin(courses, eq(courses.id, courseComments.courseId))
      .where(where)
      .orderBy(desc(commentReplies.createdAt), desc(commentReplies.id)),
  );
  const list = page.list.map(({ r, comment, courseId, courseName }) => ({
    id: r.id,
    commentId: r.commentId,
    courseId,
    courseName,
    commentContent: comment,
    content: r.content,
    nick: "管理员",
    isRead: r.readAt ? 1 : 0,
    createTime: ms(r.createdAt),
  }));
  return { ...page, list };
}

export async function unreadReplyCount(db: DbOrTx, userId: number) {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commentReplies)
    .innerJoin(courseComments, eq(courseComments.id, commentReplies.commentId))
    .where(and(mineWhere(userId), isNull(commentReplies.readAt)))) as [{ n: number }];
  return n;
}

export async function readReplies(db: DbOrTx, userId: number, id: number | null) {
  const rows = await db
    .update(commentReplies)
    .set({ readAt: new Date() })
    .where(and(eq(commentReplies.toUserId, userId), isNull(commentReplies.readAt), id ? eq(commentReplies.id, id) : undefined))
    .returning({ id: commentReplies.id });
  return { count: rows.length, unReadCount: await unreadReplyCount(db, userId) };
}

