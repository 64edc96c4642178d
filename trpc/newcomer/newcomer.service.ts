import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, GOODS_TYPE, identityCategories, liveSeries, NEWCOMER_CONTENT, newcomerAwards, newcomerRecommends, newcomerSettings, newcomerTasks, STUDY_CONTENT, userStudyDays, users } from "@db/schema";
import { badInput, fail } from "@base/errors";
import { env } from "@base/env.server";
import { mediaUrl } from "../course/view";
import { assertIdentityCodes, identityCategoryList } from "../identity/reference.service";
import { grantGoods } from "../order/goods.service";
import { division, districtTree } from "../org/district.service";
import type { AwardInput, SaveConfigInput } from "./schemas";

/** A learner counts as a newcomer for this many days after registering, until the gift is received. */
export const NEWCOMER_DAYS = 30;
const SETTING_ID = 1;

export const NOT_OPEN = "新人礼包暂未开放，敬请期待";
export const NOT_ON_SITE = "当前站点暂不提供新人礼包";
export const NOT_NEWCOMER = `新人礼包仅限新注册${NEWCOMER_DAYS}天内的用户领取`;
export const TASK_NOT_DONE = "请先完成新人任务：学习任意课程或直播满1分钟后即可领取";
export const AREA_UNKNOWN = "所属地区不正确";

/** Seconds of course or live study that complete the task (one minute unless set shorter for tests). */
export const taskSeconds = () => env().NEWCOMER_TASK_SECONDS;

/** An extra site hides the gift: any site path other than the main site's "". */
const onExtraSite = (sitePath: string | undefined) => !!sitePath?.replace(/^\/+|\/+$/g, "");

async function setting(db: DbOrTx) {
  const [row] = await db.select().from(newcomerSettings).where(eq(newcomerSettings.id, SETTING_ID)).limit(1);
  return row ?? null;
}
async function giftCourseId(db: DbOrTx): Promise<number | null> {
  return (await setting(db))?.giftCourseId ?? null;
}

async function giftCourse(db: DbOrTx) {
  const s = await setting(db);
  const id = s?.giftCourseId;
  if (!id) return null;
  const [c] = await db
    .select({ id: courses.id, name: courses.name, coverUrl: courses.coverUrl, price: courses.price, scribingPrice: courses.scribingPrice })
    .from(courses)
    .where(and(eq(courses.id, id), isNull(courses.deletedAt)))
    .limit(1);
  return c ? { ...c, enabledAt: s.enabledAt } : null;
}

