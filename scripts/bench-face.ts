/**
 * Exam face checks and the web process's event loop: the same inferences run inline on the main thread
 * (the former design) and through the worker pool, while the main loop's delay is measured.
 *
 *   npx tsx scripts/bench-face.ts [checks=24] [concurrent=8]
 *
 * FACE_WORKERS sets the pool size (default 1 on ≤2 cores, else cores-1). Needs no database.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { describeFace, facePool, resetFacePool } from "../trpc/exam/face.service";
import { describeImage } from "../trpc/exam/face.worker.mjs";

const CHECKS = Number(process.argv[2] ?? 24);
const CONCURRENT = Number(process.argv[3] ?? 8);
const capture = readFileSync(join(import.meta.dirname, "..", "tests", "fixtures", "face", "capture.jpg"));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Runs `work` while sampling the main loop's delay; answers the per-request times and the delay figures. */
async function measured(label: string, work: (time: (job: () => Promise<unknown>) => Promise<void>) => Promise<void>) {
  const times: number[] = [];
  const time = async (job: () => Promise<unknown>) => {
    const t0 = performance.now();
    await job();
    times.push(performance.now() - t0);
  };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The histogram's first timer tick only sets its origin: a stall starting before that tick goes unseen.
  await new Promise((r) => setTimeout(r, 30));
  const t0 = performance.now();
  await work(time);
  const wall = performance.now() - t0;
  // A loop blocked until the end has a late timer still due: let it fire so the histogram records the stall.
  await new Promise((r) => setTimeout(r, 50));
  delay.disable();
  console.log(
    `${label.padEnd(34)} ${String(times.length).padStart(3)} checks in ${ms(wall).padStart(8)}  ` +
      `per check p50 ${ms(pct(times, 50))} p99 ${ms(pct(times, 99))}  ` +
      `main loop delay max ${ms(delay.max / 1e6)} p99 ${ms(delay.percentile(99) / 1e6)}`,
  );
}

async function main() {
  console.log(`face checks: ${CHECKS} per run, ${CONCURRENT} at once in the concurrent runs`);
  const rss = () => `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`;
  console.log(`process memory at start: ${rss()}`);

  // Before: the inference on the main thread (warm models), one at a time as the old promise queue did.
  await describeImage(capture);
  console.log(`process memory with the models on the main thread: ${rss()}`);
  await measured("before: inline, sequential", async (time) => {
    for (let i = 0; i < CHECKS; i++) await time(() => describeImage(capture));
  });

  // After: the worker pool (warm), first one at a time, then many learners in the same moment.
  await resetFacePool({ size: facePool().options.size, queueMax: 10_000 });
  await describeFace(capture);
  console.log(`process memory with the worker pool started as well: ${rss()}`);
  const size = facePool().options.size;
  await measured(`after: ${size} worker(s), sequential`, async (time) => {
    for (let i = 0; i < CHECKS; i++) await time(() => describeFace(capture));
  });
  await measured(`after: ${size} worker(s), ${CONCURRENT} at once`, async (time) => {
    let next = 0;
    const lane = async () => {
      while (next++ < CHECKS) await time(() => describeFace(capture));
    };
    await Promise.all(Array.from({ length: CONCURRENT }, lane));
  });
  const { inferences, inferenceMs } = facePool().stats;
  console.log(`worker inference time (inside the thread): mean ${ms(inferenceMs / inferences)} over ${inferences}`);
  await resetFacePool();
}

await main();
