/**
 * Exam start stampede on PostgreSQL: N learners start the same exam within a window, each saves 20
 * answers through the legacy endpoints and submits; then every saved answer is checked in the database.
 *
 *   npx tsx scripts/bench-exam.ts [learners=2000] [windowSeconds=10]
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (TEST_POSTGRES_URL to change); uses and drops its own database.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, count, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../db/client";
import { examAnswers, examAttempts, sessions, users } from "../db/schema";
import { hashToken, randomToken } from "../trpc/auth/session";
import { register } from "../trpc/exam/attempt.service";
import { handleLegacy } from "../trpc/legacy/handler";
import { createExam, createQuestion, createRandomPaper } from "../tests/factories/exam";

process.env.NODE_ENV ??= "development";
const LEARNERS = Number(process.argv[2] ?? 2000);
const WINDOW_MS = Number(process.argv[3] ?? 10) * 1000;
const ANSWERS = 20;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const name = `cy_bench_exam_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), migrate: true, max: 30 });
  const db = handle.db;
  try {
    // A bank of 40 single-choice and 40 true/false questions; each learner's paper draws 10 + 10.
    for (let i = 0; i < 40; i++) await createQuestion(db, { questionType: 1, content: `政府采购单选练习题${i + 1}`, options: ["公开招标", "邀请招标", "竞争性谈判", "询价"], answer: ["A"] });
    for (let i = 0; i < 40; i++) await createQuestion(db, { questionType: 3, content: `政府采购判断练习题${i + 1}`, answer: [i % 2 ? "正确" : "错误"] });
    const paper = await createRandomPaper(db, "压测随机卷", [
      { questionType: 1, count: 10, score: 5 },
      { questionType: 3, count: 10, score: 5 },
    ]);
    const exam = await createExam(db, { name: "开考压测", paperId: paper.id, startTime: new Date(Date.now() - 1000), endTime: new Date(Date.now() + 3600_000), limitTime: 60 });

    // Learners, sessions and registrations (papers are built here, before the start).
    const t0 = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < LEARNERS; i += 500) {
      const rows = await db
        .insert(users)
        .values(Array.from({ length: Math.min(500, LEARNERS - i) }, (_, j) => ({ loginName: `bench_${i + j}`, nick: `考生${i + j}`, mobile: null })))
        .returning({ id: users.id });
      ids.push(...rows.map((r) => r.id));
    }
    const tokens = new Map<number, string>();
    const sessionRows = ids.map((userId) => {
      const token = randomToken();
      tokens.set(userId, token);
      return { id: hashToken(token), userId, expiresAt: new Date(Date.now() + 30 * 86400_000) };
    });
    for (let i = 0; i < sessionRows.length; i += 1000) await db.insert(sessions).values(sessionRows.slice(i, i + 1000));
    for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map((id) => register(db, id, exam.id)));
    console.log(`prepared ${LEARNERS} learners with their papers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // The legacy adapter behind a plain HTTP server, as in production.
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await handleLegacy(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }), db);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    // Longer than the clients' idle gaps, so a kept-alive socket is never closed under a request.
    server.keepAliveTimeout = 120_000;
    server.headersTimeout = 125_000;
    // A deep accept queue: thousands of learners connect within the same seconds.
    await new Promise<void>((r) => server.listen({ port: 0, host: "127.0.0.1", backlog: 8192 }, r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/elearning/caiyun/test`;

    const startLat: number[] = [];
    const saveLat: number[] = [];
    const submitLat: number[] = [];
    const errors: string[] = [];
    const expected = new Map<string, string>();
    const post = async (path: string, token: string, body: unknown, into: number[]) => {
      const t = performance.now();
      const r = await fetch(`${base}/${path}`, { method: "POST", headers: { "content-type": "application/json", cookie: `cy_session=${token}` }, body: JSON.stringify(body) });
      const j = (await r.json()) as { success: boolean; message: string; data: any };
      into.push(performance.now() - t);
      if (!j.success) throw new Error(`${path}: ${j.message}`);
      return j.data;
    };

    const run0 = Date.now();
    const progress = setInterval(() => console.log(`  ${((Date.now() - run0) / 1000).toFixed(0)} s: ${startLat.length} started, ${saveLat.length} answers, ${submitLat.length} submitted, ${errors.length} errors`), 30_000);
    await Promise.all(
      ids.map(async (userId) => {
        await new Promise((r) => setTimeout(r, Math.random() * WINDOW_MS));
        const token = tokens.get(userId)!;
        try {
          const started = await post("startExam", token, { examId: exam.id }, startLat);
          const paperData = await post("getPaper", token, { paperId: started.paperId }, []);
          let seq = 0;
          for (const q of paperData.questions as { questionId: number }[]) {
            const answer = Math.random() < 0.5 ? "A" : "B";
            await post("submitQuestion", token, { paperId: started.paperId, questionId: q.questionId, answer: [answer], seq: ++seq }, saveLat);
            // Only acknowledged saves count: those are the answers the server promised to keep.
            expected.set(`${started.paperId}:${q.questionId}`, answer);
          }
          await post("submitPaper", token, { paperId: started.paperId }, submitLat);
        } catch (e) {
          const cause = (e as { cause?: { code?: string } }).cause?.code;
          errors.push(`${(e as Error).message}${cause ? ` (${cause})` : ""}`);
        }
      }),
    );
    clearInterval(progress);
    const elapsed = (Date.now() - run0) / 1000;
    server.close();

    // Every saved answer must be in the database, as sent.
    const rows = await db.select({ attemptId: examAnswers.attemptId, questionId: examAnswers.questionId, answer: examAnswers.answer }).from(examAnswers);
    let mismatched = 0;
    for (const r of rows) {
      const want = expected.get(`${r.attemptId}:${r.questionId}`);
      if (want !== undefined && want !== r.answer[0]) mismatched += 1;
    }
    const [{ n: submitted } = { n: 0 }] = await db.select({ n: count() }).from(examAttempts).where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.status, 2)));
    const [{ n: attempts } = { n: 0 }] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.examId, exam.id));
    const requests = startLat.length + saveLat.length + submitLat.length;

    console.log(`\n${LEARNERS} learners, starts spread over ${WINDOW_MS / 1000} s, ${ANSWERS} answers each, PostgreSQL (pool 30), one process`);
    console.log(`wall time ${elapsed.toFixed(1)} s, ${requests} requests (${(requests / elapsed).toFixed(0)} req/s)`);
    console.log(`startExam    p50 ${ms(pct(startLat, 50))}  p99 ${ms(pct(startLat, 99))}  (n=${startLat.length})`);
    console.log(`submitQuestion p50 ${ms(pct(saveLat, 50))}  p99 ${ms(pct(saveLat, 99))}  (n=${saveLat.length})`);
    console.log(`submitPaper  p50 ${ms(pct(submitLat, 50))}  p99 ${ms(pct(submitLat, 99))}  (n=${submitLat.length})`);
    console.log(`errors ${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 5).join(" | ")}` : ""}`);
    const stored = new Set(rows.map((r) => `${r.attemptId}:${r.questionId}`));
    const missing = [...expected.keys()].filter((k) => !stored.has(k)).length;
    console.log(`answers acknowledged ${expected.size}, rows in database ${rows.length}, acknowledged but missing ${missing}, stored value differs ${mismatched}`);
    console.log(`attempts ${attempts} (one per learner: ${attempts === LEARNERS}), submitted ${submitted}`);
    const ok = errors.length === 0 && missing === 0 && mismatched === 0 && submitted === LEARNERS;
    console.log(ok ? "RESULT: every answer saved and every paper submitted" : "RESULT: FAILED");
    await db.execute(sql`select 1`);
  } finally {
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
