import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courseChapters, courseOpenRanges, courses, materialItems, orgGroups, orgRoles, tags } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import type { AdminCoursePageInput, SaveBaseInput, SaveCoursewareInput } from "./schemas";
import { openRange } from "./access.service";
import { freshDetailHtml, sanitizeCourseHtml } from "./rich-text";
import { chapterTree } from "./catalogue.service";
import { likePattern } from "@base/sql";
import { courseCard, mediaUrl } from "./view";
import { dateText, toXlsx } from "@base/xlsx";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";

export const STATUS_TEXT: Record<number, string> = { 0: "草稿", 1: "已发布", 2: "已下架" };

async function findCourse(db: DbOrTx, id: number) {
  const [c] = await db.select().from(courses).where(and(eq(courses.id, id), isNull(courses.deletedAt))).limit(1);
  if (!c) throw notFound("课程不存在或已删除");
  return c;
}

function adminRow(c: typeof courses.$inferSelect, sections = 0) {
  return {
    ...courseCard(c),
    storedCoverUrl: c.coverUrl,
    statusText: STATUS_TEXT[c.status] ?? "",
    sort: c.sort,
    sectionCount: sections,
    createTime: c.createdAt.getTime(),
    updateTime: c.updatedAt.getTime(),
  };
}

function pageWhere(input: Pick<AdminCoursePageInput, "keyword" | "status" | "categoryId">) {
  const conds: SQL[] = [isNull(courses.deletedAt)];
  if (input.keyword) {
    const like = likePattern(input.keyword);
    conds.push(sql`(${courses.name} ilike ${like} or ${courses.teacherName} ilike ${like})`);
  }
  if (input.status !== undefined) conds.push(eq(courses.status, input.status));
  if (input.categoryId) conds.push(eq(courses.categoryId, input.categoryId));
  return and(...conds);
}

export async function pageCourses(db: DbOrTx, input: AdminCoursePageInput) {
  const where = pageWhere(input);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(courses).where(where),
    db.select().from(courses).where(where).orderBy(desc(courses.updatedAt), desc(courses.id)),
  );
  const ids = page.list.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ courseId: courseChapters.courseId, n: count() })
        .from(courseChapters)
        .where(and(inArray(courseChapters.courseId, ids), sql`${courseChapters.parentId} is not null`))
        .groupBy(courseChapters.courseId)
    : [];
  const byId = new Map(counts.map((c) => [c.courseId, c.n]));
  return { ...page, list: page.list.map((r) => adminRow(r, byId.get(r.id) ?? 0)) };
}

export async function courseCount(db: DbOrTx) {
  const [r] = await db
    .select({
      total: count(),
      draft: sql<number>`count(*) filter (where ${courses.status} = 0)`.mapWith(Number),
      released: sql<number>`count(*) filter (where ${courses.status} = 1)`.mapWith(Number),
      offline: sql<number>`count(*) filter (where ${courses.status} = 2)`.mapWith(Number),
    })
    .from(courses)
    .where(isNull(courses.deletedAt));
  return r ?? { total: 0, draft: 0, released: 0, offline: 0 };
}

export async function getCourseForAdmin(db: DbOrTx, id: number) {
  const c = await findCourse(db, id);
  return {
    ...adminRow(c),
    description: freshDetailHtml(c.description),
    teacherIntro: c.teacherIntro,
    teacherAvatar: mediaUrl(c.teacherAvatar),
    storedTeacherAvatar: c.teacherAvatar,
    openRange: await openRange(db, id),
    chapters: await chapterTree(db, id, null, true),
  };
}

export async function saveBase(db: DbOrTx, adminId: number, input: SaveBaseInput) {
  const values = {
    name: input.name,
    coverUrl: input.coverUrl,
    intro: input.intro,
    teacherName: input.teacherName,
    teacherIntro: input.teacherIntro,
    teacherAvatar: input.teacherAvatar,
    categoryId: input.categoryId,
    tagIds: input.tagIds,
    isFree: input.isFree,
    price: input.price,
    scribingPrice: input.scribingPrice,
    learnHour: input.learnHour,
    sort: input.sort,
  };
  if (input.id) {
    await findCourse(db, input.id);
    await db.update(courses).set(values).where(eq(courses.id, input.id));
    return { id: input.id };
  }
  const [row] = await db.insert(courses).values({ ...values, status: COURSE_STATUS.draft, createdBy: adminId }).returning({ id: courses.id });
  return { id: row!.id };
}

