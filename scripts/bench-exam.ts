/**
 * Exam start stampede against the built server on PostgreSQL: N learners start the same exam within a
 * window, each saves 20 answers through the legacy endpoints and submits; then every acknowledged
 * answer is checked in the database.
 *
 *   npm run bench exam [learners=2000] [windowSeconds=10]
 *   (or npx tsx scripts/bench-exam.ts [learners] [windowSeconds])
 *
 * Three kinds of process, so the figures are the server's and not the bench's:
 * - this parent: builds the app into build-bench/ when stale, creates a fresh database (dropped at the
 *   end), seeds the bank, paper, exam, learners, sessions and registrations directly in it, samples
 *   the server's /proc figures and reports;
 * - the server under test: `node server.mjs` from build-bench/ with NODE_ENV=production, its own
 *   PORT, DATABASE_URL to that database (the app's own pool), a throw-away DATA_DIR, random
 *   SERVICE_TOKEN and STORAGE_SECRET (production requires them), PGAPPNAME=cy-bench-server (so its
 *   PostgreSQL backends can be told apart and their CPU read);
 * - client processes (fork, default one per core): each drives its share of learners over HTTP with
 *   the session cookie an old client sends, each learner on a kept-alive connection of its own (HTTP/1.1
 *   written and read by hand, lighter than Node's client on the shared cores), and sends back latency samples, acknowledged answers, errors by code and its own CPU use.
 *
 * Environment: TEST_POSTGRES_URL (admin connection, postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CLIENTS (client processes, default the number of cores), BENCH_PORT (server port, default a free one; REALTIME_PORT is the
 * next one, unused here), BENCH_TIMEOUT_SECONDS (per request, default 60), BENCH_BUILD_DIR (build folder,
 * default build-bench), BENCH_SERVER_NODE_OPTIONS (node flags for the server, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof": every worker then writes its profile there on exit), BENCH_WEB_CONCURRENCY
 * (the server's WEB_CONCURRENCY; unset, the server's production default applies), BENCH_WARM=0 (every start
 * opens a new connection; by default each learner holds one before the start, as the waiting hall's page
 * does: it reads the server's clock every 20-30 s, within the server's 65 s keep-alive). The server's CPU
 * is counted over its whole process tree (cluster workers included).
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { mb, ms, pct, processTree, startBenchServer, stopChild, treeCpuSeconds, treeMemory, cpuSeconds } from "./bench-proc";

const SELF = fileURLToPath(import.meta.url);
const ANSWERS = 20;
/**
 * Pause between a learner's answers (jittered 0.5-1.5x). Real learners take tens of seconds a question;
 * 3 s is a harsh pace that still leaves the synchronised start as the peak. BENCH_THINK_MS=0 replays
 * every answer back to back: a closed loop that measures throughput at saturation, not a start.
 */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 3000);
const PATH = "/api/elearning/caiyun/test";
/** Learners come from the waiting hall holding a connection (BENCH_WARM=0: every start opens one). */
const WARM = process.env.BENCH_WARM !== "0";
const envNum = (k: string, d: number) => Number(process.env[k] ?? d) || d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Msg = { op: string; [k: string]: any };
/** What a client process reports: latencies in ms, acknowledged answers as (attempt, question, 0=A/1=B) triples. */
interface ClientResult {
  start: Float64Array;
  paper: Float64Array;
  save: Float64Array;
  submit: Float64Array;
  acked: Int32Array;
  errors: Record<string, number>;
  samples: string[];
  cpuMs: number;
  wallMs: number;
  loopP99: number;
  connections: number;
}

// ---------- client process ----------

