// Whitelists: learners exempted, per business type, for one exam or course (businessId) or for all of them (0).
// The one source the exam wizard, the face check and the fraud rules read (docs/decisions/031).
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, exams, users, WHITE_BUSINESS_TYPE, whitelistEntries, type WhiteBusinessType } from "@db/schema";
import { fail } from "@base/errors";
import { maskMobile } from "@base/format";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { WHITE_TYPES, type WhiteCreateInput, type WhiteSearchInput } from "./units-schemas";
import { DELETED_STATUS } from "./users-admin.service";

const typeOf = (code: number) => WHITE_TYPES.find((t) => t.code === code);
export const whiteBusinessTypes = () => WHITE_TYPES.map((t) => ({ code: t.code, name: t.name, whiteBusinessType: t.code, whiteBusinessTypeName: t.name, business: t.business, businessName: t.businessName }));

/** The exam or course an entry names: it must exist (0 names all of them). */
async function businessName(db: DbOrTx, type: number, businessId: number) {
  const kind = typeOf(type)!;
  if (businessId === 0) return `全部${kind.businessName}`;
  const table = kind.business === "exam" ? exams : courses;
  const [row] = await db.select({ name: table.name }).from(table).where(and(eq(table.id, businessId), isNull(table.deletedAt)));
  if (!row) throw fail(`${kind.businessName}不存在或已删除`);
  return row.name;
}

type RowResult = { row: number; value: string; userId: number | null; nick: string; status: "added" | "existed" | "failed"; success: boolean; message: string };

/**
 * create: learners by id and by mobile, each answered on its own row (已添加, 已在白名单中, or why not);
 * an entry is unique per (type, business, learner), so adding again changes nothing.
 */
export async function createWhiteEntries(db: DbOrTx, adminId: number, input: WhiteCreateInput) {
  const name = await businessName(db, input.whiteBusinessType, input.businessId);
  const results: RowResult[] = [];
  const wanted = [...input.userIds.map((id) => ({ kind: "id" as const, value: String(id) })), ...input.mobiles.map((m) => ({ kind: "mobile" as const, value: m }))];
  const ids = input.userIds;
  const mobiles = input.mobiles.filter((m) => /^1\d{10}$/.test(m));
  const found = await db
    .select({ id: users.id, nick: users.nick, mobile: users.mobile })
    .from(users)
    .where(and(ne(users.status, DELETED_STATUS), or(ids.length ? inArray(users.id, ids) : undefined, mobiles.length ? inArray(users.mobile, mobiles) : undefined)));
  const byId = new Map(found.map((u) => [u.id, u]));
  const byMobile = new Map(found.filter((u) => u.mobile).map((u) => [u.mobile!, u]));
  return db.transaction(async (tx) => {
    const seen = new Set<number>();
    for (const [i, w] of wanted.entries()) {
      const base = { row: i + 1, value: w.value };
      const user = w.kind === "id" ? byId.get(Number(w.value)) : byMobile.get(w.value);
      if (w.kind === "mobile" && !/^1\d{10}$/.test(w.value)) {
        results.push({ ...base, userId: null, nick: "", status: "failed", success: false, message: "手机号格式不正确" });
        continue;
      }
      if (!user) {
        results.push({ ...base, userId: null, nick: "", status: "failed", success: false, message: w.kind === "id" ? "用户不存在" : "未找到使用该手机号的用户" });
        continue;
      }
      if (seen.has(user.id)) {
        results.push({ ...base, userId: user.id, nick: user.nick, status: "existed", success: true, message: "与前面的行重复" });
        continue;
      }
      seen.add(user.id);
      const inserted = await tx
        .insert(whitelistEntries)
        .values({ whiteBusinessType: input.whiteBusinessType, businessId: input.businessId, userId: user.id, cause: input.cause ?? null, createdBy: adminId })
        .onConflictDoNothing()
        .returning({ id: whitelistEntries.id });
      results.push(
        inserted.length
          ? { ...base, userId: user.id, nick: user.nick, status: "added", success: true, message: "已添加" }
          : { ...base, userId: user.id, nick: user.nick, status: "existed", success: true, message: "已在白名单中" },
      );
    }
    const tally = (s: RowResult["status"]) => results.filter((r) => r.status === s).length;
    return {
      whiteBusinessType: input.whiteBusinessType,
      businessId: input.businessId,
      businessName: name,
      total: results.length,
      added: tally("added"),
      existed: tally("existed"),
      failed: tally("failed"),
      results,
    };
  });
}

export async function removeWhiteEntries(db: DbOrTx, ids: number[]) {
  const gone = await db.delete(whitelistEntries).where(inArray(whitelistEntries.id, ids)).returning({ id: whitelistEntries.id });
  if (!gone.length) throw fail("白名单记录不存在或已移除");
  return { removed: gone.length, ids: gone.map((g) => g.id) };
}

