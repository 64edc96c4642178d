// Shared steps of `npm start` and `npm test`: install what is missing, build when sources changed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readdirSync, statSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";

export const root = resolve(new URL("..", import.meta.url).pathname);

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

/**
 * npm install when node_modules is missing or older than package.json or the patches folder (the install
 * applies patches/ to the installed packages: `postinstall`).
 */
export function ensureDependencies() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const stale = !existsSync(marker) || Math.max(newest(join(root, "package.json")), newest(join(root, "patches"))) > statSync(marker).mtimeMs;
  if (!stale) return false;
  console.log("installing dependencies (npm install)…");
  run("npm", ["install", "--no-audit", "--no-fund"], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } });
  // npm leaves its marker alone when nothing was to install (a new patch only): mark this install.
  if (existsSync(marker)) utimesSync(marker, new Date(), new Date());
  return true;
}

/** True when `buildDir` holds a build newer than every source it is made from. */
function buildIsCurrent(buildDir) {
  const out = join(root, buildDir, "server", "index.js");
  const sources = ["app", "trpc", "db", "public", "vite.config.ts", "package.json", "tsconfig.json"].map((p) => newest(join(root, p)));
  return existsSync(out) && statSync(out).mtimeMs > Math.max(...sources);
}

/** Builds into buildDir unless the build is newer than every source it comes from. */
export function ensureBuild(buildDir = "build") {
  if (buildIsCurrent(buildDir)) return false;
  console.log(`building (${buildDir})…`);
  run("npx", ["remix", "vite:build"], { env: { BUILD_DIR: buildDir } });
  return true;
}

/**
 * `ensureBuild` in a child of its own, its output written to `logPath`: resolves to the build's exit code
 * (0 when the build was already current), so the caller can do other work meanwhile.
 */
export function ensureBuildInBackground(buildDir, logPath) {
  if (buildIsCurrent(buildDir)) return Promise.resolve(0);
  return runToLog("npx", ["remix", "vite:build"], logPath, { BUILD_DIR: buildDir });
}

/**
 * Runs a command in the background with its output written to `logPath`; resolves to its exit code (1 when a
 * signal ended it). It is stopped if this process exits first.
 */
export function runToLog(cmd, args, logPath, env = {}) {
  const out = openSync(logPath, "w");
  const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  process.on("exit", () => child.exitCode === null && child.kill());
  return new Promise((done) => child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0))));
}

/** Starts a child that shares our terminal; resolves nothing, the caller keeps the handle. */
export function startChild(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code, signal) => {
    if (!child.stopping) console.error(`${name} stopped (${signal ?? `exit ${code}`})`);
  });
  return child;
}

export async function waitForHttp(url, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/**
 * Installs Debian packages whose check fails (root, or sudo without a password). Returns false when
 * they are missing and cannot be installed, so the caller decides whether that is fatal.
 */
export function ensureAptPackages(packages, isPresent, { required = true } = {}) {
  if (isPresent()) return true;
  const root = process.getuid?.() === 0;
  const canSudo = !root && spawnSync("sudo", ["-n", "true"]).status === 0;
  if (!root && !canSudo) {
    const msg = `missing Debian packages: ${packages.join(" ")} (install them with apt-get)`;
    if (required) {
      console.error(msg);
      process.exit(1);
    }
    console.warn(`${msg}; continuing without them`);
    return false;
  }
  console.log(`installing Debian packages: ${packages.join(" ")}…`);
  const apt = (args) => (root ? ["apt-get", args] : ["sudo", ["apt-get", ...args]]);
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", ...packages]]) {
    const [cmd, a] = apt(args);
    const r = spawnSync(cmd, a, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) {
      if (required) process.exit(r.status ?? 1);
      return false;
    }
  }
  return isPresent();
}

export const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
