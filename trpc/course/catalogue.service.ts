import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courseChapters, courseCollections, courses, materialItems, tags, userChapterProgress } from "@db/schema";
import { isCourseOpenTo, requireStudy, userCourseOf, visibleCourse, type Viewer } from "./access.service";
import { freshDetailHtml } from "./rich-text";
import { courseCard, mediaUrl, studyHlsUrl, studyMediaUrl } from "./view";
import { isPaid } from "./access.service";

/** Learning status of the spec: 0 not started, 1 in progress, 2 completed. */
export function learningStatus(mine: { completed: number; progress: number; learnSeconds: number; lastLearnAt: Date | null } | null) {
  if (!mine) return 0;
  if (mine.completed) return 2;
  return mine.progress > 0 || mine.learnSeconds > 0 || mine.lastLearnAt ? 1 : 0;
}

export async function courseDetail(db: DbOrTx, viewer: Viewer | null, courseId: number) {
  const course = await visibleCourse(db, courseId, viewer);
  const [stats] = await db
    .select({
      sections: sql<number>`count(*) filter (where ${courseChapters.parentId} is not null)`.mapWith(Number),
      duration: sql<number>`coalesce(sum(${courseChapters.duration}), 0)`.mapWith(Number),
    })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const mine = viewer ? await userCourseOf(db, viewer.id, courseId) : null;
  const collected = viewer
    ? (await db.select().from(courseCollections).where(and(eq(courseCollections.userId, viewer.id), eq(courseCollections.courseId, courseId))).limit(1)).length > 0
    : false;
  const open = viewer ? await isCourseOpenTo(db, courseId, viewer.id) : true;
  return {
    ...courseCard(course),
    description: freshDetailHtml(course.description),
    teacherIntro: course.teacherIntro,
    teacherAvatar: mediaUrl(course.teacherAvatar),
    sectionCount: stats?.sections ?? 0,
    totalDuration: stats?.duration ?? 0,
    isLogin: viewer ? 1 : 0,
    isJoin: mine ? 1 : 0,
    isCollect: collected ? 1 : 0,
    isOpen: open ? 1 : 0,
    needBuy: isPaid(course) && !(mine && mine.payStatus === 1) ? 1 : 0,
    progress: mine?.progress ?? 0,
    learningStatus: learningStatus(mine),
    lastChapterId: mine?.lastChapterId ?? null,
    lastPosition: mine?.lastPosition ?? 0,
    studyUrl: `/study/platform?id=${course.id}`,
  };
}

type ChapterRow = typeof courseChapters.$inferSelect;
type Progress = typeof userChapterProgress.$inferSelect;

/** Chapters with their sections in order; `withMedia` adds playable URLs (only for learners with a place). */
export async function chapterTree(db: DbOrTx, courseId: number, userId: number | null, withMedia: boolean) {
  const rows = await db
    .select({ chapter: courseChapters, item: materialItems })
    .from(courseChapters)
    .leftJoin(materialItems, eq(materialItems.id, courseChapters.coursewareId))
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  const progress = new Map<number, Progress>();
  if (userId) {
    const list = await db
      .select()
      .from(userChapterProgress)
      .where(and(eq(userChapterProgress.userId, userId), eq(userChapterProgress.courseId, courseId)));
    for (const p of list) progress.set(p.chapterId, p);
  }
  const section = (c: ChapterRow, item: typeof materialItems.$inferSelect | null) => {
    const p = progress.get(c.id);
    return {
      id: c.id,
      chapterId: c.id,
      parentId: c.parentId,
      name: c.name,
      sort: c.sort,
      type: c.type,
      duration: c.duration,
      coursewareId: c.coursewareId,
      fileName: item?.fileName ?? "",
      url: withMedia && item ? studyMediaUrl(item.url, c.duration) : "",
      hlsUrl: withMedia && item?.hlsUrl ? studyHlsUrl(item.hlsUrl, c.duration) : "",
      maxPosition: p?.maxPosition ?? 0,
      lastPosition: p?.lastPosition ?? 0,
      watchedSeconds: p?.watchedSeconds ?? 0,
      completed: p?.completed ?? 0,
      learnStatus: p ? (p.completed ? 2 : 1) : 0,
    };
  };
  const chapters = rows.filter((r) => r.chapter.parentId === null);
  return chapters.map(({ chapter }) => ({
    id: chapter.id,
    chapterId: chapter.id,
    name: chapter.name,
    sort: chapter.sort,
    children: rows.filter((r) => r.chapter.parentId === chapter.id).map((r) => section(r.chapter, r.item)),
  }));
}