async function client() {
  const run = new Promise<Msg>((r) => process.once("message", r as never));
  process.send!({ op: "ready" });
  const { base, examId, tokens, startAt, windowMs, timeoutMs } = await run;
  const url = new URL(base);
  const lat = { start: [] as number[], paper: [] as number[], save: [] as number[], submit: [] as number[] };
  const acked: number[] = [];
  const errors: Record<string, number> = {};
  const samples: string[] = [];
  let connections = 0;
  const counts = { started: 0, saves: 0, submitted: 0, errors: 0 };

  class CallError extends Error {
    constructor(readonly code: string, message: string) {
      super(message);
    }
  }

  /**
   * A learner's own kept-alive connection, one call at a time, as their browser holds one: HTTP/1.1 written
   * and read by hand. Node's http client (an agent, its request and answer objects) cost about 0.13 ms of
   * CPU a call on the same two cores as the server; this about a third of it. A closed connection is
   * opened again for the next call (and counted).
   */
  class Connection {
    private socket: Socket | null = null;
    private chunks: Buffer[] = [];
    private size = 0;
    private waiting: { resolve: (a: { status: number; body: string }) => void; reject: (e: Error) => void; step: string; sentAt: number } | null = null;

    private open() {
      connections += 1;
      const socket = connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      socket.on("data", (c: Buffer) => this.onData(c));
      const drop = (e?: NodeJS.ErrnoException) => {
        if (this.socket === socket) this.socket = null;
        this.fail(`${e?.code ?? "ECONNRESET"}`, e?.message ?? "connection closed");
      };
      socket.on("error", drop);
      socket.on("close", () => drop());
      this.socket = socket;
      return socket;
    }

    private fail(code: string, message: string) {
      const w = this.waiting;
      this.waiting = null;
      this.chunks = [];
      this.size = 0;
      w?.reject(new CallError(`${w.step}:${code}`, message));
    }

    /** One whole answer: status line, headers, then a content-length body or chunks. */
    private onData(c: Buffer) {
      this.chunks.push(c);
      this.size += c.length;
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
      const end = all.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = all.toString("latin1", 0, end);
      const status = Number(head.slice(9, 12));
      let body: Buffer | null = null;
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (length) {
        if (all.length < end + 4 + Number(length[1])) return;
        body = all.subarray(end + 4, end + 4 + Number(length[1]));
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        const parts: Buffer[] = [];
        let at = end + 4;
        for (;;) {
          const line = all.indexOf("\r\n", at);
          if (line < 0) return;
          const n = parseInt(all.toString("latin1", at, line), 16);
          if (all.length < line + 2 + n + 2) return;
          if (n === 0) break;
          parts.push(all.subarray(line + 2, line + 2 + n));
          at = line + 2 + n + 2;
        }
        body = Buffer.concat(parts);
      } else body = Buffer.alloc(0);
      this.chunks = [];
      this.size = 0;
      const w = this.waiting;
      this.waiting = null;
      if (/\r\nconnection: *close/i.test(head)) this.socket?.destroy();
      w?.resolve({ status, body: body.toString("utf8") });
    }

    /** The request in one write (one segment: the server reads it whole in one turn). */
    send(method: string, path: string, step: string, headers: string, payload = "") {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        this.waiting = { resolve, reject, step, sentAt: performance.now() };
        const socket = this.socket ?? this.open();
        const length = payload ? `content-length: ${Buffer.byteLength(payload)}\r\n` : "";
        socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\n${headers}${length}\r\n${payload}`);
      });
    }

    close() {
      this.socket?.destroy();
      this.socket = null;
    }

    /** A call still unanswered after timeoutMs is given up (its connection closed). */
    expire(now: number) {
      if (this.waiting && now - this.waiting.sentAt > timeoutMs) {
        this.socket?.destroy();
        this.fail("TIMEOUT", `no answer in ${timeoutMs} ms`);
      }
    }
  }
  const open = new Set<Connection>();
  const expiry = setInterval(() => {
    const now = performance.now();
    for (const c of open) c.expire(now);
  }, 1000);

  const post = async (conn: Connection, step: string, token: string, body: unknown, into: number[]) => {
    const t = performance.now();
    const headers = `content-type: application/json\r\ncookie: cy_session=${token}\r\n`;
    const res = await conn.send("POST", `${PATH}/${step}`, step, headers, JSON.stringify(body));
    const ms = performance.now() - t;
    let j: { success?: boolean; code?: number; message?: string; data?: any } = {};
    try {
      j = JSON.parse(res.body);
    } catch {}
    if (res.status !== 200) throw new CallError(`${step}:HTTP ${res.status}`, j.message ?? "");
    if (!j.success) throw new CallError(`${step}:code ${j.code}`, j.message ?? "");
    into.push(ms);
    return j.data;
  };

  // Each learner's browser already holds a connection, as the waiting hall's page keeps one (it reads the
  // server's clock every 20-30 s); BENCH_WARM=0 makes every start open a new one.
  const conns: Connection[] = tokens.map(() => new Connection());
  for (const c of conns) open.add(c);
  if (WARM) await Promise.all(conns.map((c) => c.send("GET", "/favicon.ico", "warm", "").catch(() => {})));
  const learner = async (token: string, conn: Connection) => {
    await sleep(Math.max(0, startAt + Math.random() * windowMs - Date.now()));
    try {
      const started = await post(conn, "startExam", token, { examId }, lat.start);
      counts.started += 1;
      const paper = await post(conn, "getPaper", token, { paperId: started.paperId }, lat.paper);
      let seq = 0;
      for (const q of (paper.questions as { questionId: number }[]).slice(0, ANSWERS)) {
        const choice = Math.random() < 0.5 ? 0 : 1;
        await post(conn, "submitQuestion", token, { paperId: started.paperId, questionId: q.questionId, answer: [choice ? "B" : "A"], seq: ++seq }, lat.save);
        // Only acknowledged saves count: those are the answers the server promised to keep.
        acked.push(started.paperId, q.questionId, choice);
        counts.saves += 1;
        if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
      }
      await post(conn, "submitPaper", token, { paperId: started.paperId }, lat.submit);
      counts.submitted += 1;
    } catch (e) {
      const code = e instanceof CallError ? e.code : `other:${(e as Error).name}`;
      errors[code] = (errors[code] ?? 0) + 1;
      counts.errors += 1;
      if (samples.length < 5) samples.push(`${code} ${(e as Error).message}`.slice(0, 200));
    }
  };

  const loop = monitorEventLoopDelay({ resolution: 10 });
  const progress = setInterval(() => process.send!({ op: "progress", ...counts }), 1000);
  await sleep(Math.max(0, startAt - Date.now()));
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(tokens.map((t: string, i: number) => learner(t, conns[i]!)));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();
  clearInterval(expiry);
  clearInterval(progress);
  for (const c of conns) c.close();
  const result: ClientResult = {
    start: Float64Array.from(lat.start),
    paper: Float64Array.from(lat.paper),
    save: Float64Array.from(lat.save),
    submit: Float64Array.from(lat.submit),
    acked: Int32Array.from(acked),
    errors,
    samples,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    loopP99: loop.percentile(99) / 1e6,
    connections,
  };
  process.send!({ op: "progress", ...counts });
  process.send!({ op: "done", result }, undefined, {}, () => process.exit(0));
}

// ---------- parent ----------

const concat = (parts: Float64Array[]) => {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
};

async function main() {
  const LEARNERS = Number(process.argv[2] ?? 2000);
  const WINDOW_MS = Number(process.argv[3] ?? 10) * 1000;
  if (!(LEARNERS >= 1) || !(WINDOW_MS >= 0)) throw new Error("usage: bench-exam.ts [learners] [windowSeconds]");
  const CLIENTS = Math.max(1, Math.min(envNum("BENCH_CLIENTS", availableParallelism()), LEARNERS));
  const TIMEOUT_MS = envNum("BENCH_TIMEOUT_SECONDS", 60) * 1000;
  const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const BUILD_DIR = process.env.BENCH_BUILD_DIR || "build-bench";
  const NODE_FLAGS = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean);
  process.env.NODE_ENV ??= "development";

  // The app's modules only here: the client processes load nothing but node's own.
  const { ensureBuild, root } = await import("./lib.mjs");
  const { and, count, eq, inArray } = await import("drizzle-orm");
  const { default: postgres } = await import("postgres");
  const { openDatabase } = await import("../db/client");
  const { examAnswers, examAttempts, sessions, users } = await import("../db/schema");
  const { hashToken, randomToken } = await import("../trpc/auth/session");
  const { register } = await import("../trpc/exam/attempt.service");
  const { createExam, createQuestion, createRandomPaper } = await import("../tests/factories/exam");

  ensureBuild(BUILD_DIR);

  const name = `cy_bench_exam_${randomBytes(4).toString("hex")}`;
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), "cy-bench-exam-"));
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  let server: ChildProcess | undefined;
  const clients: ChildProcess[] = [];
  let stopping = false;
  const cleanup = async () => {
    stopping = true;
    await Promise.all(clients.map((c) => stopChild(c, 1000)));
    await stopChild(server);
  };
  // Ctrl+C or a kill: stop the children, drop the database (closing our connections to it), leave.
  const onSignal = () =>
    void cleanup()
      .then(() => admin.unsafe(`drop database if exists ${name} with (force)`))
      .catch(() => {})
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  await admin.unsafe(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl, migrate: true, max: 10 });
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
    const tokens: string[] = [];
    const sessionRows = ids.map((userId) => {
      const token = randomToken();
      tokens.push(token);
      return { id: hashToken(token), userId, expiresAt: new Date(Date.now() + 30 * 86400_000) };
    });
    for (let i = 0; i < sessionRows.length; i += 1000) await db.insert(sessions).values(sessionRows.slice(i, i + 1000));
    for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map((id) => register(db, id, exam.id)));
    console.log(`prepared ${LEARNERS} learners with their papers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // The server under test: the production build, as `npm start` runs it, alone in its process.
    const { web, base, log: serverLog } = await startBenchServer({
      root,
      buildDir: BUILD_DIR,
      databaseUrl,
      dataDir,
      port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
      nodeFlags: NODE_FLAGS,
      webConcurrency: process.env.BENCH_WEB_CONCURRENCY,
      onExit: (why, log) => !stopping && console.error(`server stopped early (${why}):\n${log.slice(-20).join("\n")}`),
    });
    server = web;
    // Its database pool opens on the first call; one anonymous exam call warms the route too.
    await fetch(`${base}${PATH}/startExam`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ examId: exam.id }) }).then((r) => r.text());
    const serverPid = web.pid!;

    // Client processes, each with its share of learners and of the socket pool.
    const perClient = Array.from({ length: CLIENTS }, () => [] as string[]);
    tokens.forEach((t, i) => perClient[i % CLIENTS]!.push(t));
    const progress = new Map<number, Msg>();
    const results: ClientResult[] = [];
    const clientPids: number[] = [];
    const ready: Promise<unknown>[] = [];
    const finished = perClient.map((_, c) => {
      const child = fork(SELF, ["client"], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
      clients.push(child);
      clientPids.push(child.pid!);
      ready.push(
        new Promise((resolve, reject) => {
          child.on("message", (m: Msg) => m.op === "ready" && resolve(null));
          child.on("exit", (code) => reject(new Error(`client ${c} stopped before the start (exit ${code})`)));
        }),
      );
      return new Promise<void>((resolve, reject) => {
        child.on("message", (m: Msg) => {
          if (m.op === "progress") progress.set(c, m);
          if (m.op === "done") ((results[c] = m.result as ClientResult), resolve());
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`client ${c} stopped (exit ${code})`))));
      });
    });
    // Every client gets the same wall-clock start, once all of them are loaded.
    await Promise.all(ready);
    const startAt = Date.now() + (WARM ? 6000 : 1000);
    clients.forEach((child, c) =>
      child.send({ op: "run", base, examId: exam.id, tokens: perClient[c], startAt, windowMs: WINDOW_MS, timeoutMs: TIMEOUT_MS }),
    );
    const load = loadavg();
    await sleep(startAt - Date.now());

    // Server figures over the load: CPU (per second, for the peak) and memory, from /proc.
    const pgPids = async () =>
      (await admin`select pid from pg_stat_activity where datname = ${name} and application_name = 'cy-bench-server'`).map((r) => Number(r.pid));
    const pgCpu = async () => {
      const m = new Map<number, number>();
      for (const pid of await pgPids()) m.set(pid, cpuSeconds(pid));
      return m;
    };
    const pgStart = await pgCpu();
    const cpuStart = treeCpuSeconds(serverPid);
    const memStart = treeMemory(serverPid);
    let last = { t: performance.now(), cpu: cpuStart };
    let cpuPeak = 0;
    let rssPeak = memStart.rss;
    let processes = processTree(serverPid).length;
    const run0 = performance.now();
    let tick = 0;
    const sampler = setInterval(() => {
      const now = { t: performance.now(), cpu: treeCpuSeconds(serverPid) };
      cpuPeak = Math.max(cpuPeak, (now.cpu - last.cpu) / ((now.t - last.t) / 1000));
      rssPeak = Math.max(rssPeak, treeMemory(serverPid).rss);
      processes = Math.max(processes, processTree(serverPid).length);
      last = now;
      if (++tick % 10 === 0) {
        const s = [...progress.values()].reduce((a, m) => ({ started: a.started + m.started, saves: a.saves + m.saves, submitted: a.submitted + m.submitted, errors: a.errors + m.errors }), { started: 0, saves: 0, submitted: 0, errors: 0 });
        console.log(`  ${tick} s: ${s.started} started, ${s.saves} answers, ${s.submitted} submitted, ${s.errors} errors`);
      }
    }, 1000);
    // Bounded however the server behaves: each request has its own timeout, the whole load this one.
    const deadlineMs = WINDOW_MS + 15 * 60_000;
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(finished), new Promise((_, reject) => (deadline = setTimeout(() => reject(new Error(`the load did not finish within ${deadlineMs / 1000} s`)), deadlineMs)))]);
    clearTimeout(deadline);
    clearInterval(sampler);
    const elapsed = (performance.now() - run0) / 1000;
    const serverCpu = treeCpuSeconds(serverPid) - cpuStart;
    const memEnd = treeMemory(serverPid);
    const pgEnd = await pgCpu();
    const dbCpu = [...pgEnd].reduce((n, [pid, s]) => n + s - (pgStart.get(pid) ?? 0), 0);
    stopping = true;
    await stopChild(server);
    // Every acknowledged answer must be in the database, as sent.
    const acked = new Map<string, number>();
    for (const r of results) for (let i = 0; i < r.acked.length; i += 3) acked.set(`${r.acked[i]}:${r.acked[i + 1]}`, r.acked[i + 2]!);
    const attemptIds = [...new Set(results.flatMap((r) => Array.from(r.acked.filter((_, i) => i % 3 === 0))))];
    const rows: { attemptId: number; questionId: number; answer: string[] }[] = [];
    for (let i = 0; i < attemptIds.length; i += 1000)
      rows.push(...(await db.select({ attemptId: examAnswers.attemptId, questionId: examAnswers.questionId, answer: examAnswers.answer }).from(examAnswers).where(inArray(examAnswers.attemptId, attemptIds.slice(i, i + 1000)))));
    const stored = new Map(rows.map((r) => [`${r.attemptId}:${r.questionId}`, r.answer[0]]));
    let missing = 0;
    let differs = 0;
    for (const [k, choice] of acked) {
      const got = stored.get(k);
      if (got === undefined) missing += 1;
      else if (got !== (choice ? "B" : "A")) differs += 1;
    }
    const [{ n: submitted } = { n: 0 }] = await db.select({ n: count() }).from(examAttempts).where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.status, 2)));
    const [{ n: attempts } = { n: 0 }] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.examId, exam.id));

    const all = (k: "start" | "paper" | "save" | "submit") => concat(results.map((r) => r[k]));
    const lat = { start: all("start"), paper: all("paper"), save: all("save"), submit: all("submit") };
    const requests = lat.start.length + lat.paper.length + lat.save.length + lat.submit.length;
    const errors: Record<string, number> = {};
    for (const r of results) for (const [k, n] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + n;
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    const line = (label: string, xs: Float64Array) => console.log(`${label.padEnd(15)} p50 ${ms(pct(xs, 50)).padStart(9)}  p99 ${ms(pct(xs, 99)).padStart(9)}  max ${ms(pct(xs, 100)).padStart(9)}  (n=${xs.length})`);

    console.log(`\n${LEARNERS} learners, starts spread uniformly over ${WINDOW_MS / 1000} s, ${ANSWERS} answers each, ${THINK_MS ? `${THINK_MS} ms (jittered) between answers` : "back to back (closed loop)"}, ${WARM ? "each holding a connection from the waiting hall" : "each start on a new connection (BENCH_WARM=0)"}`);
    console.log(`server: ${[...NODE_FLAGS, "server.mjs"].join(" ")} (${BUILD_DIR}, NODE_ENV=production, app pool on PostgreSQL), pid ${serverPid}, ${processes} process${processes > 1 ? "es (primary and workers)" : ""}; ${CLIENTS} client processes, a kept-alive connection per learner`);
    console.log(`machine: ${availableParallelism()} cores, load average before the run ${load.map((x) => x.toFixed(2)).join(" ")}`);
    console.log(`wall time ${elapsed.toFixed(1)} s, ${requests} successful requests (${(requests / elapsed).toFixed(0)} req/s)`);
    line("startExam", lat.start);
    line("getPaper", lat.paper);
    line("submitQuestion", lat.save);
    line("submitPaper", lat.submit);
    console.log(`errors ${errorCount}${errorCount ? `: ${Object.entries(errors).map(([k, n]) => `${k} ×${n}`).join(", ")}` : ""}`);
    for (const s of [...new Set(results.flatMap((r) => r.samples))].slice(0, 5)) console.log(`  e.g. ${s}`);
    console.log(`server CPU ${serverCpu.toFixed(1)} s over ${elapsed.toFixed(1)} s = ${((serverCpu / elapsed) * 100).toFixed(0)}% of a core on average, peak ${(cpuPeak * 100).toFixed(0)}% (1 s samples)`);
    console.log(`server CPU per successful request ${requests ? ((serverCpu * 1000) / requests).toFixed(2) : "-"} ms, PostgreSQL CPU per request ${requests ? ((dbCpu * 1000) / requests).toFixed(2) : "-"} ms`);
    console.log(`server RSS ${mb(memStart.rss)} before the load, peak ${mb(Math.max(rssPeak, memEnd.hwm))}, ${mb(memEnd.rss)} after`);
    console.log(`PostgreSQL backends of the server (${pgEnd.size}): CPU ${dbCpu.toFixed(1)} s = ${((dbCpu / elapsed) * 100).toFixed(0)}% of a core on average`);
    results.forEach((r, c) =>
      console.log(`client ${c} (pid ${clientPids[c]}): CPU ${(r.cpuMs / 1000).toFixed(1)} s = ${((r.cpuMs / r.wallMs) * 100).toFixed(0)}% of a core, event-loop delay p99 ${r.loopP99.toFixed(1)} ms, ${r.connections} connections opened`),
    );
    const said = serverLog.filter((l) => !l.startsWith("web: "));
    if (said.length) console.log(`server log (${said.length}${said.length === 200 ? "+" : ""} lines), first ones:\n  ${said.slice(0, 8).join("\n  ")}`);
    console.log(`answers acknowledged ${acked.size}, found in database ${acked.size - missing}, missing ${missing}, stored value differs ${differs}`);
    console.log(`attempts ${attempts} (one per learner: ${attempts === LEARNERS}), submitted ${submitted}`);
    const ok = errorCount === 0 && missing === 0 && differs === 0 && submitted === LEARNERS && acked.size === LEARNERS * ANSWERS;
    console.log(ok ? "RESULT: every answer saved and every paper submitted" : "RESULT: FAILED");
    if (!ok) process.exitCode = 1;
  } finally {
    await cleanup();
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "client") {
  client().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
