import { z } from "zod";
import { blank, idList, idOf, intWithin, numeric, opt, optionalId } from "@base/legacy-input";

// Inputs of the course calls, shared by procedures, legacy rows and forms.

export const COURSE_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

const optionalInt = (label: string, min: number, max: number) => opt(intWithin(label, min, max));
export const pageNoField = optionalInt("页码", 1, 100_000);
export const pageSizeField = optionalInt("每页条数", 1, MAX_PAGE_SIZE);

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
      .array(z.object({ chapterId: idOf("章节ID"), position: intWithin("播放位置", 0, 86_400) }), { error: "补偿记录格式不正确" })
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

// Back-office inputs for courses (back-office.md 7.9), shared by procedures and the admin forms.

const text = (label: string, max: number) => z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`);
const optText = (label: string, max: number) => z.preprocess((v) => (v === null ? undefined : v), text(label, max).optional()).optional();
/** Yuan or cents: the form sends yuan as "12.50" in priceYuan; old clients send cents in price. */
const cents = (label: string) => intWithin(label, 0, 100_000_000);

export const adminCoursePageInput = z
  .object({
    pageNo: pageNoField,
    pageSize: pageSizeField,
    page: pageNoField,
    element: pageSizeField,
    keyword: z.preprocess(blank, text("关键词", 40).optional()).optional(),
    name: z.preprocess(blank, text("课程名称", 40).optional()).optional(),
    status: optionalInt("状态", 0, 2),
    categoryId: optionalId("分类ID"),
  })
  .transform((v) => ({
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? 20,
    keyword: v.keyword ?? v.name,
    status: v.status,
    categoryId: v.categoryId,
  }));
export type AdminCoursePageInput = z.output<typeof adminCoursePageInput>;

export const saveBaseInput = z
  .object({
    id: optionalId("课程ID"),
    courseId: optionalId("课程ID"),
    name: z.string({ error: "请输入课程名称" }).trim().min(1, "请输入课程名称").max(100, "课程名称不超过100个字符"),
    coverUrl: optText("封面", 1000),
    intro: optText("课程简介", 500),
    teacherName: optText("讲师", 50),
    teacherIntro: optText("讲师介绍", 500),
    teacherAvatar: optText("讲师头像", 1000),
    categoryId: z.preprocess((v) => (v === "" || v === null ? undefined : v), optionalId("分类ID")).optional(),
    tagIds: z
      .preprocess(
        (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
        z.array(idOf("标签ID"), { error: "标签格式不正确" }).max(20, "标签最多20个"),
      )
      .optional(),
    isFree: optionalInt("是否免费", 0, 1),
    price: cents("价格").optional(),
    scribingPrice: cents("划线价").optional(),
    learnHour: optionalInt("学时", 0, 1000),
    sort: optionalInt("排序", 0, 1_000_000),
  })
  .transform((v, ctx) => {
    const isFree = v.isFree ?? (v.price ? 0 : 1);
    const price = isFree ? 0 : v.price ?? 0;
    if (!isFree && price <= 0) ctx.addIssue({ code: "custom", message: "付费课程请填写大于0的价格", path: ["price"] });
    return {
      id: v.id ?? v.courseId,
      name: v.name,
      coverUrl: v.coverUrl ?? "",
      intro: v.intro ?? "",
      teacherName: v.teacherName ?? "",
      teacherIntro: v.teacherIntro ?? "",
      teacherAvatar: v.teacherAvatar ?? "",
      categoryId: v.categoryId ?? null,
      tagIds: v.tagIds ?? [],
      isFree,
      price,
      scribingPrice: v.scribingPrice ?? 0,
      learnHour: v.learnHour ?? 1,
      sort: v.sort ?? 0,
    };
  });
export type SaveBaseInput = z.output<typeof saveBaseInput>;

export const saveDetailInput = z
  .object({ id: optionalId("课程ID"), courseId: optionalId("课程ID"), description: text("课程详情", 50_000).optional(), detail: text("课程详情", 50_000).optional() })
  .transform((v, ctx) => {
    const id = v.id ?? v.courseId;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    return { id, description: v.description ?? v.detail ?? "" };
  });

const targets = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [String(v)] : v),
      z.array(z.preprocess((x) => (typeof x === "number" ? String(x) : x), z.string({ error: `${label}格式不正确` }).trim().min(1).max(40, `${label}格式不正确`)), {
        error: `${label}格式不正确`,
      }),
    )
    .optional();

export const saveOpenInput = z
  .object({
    id: optionalId("课程ID"),
    courseId: optionalId("课程ID"),
    roleIds: targets("角色"),
    groupIds: targets("分组"),
    tagIds: targets("标签"),
    areaCodes: targets("地区"),
    ranges: z.array(z.object({ kind: z.enum(["role", "group", "tag", "region"], { error: "开放范围类型不正确" }), target: z.string().trim().min(1).max(40) })).max(500, "开放范围过多").optional(),
  })
  .transform((v, ctx) => {
    const id = v.id ?? v.courseId;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    const ranges = [
      ...(v.ranges ?? []),
      ...(v.roleIds ?? []).map((target) => ({ kind: "role" as const, target })),
      ...(v.groupIds ?? []).map((target) => ({ kind: "group" as const, target })),
      ...(v.tagIds ?? []).map((target) => ({ kind: "tag" as const, target })),
      ...(v.areaCodes ?? []).map((target) => ({ kind: "region" as const, target })),
    ];
    return { id, ranges };
  });

const sectionInput = z.object({
  id: optionalId("小节ID"),
  name: z.string({ error: "请输入小节名称" }).trim().min(1, "请输入小节名称").max(100, "小节名称不超过100个字符"),
  coursewareId: idOf("课件ID"),
});
const chapterInput = z.object({
  id: optionalId("章节ID"),
  name: z.string({ error: "请输入章节名称" }).trim().min(1, "请输入章节名称").max(100, "章节名称不超过100个字符"),
  children: z.array(sectionInput, { error: "小节格式不正确" }).max(200, "小节过多").default([]),
});
export const saveCoursewareInput = z
  .object({ id: optionalId("课程ID"), courseId: optionalId("课程ID"), chapters: z.array(chapterInput, { error: "章节格式不正确" }).max(100, "章节过多") })
  .transform((v, ctx) => {
    const id = v.id ?? v.courseId;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    return { id, chapters: v.chapters };
  });
export type SaveCoursewareInput = z.output<typeof saveCoursewareInput>;

export const idInput = z.object({ id: optionalId("课程ID"), courseId: optionalId("课程ID") }).transform((v, ctx) => {
  const id = v.id ?? v.courseId;
  if (!id) {
    ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
    return z.NEVER;
  }
  return { id };
});

export const idsInput = z
  .object({ id: optionalId("课程ID"), courseId: optionalId("课程ID"), ids: idList("课程").optional() })
  .transform((v, ctx) => {
    const ids = v.ids ?? (v.id ?? v.courseId ? [(v.id ?? v.courseId)!] : undefined);
    if (!ids) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    return { ids: [...new Set(ids)] };
  });

export const releaseInput = z
  .object({ id: optionalId("课程ID"), courseId: optionalId("课程ID"), ids: idList("课程").optional(), status: z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: "状态只能为发布或下架" }).optional()).optional() })
  .transform((v, ctx) => {
    const ids = v.ids ?? (v.id ?? v.courseId ? [(v.id ?? v.courseId)!] : undefined);
    if (!ids) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    return { ids, status: (v.status ?? 1) as 1 | 2 };
  });

export const moveInput = z
  .object({ id: optionalId("课程ID"), courseId: optionalId("课程ID"), ids: idList("课程").optional(), categoryId: z.preprocess((v) => (v === "" ? null : v), optionalId("分类ID").nullable()).optional(), sort: optionalInt("排序", 0, 1_000_000) })
  .transform((v, ctx) => {
    const ids = v.ids ?? (v.id ?? v.courseId ? [(v.id ?? v.courseId)!] : undefined);
    if (!ids) {
      ctx.addIssue({ code: "custom", message: "缺少课程ID", path: ["id"] });
      return z.NEVER;
    }
    return { ids, categoryId: v.categoryId, sort: v.sort };
  });

/** back/user/course: learners of a course. */
export const userCoursePageInput = z
  .object({ courseId: idOf("课程ID"), keyword: z.preprocess(blank, text("关键词", 40).optional()).optional(), pageNo: pageNoField, pageSize: pageSizeField, completed: optionalInt("完成状态", 0, 1) })
  .transform((v) => ({ courseId: v.courseId, keyword: v.keyword, pageNo: v.pageNo ?? 1, pageSize: v.pageSize ?? 20, completed: v.completed }));
export type UserCoursePageInput = z.output<typeof userCoursePageInput>;

export const userCourseChangeInput = z
  .object({ courseId: idOf("课程ID"), userId: optionalId("用户ID"), userIds: idList("用户").optional() })
  .transform((v, ctx) => {
    const userIds = v.userIds ?? (v.userId ? [v.userId] : undefined);
    if (!userIds) {
      ctx.addIssue({ code: "custom", message: "请选择用户", path: ["userIds"] });
      return z.NEVER;
    }
    return { courseId: v.courseId, userIds: [...new Set(userIds)] };
  });

export const userResultInput = z.object({ userId: idOf("用户ID") });
