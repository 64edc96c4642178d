import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courseChapters, courseOpenRanges, courses, materialItems } from "@db/schema";

export interface SectionSpec {
  name: string;
  /** Seconds; 0 with type 2 for a document. */
  duration?: number;
  type?: 1 | 2;
  url?: string;
  hlsUrl?: string | null;
  coursewareId?: number;
}
export interface CourseSpec {
  name?: string;
  teacherName?: string;
  intro?: string;
  description?: string;
  coverUrl?: string;
  status?: 0 | 1 | 2;
  isFree?: 0 | 1;
  price?: number;
  scribingPrice?: number;
  learnHour?: number;
  joinedCount?: number;
  sort?: number;
  categoryId?: number | null;
  tagIds?: number[];
  chapters?: { name: string; sections: SectionSpec[] }[];
  openRange?: { kind: "role" | "group" | "tag" | "region"; target: string }[];
  releasedAt?: Date;
}

let seq = 0;

/** One courseware item of the library (a video unless said otherwise). */
export async function createCourseware(db: DbOrTx, s: SectionSpec & { folderId?: number | null }) {
  const type = s.type ?? 1;
  const [item] = await db
    .insert(materialItems)
    .values({
      library: 1,
      folderId: s.folderId ?? null,
      name: s.name,
      fileType: type,
      url: s.url ?? (type === 2 ? "/storage/file/course-demo/handout.pdf" : "/storage/file/course-demo/video-1.mp4"),
      hlsUrl: s.hlsUrl ?? null,
      fileName: type === 2 ? `${s.name}.pdf` : `${s.name}.mp4`,
      fileSize: type === 2 ? 240_000 : 1_800_000,
      duration: type === 2 ? 0 : s.duration ?? 600,
    })
    .returning();
  return item!;
}

/** A course with chapters and sections, built the way the seed and the tests both need one. */
export async function createCourse(db: DbOrTx, spec: CourseSpec = {}) {
  seq += 1;
  const status = spec.status ?? 1;
  const [course] = await db
    .insert(courses)
    .values({
      name: spec.name ?? `政府采购实务专题${seq}`,
      teacherName: spec.teacherName ?? "王建明",
      intro: spec.intro ?? "面向采购人和代理机构的实务课程",
      description: spec.description ?? "<p>结合典型案例讲解政府采购全流程要点。</p>",
      coverUrl: spec.coverUrl ?? "/storage/file/course-covers/default.svg",
      status,
      isFree: spec.isFree ?? (spec.price ? 0 : 1),
      price: spec.price ?? 0,
      scribingPrice: spec.scribingPrice ?? 0,
      learnHour: spec.learnHour ?? 2,
      joinedCount: spec.joinedCount ?? 0,
      sort: spec.sort ?? 0,
      categoryId: spec.categoryId ?? null,
      tagIds: spec.tagIds ?? [],
      releasedAt: status === 1 ? spec.releasedAt ?? new Date() : null,
    })
    .returning();
  const chapters = spec.chapters ?? [{ name: "第一章 概述", sections: [{ name: "1.1 课程导读", duration: 600 }] }];
  const sections: (typeof courseChapters.$inferSelect)[] = [];
  let sort = 0;
  for (const ch of chapters) {
    sort += 1;
    const [chapter] = await db.insert(courseChapters).values({ courseId: course!.id, name: ch.name, sort }).returning();
    for (const s of ch.sections) {
      sort += 1;
      // A section of an existing courseware plays that media: its length is the courseware's, as the back office copies it.
      const ware = s.coursewareId
        ? (await db.select().from(materialItems).where(eq(materialItems.id, s.coursewareId)).limit(1))[0]
        : await createCourseware(db, s);
      const type = s.type ?? (ware?.fileType === 2 ? 2 : 1);
      const [row] = await db
        .insert(courseChapters)
        .values({ courseId: course!.id, parentId: chapter!.id, name: s.name, sort, coursewareId: ware?.id ?? null, type, duration: type === 2 ? 0 : s.duration ?? ware?.duration ?? 600 })
        .returning();
      sections.push(row!);
    }
  }
  if (spec.openRange?.length) await db.insert(courseOpenRanges).values(spec.openRange.map((r) => ({ courseId: course!.id, ...r })));
  return { course: course!, sections };
}