/** search: by type, business and a learner's nick, login name or mobile; newest first. */
export async function searchWhiteEntries(db: DbOrTx, input: WhiteSearchInput) {
  const kw = input.keyword ? likePattern(input.keyword) : undefined;
  const where = and(
    input.whiteBusinessType ? eq(whitelistEntries.whiteBusinessType, input.whiteBusinessType) : undefined,
    input.businessId !== undefined ? eq(whitelistEntries.businessId, input.businessId) : undefined,
    kw ? or(ilike(users.nick, kw), ilike(users.loginName, kw), ilike(users.mobile, kw)) : undefined,
  );
  const page = await paginate(
    input,
    db.select({ total: count() }).from(whitelistEntries).innerJoin(users, eq(users.id, whitelistEntries.userId)).where(where),
    db
      .select({ w: whitelistEntries, nick: users.nick, loginName: users.loginName, mobile: users.mobile })
      .from(whitelistEntries)
      .innerJoin(users, eq(users.id, whitelistEntries.userId))
      .where(where)
      .orderBy(desc(whitelistEntries.createdAt), desc(whitelistEntries.id)),
  );
  const names = await businessNames(db, page.list.map((r) => r.w));
  const creators = await creatorNames(db, page.list.map((r) => r.w.createdBy));
  return {
    ...page,
    list: page.list.map(({ w, nick, loginName, mobile }) => ({
      id: w.id,
      whiteBusinessType: w.whiteBusinessType,
      whiteBusinessTypeName: typeOf(w.whiteBusinessType)?.name ?? "",
      businessId: w.businessId,
      businessName: names.get(`${w.whiteBusinessType}:${w.businessId}`) ?? "",
      userId: w.userId,
      nick,
      loginName,
      mobile: maskMobile(mobile),
      cause: w.cause ?? "",
      creatorName: (w.createdBy && creators.get(w.createdBy)) || "",
      createTime: w.createdAt.getTime(),
    })),
  };
}

async function businessNames(db: DbOrTx, rows: { whiteBusinessType: number; businessId: number }[]) {
  const out = new Map<string, string>();
  const examIds = new Set<number>();
  const courseIds = new Set<number>();
  for (const r of rows) {
    const kind = typeOf(r.whiteBusinessType);
    if (!kind) continue;
    if (r.businessId === 0) out.set(`${r.whiteBusinessType}:0`, `全部${kind.businessName}`);
    else (kind.business === "exam" ? examIds : courseIds).add(r.businessId);
  }
  const [examRows, courseRows] = await Promise.all([
    examIds.size ? db.select({ id: exams.id, name: exams.name }).from(exams).where(inArray(exams.id, [...examIds])) : [],
    courseIds.size ? db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, [...courseIds])) : [],
  ]);
  for (const r of rows) {
    if (r.businessId === 0) continue;
    const list = typeOf(r.whiteBusinessType)?.business === "exam" ? examRows : courseRows;
    const hit = list.find((x) => x.id === r.businessId);
    out.set(`${r.whiteBusinessType}:${r.businessId}`, hit?.name ?? "（已删除）");
  }
  return out;
}

async function creatorNames(db: DbOrTx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => !!x))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db.select({ id: users.id, nick: users.nick }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nick]));
}

/** Whether a learner is on a type's whitelist for one business (an entry for all of them counts). */
export async function isWhite(db: DbOrTx, userId: number, type: WhiteBusinessType, businessId: number) {
  const scope: SQL = businessId ? inArray(whitelistEntries.businessId, [0, businessId]) : eq(whitelistEntries.businessId, 0);
  const [hit] = await db
    .select({ id: whitelistEntries.id })
    .from(whitelistEntries)
    .where(and(eq(whitelistEntries.userId, userId), eq(whitelistEntries.whiteBusinessType, type), scope))
    .limit(1);
  return !!hit;
}

/** getUserWhiteInfo: isWhite 1 when the learner is on the type's whitelist for the exam (or course). */
export async function userWhiteInfo(db: DbOrTx, userId: number, input: { whiteBusinessType: WhiteBusinessType; businessId: number; examId?: number }) {
  const white = await isWhite(db, userId, input.whiteBusinessType, input.businessId);
  return { examId: input.examId ?? null, businessId: input.businessId, whiteBusinessType: input.whiteBusinessType, isWhite: white ? 1 : 0 };
}

/** What a learner is exempted from in one exam, in one query: software monitoring, the face check. */
export async function examExemptions(db: DbOrTx, userId: number, examId: number) {
  const rows = await db
    .select({ type: whitelistEntries.whiteBusinessType })
    .from(whitelistEntries)
    .where(
      and(
        eq(whitelistEntries.userId, userId),
        inArray(whitelistEntries.whiteBusinessType, [WHITE_BUSINESS_TYPE.examSoftMonitor, WHITE_BUSINESS_TYPE.examFaceVerify]),
        inArray(whitelistEntries.businessId, [0, examId]),
      ),
    );
  const types = new Set(rows.map((r) => r.type));
  return { softMonitor: types.has(WHITE_BUSINESS_TYPE.examSoftMonitor), faceVerify: types.has(WHITE_BUSINESS_TYPE.examFaceVerify) };
}
