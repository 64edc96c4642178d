import { and, count, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { CERT_BUSINESS, certBindings, certTemplates, courses, examSeries, exams, thirdCerts, userCerts } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { maskIdNo, maskName } from "@base/format";
import { paginate, type PageRequest } from "@base/paging";
import { mediaUrl } from "../course/view";
import { inSiteScope, type SiteScope } from "../site/site.service";
import { countingFailures, type Limit } from "../auth/rate-limit.service";
import { isOwnUpload } from "../upload/access.service";
import { certImageKey, storageKeyOf } from "../upload/file-ref";
import { keyOfFileUrl, putObject, readObject } from "../upload/object.service";
import { BUSINESS_NAMES, verifyUrlOf, type UserCert } from "./issue.service";
import { defaultFields, type CertFace } from "@base/cert-layout";
import { renderPdf, renderPng, type CertLayout } from "./render";
import { checkSignature } from "./signing";

export const CERT_REFUSED = "证书不存在或您无权查看";

/** 1 valid, 2 expired, 3 revoked. */
export const CERT_STATUS = { valid: 1, expired: 2, revoked: 3 } as const;
export const CERT_STATUS_NAMES: Record<number, string> = { 1: "有效", 2: "已过期", 3: "已撤销" };

export function statusOf(c: Pick<UserCert, "revokedAt" | "expiresAt">, now = Date.now()) {
  if (c.revokedAt) return CERT_STATUS.revoked;
  if (c.expiresAt && c.expiresAt.getTime() <= now) return CERT_STATUS.expired;
  return CERT_STATUS.valid;
}

export const imageUrlOf = (c: Pick<UserCert, "credentialId" | "imageVersion">) => `/cert/image/${c.credentialId}.png?v=${c.imageVersion}`;
export const pdfUrlOf = (c: Pick<UserCert, "credentialId" | "imageVersion">) => `/cert/image/${c.credentialId}.pdf?v=${c.imageVersion}`;

/** The old clients' fallback markup; the image always exists, so it only frames the image. */
export function certHtmlOf(c: UserCert, size: { width: number; height: number }) {
  return `<div class="cert-box" style="position:relative;width:${size.width}px;height:${size.height}px"><img src="${imageUrlOf(c)}" alt="${c.certName.replace(/"/g, "&quot;")}" style="width:100%;height:100%"/></div>`;
}

/** The learner's own view of a certificate (spec fields first). */
export function certView(c: UserCert, now = Date.now()) {
  const status = statusOf(c, now);
  return {
    userCertId: c.id,
    id: c.id,
    certName: c.certName,
    certImgUrl: imageUrlOf(c),
    certPdfUrl: pdfUrlOf(c),
    certNo: c.certNo,
    contentName: c.contentName,
    businessType: c.businessType,
    businessTypeName: BUSINESS_NAMES[c.businessType] ?? "",
    businessId: c.businessId,
    realName: c.realName,
    score: c.score,
    learnHours: c.learnHours,
    issueTime: c.issuedAt.getTime(),
    expireTime: c.expiresAt?.getTime() ?? null,
    status,
    statusName: CERT_STATUS_NAMES[status]!,
    revokeReason: c.revokedAt ? (c.revokeReason ?? "") : "",
    shareUrl: verifyUrlOf(c.credentialId),
    credentialId: c.credentialId,
  };
}

/** What anyone may see of a certificate: masked name and ID, status, number, content. */
export function publicView(c: UserCert, now = Date.now()) {
  const status = statusOf(c, now);
  return {
    certNo: c.certNo,
    certName: c.certName,
    contentName: c.contentName,
    realName: maskName(c.realName),
    idNo: maskIdNo(c.idNo),
    issuerName: c.issuerName,
    issueTime: c.issuedAt.getTime(),
    expireTime: c.expiresAt?.getTime() ?? null,
    status,
    statusName: CERT_STATUS_NAMES[status]!,
    revokeTime: c.revokedAt?.getTime() ?? null,
    certImgUrl: imageUrlOf(c),
    credentialId: c.credentialId,
  };
}

async function templateSize(db: DbOrTx, templateId: number | null) {
  if (!templateId) return { width: 1123, height: 794 };
  const [t] = await db.select({ width: certTemplates.width, height: certTemplates.height }).from(certTemplates).where(eq(certTemplates.id, templateId));
  return t ?? { width: 1123, height: 794 };
}

/** A learner's own certificate, or the same refusal whether it is someone else's or does not exist. */
export async function ownCert(db: DbOrTx, userId: number, id: number) {
  const [c] = await db.select().from(userCerts).where(and(eq(userCerts.id, id), eq(userCerts.userId, userId)));
  if (!c) throw notFound(CERT_REFUSED);
  return c;
}

export async function listMine(db: DbOrTx, userId: number, page: PageRequest) {
  const where = eq(userCerts.userId, userId);
  const res = await paginate(page, db.select({ total: count() }).from(userCerts).where(where), db.select().from(userCerts).where(where).orderBy(desc(userCerts.issuedAt), desc(userCerts.id)));
  const now = Date.now();
  return { ...res, list: res.list.map((c) => certView(c, now)) };
}

/** The learner's live certificate for a content (the pop-up after a pass or completion), or null. */
export async function forContent(db: DbOrTx, userId: number, businessType: number, businessId: number) {
  const [c] = await db
    .select()
    .from(userCerts)
    .where(and(eq(userCerts.userId, userId), eq(userCerts.businessType, businessType), eq(userCerts.businessId, businessId), isNull(userCerts.revokedAt)));
  return c ? { ...certView(c), certHtml: certHtmlOf(c, await templateSize(db, c.templateId)) } : null;
}

export async function detail(db: DbOrTx, userId: number, id: number) {
  const c = await ownCert(db, userId, id);
  return { ...certView(c), certHtml: certHtmlOf(c, await templateSize(db, c.templateId)) };
}

/** The pop-up's fetch: userCertId, certImgUrl, certHtml, certName. */
export async function gainInfo(db: DbOrTx, userId: number, certId: number) {
  const c = await ownCert(db, userId, certId);
  return { userCertId: c.id, certImgUrl: imageUrlOf(c), certHtml: certHtmlOf(c, await templateSize(db, c.templateId)), certName: c.certName };
}

/**
 * The old pop-up uploads the picture it drew and saves it here. It must be the learner's own upload; it is
 * kept, but the server's own image stays the one shown (it is drawn from the frozen record).
 */
export async function saveClientImage(db: DbOrTx, viewer: { id: number; isAdmin: number }, id: number, url: string, asAdmin = false) {
  const c = asAdmin ? await certById(db, id) : await ownCert(db, viewer.id, id);
  const key = storageKeyOf(url);
  if (!key || !(asAdmin || (await isOwnUpload(db, viewer.id, key)))) throw fail("证书图片须为您上传的图片");
  await db.update(userCerts).set({ clientImageUrl: url }).where(eq(userCerts.id, c.id));
  return { userCertId: c.id, certImgUrl: imageUrlOf(c) };
}

export async function certById(db: DbOrTx, id: number) {
  const [c] = await db.select().from(userCerts).where(eq(userCerts.id, id));
  if (!c) throw notFound("证书不存在");
  return c;
}

/** The learner's own certificate drawn again (regenerateCert). */
export async function regenerateOwn(db: DbOrTx, userId: number, id: number) {
  await ownCert(db, userId, id);
  return regenerate(db, id);
}

/** Draws the image again on next view (new version, so caches and old links move on). */
export async function regenerate(db: DbOrTx, id: number) {
  const [c] = await db
    .update(userCerts)
    .set({ imageVersion: sql`${userCerts.imageVersion} + 1`, imageReady: 0 })
    .where(eq(userCerts.id, id))
    .returning();
  if (!c) throw notFound("证书不存在");
  return certView(c);
}

// ---- images ----

const imageKey = (c: Pick<UserCert, "credentialId" | "imageVersion">) => certImageKey(c.credentialId, c.imageVersion);

async function bytesOf(url: string | null | undefined) {
  const key = url ? keyOfFileUrl(url) : null;
  return key ? readObject(key) : null;
}

async function layoutOf(db: DbOrTx, c: UserCert): Promise<CertLayout & { backgroundUrl: string | null; sealUrl: string | null }> {
  const [t] = c.templateId ? await db.select().from(certTemplates).where(eq(certTemplates.id, c.templateId)) : [];
  if (!t) return { width: 1123, height: 794, fields: defaultFields(), backgroundUrl: null, sealUrl: null };
  return { width: t.width, height: t.height, fields: t.fields.length ? t.fields : defaultFields(t.width, t.height), backgroundUrl: t.backgroundUrl, sealUrl: t.sealUrl };
}

export function faceOf(c: UserCert): CertFace {
  return {
    realName: c.realName,
    idNo: c.idNo,
    certName: c.certName,
    contentName: c.contentName,
    score: c.score,
    learnHours: c.learnHours,
    issuedAt: c.issuedAt.getTime(),
    expiresAt: c.expiresAt?.getTime() ?? null,
    certNo: c.certNo,
    issuerName: c.issuerName,
    verifyUrl: verifyUrlOf(c.credentialId),
  };
}

async function drawInputs(db: DbOrTx, c: UserCert) {
  const layout = await layoutOf(db, c);
  const [background, photo, seal] = await Promise.all([bytesOf(layout.backgroundUrl), bytesOf(c.photoUrl), bytesOf(layout.sealUrl)]);
  return { layout, images: { background, photo, seal }, opts: { revoked: !!c.revokedAt } };
}

/**
 * The certificate's PNG: stored once drawn (cert/<credential>/<version>.png) and read back after. A revoked
 * certificate is drawn with a mark each time and not stored.
 */
export async function certPng(db: DbOrTx, c: UserCert): Promise<Buffer> {
  if (!c.revokedAt && c.imageReady === 1) {
    const stored = await readObject(imageKey(c));
    if (stored) return stored;
  }
  const { layout, images, opts } = await drawInputs(db, c);
  const png = await renderPng(layout, faceOf(c), images, opts);
  if (!c.revokedAt) {
    await putObject(imageKey(c), png, "image/png");
    await db.update(userCerts).set({ imageReady: 1 }).where(and(eq(userCerts.id, c.id), eq(userCerts.imageVersion, c.imageVersion)));
  }
  return png;
}

export async function certPdf(db: DbOrTx, c: UserCert) {
  const { layout, images, opts } = await drawInputs(db, c);
  return renderPdf(layout, faceOf(c), images, `${c.certName} ${c.certNo}`, opts);
}

/** Draws images not drawn yet (after a bulk issue), a few at a time, so a learner opening one seldom waits. */
export async function drawPendingImages(db: DbOrTx, limit = 20) {
  const pending = await db.select().from(userCerts).where(and(eq(userCerts.imageReady, 0), isNull(userCerts.revokedAt))).orderBy(userCerts.id).limit(limit);
  for (const c of pending) await certPng(db, c);
  return pending.length;
}

export async function certByCredential(db: DbOrTx, credentialId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(credentialId)) return null;
  const [c] = await db.select().from(userCerts).where(eq(userCerts.credentialId, credentialId.toLowerCase()));
  return c ?? null;
}

