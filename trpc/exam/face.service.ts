// Face comparison for exam identity checks: face-api on TensorFlow.js' WASM backend, run by a small pool of
// worker threads (face.worker.mjs) so an inference (about half a second of CPU) never blocks the web process.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { env, webWorkers } from "@base/env.server";
import { registerCache } from "@base/cache-registry";

/** The picture cannot be read; the message is for the learner. */
export class FaceImageError extends Error {}
/** Every worker is busy and the queue is full: the learner tries again later, the check is not counted. */
export class FaceBusyError extends Error {
  constructor() {
    super("人脸核验繁忙，请稍后重试");
  }
}
/** The comparison did not run: the worker ended while it held the request (interrupted), or no worker could run it. */
export class FaceWorkerError extends Error {
  constructor(
    message: string,
    readonly interrupted = false,
  ) {
    super(message);
  }
}

/** Distance anchors of the 0-100 scale: [distance, similarity]; linear between them (decision 006). */
const SCALE: [number, number][] = [
  [0, 100],
  [0.5, 95],
  [1, 0],
];

/** Euclidean distance of two 128-d face descriptors as the 0-100 similarity shown and compared with the threshold. */
export function similarityOf(distance: number): number {
  if (!(distance > 0)) return 100;
  for (let i = 1; i < SCALE.length; i++) {
    const [d0, s0] = SCALE[i - 1]!;
    const [d1, s1] = SCALE[i]!;
    if (distance <= d1) return Math.round((s0 + ((distance - d0) / (d1 - d0)) * (s1 - s0)) * 10) / 10;
  }
  return 0;
}

export function faceDistance(a: Float32Array, b: Float32Array) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

type Answer = { type: "ready" } | { type: "done"; id: number; descriptor: Float32Array | null; ms: number } | { type: "error"; id: number; image: boolean; message: string };
type Job = { id: number; bytes: Uint8Array; resolve: (d: Float32Array | null) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; ready: boolean; job?: Job; timer?: NodeJS.Timeout };

export type FacePoolOptions = { size: number; queueMax: number; jobTimeoutMs?: number };

/** Worker threads holding the models; each answers one request at a time, the rest wait in a bounded queue. */
export class FacePool {
  private slots: (Slot | undefined)[];
  private waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly stats = { inferences: 0, inferenceMs: 0, restarts: 0, rejectedBusy: 0 };

  constructor(readonly options: FacePoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => undefined);
  }

  describe(bytes: Uint8Array): Promise<Float32Array | null> {
    if (this.closed) return Promise.reject(new FaceWorkerError("face pool closed"));
    const free = this.slots.some((s) => !s?.job);
    if (!free && this.waiting.length >= this.options.queueMax) {
      this.stats.rejectedBusy++;
      return Promise.reject(new FaceBusyError());
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, bytes, resolve, reject });
      this.dispatch();
    });
  }

  /** Requests running in a worker and waiting for one. */
  load() {
    return { running: this.slots.filter((s) => s?.job).length, waiting: this.waiting.length };
  }

  /** The worker threads (for tests that end one on purpose). */
  workers() {
    return this.slots.flatMap((s) => (s ? [s.worker] : []));
  }

  async close() {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new FaceWorkerError("face pool closed"));
    await Promise.all(this.workers().map((w) => w.terminate()));
  }

  private dispatch() {
    while (this.waiting.length) {
      const i = this.slots.findIndex((s) => !s?.job);
      if (i < 0) return;
      const slot = (this.slots[i] ??= this.start(i));
      const job = this.waiting.shift()!;
      slot.job = job;
      slot.worker.ref();
      const timeout = this.options.jobTimeoutMs ?? 30_000;
      slot.timer = setTimeout(() => {
        console.warn(`face worker gave no answer in ${timeout} ms; restarting it`);
        void slot.worker.terminate();
      }, timeout).unref();
      // A copy of its own, so the transfer never detaches a buffer the caller still uses.
      const copy = new Uint8Array(job.bytes);
      slot.worker.postMessage({ id: job.id, bytes: copy }, [copy.buffer]);
    }
  }

  private start(index: number): Slot {
    const worker = new Worker(new URL("./face.worker.mjs", import.meta.url), { workerData: { faceWorker: true } });
    const slot: Slot = { worker, ready: false };
    worker.unref(); // an idle pool never keeps the process alive
    worker.on("message", (m: Answer) => {
      if (m.type === "ready") {
        slot.ready = true;
        return;
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      this.finish(slot);
      if (m.type === "done") {
        this.stats.inferences++;
        this.stats.inferenceMs += m.ms;
        job.resolve(m.descriptor);
      } else job.reject(m.image ? new FaceImageError(m.message) : new FaceWorkerError(m.message));
      this.dispatch();
    });
    worker.on("error", (e) => console.warn("face worker failed:", e.message));
    worker.on("exit", (code) => {
      if (this.slots[index] !== slot) return;
      this.slots[index] = undefined;
      const job = slot.job;
      this.finish(slot);
      if (this.closed) return job?.reject(new FaceWorkerError("face pool closed"));
      job?.reject(new FaceWorkerError(`face worker ended (exit code ${code})`, slot.ready));
      if (!slot.ready) {
        // The models could not be loaded: the waiting requests would fail the same way.
        for (const w of this.waiting.splice(0)) w.reject(new FaceWorkerError("face worker could not start"));
        return;
      }
      this.stats.restarts++;
      this.slots[index] = this.start(index);
      this.dispatch();
    });
    return slot;
  }

  private finish(slot: Slot) {
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
  }
}

