import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { CERT_BUSINESS, CERT_SOURCE, certTemplates, examAttempts, thirdCerts, userCerts, users, type CertBusinessType } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { maskIdNo } from "@base/format";
import { paginate } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";
import { dateText, readByHeaders, toXlsx } from "@base/xlsx";
import { parseChinaDateTime } from "@base/china-time";
import { BUSINESS_NAMES, issueCertificate } from "./issue.service";
import { certById, certView, CERT_STATUS, CERT_STATUS_NAMES, regenerate, statusOf } from "./cert.service";
import type { UserCertPageInput } from "./schemas";

function filters(input: UserCertPageInput) {
  const conds: SQL[] = [];
  if (input.businessType) conds.push(eq(userCerts.businessType, input.businessType));
  if (input.businessId) conds.push(eq(userCerts.businessId, input.businessId));
  const templateId = input.templateId ?? input.certId;
  if (templateId) conds.push(eq(userCerts.templateId, templateId));
  if (input.name) conds.push(ilike(userCerts.realName, likePattern(input.name)));
  if (input.mobile) conds.push(ilike(users.mobile, likePattern(input.mobile)));
  if (input.certNo) conds.push(ilike(userCerts.certNo, likePattern(input.certNo)));
  if (input.startTime !== undefined) conds.push(gte(userCerts.issuedAt, new Date(input.startTime)));
  if (input.endTime !== undefined) conds.push(lt(userCerts.issuedAt, new Date(input.endTime)));
  if (input.status === CERT_STATUS.revoked) conds.push(isNotNull(userCerts.revokedAt));
  if (input.status === CERT_STATUS.expired) conds.push(and(isNull(userCerts.revokedAt), sql`${userCerts.expiresAt} <= now()`)!);
  if (input.status === CERT_STATUS.valid) conds.push(and(isNull(userCerts.revokedAt), or(isNull(userCerts.expiresAt), sql`${userCerts.expiresAt} > now()`))!);
  return and(...conds);
}

const adminView = (r: { c: typeof userCerts.$inferSelect; mobile: string | null; templateName: string | null }) => ({
  ...certView(r.c),
  userId: r.c.userId,
  mobile: r.mobile ?? "",
  idNo: maskIdNo(r.c.idNo),
  templateId: r.c.templateId,
  templateName: r.templateName ?? "",
  source: r.c.source,
  sourceName: r.c.source === CERT_SOURCE.manual ? "手动发放" : "自动发放",
  revokeTime: r.c.revokedAt?.getTime() ?? null,
  clientImageUrl: r.c.clientImageUrl ?? "",
});

function baseQuery(db: DbOrTx) {
  return db
    .select({ c: userCerts, mobile: users.mobile, templateName: certTemplates.name })
    .from(userCerts)
    .innerJoin(users, eq(users.id, userCerts.userId))
    .leftJoin(certTemplates, eq(certTemplates.id, userCerts.templateId));
}

export async function pageUserCerts(db: DbOrTx, input: UserCertPageInput) {
  const where = filters(input);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(userCerts).innerJoin(users, eq(users.id, userCerts.userId)).where(where),
    baseQuery(db).where(where).orderBy(desc(userCerts.issuedAt), desc(userCerts.id)),
  );
  return { ...page, list: page.list.map(adminView) };
}

export async function userCertDetail(db: DbOrTx, id: number) {
  const [r] = await baseQuery(db).where(eq(userCerts.id, id));
  if (!r) throw notFound("证书不存在");
  return adminView(r);
}

const EXPORT_MAX = 50_000;

export async function exportUserCerts(db: DbOrTx, input: UserCertPageInput) {
  const rows = await baseQuery(db).where(filters(input)).orderBy(desc(userCerts.issuedAt), desc(userCerts.id)).limit(EXPORT_MAX + 1);
  if (rows.length > EXPORT_MAX) throw fail(`导出条数不能超过${EXPORT_MAX}条，请缩小筛选范围`);
  return toXlsx(
    "证书发放记录.xlsx",
    "证书",
    [
      { header: "证书编号", key: "certNo", width: 22 },
      { header: "证书名称", key: "certName", width: 24 },
      { header: "姓名", key: "realName" },
      { header: "手机号", key: "mobile" },
      { header: "身份证号", key: "idNo", width: 22 },
      { header: "内容类型", key: "type" },
      { header: "内容名称", key: "contentName", width: 30 },
      { header: "成绩", key: "score" },
      { header: "发证时间", key: "issuedAt", width: 20 },
      { header: "有效期至", key: "expiresAt", width: 20 },
      { header: "状态", key: "status" },
      { header: "撤销原因", key: "revokeReason", width: 24 },
      { header: "发放方式", key: "source" },
    ],
    rows.map(({ c, mobile }) => ({
      certNo: c.certNo,
      certName: c.certName,
      realName: c.realName,
      mobile: mobile ?? "",
      idNo: maskIdNo(c.idNo),
      type: BUSINESS_NAMES[c.businessType] ?? "",
      contentName: c.contentName,
      score: c.score ?? "",
      issuedAt: dateText(c.issuedAt),
      expiresAt: c.expiresAt ? dateText(c.expiresAt) : "长期有效",
      status: CERT_STATUS_NAMES[statusOf(c)],
      revokeReason: c.revokeReason ?? "",
      source: c.source === CERT_SOURCE.manual ? "手动发放" : "自动发放",
    })),
  );
}