/** Seconds of course and live study the server credited to the learner (user_study_days), never client figures. */
export async function studiedSeconds(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${userStudyDays.seconds}), 0)::int` })
    .from(userStudyDays)
    .where(and(eq(userStudyDays.userId, userId), inArray(userStudyDays.contentType, [STUDY_CONTENT.course, STUDY_CONTENT.live])));
  return Number(row?.s ?? 0);
}

/** Whether the task is done; the first time it is seen done, the moment is kept for the report. */
export async function taskComplete(db: DbOrTx, userId: number, now = new Date()): Promise<boolean> {
  const [done] = await db.select({ userId: newcomerTasks.userId }).from(newcomerTasks).where(eq(newcomerTasks.userId, userId)).limit(1);
  if (done) return true;
  if ((await studiedSeconds(db, userId)) < taskSeconds()) return false;
  await db.insert(newcomerTasks).values({ userId, completedAt: now }).onConflictDoNothing();
  return true;
}

/** Registered within NEWCOMER_DAYS, and not before the gift was first offered. */
async function registeredRecently(db: DbOrTx, userId: number, enabledAt: Date | null, now: Date) {
  const [u] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || (enabledAt && u.createdAt.getTime() < enabledAt.getTime())) return false;
  return now.getTime() - u.createdAt.getTime() <= NEWCOMER_DAYS * 86_400_000;
}

async function awardOf(db: DbOrTx, userId: number) {
  const [a] = await db.select().from(newcomerAwards).where(eq(newcomerAwards.userId, userId)).limit(1);
  return a ?? null;
}

/** The popup's list: content gone or offline is left out; type 3 shows its own name and cover. */
export async function recommendList(db: DbOrTx, opts: { all?: boolean } = {}) {
  const rows = await db.select().from(newcomerRecommends).orderBy(asc(newcomerRecommends.sort), asc(newcomerRecommends.id));
  const courseIds = rows.filter((r) => r.contentType === NEWCOMER_CONTENT.course).map((r) => r.contentId);
  const seriesIds = rows.filter((r) => r.contentType === NEWCOMER_CONTENT.liveSeries).map((r) => r.contentId);
  const cs = courseIds.length
    ? await db.select({ id: courses.id, name: courses.name, coverUrl: courses.coverUrl, joinedCount: courses.joinedCount, status: courses.status, deletedAt: courses.deletedAt }).from(courses).where(inArray(courses.id, courseIds))
    : [];
  const ss = seriesIds.length ? await db.select({ id: liveSeries.id, name: liveSeries.name, coverUrl: liveSeries.coverUrl, status: liveSeries.status }).from(liveSeries).where(inArray(liveSeries.id, seriesIds)) : [];
  const list: { recommendContentId: number; recommendContentType: number; name: string; coverUrl: string; joinNum: number }[] = [];
  for (const r of rows) {
    if (r.contentType === NEWCOMER_CONTENT.course) {
      const c = cs.find((x) => x.id === r.contentId);
      if (c && (opts.all || (c.status === 1 && !c.deletedAt))) list.push({ recommendContentId: c.id, recommendContentType: 1, name: c.name, coverUrl: mediaUrl(c.coverUrl), joinNum: c.joinedCount });
    } else if (r.contentType === NEWCOMER_CONTENT.liveSeries) {
      const s = ss.find((x) => x.id === r.contentId);
      if (s && (opts.all || s.status === 1)) list.push({ recommendContentId: s.id, recommendContentType: 2, name: s.name, coverUrl: mediaUrl(s.coverUrl), joinNum: 0 });
    } else list.push({ recommendContentId: r.contentId, recommendContentType: 3, name: r.name ?? "", coverUrl: mediaUrl(r.coverUrl), joinNum: 0 });
  }
  return list;
}

const NOT_SHOWN = { isNewcomer: false, isCompleteTask: false, recommendContentList: [] as Awaited<ReturnType<typeof recommendList>> };

/**
 * GET newcomer/task. A newcomer is a learner registered within NEWCOMER_DAYS who has not received the
 * gift, on the main site, while a gift course is set.
 */
export async function newcomerTask(db: DbOrTx, userId: number, sitePath: string | undefined, now = new Date()) {
  if (onExtraSite(sitePath)) return NOT_SHOWN;
  const gift = await giftCourse(db);
  if (!gift) return NOT_SHOWN;
  if (await awardOf(db, userId)) return NOT_SHOWN;
  if (!(await registeredRecently(db, userId, gift.enabledAt, now))) return NOT_SHOWN;
  const [isCompleteTask, recommendContentList] = await Promise.all([taskComplete(db, userId, now), recommendList(db)]);
  return { isNewcomer: true, isCompleteTask, recommendContentList };
}

const awardView = (c: { id: number; name: string; coverUrl: string; price: number; scribingPrice: number }) => ({
  id: c.id,
  name: c.name,
  coverUrl: mediaUrl(c.coverUrl),
  // The course's worth in cents (its price, or the crossed-out price of a course given free).
  price: c.price || c.scribingPrice,
});

/**
 * POST receive/newcomer/award. The award row (primary key user_id) and the course seat are written in
 * one transaction; a repeated or concurrent call finds the row and answers the course already given.
 */
export async function receiveAward(db: DbOrTx, userId: number, input: AwardInput, sitePath: string | undefined, now = new Date()) {
  if (onExtraSite(input.pathName || sitePath)) throw fail(NOT_ON_SITE);
  await assertIdentityCodes(db, [input.identity]);
  if (!division(input.areaCode)) throw badInput(AREA_UNKNOWN);
  const given = await awardOf(db, userId);
  if (given) {
    const [c] = await db.select().from(courses).where(eq(courses.id, given.courseId)).limit(1);
    if (c) return awardView(c);
  }
  const course = await giftCourse(db);
  if (!course) throw fail(NOT_OPEN);
  if (!(await registeredRecently(db, userId, course.enabledAt, now))) throw fail(NOT_NEWCOMER);
  if (!(await taskComplete(db, userId, now))) throw fail(TASK_NOT_DONE);
  const courseId = await db.transaction(async (tx) => {
    const [added] = await tx.insert(newcomerAwards).values({ userId, courseId: course.id, identity: input.identity, areaCode: input.areaCode, createdAt: now }).onConflictDoNothing().returning({ courseId: newcomerAwards.courseId });
    if (!added) {
      const [other] = await tx.select({ courseId: newcomerAwards.courseId }).from(newcomerAwards).where(eq(newcomerAwards.userId, userId)).limit(1);
      return other?.courseId ?? course.id;
    }
    await grantGoods(tx, userId, GOODS_TYPE.course, course.id, "newcomer");
    return course.id;
  });
  if (courseId === course.id) return awardView(course);
  const [c] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return awardView(c ?? course);
}

/** The receive popup's options: identity categories and provinces with their cities. */
export const identityOptions = (db: DbOrTx) => identityCategoryList(db);
export const areaOptions = () => districtTree({ level: 2 });

// Back office.

export async function config(db: DbOrTx) {
  const id = await giftCourseId(db);
  const [c] = id ? await db.select({ id: courses.id, name: courses.name, price: courses.price }).from(courses).where(eq(courses.id, id)).limit(1) : [];
  return { giftCourse: c ?? null, recommends: await recommendList(db, { all: true }) };
}

export async function saveConfig(db: DbOrTx, input: SaveConfigInput) {
  const giftId = input.giftCourseId ?? null;
  if (giftId) {
    const [c] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, giftId), isNull(courses.deletedAt))).limit(1);
    if (!c) throw badInput("礼包课程不存在");
  }
  const seen = new Set<string>();
  const recommends = input.recommends.filter((r) => {
    const key = `${r.contentType}-${r.contentId}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const courseIds = recommends.filter((r) => r.contentType === 1).map((r) => r.contentId);
  const seriesIds = recommends.filter((r) => r.contentType === 2).map((r) => r.contentId);
  if (courseIds.length && (await db.select({ id: courses.id }).from(courses).where(and(inArray(courses.id, courseIds), isNull(courses.deletedAt)))).length !== courseIds.length) throw badInput("推荐的课程不存在");
  if (seriesIds.length && (await db.select({ id: liveSeries.id }).from(liveSeries).where(inArray(liveSeries.id, seriesIds))).length !== seriesIds.length) throw badInput("推荐的直播系列不存在");
  await db.transaction(async (tx) => {
    await tx
      .insert(newcomerSettings)
      .values({ id: SETTING_ID, giftCourseId: giftId, enabledAt: giftId ? new Date() : null })
      .onConflictDoUpdate({ target: newcomerSettings.id, set: { giftCourseId: giftId, updatedAt: new Date(), enabledAt: giftId ? sql`coalesce(${newcomerSettings.enabledAt}, now())` : newcomerSettings.enabledAt } });
    await tx.delete(newcomerRecommends);
    if (recommends.length) await tx.insert(newcomerRecommends).values(recommends.map((r, i) => ({ contentType: r.contentType, contentId: r.contentId, sort: i + 1 })));
  });
  return config(db);
}

