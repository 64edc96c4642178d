// `npm test`: install what is missing (npm packages, Debian's Chromium and CJK fonts), run unit,
// integration and legacy tests with the type check and the build beside them, then the browser tests;
// prints one closing line.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureAptPackages, ensureBuildInBackground, ensureDependencies, hasCommand, root, runToLog } from "./lib.mjs";

const started = Date.now();
ensureDependencies();

// Browser tests need Debian's Chromium with CJK fonts; the seed makes demo videos with ffmpeg.
ensureAptPackages(
  ["chromium", "fonts-noto-cjk", "ffmpeg"],
  () => existsSync("/usr/bin/chromium") && hasCommand("ffmpeg") && spawnSync("sh", ["-c", "fc-list :lang=zh | grep -qi noto"]).status === 0,
);

const tmp = join(root, ".tmp");
mkdirSync(tmp, { recursive: true });

// The type check and the build run beside Vitest, which leaves part of the two cores idle (its workers
// wait on databases and timers): the type check is TypeScript's native compiler (the `typescript-native`
// package, TypeScript 7) on one checker thread, about 40-90 s of CPU where the JavaScript compiler of
// TypeScript 5.9 took 190 s (decision 042); the build about 50 s. Their output is shown once Vitest is done.
const tscLog = join(tmp, "tsc.log");
const typeChecked = runToLog(process.execPath, [join(root, "node_modules/typescript-native/bin/tsc"), "--noEmit", "-p", ".", "--checkers", "1"], tscLog);
const buildLog = join(tmp, "build.log");
// Written only when the build runs: an old one would be shown as this run's.
rmSync(buildLog, { force: true });
const built = ensureBuildInBackground("build-test", buildLog);

console.log("\n== unit, integration and legacy tests (vitest), with the type check and the build beside them");
const vitestJson = join(tmp, "vitest.json");
const vitest = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], {
  cwd: root,
  stdio: "inherit",
});

console.log("\n== build (build-test)");
const buildResult = await built;
if (existsSync(buildLog)) process.stdout.write(readFileSync(buildLog, "utf8").split("\n").slice(-4).join("\n"));
else console.log("the build is newer than its sources");
if (buildResult !== 0) {
  process.stdout.write(readFileSync(buildLog, "utf8"));
  console.error(`\nthe build failed (exit ${buildResult}): npm run build`);
  process.exit(1);
}
console.log(`build ready ${((Date.now() - started) / 1000).toFixed(0)} s into the run`);

console.log("\n== browser tests (Playwright in Chromium)");
const pwJson = join(tmp, "playwright.json");
const pw = spawnSync("npx", ["playwright", "test"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});

const typeResult = await typeChecked;
process.stdout.write(readFileSync(tscLog, "utf8"));
if (typeResult === 0) console.log(`type check passed (${((Date.now() - started) / 1000).toFixed(0)} s into the run)`);
else console.error("\ntype check failed: npm run typecheck");

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
// The closing lines name what failed, so a log cut to its tail (CI keeps the end) still says which.
const failures = [];
const flakyTests = [];
try {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  for (const file of v.testResults ?? []) {
    const name = file.name.replace(`${root}/`, "");
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) failures.push(`${name} › ${t.fullName}`);
    // Passed on its retry: the first try's error is kept.
    for (const t of (file.assertionResults ?? []).filter((t) => t.status === "passed" && t.failureMessages?.length)) {
      flaky += 1;
      flakyTests.push(`${name} › ${t.fullName}: ${String(t.failureMessages[0]).split("\n")[0].slice(0, 200)}`);
    }
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${name} (${(file.message ?? "failed to run").split("\n")[0]})`);
  }
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  if (vitest.status !== 0 && v.numFailedTests === 0) failed += 1;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(pwJson, "utf8"));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`${spec.file}:${spec.line} › ${spec.title}`);
      else if (spec.tests?.some((t) => t.status === "flaky")) flakyTests.push(`${spec.file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  flaky += p.stats.flaky ?? 0;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  if (pw.status !== 0 && p.stats.unexpected === 0) failed += 1;
} catch {
  failed += 1;
}
if (flakyTests.length) console.log(`\npassed only on retry:\n${flakyTests.map((f) => `  ~ ${f}`).join("\n")}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`\nwhole suite took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? `, ${flaky} flaky (passed only on retry: fix them)` : ""}`);
process.exit(failed > 0 || vitest.status !== 0 || pw.status !== 0 || typeResult !== 0 ? 1 : 0);
