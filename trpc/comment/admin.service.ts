import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { commentBans, commentReplies, courseComments, courses, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { COMMENT_GONE } from "./comment.service";

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const live = isNull(courseComments.deletedAt);

/** The back-office list: every live comment, filtered by course, keyword (content or author) and status. */
export async function pageComments(db: DbOrTx, input: { courseId?: number; keyword?: string; status?: number; pageNo: number; pageSize: number }) {
  const parts: (SQL | undefined)[] = [live];
  if (input.courseId) parts.push(eq(courseComments.courseId, input.courseId));
  if (input.status !== undefined) parts.push(eq(courseComments.status, input.status));
  if (input.keyword) parts.push(or(ilike(courseComments.content, likePattern(input.keyword)), ilike(users.nick, likePattern(input.keyword)), ilike(users.loginName, likePattern(input.keyword))));
  const where = and(...parts);
  const base = () =>
    db
      .select({ c: courseComments, nick: users.nick, loginName: users.loginName, courseName: courses.name, banned: commentBans.userId })
      .from(courseComments)
      .innerJoin(users, eq(users.id, courseComments.userId))
      .innerJoin(courses, eq(courses.id, courseComments.courseId))
      .leftJoin(commentBans, eq(commentBans.userId, courseComments.userId));
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(courseComments).innerJoin(users, eq(users.id, courseComments.userId)).where(where),
    base().where(where).orderBy(sql`${courseComments.pinnedAt} desc nulls last`, desc(courseComments.createdAt), desc(courseComments.id)),
  );
  const list = page.list.map(({ c, nick, loginName, courseName, banned }) => ({
    id: c.id,
    courseId: c.courseId,
    courseName,
    userId: c.userId,
    nick,
    loginName,
    content: c.content,
    status: c.status,
    isTop: c.pinnedAt ? 1 : 0,
    likeCount: c.likeCount,
    replyCount: c.replyCount,
    isBan: banned ? 1 : 0,
    createTime: ms(c.createdAt),
  }));
  return { ...page, list };
}

export async function deleteComments(db: DbOrTx, ids: number[]) {
  const rows = await db.update(courseComments).set({ deletedAt: new Date() }).where(and(inArray(courseComments.id, ids), live)).returning({ id: courseComments.id });
  return { count: rows.length };
}

export async function setStatus(db: DbOrTx, ids: number[], status: number) {
  const rows = await db.update(courseComments).set({ status }).where(and(inArray(courseComments.id, ids), live)).returning({ id: courseComments.id });
  return { count: rows.length };
}

async function liveComment(db: DbOrTx, id: number) {
  const [c] = await db.select().from(courseComments).where(and(eq(courseComments.id, id), live)).limit(1);
  if (!c) throw notFound(COMMENT_GONE);
  return c;
}

export async function pinComment(db: DbOrTx, id: number, top: number) {
  await liveComment(db, id);
  await db.update(courseComments).set({ pinnedAt: top ? new Date() : null }).where(eq(courseComments.id, id));
  return { id, isTop: top };
}

export async function replyTo(db: DbOrTx, adminId: number, input: { commentId: number; content: string }) {
  const c = await liveComment(db, input.commentId);
  return db.transaction(async (tx) => {
    const [r] = await tx.insert(commentReplies).values({ commentId: c.id, adminId, toUserId: c.userId, content: input.content }).returning();
    await tx.update(courseComments).set({ replyCount: sql`${courseComments.replyCount} + 1` }).where(eq(courseComments.id, c.id));
    return { id: r!.id, createTime: ms(r!.createdAt) };
  });
}

export async function repliesOf(db: DbOrTx, commentId: number) {
  await liveComment(db, commentId);
  const rows = await db
    .select({ r: commentReplies, adminNick: users.nick })
    .from(commentReplies)
    .leftJoin(users, eq(users.id, commentReplies.adminId))
    .where(eq(commentReplies.commentId, commentId))
    .orderBy(commentReplies.createdAt, commentReplies.id);
  return rows.map(({ r, adminNick }) => ({ id: r.id, commentId: r.commentId, content: r.content, adminNick: adminNick ?? "", isRead: r.readAt ? 1 : 0, createTime: ms(r.createdAt) }));
}

export async function deleteReply(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [r] = await tx.delete(commentReplies).where(eq(commentReplies.id, id)).returning();
    if (!r) throw notFound("回复不存在或已删除");
    await tx.update(courseComments).set({ replyCount: sql`greatest(${courseComments.replyCount} - 1, 0)` }).where(eq(courseComments.id, r.commentId));
    return { id };
  });
}

export async function banUser(db: DbOrTx, adminId: number, input: { userId: number; remark?: string }) {
  const [u] = await db.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!u) throw notFound("用户不存在");
  if (u.isAdmin === 1) throw fail("不能禁言管理员");
  await db
    .insert(commentBans)
    .values({ userId: input.userId, remark: input.remark ?? "", bannedBy: adminId })
    .onConflictDoUpdate({ target: commentBans.userId, set: input.remark === undefined ? { bannedBy: adminId } : { remark: input.remark, bannedBy: adminId } });
  return { userId: input.userId };
}

export async function unbanUser(db: DbOrTx, userId: number) {
  const rows = await db.delete(commentBans).where(eq(commentBans.userId, userId)).returning();
  if (!rows.length) throw notFound("该用户未被禁言");
  return { userId };
}

export async function setBanRemark(db: DbOrTx, userId: number, remark: string) {
  const rows = await db.update(commentBans).set({ remark }).where(eq(commentBans.userId, userId)).returning();
  if (!rows.length) throw notFound("该用户未被禁言");
  return { userId, remark };
}

export async function pageBans(db: DbOrTx, input: { keyword?: string; pageNo: number; pageSize: number }) {
  const where = input.keyword ? or(ilike(users.nick, likePattern(input.keyword)), ilike(users.loginName, likePattern(input.keyword))) : undefined;
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(commentBans).innerJoin(users, eq(users.id, commentBans.userId)).where(where),
    db
      .select({ b: commentBans, nick: users.nick, loginName: users.loginName })
      .from(commentBans)
      .innerJoin(users, eq(users.id, commentBans.userId))
      .where(where)
      .orderBy(desc(commentBans.createdAt), desc(commentBans.userId)),
  );
  return { ...page, list: page.list.map(({ b, nick, loginName }) => ({ userId: b.userId, nick, loginName, remark: b.remark, createTime: ms(b.createdAt) })) };
}

/** Courses that have comments, for the back-office course filter. */
export async function commentedCourses(db: DbOrTx) {
  return db
    .selectDistinct({ id: courses.id, name: courses.name })
    .from(courseComments)
    .innerJoin(courses, eq(courses.id, courseComments.courseId))
    .where(live)
    .orderBy(courses.id);
}