/**
 * An admin sends certificates to chosen learners for a content: each in its own transaction, so one
 * learner's problem does not stop the rest. A learner holding a valid one keeps it (skipped).
 */
export async function sendCerts(db: Db, input: { templateId?: number; certId?: number; businessType: CertBusinessType; businessId: number; userIds: number[] }) {
  const templateId = input.templateId ?? input.certId;
  if (!templateId) throw fail("请选择证书模板");
  const [t] = await db.select().from(certTemplates).where(and(eq(certTemplates.id, templateId), isNull(certTemplates.deletedAt)));
  if (!t) throw notFound("证书模板不存在或已删除");
  if (t.status !== 1) throw fail("证书模板已停用，请先启用");
  const known = await db.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds));
  const exists = new Set(known.map((u) => u.id));
  let issued = 0;
  let skipped = 0;
  const failed: { userId: number; reason: string }[] = [];
  for (const userId of input.userIds) {
    if (!exists.has(userId)) {
      failed.push({ userId, reason: "学员不存在" });
      continue;
    }
    const r = await db.transaction((tx) => issueCertificate(tx, { userId, businessType: input.businessType, businessId: input.businessId, templateId, source: CERT_SOURCE.manual }));
    if (!r) failed.push({ userId, reason: `${BUSINESS_NAMES[input.businessType] ?? "内容"}不存在` });
    else if (r.created) issued += 1;
    else skipped += 1;
  }
  return { issued, skipped, failed };
}

/**
 * Diagnostic repair (caiyun/tool/repairExamCert): issues the certificate of every learner who passed the
 * exam and holds none, e.g. passes recorded before the exam was bound to a template. Never a second one.
 */
export async function repairExamCerts(db: Db, examId: number) {
  const passed = await db
    .selectDistinctOn([examAttempts.userId], { userId: examAttempts.userId, score: examAttempts.score })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.isPass, 1)))
    .orderBy(examAttempts.userId, desc(examAttempts.score));
  let issued = 0;
  for (const p of passed) {
    const r = await db.transaction((tx) => issueCertificate(tx, { userId: p.userId, businessType: CERT_BUSINESS.exam, businessId: examId, score: p.score }));
    if (r?.created) issued += 1;
  }
  return { examId, passed: passed.length, issued };
}

export async function revokeCert(db: DbOrTx, id: number, reason: string, fraudId?: number) {
  const [c] = await db
    .update(userCerts)
    .set({ revokedAt: new Date(), revokeReason: reason, revokedByFraudId: fraudId ?? null })
    .where(and(eq(userCerts.id, id), isNull(userCerts.revokedAt)))
    .returning();
  if (!c) {
    await certById(db, id);
    throw fail("该证书已撤销");
  }
  return certView(c);
}

/**
 * A confirmed fraud in an exam revokes the learner's certificate of that exam (and of any series it
 * completed), remembering the fraud check so clearing it restores them. Run in the check's transaction.
 */
export async function revokeForFraud(tx: DbOrTx, input: { userId: number; examId: number; fraudId: number; reason: string }) {
  const rows = await tx
    .update(userCerts)
    .set({ revokedAt: new Date(), revokeReason: input.reason.slice(0, 200), revokedByFraudId: input.fraudId })
    .where(and(eq(userCerts.userId, input.userId), eq(userCerts.businessType, CERT_BUSINESS.exam), eq(userCerts.businessId, input.examId), isNull(userCerts.revokedAt)))
    .returning({ id: userCerts.id });
  return { revoked: rows.length };
}

/** A fraud check cleared after it was confirmed: the certificates it revoked are valid again (unless replaced since). */
export async function restoreForFraud(tx: DbOrTx, fraudId: number) {
  const rows = await tx.select().from(userCerts).where(eq(userCerts.revokedByFraudId, fraudId));
  let restored = 0;
  for (const c of rows) {
    const [live] = await tx
      .select({ id: userCerts.id })
      .from(userCerts)
      .where(and(eq(userCerts.userId, c.userId), eq(userCerts.businessType, c.businessType), eq(userCerts.businessId, c.businessId), isNull(userCerts.revokedAt)));
    if (live) continue;
    await tx.update(userCerts).set({ revokedAt: null, revokeReason: null, revokedByFraudId: null }).where(eq(userCerts.id, c.id));
    restored += 1;
  }
  return { restored };
}

