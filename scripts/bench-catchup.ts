/**
 * The history catch-up after a realtime restart: every viewer of a big room comes back (the reconnect
 * storm of `BENCH_STORM=1 npm run bench live`: all 10,000 back within 3.9 s, p50 1.1 s, p95 2.2 s) and
 * asks the web server for the comments it missed (`live.messages` with `since`, as the live page does).
 *
 *   npm run bench catchup [viewers=10000] [comments/s during the gap=100]
 *
 * A fresh PostgreSQL database with one live and a room's recent history (10 minutes of comments at the
 * given rate); the production server alone in its process; one client process sends each viewer's
 * catch-up on a new connection (a reconnecting browser has none left) at a time drawn from the storm's
 * measured return times, asking from the moment its connection dropped (1-5 s before the restart).
 * Reports latency, errors, rows returned, the server's and PostgreSQL's CPU. BENCH_SERVER_NODE_OPTIONS and
 * BENCH_WEB_CONCURRENCY as for `bench exam`.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSeconds, ms, pct, startBenchServer, stopChild, treeCpuSeconds } from "./bench-proc";

const SELF = fileURLToPath(import.meta.url);
type Msg = { op: string; [k: string]: any };

/** A viewer's return time after the restart, in ms: the storm's measured spread (p50 1.1 s, p95 2.2 s, last 3.9 s). */
function returnAt() {
  const r = Math.random();
  if (r < 0.5) return 300 + Math.random() * 800;
  if (r < 0.95) return 1100 + Math.random() * 1100;
  return 2200 + Math.random() * 1700;
}

async function client() {
  const run = new Promise<Msg>((r) => process.once("message", r as never));
  process.send!({ op: "ready" });
  const { base, liveId, viewers, restartAt, timeoutMs } = await run;
  const url = new URL(base);
  // A fresh connection per viewer: keep-alive off, no pooling.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const lat: number[] = [];
  const rows: number[] = [];
  const errors: Record<string, number> = {};
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const one = async () => {
    const at = restartAt + returnAt();
    const since = restartAt - 1000 - Math.random() * 4000;
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    const input = encodeURIComponent(JSON.stringify({ liveId, since: Math.floor(since), pageSize: 200 }));
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const req = request({ host: url.hostname, port: url.port, path: `/api/trpc/live.messages?input=${input}`, agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode === 200) {
            lat.push(performance.now() - t0);
            rows.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { result: { data: unknown[] } }).result.data.length);
          } else errors[`HTTP ${res.statusCode}`] = (errors[`HTTP ${res.statusCode}`] ?? 0) + 1;
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (e) => ((errors[e.message] = (errors[e.message] ?? 0) + 1), resolve()));
      req.end();
    });
  };
  await Promise.all(Array.from({ length: viewers }, one));
  const cpu = process.cpuUsage(cpu0);
  process.send!({ op: "done", lat, rows, errors, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wall0 }, undefined, {}, () => process.exit(0));
}

