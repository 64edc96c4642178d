import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courseChapters, operateCategories, tags, userCourses } from "@db/schema";
import { userCourseOf, visibleCourse, type Viewer } from "./access.service";
import { learningStatus } from "./catalogue.service";
import { mediaUrl } from "./view";

// Answers for the partner (iPaaS) platform: a course's training summary and its classification.

/** Learn hours, chapters, learners and, for a signed-in caller, their own progress in the course. */
export async function trainInfo(db: DbOrTx, viewer: Viewer | null, courseId: number) {
  const course = await visibleCourse(db, courseId, viewer);
  const [shape] = await db
    .select({
      chapters: sql<number>`count(*) filter (where ${courseChapters.parentId} is null)`.mapWith(Number),
      sections: sql<number>`count(*) filter (where ${courseChapters.parentId} is not null)`.mapWith(Number),
      duration: sql<number>`coalesce(sum(${courseChapters.duration}), 0)`.mapWith(Number),
    })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const [done] = await db
    .select({ n: count() })
    .from(userCourses)
    .where(and(eq(userCourses.courseId, courseId), eq(userCourses.completed, 1)));
  const mine = viewer ? await userCourseOf(db, viewer.id, courseId) : null;
  return {
    courseId: course.id,
    name: course.name,
    coverUrl: mediaUrl(course.coverUrl),
    learnHour: course.learnHour,
    chapterNum: shape?.chapters ?? 0,
    sectionNum: shape?.sections ?? 0,
    totalDuration: shape?.duration ?? 0,
    joinNum: course.joinedCount,
    completedNum: done?.n ?? 0,
    isLogin: viewer ? 1 : 0,
    isJoin: mine ? 1 : 0,
    progress: mine?.progress ?? 0,
    learnTime: mine?.learnSeconds ?? 0,
    learningStatus: learningStatus(mine),
    isComplete: mine?.completed ?? 0,
    completeTime: mine?.completedAt ? mine.completedAt.getTime() : null,
    lastLearnTime: mine?.lastLearnAt ? mine.lastLearnAt.getTime() : null,
    studyUrl: `/study/platform?id=${course.id}`,
  };
}

/** The course's category with its parents (top first) and its tags. */
export async function tagInfo(db: DbOrTx, viewer: Viewer | null, courseId: number) {
  const course = await visibleCourse(db, courseId, viewer);
  const path: { id: number; name: string; parentId: number | null }[] = [];
  for (let id = course.categoryId, depth = 0; id && depth < 5; depth++) {
    const [c] = await db
      .select({ id: operateCategories.id, name: operateCategories.name, parentId: operateCategories.parentId })
      .from(operateCategories)
      .where(eq(operateCategories.id, id))
      .limit(1);
    if (!c) break;
    path.unshift(c);
    id = c.parentId;
  }
  const tagList = course.tagIds.length ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, course.tagIds)).orderBy(asc(tags.id)) : [];
  const leaf = path[path.length - 1];
  return {
    courseId: course.id,
    name: course.name,
    categoryId: leaf?.id ?? null,
    categoryName: leaf?.name ?? "",
    categoryPath: path.map((c) => c.name).join("/"),
    categories: path,
    tags: tagList.map((t) => ({ tagId: t.id, tagName: t.name })),
  };
}
