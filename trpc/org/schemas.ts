import { z } from "zod";
import { blank, idList, idOf, intIn, numeric, opt, pageNumber, pageOf, pagingWith } from "@base/legacy-input";
import { loginNameField, mobileField, newPasswordField, nickField } from "../auth/schemas";

// Inputs of the users back office (back-office.md 7.2), shared by the procedures and the admin pages.

export const USER_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_BATCH = 200;

const userIdField = idOf("用户ID");
const pageFields = pagingWith(pageNumber, intIn("每页条数", 1, MAX_PAGE_SIZE));
const flagField = (label: string) => opt(intIn(label, 0, 1, `${label}只能为0或1`));

/** true/false, 1/0 or their strings; anything else is refused. */
const boolField = z
  .preprocess((v) => {
    const b = blank(v);
    if (b === "1" || b === 1 || b === "true") return true;
    if (b === "0" || b === 0 || b === "false") return false;
    return b;
  }, z.boolean({ error: "锁定筛选只能为是或否" }).optional())
  .optional();

export const userPageInput = z
  .object({
    ...pageFields,
    keyword: z
      .preprocess(blank, z.string({ error: "关键词格式不正确" }).trim().max(40, "关键词不超过40个字符").optional())
      .optional(),
    status: flagField("状态"),
    isAdmin: flagField("管理员筛选"),
    locked: boolField,
  })
  .transform((v) => ({
    ...pageOf(v, USER_PAGE_SIZE),
    keyword: v.keyword || undefined,
    status: v.status as 0 | 1 | undefined,
    isAdmin: v.isAdmin as 0 | 1 | undefined,
    locked: v.locked,
  }));
export type UserPageInput = z.output<typeof userPageInput>;

/** {userId} or, as some old calls send it, {id}. */
export const userIdInput = z.object({ userId: userIdField.optional(), id: userIdField.optional() }).transform((v, ctx) => {
  const userId = v.userId ?? v.id;
  if (userId === undefined) {
    ctx.addIssue({ code: "custom", message: "缺少用户ID", path: ["userId"] });
    return z.NEVER;
  }
  return { userId };
});

const userIdList = idList("用户ID", { max: MAX_BATCH, empty: "请选择用户", tooMany: `一次最多操作${MAX_BATCH}个用户` }).optional();

/** One user ({userId} / {id}) or a batch ({ids} / {userIds}). */
export const userIdsInput = z
  .object({ userId: userIdField.optional(), id: userIdField.optional(), ids: userIdList, userIds: userIdList })
  .transform((v, ctx) => {
    const single = v.userId ?? v.id;
    const ids = v.ids ?? v.userIds ?? (single === undefined ? undefined : [single]);
    if (!ids) {
      ctx.addIssue({ code: "custom", message: "缺少用户ID", path: ["userId"] });
      return z.NEVER;
    }
    return { ids: [...new Set(ids)] };
  });

// Inputs of the user-administration calls beyond the list (back-office.md 7.2, 7.3).

/** Ids of a batch: none is allowed, at most MAX_BATCH. */
const batchIds = (label: string) => idList(label, { max: MAX_BATCH, min: 0, tooMany: `一次最多操作${MAX_BATCH}个` });

const optionalText = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`).optional()).optional();

export const nameField = (label: string, max = 30) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: `请输入${label}` }).min(1, `请输入${label}`).max(max, `${label}不超过${max}个字符`),
  );

export const idInput = z.object({ id: idOf("ID") });

/** Paging shared by the lookup lists. */
const paging = { ...pageFields, keyword: optionalText("关键词", 40) };
const pagingOut = <T extends { pageNo?: number; pageSize?: number; page?: number; element?: number }>(v: T) => ({ ...v, ...pageOf(v, 20) });
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
  groupIds: batchIds("组织ID").optional(),
  roleIds: batchIds("角色ID").optional(),
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
    userIds: batchIds("用户ID").optional(),
    groupId: idOf("组织ID").optional(),
    groupIds: batchIds("组织ID").optional(),
    roleId: idOf("角色ID").optional(),
    roleIds: batchIds("角色ID").optional(),
    tagId: idOf("标签ID").optional(),
    tagIds: batchIds("标签ID").optional(),
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
export const tagListInput = z.object({ ...paging }).transform((v) => ({ ...v, ...pageOf(v, 100) }));

// Privileges

export const bindPositionInput = z.object({ userId: idOf("用户ID"), positionIds: batchIds("岗位ID") });
export const positionTypeInput = z.object({
  type: z.preprocess(numeric, z.number({ error: "岗位类型格式不正确" }).int().min(1).max(9).optional()).optional(),
});
export const pageUrlInput = z.object({ pageUrl: z.string({ error: "缺少页面地址" }).trim().min(1, "缺少页面地址").max(200, "页面地址过长") });