/** Default pool size: one worker on a small machine (the web process keeps a core), else one per core but one. */
export function defaultFaceWorkers(cores = availableParallelism()) {
  return cores <= 2 ? 1 : cores - 1;
}

let pool: FacePool | undefined;

export function facePool() {
  if (!pool) {
    // Several web processes (WEB_CONCURRENCY) share the cores: each takes its part, at least one.
    const size = env().FACE_WORKERS ?? Math.max(1, Math.floor(defaultFaceWorkers() / webWorkers()));
    pool = new FacePool({ size, queueMax: env().FACE_QUEUE_MAX ?? 20 * size });
  }
  return pool;
}

/** Replaces the process's pool (tests, benchmarks); the next check starts the new one. */
export async function resetFacePool(options?: FacePoolOptions) {
  const old = pool;
  pool = options ? new FacePool(options) : undefined;
  await old?.close();
  return pool;
}

/** The descriptor of the most confident face in the image, or null when no face is found. */
export function describeFace(bytes: Uint8Array): Promise<Float32Array | null> {
  return facePool().describe(bytes);
}

// Registered photos change rarely: their descriptors are kept per photo (by object key).
const registered = new Map<string, Float32Array | null>();
const describing = new Map<string, Promise<Float32Array | null | undefined>>();
const REGISTERED_MAX = 1000;

registerCache({
  name: "face-descriptors",
  title: "人脸比对底照特征",
  description: `考试人脸核验用的底照特征（按照片对象键，最多 ${REGISTERED_MAX} 张）；学员更换照片后删除，下次核验重新计算`,
  keys: () => [...registered.keys()],
  get: (key) => (registered.has(key) ? { key, value: registered.get(key) ? `已提取特征（${registered.get(key)!.length} 维）` : "照片中未检测到人脸" } : null),
  delete: (key) => {
    if (key === "*") {
      const n = registered.size;
      registered.clear();
      return n;
    }
    return registered.delete(key) ? 1 : 0;
  },
});

export async function registeredDescriptor(cacheKey: string, load: () => Promise<Uint8Array | null>) {
  if (registered.has(cacheKey)) {
    const hit = registered.get(cacheKey)!;
    registered.delete(cacheKey);
    registered.set(cacheKey, hit);
    return hit;
  }
  // Two checks of one learner at once describe the photo once.
  let pending = describing.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      const bytes = await load();
      if (!bytes) return undefined;
      const descriptor = await describeFace(bytes);
      registered.set(cacheKey, descriptor);
      if (registered.size > REGISTERED_MAX) registered.delete(registered.keys().next().value!);
      return descriptor;
    })().finally(() => describing.delete(cacheKey));
    describing.set(cacheKey, pending);
  }
  return pending;
}
