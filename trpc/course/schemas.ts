import { z } from "zod";

// Inputs of the course calls, shared by procedures, legacy rows and forms.

export const COURSE_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** Old clients send numbers as strings (query strings, forms); a blank value means "not given". */
export function numeric(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
}
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const idOf = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) })
      .int(`${label}格式不正确`)
      .positive(`${label}格式不正确`)
      .max(Number.MAX_SAFE_INTEGER, `${label}格式不正确`),
  );
export const optionalId = (label: string) => z.preprocess((v) => (v === null ? undefined : v), idOf(label).optional()).optional();

export const intIn = (label: string, min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label}格式不正确` })
      .int(`${label}须为整数`)
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`),
  );
export const optionalInt = (label: string, min: number, max: number) => intIn(label, min, max).optional();

export const pageNoField = optionalInt("页码", 1, 100_000);
export const pageSizeField = optionalInt("每页条数", 1, MAX_PAGE_SIZE);

/** A list of ids: an array, or "1,2,3" as forms send it. */
export const idList = (label: string, max = 500) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [v] : v),
    z.array(idOf(label), { error: `${label}列表格式不正确` }).min(1, `请选择${label}`).max(max, `一次最多${max}个`),
  );

/** {courseId} or {id}. */
export const courseIdInput = z
  .object({ courseId: optionalId("课程ID"), id: optionalId("课程ID") })
  .transform((v, ctx) => {
    const courseId = v.courseId ?? v.id;
    if (!courseId) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["courseId"] });
      return z.NEVER;
    }
    return { courseId };
  });

export const keywordField = z
  .preprocess(
    blank,
    z
      .string({ error: "关键词格式不正确" })
      .trim()
      .max(32, "搜索内容不超过32个字符")
      .transform((s) => s.replace(/\p{Extended_Pictographic}/gu, "").trim())
      .optional(),
  )
  .optional();

export const SORTS = ["default", "new", "hot", "priceAsc", "priceDesc"] as const;
export type CourseSort = (typeof SORTS)[number];
/** 1 newest, 2 most joined, as the old clients send it; names for the new pages. */
const sortField = z
  .preprocess((v) => {
    const b = blank(v);
    if (b === undefined || b === null) return undefined;
    const map: Record<string, CourseSort> = { "0": "default", "1": "new", "2": "hot", "3": "priceAsc", "4": "priceDesc" };
    return map[String(b)] ?? b;
  }, z.enum(SORTS, { error: "排序方式不正确" }).optional())
  .optional();

export const searchInput = z
  .object({
    keyword: keywordField,
    keyWord: keywordField,
    pageNo: pageNoField,
    pageSize: pageSizeField,
    page: pageNoField,
    element: pageSizeField,
    categoryId: optionalId("分类ID"),
    tagId: optionalId("标签ID"),
    sort: sortField,
    /** Search type filter of the combined search: 1 course (others come with lives and exams). */
    type: optionalInt("类型", 0, 9),
  })
  .transform((v) => ({
    keyword: v.keyword ?? v.keyWord ?? "",
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? COURSE_PAGE_SIZE,
    categoryId: v.categoryId,
    tagId: v.tagId,
    sort: v.sort ?? ("default" as CourseSort),
    type: v.type,
  }));
export type SearchInput = z.output<typeof searchInput>;

/** A progress report from the player. Position in seconds; old clients name it several ways. */
export const learnInput = z
  .object({
    courseId: optionalId("课程ID"),
    id: optionalId("课程ID"),
    chapterId: optionalId("章节ID"),
    sectionId: optionalId("章节ID"),
    position: optionalInt("播放位置", 0, 86_400),
    currentTime: optionalInt("播放位置", 0, 86_400),
    learnPosition: optionalInt("播放位置", 0, 86_400),
    /** play: the clock restarts (nothing counted); progress/pause/ended: the elapsed time counts. */
    event: z.enum(["play", "progress", "pause", "ended", "open"], { error: "上报类型不正确" }).optional(),
  })
  .transform((v, ctx) => {
    const courseId = v.courseId ?? v.id;
    const chapterId = v.chapterId ?? v.sectionId;
    if (!courseId) ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["courseId"] });
    if (!chapterId) ctx.addIssue({ code: "custom", message: "缺少章节ID", path: ["chapterId"] });
    if (!courseId || !chapterId) return z.NEVER;
    return { courseId, chapterId, position: v.position ?? v.currentTime ?? v.learnPosition ?? 0, event: v.event ?? "progress" };
  });
export type LearnInput = z.output<typeof learnInput>;

/** Offline reports sent later: positions only, no time is credited for them. */
export const compensationInput = z
  .object({
    courseId: optionalId("课程ID"),
    id: optionalId("课程ID"),
    list: z
      .array(z.object({ chapterId: idOf("章节ID"), position: intIn("播放位置", 0, 86_400) }), { error: "补偿记录格式不正确" })
      .max(200, "补偿记录过多")
      .optional(),
    chapterId: optionalId("章节ID"),
    position: optionalInt("播放位置", 0, 86_400),
  })
  .transform((v, ctx) => {
    const courseId = v.courseId ?? v.id;
    if (!courseId) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["courseId"] });
      return z.NEVER;
    }
    const list = v.list ?? (v.chapterId ? [{ chapterId: v.chapterId, position: v.position ?? 0 }] : []);
    return { courseId, list };
  });

export const pageInput = z
  .object({ pageNo: pageNoField, pageSize: pageSizeField, page: pageNoField, element: pageSizeField, status: optionalInt("状态", 0, 2) })
  .transform((v) => ({ pageNo: v.pageNo ?? v.page ?? 1, pageSize: v.pageSize ?? v.element ?? 10, status: v.status }));
export type PageInput = z.output<typeof pageInput>;
