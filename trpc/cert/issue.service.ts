import { randomUUID } from "node:crypto";
import { sideBySide } from "@db/side-by-side";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { prepared } from "@db/prepared";
import type { DbOrTx } from "@db/client";
import { CERT_BUSINESS, CERT_SOURCE, certBindings, certNumberSeqs, certTemplates, courses, examAttempts, examSeries, exams, learningPaths, userCerts, userIdentities, users, type CertBusinessType } from "@db/schema";
import { env } from "@base/env.server";
import { signCredential } from "./signing";

export type UserCert = typeof userCerts.$inferSelect;
export type CertTemplate = typeof certTemplates.$inferSelect;

/** Business type names as the pages and messages say them. */
export const BUSINESS_NAMES: Record<number, string> = { [CERT_BUSINESS.course]: "课程", [CERT_BUSINESS.exam]: "考试", [CERT_BUSINESS.series]: "考试系列", [CERT_BUSINESS.map]: "学习地图" };

/** The site's address for links printed on certificates (QR code) and written into credentials. */
export function publicOrigin() {
  const e = env();
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

export const verifyUrlOf = (credentialId: string) => `${publicOrigin()}/verify/center?id=${credentialId}`;

/** Certificate number: prefix + year + six-digit sequence (seven and more digits once a year passes 999,999). */
export const formatCertNo = (prefix: string, year: number, seq: number) => `${prefix}${year}${String(seq).padStart(6, "0")}`;

/** Takes the next number of a prefix and year; the row lock serialises concurrent issues of one template. */
async function nextNumber(tx: DbOrTx, prefix: string, year: number) {
  const [row] = await tx
    .insert(certNumberSeqs)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [certNumberSeqs.prefix, certNumberSeqs.year], set: { last: sql`${certNumberSeqs.last} + 1` } })
    .returning({ last: certNumberSeqs.last });
  return formatCertNo(prefix, year, row!.last);
}

function addMonths(d: Date, months: number) {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/** The credential's claims: a W3C Verifiable Credential in the Open Badges 3.0 shape. */
export function credentialClaims(c: Pick<UserCert, "credentialId" | "certNo" | "certName" | "contentName" | "realName" | "idNo" | "score" | "learnHours" | "issuerName" | "issuedAt" | "expiresAt" | "businessType" | "businessId">) {
  const origin = publicOrigin();
  const jti = `urn:uuid:${c.credentialId}`;
  return {
    iss: origin,
    jti,
    nbf: Math.floor(c.issuedAt.getTime() / 1000),
    ...(c.expiresAt ? { exp: Math.floor(c.expiresAt.getTime() / 1000) } : {}),
    vc: {
      "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
      id: jti,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: origin, type: ["Profile"], name: c.issuerName || "财云学院" },
      validFrom: c.issuedAt.toISOString(),
      ...(c.expiresAt ? { validUntil: c.expiresAt.toISOString() } : {}),
      name: c.certName,
      credentialSubject: {
        type: ["AchievementSubject"],
        name: c.realName,
        identifier: c.idNo ? [{ type: "IdentityObject", identityType: "nationalIdentityNumber", hashed: false, identityHash: c.idNo }] : [],
        achievement: {
          id: `${origin}/cert/achievement/${c.businessType}-${c.businessId}`,
          type: ["Achievement"],
          name: c.contentName,
          criteria: { narrative: BUSINESS_NAMES[c.businessType] ? `完成${BUSINESS_NAMES[c.businessType]}「${c.contentName}」` : c.contentName },
        },
        result: c.score === null ? [] : [{ type: ["Result"], value: String(c.score) }],
        ...(c.learnHours === null ? {} : { learnHours: c.learnHours }),
        certificateNumber: c.certNo,
      },
      credentialStatus: { id: `${origin}/verify/center?id=${c.credentialId}`, type: "CaiyunRevocationStatus" },
    },
  };
}

async function contentOf(tx: DbOrTx, type: number, id: number): Promise<{ name: string; learnHours: number | null } | null> {
  if (type === CERT_BUSINESS.course) {
    const [c] = await tx.select({ name: courses.name, learnHour: courses.learnHour }).from(courses).where(eq(courses.id, id));
    return c ? { name: c.name, learnHours: c.learnHour } : null;
  }
  if (type === CERT_BUSINESS.exam) {
    const [e] = await tx.select({ name: exams.name }).from(exams).where(eq(exams.id, id));
    return e ? { name: e.name, learnHours: null } : null;
  }
  if (type === CERT_BUSINESS.map) {
    const [m] = await tx.select({ name: learningPaths.name }).from(learningPaths).where(eq(learningPaths.id, id));
    return m ? { name: m.name, learnHours: null } : null;
  }
  if (type === CERT_BUSINESS.series) {
    const [s] = await tx.select({ name: examSeries.name }).from(examSeries).where(eq(examSeries.id, id));
    return s ? { name: s.name, learnHours: null } : null;
  }
  return null;
}

export interface IssueRequest {
  userId: number;
  businessType: CertBusinessType;
  businessId: number;
  /** The template; by default the one bound to the content. */
  templateId?: number;
  /** The content's name when it is not a course, exam or series (learning maps give theirs). */
  contentName?: string;
  score?: number | null;
  source?: number;
  now?: Date;
}

export type IssueResult = { cert: UserCert; created: boolean } | null;

/**
 * Issues a learner's certificate for a content, once: run it inside the transaction that records the
 * result. A learner holding one (or whose certificate was revoked, for automatic issue) keeps it; a
 * concurrent issue loses on the unique index and returns the winner's. null when nothing is bound.
 */
