// `npm test`: install what is missing (npm packages, Debian's Chromium and CJK fonts), run unit,
// integration and legacy tests, type-check while building, then the browser tests; prints one closing line.
import { existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureAptPackages, ensureBuild, ensureDependencies, hasCommand, root } from "./lib.mjs";

const started = Date.now();
ensureDependencies();

// Browser tests need Debian's Chromium with CJK fonts; the seed makes demo videos with ffmpeg.
ensureAptPackages(
  ["chromium", "fonts-noto-cjk", "ffmpeg"],
  () => existsSync("/usr/bin/chromium") && hasCommand("ffmpeg") && spawnSync("sh", ["-c", "fc-list :lang=zh | grep -qi noto"]).status === 0,
);

const tmp = join(root, ".tmp");
mkdirSync(tmp, { recursive: true });

// The type check is one single-threaded process of several minutes: it runs beside the tests (which leave
// part of the second core idle) and the build, and its output is shown once it is done.
const tscLog = join(tmp, "tsc.log");
const tscOut = openSync(tscLog, "w");
const typeCheck = spawn("npx", ["tsc", "--noEmit", "-p", "."], { cwd: root, stdio: ["ignore", tscOut, tscOut] });
process.on("exit", () => typeCheck.exitCode === null && typeCheck.kill());
const typeChecked = new Promise((done) => typeCheck.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0))));

console.log("\n== unit, integration and legacy tests (vitest), type check beside them");
const vitestJson = join(tmp, "vitest.json");
const vitest = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], {
  cwd: root,
  stdio: "inherit",
});

console.log("\n== build, then the type check's result");
ensureBuild("build-test");
const typeResult = await typeChecked;
process.stdout.write(readFileSync(tscLog, "utf8"));
if (typeResult !== 0) {
  console.error("\ntype check failed: npx tsc --noEmit -p .");
  process.exit(1);
}
console.log(`type check passed (${((Date.now() - started) / 1000).toFixed(0)} s into the run)`);

console.log("\n== browser tests (Playwright in Chromium)");
const pwJson = join(tmp, "playwright.json");
const pw = spawnSync("npx", ["playwright", "test"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
try {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  if (vitest.status !== 0 && v.numFailedTests === 0) failed += 1;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(pwJson, "utf8"));
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  flaky = p.stats.flaky ?? 0;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  if (pw.status !== 0 && p.stats.unexpected === 0) failed += 1;
} catch {
  failed += 1;
}
console.log(`\nwhole suite took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? `, ${flaky} flaky (passed only on retry: fix them)` : ""}`);
process.exit(failed > 0 || vitest.status !== 0 || pw.status !== 0 ? 1 : 0);