export async function courseChapterList(db: DbOrTx, viewer: Viewer | null, courseId: number) {
  await visibleCourse(db, courseId, viewer);
  return chapterTree(db, courseId, viewer?.id ?? null, false);
}

/** Documents of the course; download links only for learners who may study it. */
export async function courseFiles(db: DbOrTx, viewer: Viewer | null, courseId: number) {
  await visibleCourse(db, courseId, viewer);
  const mine = viewer ? await userCourseOf(db, viewer.id, courseId) : null;
  const canOpen = !!mine && mine.payStatus === 1;
  const rows = await db
    .select({ chapter: courseChapters, item: materialItems })
    .from(courseChapters)
    .innerJoin(materialItems, eq(materialItems.id, courseChapters.coursewareId))
    .where(and(eq(courseChapters.courseId, courseId), eq(courseChapters.type, 2)))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  return rows.map(({ chapter, item }) => ({
    id: chapter.id,
    chapterId: chapter.id,
    name: chapter.name,
    fileName: item.fileName ?? item.name,
    fileSize: item.fileSize,
    fileType: item.fileType,
    url: canOpen ? studyMediaUrl(item.url) : "",
  }));
}

/** What the study page needs: the tree with media and where to resume. */
export async function courseLearnDetail(db: DbOrTx, viewer: Viewer, courseId: number) {
  const { course, mine } = await requireStudy(db, courseId, viewer);
  const chapters = await chapterTree(db, courseId, viewer.id, true);
  const sections = chapters.flatMap((c) => c.children);
  const resume = sections.find((s) => s.id === mine.lastChapterId) ?? sections.find((s) => !s.completed) ?? sections[0] ?? null;
  return {
    course: courseCard(course),
    chapters,
    progress: mine.progress,
    completed: mine.completed,
    learnSeconds: mine.learnSeconds,
    lastChapterId: resume?.id ?? null,
    lastPosition: resume && resume.id === mine.lastChapterId ? mine.lastPosition : resume?.lastPosition ?? 0,
  };
}

export async function latestLearning(db: DbOrTx, viewer: Viewer, courseId: number) {
  const d = await courseLearnDetail(db, viewer, courseId);
  return { courseId, chapterId: d.lastChapterId, position: d.lastPosition, progress: d.progress, completed: d.completed };
}

/** Other released courses of the same category, most joined first (any category when it has none). */
export async function recommendCourses(db: DbOrTx, courseId: number | undefined, limit = 6) {
  const base = [eq(courses.status, COURSE_STATUS.released), isNull(courses.deletedAt)];
  let categoryId: number | null = null;
  if (courseId) {
    base.push(ne(courses.id, courseId));
    const [c] = await db.select({ categoryId: courses.categoryId }).from(courses).where(eq(courses.id, courseId)).limit(1);
    categoryId = c?.categoryId ?? null;
  }
  let rows = categoryId
    ? await db.select().from(courses).where(and(...base, eq(courses.categoryId, categoryId))).orderBy(desc(courses.joinedCount), desc(courses.id)).limit(limit)
    : [];
  if (rows.length < limit) {
    const seen = rows.map((r) => r.id);
    const more = await db
      .select()
      .from(courses)
      .where(and(...base, ...(seen.length ? [notInArray(courses.id, seen)] : [])))
      .orderBy(desc(courses.joinedCount), desc(courses.id))
      .limit(limit - rows.length);
    rows = [...rows, ...more];
  }
  return rows.map(courseCard);
}

/** Course cards by id in the given order, released only (for recommendation blocks and the home page). */
export async function courseCardsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.status, COURSE_STATUS.released), isNull(courses.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, courseCard(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is NonNullable<typeof c> => !!c);
}

/** Tags that released courses carry, for the course centre's tag filter. */
export async function courseTags(db: DbOrTx) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(sql`${tags.id} in (select unnest(${courses.tagIds}) from ${courses} where ${courses.status} = 1 and ${courses.deletedAt} is null)`)
    .orderBy(asc(tags.id));
}