export async function issueCertificate(tx: DbOrTx, req: IssueRequest): Promise<IssueResult> {
  const source = req.source ?? CERT_SOURCE.auto;
  const key = and(eq(userCerts.userId, req.userId), eq(userCerts.businessType, req.businessType), eq(userCerts.businessId, req.businessId));
  const existing = await tx
    .select()
    .from(userCerts)
    .where(source === CERT_SOURCE.auto ? key : and(key, isNull(userCerts.revokedAt)))
    .orderBy(sql`${userCerts.revokedAt} is null desc`, userCerts.id)
    .limit(1);
  if (existing[0]) return { cert: existing[0], created: false };

  let templateId = req.templateId;
  if (templateId === undefined) {
    const [b] = await tx.select({ templateId: certBindings.templateId }).from(certBindings).where(and(eq(certBindings.businessType, req.businessType), eq(certBindings.businessId, req.businessId)));
    if (!b) return null;
    templateId = b.templateId;
  }
  const [t] = await tx.select().from(certTemplates).where(and(eq(certTemplates.id, templateId), isNull(certTemplates.deletedAt)));
  // A disabled template issues nothing automatically; an admin's send names an enabled one.
  if (!t || t.status !== 1) return null;
  const content = await contentOf(tx, req.businessType, req.businessId);
  const contentName = req.contentName ?? content?.name;
  if (!contentName) return null;

  const [person] = await tx
    .select({ nick: users.nick, realName: userIdentities.realName, idNo: userIdentities.idNo, photo: userIdentities.passportPhotoUrl, status: userIdentities.status })
    .from(users)
    .leftJoin(userIdentities, eq(userIdentities.userId, users.id))
    .where(eq(users.id, req.userId));
  if (!person) return null;

  const now = req.now ?? new Date();
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Shanghai", year: "numeric" }).format(now));
  const certNo = await nextNumber(tx, t.prefix, year);
  const row = {
    userId: req.userId,
    templateId: t.id,
    businessType: req.businessType,
    businessId: req.businessId,
    certNo,
    credentialId: randomUUID(),
    certName: t.certName,
    contentName: contentName.slice(0, 200),
    realName: (person.realName || person.nick).slice(0, 40),
    idNo: person.idNo ?? "",
    photoUrl: person.photo ?? null,
    score: req.score ?? null,
    learnHours: content?.learnHours ?? null,
    issuerName: t.issuerName,
    issuedAt: now,
    expiresAt: t.validityMonths > 0 ? addMonths(now, t.validityMonths) : null,
    source,
  };
  const credential = await signCredential(tx, credentialClaims(row));
  const [inserted] = await tx
    .insert(userCerts)
    .values({ ...row, credential })
    .onConflictDoNothing({ target: [userCerts.userId, userCerts.businessType, userCerts.businessId], where: sql`${userCerts.revokedAt} is null` })
    .returning();
  if (inserted) return { cert: inserted, created: true };
  const [winner] = await tx.select().from(userCerts).where(and(key, isNull(userCerts.revokedAt)));
  return winner ? { cert: winner, created: false } : null;
}

/**
 * An exam was passed (score final): its certificate, and that of every series whose exams the learner
 * has now all passed. Called in the transaction that stored the pass.
 */
export async function onExamPassed(tx: DbOrTx, userId: number, examId: number, score: number | null) {
  await onExamPassedAll(tx, examId, [{ userId, score }]);
}

/**
 * Learners passed an exam in one transaction (a turn's submits, decision 022): what binds the exam is
 * read once; each learner's certificates are then issued as for one, beside the others' (a learner
 * appears once).
 */
export async function onExamPassedAll(tx: DbOrTx, examId: number, passes: { userId: number; score: number | null }[]) {
  if (!passes.length) return;
  // Prepared (one text, kept per connection): sent with the closing transaction's writes, not after a
  // round trip of its own to describe it.
  const bound = await prepared(tx, "cert_bindings_of_exam", (t) =>
    t
      .select({ type: certBindings.businessType, id: certBindings.businessId })
      .from(certBindings)
      .where(sql`(${certBindings.businessType} = ${CERT_BUSINESS.exam} and ${certBindings.businessId} = ${sql.placeholder("examId")}) or ${certBindings.businessType} = ${CERT_BUSINESS.series}`)
      .prepare("cert_bindings_of_exam"),
  ).execute({ examId });
  if (!bound.length) return;
  const seriesIds = bound.filter((b) => b.type === CERT_BUSINESS.series).map((b) => b.id);
  const series = seriesIds.length
    ? await tx
        .select({ id: examSeries.id, examIds: examSeries.examIds })
        .from(examSeries)
        .where(and(inArray(examSeries.id, seriesIds), isNull(examSeries.deletedAt), sql`${examSeries.examIds} @> ${JSON.stringify([examId])}::jsonb`))
    : [];
  // Each learner's chain ends before a failure is thrown, so none sends after the transaction's rollback.
  await sideBySide(
    passes.map(async ({ userId, score }) => {
      if (bound.some((b) => b.type === CERT_BUSINESS.exam)) await issueCertificate(tx, { userId, businessType: CERT_BUSINESS.exam, businessId: examId, score });
      for (const s of series) {
        if (!s.examIds.length) continue;
        const passed = await tx
          .selectDistinct({ examId: examAttempts.examId })
          .from(examAttempts)
          .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.examId, s.examIds), eq(examAttempts.isPass, 1)));
        const done = new Set(passed.map((p) => p.examId));
        done.add(examId);
        if (s.examIds.every((id) => done.has(id))) await issueCertificate(tx, { userId, businessType: CERT_BUSINESS.series, businessId: s.id });
      }
    }),
  );
}

/** A course was completed for the first time. */
export async function onCourseCompleted(tx: DbOrTx, userId: number, courseId: number) {
  return issueCertificate(tx, { userId, businessType: CERT_BUSINESS.course, businessId: courseId });
}
