import { z } from "zod";
import { idList, idOf, intWithin, opt, optionalId } from "@base/legacy-input";
import { pageNoField, pageSizeField } from "../course/schemas";

// Material library inputs (back-office.md 7.13): folders, courseAndData and photoAndVideo.

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalInt = (label: string, min: number, max: number) => opt(intWithin(label, min, max));
const nameField = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不超过${max}个字符`);

export const FILE_TYPES = [
  { value: 1, label: "视频" },
  { value: 2, label: "文档" },
  { value: 3, label: "图片" },
  { value: 4, label: "音频" },
] as const;

/** 1 courseware and data, 2 photos and videos, 3 the question bank (the same numbers old clients send). */
const folderKind = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" || v === null ? undefined : v),
    z.number({ error: "文件夹类型不正确，应为1（课件资料）、2（图片视频）或3（题库）" }).refine((n) => n === 1 || n === 2 || n === 3, "文件夹类型不正确，应为1（课件资料）、2（图片视频）或3（题库）").optional(),
  )
  .optional();

export const folderCreateInput = z.object({
  name: nameField("文件夹名称", 50),
  parentId: z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), optionalId("上级文件夹").nullable()).optional(),
  kind: folderKind,
});
export const folderUpdateInput = z.object({ id: idOf("文件夹ID"), name: nameField("文件夹名称", 50) });
/** An update naming only its target would set nothing (an empty SET clause the database refuses). */
const NOTHING_TO_CHANGE = "没有要修改的内容";

export const folderMoveInput = z
  .object({
    id: idOf("文件夹ID"),
    parentId: z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), optionalId("上级文件夹").nullable()).optional(),
    sort: optionalInt("排序", 0, 1_000_000),
  })
  .refine((v) => v.parentId !== undefined || v.sort !== undefined, NOTHING_TO_CHANGE);
export const folderIdInput = z.object({ id: idOf("文件夹ID") });
export const folderTreeInput = z.object({ kind: folderKind }).optional();
export const folderSettingInput = z.object({ id: idOf("文件夹ID"), setting: z.record(z.string(), z.unknown(), { error: "设置格式不正确" }).default({}) });

const urlField = z.string({ error: "请先上传文件" }).trim().min(1, "请先上传文件").max(1000, "文件地址过长");

export const itemAddInput = z.object({
  name: nameField("名称", 100),
  folderId: z.preprocess((v) => (v === "" || v === 0 || v === "0" ? undefined : v), optionalId("文件夹ID")).optional(),
  fileType: intWithin("文件类型", 1, 4).optional(),
  url: urlField,
  hlsUrl: z.preprocess(blank, z.string().max(1000, "文件地址过长").optional()).optional(),
  coverUrl: z.preprocess(blank, z.string().max(1000, "封面地址过长").optional()).optional(),
  fileName: z.preprocess(blank, z.string().max(120, "文件名过长").optional()).optional(),
  fileSize: optionalInt("文件大小", 0, 20 * 1024 * 1024 * 1024),
  /** Seconds the browser read from the video's metadata; the server reads the file itself when it can. */
  duration: optionalInt("时长", 0, 86_400),
  remark: z.preprocess(blank, z.string().max(200, "备注不超过200个字符").optional()).optional(),
});
export type ItemAddInput = z.output<typeof itemAddInput>;

export const itemUpdateInput = itemAddInput.partial().extend({ id: idOf("素材ID"), status: optionalInt("状态", 0, 1) });
export type ItemUpdateInput = z.output<typeof itemUpdateInput>;

export const itemIdInput = z.object({ id: idOf("素材ID") });
export const itemIdsInput = z.object({ ids: idList("素材") });
export const itemBatchUpdateInput = z
  .object({
    ids: idList("素材"),
    folderId: z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), optionalId("文件夹ID").nullable()).optional(),
    status: optionalInt("状态", 0, 1),
  })
  .refine((v) => v.folderId !== undefined || v.status !== undefined, NOTHING_TO_CHANGE);

export const itemPageInput = z
  .object({
    pageNo: pageNoField,
    pageSize: pageSizeField,
    page: pageNoField,
    element: pageSizeField,
    folderId: optionalId("文件夹ID"),
    materialLibFolderId: optionalId("文件夹ID"),
    fileType: optionalInt("文件类型", 1, 4),
    keyword: z.preprocess(blank, z.string().trim().max(40, "关键词不超过40个字符").optional()).optional(),
    name: z.preprocess(blank, z.string().trim().max(40, "关键词不超过40个字符").optional()).optional(),
  })
  .optional()
  .transform((v = {}) => ({
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? 20,
    folderId: v.folderId ?? v.materialLibFolderId,
    fileType: v.fileType,
    keyword: v.keyword ?? v.name,
  }));
export type ItemPageInput = z.output<typeof itemPageInput>;