export async function saveDetail(db: DbOrTx, id: number, description: string) {
  await findCourse(db, id);
  const clean = sanitizeCourseHtml(description);
  await db.update(courses).set({ description: clean }).where(eq(courses.id, id));
  return { id };
}

export async function saveOpen(db: DbOrTx, id: number, ranges: { kind: "role" | "group" | "tag" | "region"; target: string }[]) {
  await findCourse(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(courseOpenRanges).where(eq(courseOpenRanges.courseId, id));
    if (ranges.length) await tx.insert(courseOpenRanges).values(ranges.map((r) => ({ courseId: id, ...r }))).onConflictDoNothing();
  });
  return { id, openRange: await openRange(db, id) };
}

/** Replaces the chapter tree, keeping the ids (and so learners' progress) of chapters and sections that stay. */
export async function saveCourseware(db: DbOrTx, input: SaveCoursewareInput) {
  await findCourse(db, input.id);
  const wareIds = [...new Set(input.chapters.flatMap((c) => c.children.map((s) => s.coursewareId)))];
  const wares = wareIds.length ? await db.select().from(materialItems).where(and(inArray(materialItems.id, wareIds), isNull(materialItems.deletedAt))) : [];
  const wareById = new Map(wares.map((w) => [w.id, w]));
  for (const id of wareIds) if (!wareById.has(id)) throw badInput("所选课件不存在或已删除");
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: courseChapters.id }).from(courseChapters).where(eq(courseChapters.courseId, input.id));
    const own = new Set(existing.map((e) => e.id));
    const kept = new Set<number>();
    let sort = 0;
    for (const ch of input.chapters) {
      sort += 1;
      let chapterId: number;
      if (ch.id && own.has(ch.id)) {
        await tx.update(courseChapters).set({ name: ch.name, sort, parentId: null, coursewareId: null, duration: 0 }).where(eq(courseChapters.id, ch.id));
        chapterId = ch.id;
      } else {
        const [row] = await tx.insert(courseChapters).values({ courseId: input.id, name: ch.name, sort }).returning({ id: courseChapters.id });
        chapterId = row!.id;
      }
      kept.add(chapterId);
      for (const s of ch.children) {
        sort += 1;
        const w = wareById.get(s.coursewareId)!;
        const values = { name: s.name, sort, parentId: chapterId, coursewareId: w.id, type: w.fileType === 2 ? 2 : 1, duration: w.fileType === 2 ? 0 : w.duration };
        if (s.id && own.has(s.id)) {
          await tx.update(courseChapters).set(values).where(eq(courseChapters.id, s.id));
          kept.add(s.id);
        } else {
          const [row] = await tx.insert(courseChapters).values({ courseId: input.id, ...values }).returning({ id: courseChapters.id });
          kept.add(row!.id);
        }
      }
    }
    const gone = [...own].filter((id) => !kept.has(id));
    if (gone.length) await tx.delete(courseChapters).where(inArray(courseChapters.id, gone));
  });
  return { id: input.id, chapters: await chapterTree(db, input.id, null, false) };
}

/** Release checks what a learner would miss: a name, a cover and at least one section. */
export async function releaseCourses(db: DbOrTx, ids: number[], status: 1 | 2) {
  for (const id of ids) {
    const c = await findCourse(db, id);
    if (status === 1) {
      if (!c.coverUrl) throw fail(`课程「${c.name}」还没有封面，不能发布`);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(courseChapters)
        .where(and(eq(courseChapters.courseId, id), sql`${courseChapters.parentId} is not null`));
      if (!n) throw fail(`课程「${c.name}」还没有课件，不能发布`);
    }
  }
  await db
    .update(courses)
    .set({ status, ...(status === 1 ? { releasedAt: sql`coalesce(${courses.releasedAt}, now())` } : {}) })
    .where(inArray(courses.id, ids));
  return { ids, status };
}