async function main() {
  const VIEWERS = Number(process.argv[2] ?? 10_000);
  const RATE = Number(process.argv[3] ?? 100);
  const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const BUILD_DIR = process.env.BENCH_BUILD_DIR || "build-bench";
  process.env.NODE_ENV ??= "development";
  const { ensureBuild, root } = await import("./lib.mjs");
  const { default: postgres } = await import("postgres");
  const { openDatabase } = await import("../db/client");
  const { liveMessages } = await import("../db/schema");
  const { sql } = await import("drizzle-orm");
  const { createLive } = await import("../tests/factories/live");
  ensureBuild(BUILD_DIR);

  const name = `cy_bench_catchup_${randomBytes(4).toString("hex")}`;
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), "cy-bench-catchup-"));
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl, migrate: true, max: 4 });
  let server: Awaited<ReturnType<typeof startBenchServer>>["web"] | undefined;
  let child: ReturnType<typeof fork> | undefined;
  try {
    const live = await createLive(handle.db, { name: "万人直播回放补齐压测", liveStatus: 1 });
    // The room's last ten minutes, reaching a minute past now: the restart happens inside that minute.
    const now = Date.now() + 60_000;
    const total = RATE * 600;
    for (let i = 0; i < total; i += 2000)
      await handle.db.insert(liveMessages).values(
        Array.from({ length: Math.min(2000, total - i) }, (_, j) => ({ msgId: `bench-${i + j}`, liveId: live.id, userId: null, nick: `观众${(i + j) % 997}`, content: `第${i + j}条评论：政府采购需求管理怎么做？`, sentAt: new Date(now - 600_000 + ((i + j) * 1000) / RATE) })),
      );

    // Statistics, as autovacuum's analyze gives a table within a minute of such inserts: without them the
    // planner takes the fresh table for tiny and sorts every row after since instead of reading the index in order.
    await handle.db.execute(sql`analyze live_messages`);
    const started = await startBenchServer({
      root,
      buildDir: BUILD_DIR,
      databaseUrl,
      dataDir,
      nodeFlags: (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean),
      webConcurrency: process.env.BENCH_WEB_CONCURRENCY,
    });
    server = started.web;
    await fetch(`${started.base}/api/trpc/live.messages?input=${encodeURIComponent(JSON.stringify({ liveId: live.id, pageSize: 1 }))}`).then((r) => r.text());
    // The storm meets a server that has been up a while: its first background sweep (5 s after start) is
    // over and its processes are idle, so their CPU is the catch-up's alone.
    await new Promise((r) => setTimeout(r, 6000));
    for (let last = treeCpuSeconds(server.pid!), i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const cpu = treeCpuSeconds(server.pid!);
      if (cpu - last < 0.05) break;
      last = cpu;
    }
    const pgPids = async () => (await admin`select pid from pg_stat_activity where datname = ${name} and application_name = 'cy-bench-server'`).map((r) => Number(r.pid));

    child = fork(SELF, ["client"], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
    await new Promise((r) => child!.once("message", r));
    const done = new Promise<Msg>((resolve) => child!.on("message", (m: Msg) => m.op === "done" && resolve(m)));
    const restartAt = Date.now() + 500;
    if (restartAt > now) throw new Error("the server took over a minute to start: the history no longer reaches the restart");
    child.send({ op: "run", base: started.base, liveId: live.id, viewers: VIEWERS, restartAt, timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, Math.max(0, restartAt - Date.now())));
    const pg0 = new Map((await pgPids()).map((p) => [p, cpuSeconds(p)]));
    const dbStats = async () => (await admin`select xact_commit::bigint as xacts, tup_fetched::bigint as fetched from pg_stat_database where datname = ${name}`)[0]!;
    const stats0 = await dbStats();
    const cpu0 = treeCpuSeconds(server.pid!);
    const t0 = performance.now();
    const r = await done;
    const wall = (performance.now() - t0) / 1000;
    const serverCpu = treeCpuSeconds(server.pid!) - cpu0;
    const dbCpu = (await pgPids()).reduce((n, p) => n + cpuSeconds(p) - (pg0.get(p) ?? 0), 0);
    await new Promise((r) => setTimeout(r, 1500)); // the statistics reach pg_stat_database within a second
    const stats1 = await dbStats();
    const lat = Float64Array.from(r.lat as number[]);
    const rows = r.rows as number[];
    const errorCount = Object.values(r.errors as Record<string, number>).reduce((a, b) => a + b, 0);
    console.log(`\n${VIEWERS} viewers catch up after a restart, returning as the reconnect storm measured (p50 1.1 s, p95 2.2 s, last 3.9 s); each asks from 1-5 s before the restart, ${RATE} comments/s in the room`);
    console.log(`machine: ${availableParallelism()} cores; server: server.mjs (${BUILD_DIR}, NODE_ENV=production) on PostgreSQL`);
    console.log(`wall ${wall.toFixed(1)} s, ${lat.length} answered, errors ${errorCount}${errorCount ? `: ${JSON.stringify(r.errors)}` : ""}`);
    console.log(`latency p50 ${ms(pct(lat, 50))}, p95 ${ms(pct(lat, 95))}, p99 ${ms(pct(lat, 99))}, max ${ms(pct(lat, 100))}`);
    console.log(`comments returned per viewer: p50 ${pct(rows, 50)}, max ${pct(rows, 100)}`);
    console.log(`server CPU ${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / Math.max(1, lat.length)).toFixed(2)} ms a request), PostgreSQL CPU ${dbCpu.toFixed(1)} s (${((dbCpu * 1000) / Math.max(1, lat.length)).toFixed(2)} ms a request), client CPU ${(r.cpuMs / 1000).toFixed(1)} s`);
    console.log(`PostgreSQL: ${Number(stats1.xacts) - Number(stats0.xacts)} statements (transactions), ${Number(stats1.fetched) - Number(stats0.fetched)} rows fetched`);
    const ok = errorCount === 0 && lat.length === VIEWERS;
    console.log(ok ? "RESULT: every viewer caught up" : "RESULT: FAILED");
    if (!ok) process.exitCode = 1;
  } finally {
    if (child) await stopChild(child, 1000);
    await stopChild(server);
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "client")
  client().catch((e) => {
    console.error(e);
    process.exit(1);
  });
else
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
