import { z } from "zod";
import { loginNameField, mobileField, newPasswordField, nickField } from "../auth/schemas";
import { MAX_BATCH, userIdField, userPageInput } from "./schemas";

// Inputs of the user-administration calls beyond the list (back-office.md 7.2, 7.3).

function numeric(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : v;
}
const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const idOf = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) })
      .int(`${label}格式不正确`)
      .positive(`${label}格式不正确`)
      .max(Number.MAX_SAFE_INTEGER, `${label}格式不正确`),
  );

/** A list of ids: an array, a single id, or "1,2,3" as forms send it. */
export const idList = (label: string, max = MAX_BATCH) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : typeof v === "number"
          ? [v]
          : v,
    z.array(idOf(label), { error: `${label}列表格式不正确` }).max(max, `一次最多操作${max}个`),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`).optional()).optional();

export const nameField = (label: string, max = 30) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: `请输入${label}` }).min(1, `请输入${label}`).max(max, `${label}不超过${max}个字符`),
  );

export const idInput = z.object({ id: idOf("ID") });

/** Paging shared by the lookup lists. */
const paging = {
  pageNo: z.preprocess(numeric, z.number({ error: "页码格式不正确" }).int().min(1, "页码须为大于0的整数").max(100_000).optional()).optional(),
  pageSize: z.preprocess(numeric, z.number({ error: "每页条数格式不正确" }).int().min(1).max(100, "每页条数须在1-100之间").optional()).optional(),
  page: z.preprocess(numeric, z.number({ error: "页码格式不正确" }).int().min(1, "页码须为大于0的整数").max(100_000).optional()).optional(),
  element: z.preprocess(numeric, z.number({ error: "每页条数格式不正确" }).int().min(1).max(100, "每页条数须在1-100之间").optional()).optional(),
  keyword: optionalText("关键词", 40),
};
const pagingOut = <T extends { pageNo?: number; pageSize?: number; page?: number; element?: number }>(v: T) => ({
  ...v,
  pageNo: v.pageNo ?? v.page ?? 1,
  pageSize: v.pageSize ?? v.element ?? 20,
});
export const pagedInput = z.object(paging).transform(pagingOut);
export type PagedInput = z.output<typeof pagedInput>;

export const groupChildPageInput = z.object({ ...paging, groupId: idOf("组织ID") }).transform(pagingOut);
export const notJoinExamInput = z.object({ ...paging, examId: idOf("考试ID") }).transform(pagingOut);

/** Lookup of one user by id, login name or mobile; with none given, the calling admin. */
export const userLookupInput = z
  .object({ userId: idOf("用户ID").optional(), id: idOf("用户ID").optional(), loginName: optionalText("用户名", 20), mobile: optionalText("手机号", 12) })
  .optional();

export const addUserInput = z.object({
  loginName: loginNameField,
  nick: nickField,
  mobile: z.preprocess(blank, mobileField.optional()).optional(),
  /** Blank: a password is generated and answered once. */
  password: z.preprocess(blank, newPasswordField.optional()).optional(),
  isAdmin: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "管理员只能为0或1" }).optional()).optional(),
  isTeacher: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "讲师只能为0或1" }).optional()).optional(),
  groupIds: idList("组织ID").optional(),
  roleIds: idList("角色ID").optional(),
});
export type AddUserInput = z.output<typeof addUserInput>;

export const updateUserInput = z
  .object({
    userId: idOf("用户ID").optional(),
    id: idOf("用户ID").optional(),
    loginName: loginNameField.optional(),
    nick: nickField.optional(),
    mobile: z.preprocess((v) => (v === null ? "" : v), z.union([z.literal(""), mobileField]).optional()).optional(),
    password: z.preprocess(blank, newPasswordField.optional()).optional(),
    isAdmin: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "管理员只能为0或1" }).optional()).optional(),
    isTeacher: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "讲师只能为0或1" }).optional()).optional(),
  })
  .transform((v, ctx) => {
    const userId = v.userId ?? v.id;
    if (!userId) {
      ctx.addIssue({ code: "custom", message: "缺少用户ID", path: ["userId"] });
      return z.NEVER;
    }
    return { ...v, userId };
  });
export type UpdateUserInput = z.output<typeof updateUserInput>;

export const checkNameInput = z.object({
  mobile: optionalText("手机号", 12),
  loginName: optionalText("用户名", 20),
  /** When editing: the user's own values do not count as taken. */
  userId: idOf("用户ID").optional(),
});

/** Assignment: users plus groups and/or roles; singular field names accepted too. */
export const assignInput = z
  .object({
    userId: idOf("用户ID").optional(),
    userIds: idList("用户ID").optional(),
    groupId: idOf("组织ID").optional(),
    groupIds: idList("组织ID").optional(),
    roleId: idOf("角色ID").optional(),
    roleIds: idList("角色ID").optional(),
    tagId: idOf("标签ID").optional(),
    tagIds: idList("标签ID").optional(),
  })
  .transform((v, ctx) => {
    const userIds = [...new Set(v.userIds ?? (v.userId ? [v.userId] : []))];
    if (!userIds.length) {
      ctx.addIssue({ code: "custom", message: "请选择用户", path: ["userIds"] });
      return z.NEVER;
    }
    const list = (one?: number, many?: number[]) => [...new Set(many ?? (one ? [one] : []))];
    return { userIds, groupIds: list(v.groupId, v.groupIds), roleIds: list(v.roleId, v.roleIds), tagIds: list(v.tagId, v.tagIds) };
  });
export type AssignInput = z.output<typeof assignInput>;

// Trees

export const treeAddInput = z.object({
  name: nameField("名称", 64),
  parentId: z.preprocess((v) => (v === 0 || v === "0" ? undefined : blank(v)), idOf("上级ID").optional()).optional(),
  position: z.preprocess(numeric, z.number({ error: "位置格式不正确" }).int().min(0, "位置不能为负数").optional()).optional(),
});
export const treeUpdateInput = z.object({ id: idOf("ID"), name: nameField("名称", 64) });
export const treeMoveInput = z.object({
  id: idOf("ID"),
  /** Absent, null or 0: move to the top level. */
  parentId: z.preprocess((v) => (v === 0 || v === "0" ? null : blank(v) ?? null), idOf("上级ID").nullable()),
  position: z.preprocess(numeric, z.number({ error: "位置格式不正确" }).int().min(0, "位置不能为负数").optional()).optional(),
});
export const treeReadInput = z.object({
  id: z.preprocess((v) => (v === 0 || v === "0" ? undefined : blank(v)), idOf("ID").optional()).optional(),
  keyword: optionalText("关键词", 40),
});

// Tags

export const tagCreateInput = z.object({ name: nameField("标签名称", 30), remark: optionalText("备注", 200) });
export const tagModifyInput = z.object({ id: idOf("标签ID"), name: nameField("标签名称", 30), remark: optionalText("备注", 200) });
export const tagListInput = z.object({ ...paging }).transform((v) => ({ ...pagingOut(v), pageSize: v.pageSize ?? v.element ?? 100 }));

// Privileges

export const bindPositionInput = z.object({ userId: idOf("用户ID"), positionIds: idList("岗位ID") });
export const positionTypeInput = z.object({
  type: z.preprocess(numeric, z.number({ error: "岗位类型格式不正确" }).int().min(1).max(9).optional()).optional(),
});
export const pageUrlInput = z.object({ pageUrl: z.string({ error: "缺少页面地址" }).trim().min(1, "缺少页面地址").max(200, "页面地址过长") });

export { userIdField, userPageInput };
