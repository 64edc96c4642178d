import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { CERT_BUSINESS, CERT_SOURCE, courses, examAttempts, exams, users } from "@db/schema";
import { putObject } from "@trpc-app/upload/object.service";
import { addTemplate, bind } from "@trpc-app/cert/template.service";
import { issueCertificate } from "@trpc-app/cert/issue.service";
import { defaultFields, renderPng } from "@trpc-app/cert/render";

const BACKGROUND_SVG = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#fbeed5"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <rect x="22" y="22" width="${w - 44}" height="${h - 44}" fill="none" stroke="#b8860b" stroke-width="8"/>
  <rect x="40" y="40" width="${w - 80}" height="${h - 80}" fill="none" stroke="#d4af37" stroke-width="2"/>
  <path d="M${w / 2 - 160} 190 H${w / 2 + 160}" stroke="#c9a227" stroke-width="2"/>
</svg>`;

const SEAL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
  <circle cx="160" cy="160" r="150" fill="none" stroke="#d22" stroke-width="10"/>
  <text x="160" y="185" font-size="90" fill="#d22" text-anchor="middle" font-family="Noto Sans CJK SC">★</text>
  <text x="160" y="95" font-size="36" fill="#d22" text-anchor="middle" font-family="Noto Sans CJK SC" font-weight="700">财云学院</text>
  <text x="160" y="260" font-size="30" fill="#d22" text-anchor="middle" font-family="Noto Sans CJK SC">证书专用章</text>
</svg>`;

/**
 * Two templates (training and exam certificates) with a drawn background and seal, bound to a course and
 * to two exams; the demo learner holds the certificate of the exam she passed, and two colleagues hold one.
 */
export async function seedCerts(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!admin) return;
  // Transparent seal: a PNG from SVG keeps its alpha.
  const backgroundUrl = await putObject("cert-assets/background-classic.png", await renderPng(BACKGROUND_SVG(1123, 794)), "image/png");
  const sealUrl = await putObject("cert-assets/seal.png", await renderPng(SEAL_SVG), "image/png");

  const training = await addTemplate(db, admin.id, {
    name: "培训证书",
    certName: "政府采购从业人员培训合格证书",
    prefix: "CYPX",
    backgroundUrl,
    sealUrl,
    issuerName: "财云学院",
    validityMonths: 0,
    fields: defaultFields().filter((f) => f.key !== "score").concat([{ key: "learnHours", x: 300, y: 440, size: 22, label: "学时：" }]),
  });
  const exam = await addTemplate(db, admin.id, {
    name: "考试证书",
    certName: "政府采购业务考核合格证书",
    prefix: "CYKS",
    backgroundUrl,
    sealUrl,
    issuerName: "财云学院",
    validityMonths: 24,
    fields: defaultFields(),
  });

  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.status, 1)).orderBy(asc(courses.id)).limit(1);
  if (course) await bind(db, { templateId: training.id, businessType: CERT_BUSINESS.course, businessId: course.id });
  const examRows = await db.select({ id: exams.id, name: exams.name }).from(exams);
  const ended = examRows.find((e) => e.name === "2025年第四季度政府采购业务考核");
  const open = examRows.find((e) => e.name === "2026年度政府采购从业人员能力测评");
  for (const e of [ended, open]) if (e) await bind(db, { templateId: exam.id, businessType: CERT_BUSINESS.exam, businessId: e.id });

  // The demo learner's pass of the ended exam, issued when it was recorded.
  if (ended) {
    const [a] = await db
      .select({ userId: examAttempts.userId, score: examAttempts.score, submittedAt: examAttempts.submittedAt })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, ended.id), eq(examAttempts.isPass, 1)));
    if (a) await db.transaction((tx) => issueCertificate(tx, { userId: a.userId, businessType: CERT_BUSINESS.exam, businessId: ended.id, score: a.score, now: a.submittedAt ?? new Date() }));
  }
  const colleagues = await db.select({ id: users.id, loginName: users.loginName }).from(users);
  const zhang = colleagues.find((u) => u.loginName === "zhangmin_cg");
  const chen = colleagues.find((u) => u.loginName === "chenjing88");
  const day = 86_400_000;
  if (zhang && course) await db.transaction((tx) => issueCertificate(tx, { userId: zhang.id, businessType: CERT_BUSINESS.course, businessId: course.id, now: new Date(Date.now() - 12 * day) }));
  if (chen && ended)
    await db.transaction((tx) => issueCertificate(tx, { userId: chen.id, businessType: CERT_BUSINESS.exam, businessId: ended.id, templateId: exam.id, score: 88, source: CERT_SOURCE.manual, now: new Date(Date.now() - 31 * day) }));
}