/** Undoes a revocation, unless the learner has since been given another certificate for the content. */
export async function restoreCert(db: DbOrTx, id: number) {
  const c = await certById(db, id);
  if (!c.revokedAt) throw fail("该证书未撤销");
  try {
    const [r] = await db.update(userCerts).set({ revokedAt: null, revokeReason: null, revokedByFraudId: null }).where(eq(userCerts.id, id)).returning();
    return certView(r!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail("该学员已有同一内容的有效证书，不能恢复");
    throw e;
  }
}

export async function regenerateMany(db: DbOrTx, ids: number[]) {
  const out = [];
  for (const id of ids) out.push(await regenerate(db, id));
  return { count: out.length, list: out };
}

// ---- third-party certificates ----

const THIRD_HEADERS = ["手机号", "证书名称", "证书编号", "发证平台", "发证日期"] as const;

function dateOf(v: string): Date | null {
  const direct = parseChinaDateTime(v.trim());
  if (!Number.isNaN(direct)) return new Date(direct);
  const ms = parseChinaDateTime(v.trim().replace(/[./年月]/g, "-").replace(/日$/, ""));
  return Number.isNaN(ms) ? null : new Date(ms);
}

/**
 * Imports certificates earned elsewhere from .xlsx (columns 手机号, 证书名称, 证书编号, 发证平台, 发证日期,
 * optional 有效期至 and 证书图片). Every bad row is reported with its number; good rows are stored, and a
 * certificate already imported (platform + number) is not stored twice.
 */
export async function importThirdCerts(db: DbOrTx, base64: string) {
  const { has, rows } = await readByHeaders(Buffer.from(base64, "base64"));
  const missing = THIRD_HEADERS.filter((h) => !has(h));
  if (missing.length) throw fail(`表头缺少：${missing.join("、")}`);
  if (rows.length > 5000) throw fail("一次最多导入5000行");
  const errors: { row: number; reason: string }[] = [];
  const good: (typeof thirdCerts.$inferInsert)[] = [];
  const mobiles = [...new Set(rows.map((r) => r.get("手机号")).filter(Boolean))];
  const people = mobiles.length ? await db.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.mobile, mobiles)) : [];
  const byMobile = new Map(people.map((p) => [p.mobile, p.id]));
  for (const r of rows) {
    const mobile = r.get("手机号");
    const userId = byMobile.get(mobile);
    const certName = r.get("证书名称");
    const certNo = r.get("证书编号");
    const platformName = r.get("发证平台");
    const issuedAt = dateOf(r.get("发证日期"));
    const expiresText = has("有效期至") ? r.get("有效期至") : "";
    const expiresAt = expiresText ? dateOf(expiresText) : null;
    const reason = !userId
      ? "手机号未注册"
      : !certName || certName.length > 100
        ? "证书名称为空或超过100字"
        : !certNo || certNo.length > 60
          ? "证书编号为空或超过60位"
          : !platformName || platformName.length > 60
            ? "发证平台为空或超过60字"
            : !issuedAt
              ? "发证日期格式不正确"
              : expiresText && !expiresAt
                ? "有效期格式不正确"
                : "";
    if (reason) errors.push({ row: r.row, reason });
    else good.push({ userId: userId!, certName, certNo, platformName, issuedAt: issuedAt!, expiresAt, certImgUrl: (has("证书图片") ? r.get("证书图片") : "") || null });
  }
  const stored = good.length ? await db.insert(thirdCerts).values(good).onConflictDoNothing().returning({ id: thirdCerts.id }) : [];
  return { total: rows.length, imported: stored.length, duplicated: good.length - stored.length, errors };
}

export async function pageThirdCerts(db: DbOrTx, input: { pageNo: number; pageSize: number; name?: string }) {
  const where = input.name ? or(ilike(thirdCerts.certName, likePattern(input.name)), ilike(users.mobile, likePattern(input.name))) : undefined;
  const page = await paginate(
    input,
    db.select({ total: count() }).from(thirdCerts).innerJoin(users, eq(users.id, thirdCerts.userId)).where(where),
    db.select({ t: thirdCerts, mobile: users.mobile, nick: users.nick }).from(thirdCerts).innerJoin(users, eq(users.id, thirdCerts.userId)).where(where).orderBy(desc(thirdCerts.id)),
  );
  return {
    ...page,
    list: page.list.map(({ t, mobile, nick }) => ({ id: t.id, userId: t.userId, mobile: mobile ?? "", nick, certName: t.certName, certNo: t.certNo, platformName: t.platformName, issueTime: t.issuedAt.getTime(), expireTime: t.expiresAt?.getTime() ?? null })),
  };
}
