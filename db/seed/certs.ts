import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { CERT_BUSINESS, CERT_SOURCE, courses, examAttempts, exams, users } from "@db/schema";
import { putObject } from "@trpc-app/upload/object.service";
import { addTemplate, bind } from "@trpc-app/cert/template.service";
import { issueCertificate } from "@trpc-app/cert/issue.service";
import { createCanvas } from "@napi-rs/canvas";
import { defaultFields } from "@base/cert-layout";
import { registerFonts, SANS } from "@trpc-app/cert/render";

/** A cream certificate ground with a double gold frame and a rule under the title. */
async function backgroundPng(w: number, h: number) {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, "#fffaf0");
  g.addColorStop(1, "#fbeed5");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = "#b8860b";
  ctx.lineWidth = 8;
  ctx.strokeRect(22, 22, w - 44, h - 44);
  ctx.strokeStyle = "#d4af37";
  ctx.lineWidth = 2;
  ctx.strokeRect(40, 40, w - 80, h - 80);
  ctx.beginPath();
  ctx.moveTo(w / 2 - 160, 190);
  ctx.lineTo(w / 2 + 160, 190);
  ctx.strokeStyle = "#c9a227";
  ctx.stroke();
  return canvas.encode("png");
}

/** A round red seal on a transparent ground. */
async function sealPng() {
  registerFonts();
  const canvas = createCanvas(320, 320);
  const ctx = canvas.getContext("2d");
  ctx.strokeStyle = "#d22";
  ctx.fillStyle = "#d22";
  ctx.lineWidth = 10;
  ctx.beginPath();
  ctx.arc(160, 160, 148, 0, Math.PI * 2);
  ctx.stroke();
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `90px "${SANS}"`;
  ctx.fillText("★", 160, 165);
  ctx.font = `bold 40px "${SANS}"`;
  ctx.fillText("财云学院", 160, 80);
  ctx.font = `32px "${SANS}"`;
  ctx.fillText("证书专用章", 160, 250);
  return canvas.encode("png");
}

/**
 * Two templates (training and exam certificates) with a drawn background and seal, bound to a course and
 * to two exams; the demo learner holds the certificate of the exam she passed, and two colleagues hold one.
 */
export async function seedCerts(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!admin) return;
  const backgroundUrl = await putObject("cert-assets/background-classic.png", await backgroundPng(1123, 794), "image/png");
  const sealUrl = await putObject("cert-assets/seal.png", await sealPng(), "image/png");

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
