import { z } from "zod";

// Inputs of the users back office (back-office.md 7.2), shared by the procedures and the admin pages.

export const USER_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_BATCH = 200;

/** Old clients send numbers as strings (query strings, forms); a blank value means "not given". */
function numeric(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : v;
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const intOf = (label: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) }).int(`${label}格式不正确`);

/** A number field that may be absent or blank. */
const optionalInt = (schema: z.ZodNumber) => z.preprocess(numeric, schema.optional()).optional();

export const userIdField = z.preprocess(
  numeric,
  intOf("用户ID").positive("用户ID格式不正确").max(Number.MAX_SAFE_INTEGER, "用户ID格式不正确")
);

const pageNoField = optionalInt(intOf("页码").min(1, "页码须为大于0的整数").max(100_000, "页码过大"));
const pageSizeField = optionalInt(
  intOf("每页条数").min(1, `每页条数须在1-${MAX_PAGE_SIZE}之间`).max(MAX_PAGE_SIZE, `每页条数须在1-${MAX_PAGE_SIZE}之间`)
);
const flagField = (label: string) => optionalInt(intOf(label).min(0, `${label}只能为0或1`).max(1, `${label}只能为0或1`));

/** true/false, 1/0 or their strings; anything else is refused. */
const boolField = z
  .preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === "1" || b === 1 || b === "true") return true;
    if (b === "0" || b === 0 || b === "false") return false;
    return b;
  }, z.boolean({ error: "锁定筛选只能为是或否" }).optional())
  .optional();

export const userPageInput = z
  .object({
    pageNo: pageNoField,
    pageSize: pageSizeField,
    /** The old list calls name paging page/element. */
    page: pageNoField,
    element: pageSizeField,
    keyword: z
      .preprocess(blankToUndefined, z.string({ error: "关键词格式不正确" }).trim().max(40, "关键词不超过40个字符").optional())
      .optional(),
    status: flagField("状态"),
    isAdmin: flagField("管理员筛选"),
    locked: boolField,
  })
  .transform((v) => ({
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? USER_PAGE_SIZE,
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

/** A list of ids: an array, or "1,2,3" as forms send it. */
const idListField = z
  .preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : typeof v === "number"
        ? [v]
        : v,
    z.array(userIdField, { error: "用户ID列表格式不正确" }).min(1, "请选择用户").max(MAX_BATCH, `一次最多操作${MAX_BATCH}个用户`)
  )
  .optional();

/** One user ({userId} / {id}) or a batch ({ids} / {userIds}). */
export const userIdsInput = z
  .object({ userId: userIdField.optional(), id: userIdField.optional(), ids: idListField, userIds: idListField })
  .transform((v, ctx) => {
    const single = v.userId ?? v.id;
    const ids = v.ids ?? v.userIds ?? (single === undefined ? undefined : [single]);
    if (!ids) {
      ctx.addIssue({ code: "custom", message: "缺少用户ID", path: ["userId"] });
      return z.NEVER;
    }
    return { ids: [...new Set(ids)] };
  });
