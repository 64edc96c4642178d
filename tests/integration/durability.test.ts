import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { examAnswers, examAttempts, orders, paymentNotifications, userCerts, userCourses } from "@db/schema";
import { sandboxTicket } from "@trpc-app/order/providers/sandbox";
import { createCourse } from "../factories/course";
import { addTemplate, bind } from "@trpc-app/cert/template.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { createTestDb, postgresAvailable } from "../helpers/db";

// An acknowledged answer survives the app process dying mid-load: learners save answers over HTTP, the
// process is killed with SIGKILL (no shutdown, no flush), a new one starts on the same PostgreSQL
// database, and every answer the dead process acknowledged is there.

const root = join(__dirname, "../..");
const LEARNERS = 12;
const QUESTIONS = 30;

type App = { child: ChildProcess; port: number };

function startApp(databaseUrl: string): Promise<App> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/app-process.ts", databaseUrl], { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: process.env });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += String(d);
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once("exit", (code) => reject(new Error(`app process exited (${code}) before listening`)));
  });
}

const pgUp = await postgresAvailable();

describe.skipIf(!pgUp)("answers survive the app process being killed [postgres]", () => {
  let handle: DbHandle;
  let databaseUrl: string;
  const children: ChildProcess[] = [];
  // The process the next call goes to. Starting one takes seconds, so a replacement starts as soon as one
  // is killed, while the test reads what the dead one left, and serves the next test in turn: four starts
  // for the three tests instead of six.
  let next: Promise<App> | undefined;
  const app = () => {
    if (!next) {
      next = startApp(databaseUrl).then((a) => {
        children.push(a.child);
        return a;
      });
      next.catch(() => {});
    }
    return next;
  };
  const kill = (a: App) => {
    a.child.kill("SIGKILL");
    next = undefined;
    void app();
  };
  beforeAll(async () => {
    handle = await createTestDb("postgres");
    const [{ db }] = (await handle.db.execute(sql`select current_database() as db`)) as unknown as { db: string }[];
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${db}`;
    void app();
  });
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await handle?.close();
  });

  it("every answer acknowledged before a SIGKILL is stored, once per question, and a new process serves at once", async () => {
    const db = handle.db;
    const questions: { id: number }[] = [];
    for (let i = 0; i < QUESTIONS; i++) questions.push(await createQuestion(db, { questionType: 1, content: `第${i + 1}题：政府采购的主要方式是？`, options: ["公开招标", "询价"], answer: ["A"] }));
    const paper = await createFixedPaper(db, "断电演练卷", questions.map((q) => ({ questionId: q.id, score: 1 })));
    const exam = await createExam(db, { paperId: paper.id, limitTime: 60 });
    const learners: { paperId: number; token: string }[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const user = await createUser(db, { nick: `考生${i + 1}` });
      const client = await signedInClient(db, user.id);
      await client.call((c) => c.exam.register({ examId: exam.id }));
      const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
      const { token } = await createSession(db, user.id);
      learners.push({ paperId, token });
    }

    const first = await app();
    /** Per attempt and question, the newest save the dead process acknowledged. */
    const acked = new Map<string, { seq: number; choice: string }>();
    let killed = false;
    const save = async (port: number, l: (typeof learners)[number], questionId: number, seq: number, choice: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/trpc/exam.saveAnswer`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `cy_session=${l.token}` },
        body: JSON.stringify({ paperId: l.paperId, questionId, answer: [choice], seq }),
      });
      const key = `${l.paperId}:${questionId}`;
      if (res.ok && seq > (acked.get(key)?.seq ?? 0)) acked.set(key, { seq, choice });
    };
    // Every learner answers question after question, changing earlier answers on the way, until the kill.
    const runs = learners.map(async (l, n) => {
      for (let seq = 1; !killed; seq++) {
        const q = questions[(seq * 7 + n) % QUESTIONS]!;
        await save(first.port, l, q.id, seq, seq % 2 ? "A" : "B").catch(() => {});
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    kill(first);
    killed = true;
    await Promise.all(runs);
    expect(acked.size).toBeGreaterThan(LEARNERS);

    // A new process on the same database: the answers are there and it answers calls at once.
    const second = await app();
    const stored = await db.select({ attemptId: examAnswers.attemptId, questionId: examAnswers.questionId, answer: examAnswers.answer, seq: examAnswers.seq }).from(examAnswers);
    const byKey = new Map(stored.map((r) => [`${r.attemptId}:${r.questionId}`, r]));
    // Questions are answered again and again, so a row being there is not enough: the newest acknowledged
    // save must be in it, or a later one that was stored but whose answer the kill cut off.
    const lost = [...acked].filter(([k, a]) => {
      const row = byKey.get(k);
      return !row || row.seq < a.seq || (row.seq === a.seq && row.answer[0] !== a.choice);
    });
    const saves = [...acked.values()].reduce((n, a) => Math.max(n, a.seq), 0);
    console.log(`durability: ${acked.size} answered questions, up to ${saves} saves per learner acknowledged before the kill, ${stored.length} stored rows, ${lost.length} lost`);
    expect(lost).toEqual([]);
    // One row per question and attempt, never two.
    expect(stored.length).toBe(byKey.size);
    const l = learners[0]!;
    await save(second.port, l, questions[0]!.id, 10_000, "A");
    const [row] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, l.paperId), eq(examAnswers.questionId, questions[0]!.id)));
    expect(row).toBeTruthy();
  }, 60_000);

  it("a pass acknowledged before a SIGKILL holds exactly one certificate; no certificate without its pass; a retry issues none twice", async () => {
    const db = handle.db;
    const admin = await createUser(db, { nick: "证书管理员", isAdmin: 1 });
    const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
    const paper = await createFixedPaper(db, "断电发证卷", [{ questionId: q.id, score: 100 }]);
    const exam = await createExam(db, { name: "断电发证演练", paperId: paper.id, limitTime: 60 });
    const t = await addTemplate(db, admin.id, { name: "演练证书", certName: "政府采购业务考核合格证书", prefix: "CYDL" });
    await bind(db, { templateId: t.id, businessType: 3, businessId: exam.id });
    const passers: { userId: number; paperId: number; token: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const user = await createUser(db, { nick: `发证考生${i + 1}` });
      const client = await signedInClient(db, user.id);
      await client.call((c) => c.exam.register({ examId: exam.id }));
      const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
      passers.push({ userId: user.id, paperId, token: (await createSession(db, user.id)).token });
    }
    const submit = (port: number, p: (typeof passers)[number]) =>
      fetch(`http://127.0.0.1:${port}/api/trpc/exam.submit`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `cy_session=${p.token}` },
        body: JSON.stringify({ paperId: p.paperId, answers: [{ questionId: q.id, answer: ["A"] }] }),
      });
    const first = await app();
    const acked = new Set<number>();
    let killed = false;
    const runs = (async () => {
      for (let i = 0; i < passers.length && !killed; i += 4)
        await Promise.all(passers.slice(i, i + 4).map(async (p) => {
          const res = await submit(first.port, p).catch(() => null);
          if (res?.ok) acked.add(p.userId);
        }));
    })();
    // Kill once some passes are acknowledged and others are still to come.
    for (let i = 0; i < 200 && acked.size < 6; i++) await new Promise((r) => setTimeout(r, 25));
    kill(first);
    killed = true;
    await runs;
    expect(acked.size).toBeGreaterThanOrEqual(6);
    expect(acked.size).toBeLessThan(passers.length);

    const state = async () => {
      const attempts = await db.select({ userId: examAttempts.userId, status: examAttempts.status, isPass: examAttempts.isPass }).from(examAttempts).where(eq(examAttempts.examId, exam.id));
      const certs = await db.select({ userId: userCerts.userId, certNo: userCerts.certNo }).from(userCerts).where(eq(userCerts.businessId, exam.id));
      return { attempts, certs };
    };
    let { attempts, certs } = await state();
    const certUsers = certs.map((c) => c.userId);
    // Every acknowledged pass has its certificate; every certificate has its recorded pass; none twice.
    for (const u of acked) expect(certUsers).toContain(u);
    const passed = new Set(attempts.filter((a) => a.status === 2 && a.isPass === 1).map((a) => a.userId));
    expect(new Set(certUsers)).toEqual(passed);
    expect(certUsers.length).toBe(new Set(certUsers).size);

    // The rest submit (and the acknowledged ones retry) on a new process: one certificate each, numbers unique.
    const second = await app();
    await Promise.all(passers.map((p) => submit(second.port, p)));
    ({ attempts, certs } = await state());
    console.log(`durability: ${acked.size} of ${passers.length} passes acknowledged before the kill; after the retry ${certs.length} certificates for ${passers.length} learners`);
    expect(certs).toHaveLength(passers.length);
    expect(new Set(certs.map((c) => c.userId)).size).toBe(passers.length);
    expect(new Set(certs.map((c) => c.certNo)).size).toBe(passers.length);
  }, 90_000);

  it("a payment acknowledged before a SIGKILL holds its paid order and its seat; no seat without a paid order; a retry pays none twice", async () => {
    const db = handle.db;
    const { course } = await createCourse(db, { name: "断电支付演练课程", isFree: 0, price: 19_900 });
    const buyers: { userId: number; tradeNo: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const user = await createUser(db, { nick: `付款学员${i + 1}` });
      const client = await signedInClient(db, user.id);
      const { tradeNo } = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
      buyers.push({ userId: user.id, tradeNo });
    }
    // The sandbox's phone pays as a real provider's notification would arrive: over HTTP, signed.
    const pay = (port: number, b: (typeof buyers)[number]) =>
      fetch(`http://127.0.0.1:${port}/api/trpc/order.sandboxPay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tradeNo: b.tradeNo, ticket: sandboxTicket(b.tradeNo) }),
      });
    const first = await app();
    const acked = new Set<number>();
    let killed = false;
    const runs = (async () => {
      for (let i = 0; i < buyers.length && !killed; i += 4)
        await Promise.all(buyers.slice(i, i + 4).map(async (b) => {
          const res = await pay(first.port, b).catch(() => null);
          if (res?.ok) acked.add(b.userId);
        }));
    })();
    for (let i = 0; i < 200 && acked.size < 6; i++) await new Promise((r) => setTimeout(r, 25));
    kill(first);
    killed = true;
    await runs;
    expect(acked.size).toBeGreaterThanOrEqual(6);
    expect(acked.size).toBeLessThan(buyers.length);

    const state = async () => {
      const paid = await db.select({ userId: orders.userId }).from(orders).where(and(eq(orders.goodsId, course.id), eq(orders.status, 1)));
      const seats = await db.select({ userId: userCourses.userId }).from(userCourses).where(and(eq(userCourses.courseId, course.id), eq(userCourses.payStatus, 1)));
      const notes = await db.select({ id: paymentNotifications.id }).from(paymentNotifications);
      return { paid: paid.map((p) => p.userId), seats: seats.map((s) => s.userId), notes: notes.length };
    };
    let { paid, seats } = await state();
    // Every acknowledged payment is paid with its seat; every seat has its paid order; nothing twice.
    for (const u of acked) {
      expect(paid).toContain(u);
      expect(seats).toContain(u);
    }
    expect(new Set(seats)).toEqual(new Set(paid));
    expect(paid.length).toBe(new Set(paid).size);

    // Everyone pays (the acknowledged ones again) on a new process: one paid order and one seat each.
    const second = await app();
    const answers = await Promise.all(buyers.map((b) => pay(second.port, b)));
    expect(answers.every((r) => r.ok)).toBe(true);
    ({ paid, seats } = await state());
    const { notes } = await state();
    console.log(`durability: ${acked.size} of ${buyers.length} payments acknowledged before the kill; after the retry ${paid.length} paid orders, ${seats.length} seats, ${notes} notifications`);
    expect(paid).toHaveLength(buyers.length);
    expect(new Set(seats).size).toBe(buyers.length);
    expect(seats).toHaveLength(buyers.length);
  }, 90_000);
});
