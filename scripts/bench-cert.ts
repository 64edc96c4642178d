// Certificate figures on a fresh PostgreSQL database: drawing time per certificate (PNG, PDF) with a
// background, seal and photo; then 2,000 learners passing one exam (issue in each pass's transaction) and
// their images drawn by the background sweep, while a probe measures how long other requests wait.
// Run: npx tsx scripts/bench-cert.ts [learners]   (TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cy-bench-cert-"));
const { openDatabase } = await import("@db/client");
const { CERT_BUSINESS, userCerts, users } = await import("@db/schema");
const { seedCerts } = await import("@db/seed/certs");
const { issueCertificate } = await import("@trpc-app/cert/issue.service");
const { certPdf, certPng, drawPendingImages } = await import("@trpc-app/cert/cert.service");
const { createUser } = await import("../tests/factories/user");
const { createExam, createFixedPaper, createQuestion } = await import("../tests/factories/exam");

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LEARNERS = Number(process.argv[2] ?? 2000);
const RUNS = 40;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

const name = `cy_bench_cert_${randomBytes(4).toString("hex")}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), migrate: true, max: 10 });
const db = handle.db;
try {
  await createUser(db, { loginName: "demo_admin", nick: "李建国", isAdmin: 1 });
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "2025年第四季度政府采购业务考核", paperId: paper.id });
  // The demo templates (background, seal, the full field set) bound to the exam.
  await seedCerts(db);

  // 1. Drawing one certificate.
  const learner = await createUser(db, { loginName: "bench_one", nick: "王晓雯" });
  const one = (await db.transaction((tx) => issueCertificate(tx, { userId: learner.id, businessType: CERT_BUSINESS.exam, businessId: exam.id, score: 92 })))!.cert;
  await certPng(db, { ...one, imageReady: 0 }); // fonts registered, caches warm
  const png: number[] = [];
  const pdf: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await certPng(db, { ...one, imageReady: 0 });
    png.push(performance.now() - t);
    t = performance.now();
    await certPdf(db, one);
    pdf.push(performance.now() - t);
  }
  console.log(`draw + store one certificate as PNG (${RUNS} runs): ${fmt(png)}`);
  console.log(`draw one certificate as PDF (${RUNS} runs): ${fmt(pdf)}`);

  // 2. Bulk: LEARNERS pass the exam; each pass issues in its own transaction, 20 at a time.
  const [{ first }] = (await db.execute(sql`select coalesce(max(id), 0) + 1 as first from users`)) as unknown as [{ first: number }];
  await db.execute(
    sql.raw(`insert into users (login_name, nick, mobile, password_hash, created_at) select 'bench_' || g, '学员' || g, '139' || lpad(g::text, 8, '0'), 'x', now() from generate_series(1, ${LEARNERS}) g`),
  );
  const ids = (await db.select({ id: users.id }).from(users).where(sql`${users.id} >= ${first}`)).map((u) => u.id);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const probe: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t = performance.now();
      await db.execute(sql`select 1`);
      probe.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  delay.enable();
  let t = performance.now();
  for (let i = 0; i < ids.length; i += 20)
    await Promise.all(ids.slice(i, i + 20).map((userId) => db.transaction((tx) => issueCertificate(tx, { userId, businessType: CERT_BUSINESS.exam, businessId: exam.id, score: 80 }))));
  const issueMs = performance.now() - t;
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from ${userCerts}`)) as unknown as [{ n: number }];
  console.log(`issue ${ids.length} certificates (20 concurrent transactions): ${(issueMs / 1000).toFixed(1)} s, ${((issueMs / ids.length) * 20).toFixed(1)} ms per issue at 20 in flight; ${n} rows`);
  t = performance.now();
  let drawn = 0;
  for (let k; (k = await drawPendingImages(db, 50)); ) drawn += k;
  const drawMs = performance.now() - t;
  delay.disable();
  probing = false;
  await prober;
  console.log(`draw ${drawn} images in the background sweep: ${(drawMs / 1000).toFixed(1)} s (${(drawMs / Math.max(1, drawn)).toFixed(1)} ms each)`);
  console.log(`meanwhile: event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms; a probe query (${probe.length} samples): ${fmt(probe)}`);
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