// ---- verification centre ----

/** Failed verification-centre searches from one address (number + name guessing). */
const SEARCH_FAILURES_PER_IP: Limit = { name: "cert-search-ip", max: 30, windowMs: 15 * 60_000 };

/** Search by number and name (both must match): the public view. Failed searches are throttled per address. */
export function searchCert(db: DbOrTx, ip: string, certNo: string, name: string) {
  return countingFailures(db, SEARCH_FAILURES_PER_IP, ip, () => findCert(db, certNo, name));
}

async function findCert(db: DbOrTx, certNo: string, name: string) {
  const [c] = await db
    .select()
    .from(userCerts)
    .where(and(eq(userCerts.certNo, certNo.toUpperCase()), eq(userCerts.realName, name)));
  if (!c) throw notFound("未查询到该证书，请核对证书编号和姓名");
  return { ...publicView(c), signature: (await checkSignature(db, c.credential)).ok ? "valid" : "invalid" };
}

/** The QR code's and share link's lookup. */
export async function verifyById(db: DbOrTx, credentialId: string) {
  const c = await certByCredential(db, credentialId);
  if (!c) throw notFound("未查询到该证书");
  return { ...publicView(c), signature: (await checkSignature(db, c.credential)).ok ? "valid" : "invalid" };
}