export async function copyCourse(db: DbOrTx, adminId: number, id: number) {
  const c = await findCourse(db, id);
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, releasedAt: _r, ...rest } = c;
    const [copy] = await tx
      .insert(courses)
      .values({ ...rest, name: copyName(c.name, 100), status: COURSE_STATUS.draft, joinedCount: 0, createdBy: adminId })
      .returning({ id: courses.id });
    const chapters = await tx.select().from(courseChapters).where(eq(courseChapters.courseId, id)).orderBy(asc(courseChapters.sort));
    const map = new Map<number, number>();
    for (const ch of chapters.filter((x) => x.parentId === null)) {
      const [row] = await tx.insert(courseChapters).values({ courseId: copy!.id, name: ch.name, sort: ch.sort }).returning({ id: courseChapters.id });
      map.set(ch.id, row!.id);
    }
    for (const s of chapters.filter((x) => x.parentId !== null)) {
      await tx.insert(courseChapters).values({ courseId: copy!.id, parentId: map.get(s.parentId!) ?? null, name: s.name, sort: s.sort, coursewareId: s.coursewareId, type: s.type, duration: s.duration });
    }
    const ranges = await tx.select().from(courseOpenRanges).where(eq(courseOpenRanges.courseId, id));
    if (ranges.length) await tx.insert(courseOpenRanges).values(ranges.map((r) => ({ ...r, courseId: copy!.id })));
    return { id: copy!.id };
  });
}

export async function moveCourses(db: DbOrTx, ids: number[], categoryId: number | null | undefined, sort: number | undefined) {
  if (categoryId === undefined && sort === undefined) throw badInput("请选择目标分类或排序");
  await db
    .update(courses)
    .set({ ...(categoryId !== undefined ? { categoryId } : {}), ...(sort !== undefined ? { sort } : {}) })
    .where(and(inArray(courses.id, ids), isNull(courses.deletedAt)));
  return { ids };
}

/** A released course must be taken offline first, so learners never lose a course under their feet. */
export async function deleteCourses(db: DbOrTx, ids: number[]) {
  const rows = await db.select().from(courses).where(and(inArray(courses.id, ids), isNull(courses.deletedAt)));
  const live = rows.find((r) => r.status === COURSE_STATUS.released);
  if (live) throw fail(`课程「${live.name}」已发布，请先下架再删除`);
  await db.update(courses).set({ deletedAt: new Date() }).where(inArray(courses.id, ids));
  return { ids: rows.map((r) => r.id) };
}

export async function exportCourseList(db: DbOrTx, input: Pick<AdminCoursePageInput, "keyword" | "status" | "categoryId">) {
  const rows = await db.select().from(courses).where(pageWhere(input)).orderBy(desc(courses.id)).limit(10_000);
  return toXlsx(
    "课程列表.xlsx",
    "课程",
    [
      { header: "课程ID", key: "id", width: 10 },
      { header: "课程名称", key: "name", width: 36 },
      { header: "讲师", key: "teacher" },
      { header: "状态", key: "status", width: 10 },
      { header: "价格(元)", key: "price", width: 10 },
      { header: "学时", key: "learnHour", width: 8 },
      { header: "加入人数", key: "joined", width: 10 },
      { header: "创建时间", key: "created", width: 20 },
    ],
    rows.map((c) => ({
      id: c.id,
      name: c.name,
      teacher: c.teacherName,
      status: STATUS_TEXT[c.status],
      price: c.isFree ? 0 : c.price / 100,
      learnHour: c.learnHour,
      joined: c.joinedCount,
      created: dateText(c.createdAt),
    })),
  );
}

export async function lookups(db: DbOrTx, what: "tags" | "roles" | "groups") {
  if (what === "tags") return db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.id));
  const t = what === "roles" ? orgRoles : orgGroups;
  return db.select({ id: t.id, name: t.name, parentId: t.parentId }).from(t).orderBy(asc(t.position), asc(t.id));
}

/** Whether exams hang on the course (exams arrive later; until then none do). */
export async function checkIsExam(db: DbOrTx, id: number) {
  await findCourse(db, id);
  return { id, isExam: 0 };
}
