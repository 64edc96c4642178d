// What the server benchmarks share: a process's CPU and memory from /proc, a free port, stopping a child,
// percentiles, and the production server started alone on a fresh PostgreSQL database. Only node's own
// modules load at the top: the bench's client processes import this file too.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

export const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** The p-th percentile (0-100) of samples. */
export function pct(xs: Float64Array | number[], p: number) {
  const s = Float64Array.from(xs).sort();
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
}

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat; 0 when it is gone. */
export function cpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<tid>/children. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const tid of readdirSync(`/proc/${out[i]}/task`))
        for (const c of readFileSync(`/proc/${out[i]}/task/${tid}/children`, "utf8").trim().split(/\s+/)) if (c) out.push(Number(c));
    } catch {}
  }
  return out;
}

/** VmRSS and VmHWM (peak) in kB, from /proc/<pid>/status. */
export function memory(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** CPU seconds of the process tree; workers that exited before the read are not counted. */
export const treeCpuSeconds = (pid: number) => processTree(pid).reduce((n, p) => n + cpuSeconds(p), 0);
/** Summed VmRSS and VmHWM of the process tree, in kB. */
export const treeMemory = (pid: number) => processTree(pid).map(memory).reduce((a, m) => ({ rss: a.rss + m.rss, hwm: a.hwm + m.hwm }), { rss: 0, hwm: 0 });

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function stopChild(child: ChildProcess | undefined, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const t = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => (clearTimeout(t), resolve()));
    child.kill("SIGTERM");
  });
}

/**
 * The production build as `npm start` runs it, alone in its process, on the given database: NODE_ENV
 * production with the secrets it requires made up, PGAPPNAME cy-bench-server (so its PostgreSQL backends
 * can be told apart). Resolves once it answers.
 */
export async function startBenchServer(opts: { root: string; buildDir: string; databaseUrl: string; dataDir: string; port?: number; nodeFlags?: string[]; webConcurrency?: string; onExit?: (why: string, log: string[]) => void }) {
  const { waitForHttp } = await import("./lib.mjs");
  const { exportJWK, generateKeyPair } = await import("jose");
  const port = opts.port ?? (await freePort());
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production" as const,
    BUILD_DIR: opts.buildDir,
    PORT: String(port),
    REALTIME_PORT: String(port + 1),
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    SERVICE_TOKEN: randomBytes(24).toString("hex"),
    STORAGE_SECRET: randomBytes(24).toString("hex"),
    CERT_SIGNING_KEY: JSON.stringify(await exportJWK((await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true })).privateKey)),
    PGAPPNAME: "cy-bench-server",
    ...(opts.webConcurrency ? { WEB_CONCURRENCY: opts.webConcurrency } : {}),
    // The web tier's own tuning settings pass through, so a run can try other values (README's table).
    ...Object.fromEntries(["DATABASE_POOL_MAX", "WEB_SEMI_SPACE_MB"].filter((k) => process.env[k]).map((k) => [k, process.env[k]!])),
  };
  const log: string[] = [];
  const web = spawn(process.execPath, [...(opts.nodeFlags ?? []), "server.mjs"], { cwd: opts.root, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [web.stdout!, web.stderr!])
    stream.on("data", (c: Buffer) => {
      for (const line of c.toString("utf8").split("\n")) if (line.trim() && log.length < 200) log.push(line);
    });
  web.on("exit", (code, signal) => opts.onExit?.(signal ?? `exit ${code}`, log));
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitForHttp(`${base}/api/elearning/caiyun/front/user/getUserInfo`, 60_000))) throw new Error(`the server did not answer within 60 s:\n${log.join("\n")}`);
  return { web, base, port, log };
}