const SIGNATURE_TEXT: Record<string, string> = {
  malformed: "凭证格式不正确，无法读取",
  "unknown-key": "凭证不是由本平台的密钥签发的",
  "bad-signature": "凭证签名无效：内容在签发后被改动过",
};

/**
 * Verifies a downloaded credential on its own: the signature first (any change to a name, date or score
 * breaks it), then the certificate's status here (revoked, expired). Says which of the two failed.
 */
export async function verifyCredential(db: DbOrTx, token: string) {
  const sig = await checkSignature(db, token);
  if (!sig.ok) return { signatureValid: false, signatureMessage: SIGNATURE_TEXT[sig.reason]!, status: null, statusName: "", valid: false, certificate: null };
  const jti = String(sig.payload.jti ?? "");
  const c = await certByCredential(db, jti.replace(/^urn:uuid:/, ""));
  if (!c) return { signatureValid: true, signatureMessage: "签名有效", status: null, statusName: "本平台没有该证书的记录", valid: false, certificate: null };
  const status = statusOf(c);
  return { signatureValid: true, signatureMessage: "签名有效", status, statusName: CERT_STATUS_NAMES[status]!, valid: status === CERT_STATUS.valid, certificate: publicView(c) };
}

/** The learner's credential, to download and verify elsewhere. */
export async function credentialOf(db: DbOrTx, userId: number, id: number) {
  const c = await ownCert(db, userId, id);
  return { userCertId: c.id, certNo: c.certNo, credential: c.credential };
}