/** Completed tasks, awards received and the last 20 receivers with identity type and region. */
export async function report(db: DbOrTx) {
  const [[tasks], [awards], last] = await Promise.all([
    db.select({ n: count() }).from(newcomerTasks),
    db.select({ n: count() }).from(newcomerAwards),
    db
      .select({ userId: newcomerAwards.userId, nick: users.nick, mobile: users.mobile, identity: newcomerAwards.identity, identityName: identityCategories.name, areaCode: newcomerAwards.areaCode, courseName: courses.name, createdAt: newcomerAwards.createdAt })
      .from(newcomerAwards)
      .innerJoin(users, eq(users.id, newcomerAwards.userId))
      .leftJoin(identityCategories, eq(identityCategories.code, newcomerAwards.identity))
      .leftJoin(courses, eq(courses.id, newcomerAwards.courseId))
      .orderBy(desc(newcomerAwards.createdAt), desc(newcomerAwards.userId))
      .limit(20),
  ]);
  return {
    completedCount: Number(tasks?.n ?? 0),
    awardedCount: Number(awards?.n ?? 0),
    receivers: last.map((r) => ({
      userId: r.userId,
      nick: r.nick,
      mobile: r.mobile ? r.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, "$1****$2") : "",
      identityName: r.identityName ?? String(r.identity),
      areaName: areaNameOf(r.areaCode),
      courseName: r.courseName ?? "",
      receivedAt: r.createdAt.getTime(),
    })),
  };
}

/** "浙江省 杭州市" for a city code, the province for a province code. */
export function areaNameOf(code: string) {
  const d = division(code);
  if (!d) return code;
  const parent = d.parent ? division(d.parent) : undefined;
  return parent && parent.name !== d.name ? `${parent.name} ${d.name}` : d.name;
}