/** On an extra site that lists chosen content: its exams and courses, and the series holding one of its exams. */
function programmeInScope(scope: SiteScope) {
  const seriesExam = sql`exists (select 1 from jsonb_array_elements_text(${examSeries.examIds}) as e(id) where ${inSiteScope(scope, 3, sql`e.id::bigint`)})`;
  return and(
    or(ne(certBindings.businessType, CERT_BUSINESS.exam), inSiteScope(scope, 3, certBindings.businessId)),
    or(ne(certBindings.businessType, CERT_BUSINESS.course), inSiteScope(scope, 1, certBindings.businessId)),
    or(ne(certBindings.businessType, CERT_BUSINESS.series), seriesExam),
  );
}

/**
 * The verification centre's programmes: exams, series and courses that lead to a certificate, newest
 * first (visitors see them too).
 */
export async function programmes(db: DbOrTx, page: PageRequest, scope: SiteScope | null = null) {
  const rows = await db
    .select({
      businessType: certBindings.businessType,
      businessId: certBindings.businessId,
      certName: certTemplates.certName,
      examName: exams.name,
      examCover: exams.coverUrl,
      examStart: exams.startTime,
      examEnd: exams.endTime,
      courseName: courses.name,
      courseCover: courses.coverUrl,
      seriesName: examSeries.name,
    })
    .from(certBindings)
    .innerJoin(certTemplates, and(eq(certTemplates.id, certBindings.templateId), isNull(certTemplates.deletedAt), eq(certTemplates.status, 1)))
    .leftJoin(exams, and(eq(certBindings.businessType, CERT_BUSINESS.exam), eq(exams.id, certBindings.businessId), isNull(exams.deletedAt)))
    .leftJoin(courses, and(eq(certBindings.businessType, CERT_BUSINESS.course), eq(courses.id, certBindings.businessId)))
    .leftJoin(examSeries, and(eq(certBindings.businessType, CERT_BUSINESS.series), eq(examSeries.id, certBindings.businessId), isNull(examSeries.deletedAt)))
    .where(scope ? programmeInScope(scope) : undefined)
    .orderBy(desc(certBindings.createdAt));
  const list = rows
    .map((r) => ({
      businessType: r.businessType,
      businessTypeName: BUSINESS_NAMES[r.businessType] ?? "",
      id: r.businessId,
      name: r.examName ?? r.courseName ?? r.seriesName ?? "",
      coverUrl: r.examCover ?? (r.courseCover ? mediaUrl(r.courseCover) : ""),
      certName: r.certName,
      startTime: r.examStart?.getTime() ?? null,
      endTime: r.examEnd?.getTime() ?? null,
      linkUrl: r.businessType === CERT_BUSINESS.exam ? `/exam/detail?id=${r.businessId}` : r.businessType === CERT_BUSINESS.course ? `/course/detail?id=${r.businessId}` : `/exam/detail?seriesId=${r.businessId}`,
    }))
    .filter((r) => r.name);
  const start = (page.pageNo - 1) * page.pageSize;
  return { ...page, total: list.length, list: list.slice(start, start + page.pageSize) };
}

// ---- imported third-party certificates ----

const thirdView = (t: typeof thirdCerts.$inferSelect) => ({
  id: t.id,
  certName: t.certName,
  certNo: t.certNo,
  platformName: t.platformName,
  issueTime: t.issuedAt.getTime(),
  expireTime: t.expiresAt?.getTime() ?? null,
  certImgUrl: t.certImgUrl ?? "",
  isNew: t.seenAt ? 0 : 1,
});

export async function thirdList(db: DbOrTx, userId: number, page: PageRequest) {
  const where = eq(thirdCerts.userId, userId);
  const res = await paginate(page, db.select({ total: count() }).from(thirdCerts).where(where), db.select().from(thirdCerts).where(where).orderBy(desc(thirdCerts.issuedAt), desc(thirdCerts.id)));
  return { ...res, list: res.list.map(thirdView) };
}

/** Imported certificates the learner has not seen yet; listing them marks them seen. */
export async function thirdNewList(db: DbOrTx, userId: number) {
  const rows = await db
    .update(thirdCerts)
    .set({ seenAt: new Date() })
    .where(and(eq(thirdCerts.userId, userId), isNull(thirdCerts.seenAt)))
    .returning();
  return { list: rows.map((r) => ({ ...thirdView(r), isNew: 1 })) };
}
