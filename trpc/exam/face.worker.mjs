// Face descriptors off the web process's event loop: a worker thread of the pool in face.service.ts.
// Plain JavaScript so the same file runs under tsx, Vitest and the built server (copied next to the
// server bundle by vite.config.ts) without a loader.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);

/** A picture that cannot be read; its message is shown to the learner. */
export class FaceImageError extends Error {}

/** @type {Promise<{ tf: any; faceapi: any }> | undefined} */
let engine;

/** Loads the WASM backend and the three models once per thread (about a second). */
export function loadFaceEngine() {
  engine ??= (async () => {
    const tf = require("@tensorflow/tfjs");
    const wasm = require("@tensorflow/tfjs-backend-wasm");
    const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js");
    wasm.setWasmPaths(`${dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json"))}/dist/`);
    await tf.setBackend("wasm");
    await tf.ready();
    const models = join(dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return { tf, faceapi };
  })().catch((e) => {
    engine = undefined;
    throw e;
  });
  return engine;
}

/**
 * JPEG or PNG bytes as RGB pixels (pure JS decoders; no native image library).
 * @param {Uint8Array} bytes
 * @returns {{ data: Uint8Array; width: number; height: number }}
 */
export function decodeImage(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const jpeg = require("jpeg-js");
    try {
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 40, maxMemoryUsageInMB: 512 });
      return { data: img.data, width: img.width, height: img.height };
    } catch {
      throw new FaceImageError("照片无法识别，请重新拍摄");
    }
  }
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const { PNG } = require("pngjs");
    let png;
    try {
      png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch {
      throw new FaceImageError("照片无法识别，请重新拍摄");
    }
    const rgb = new Uint8Array(png.width * png.height * 3);
    for (let i = 0, j = 0; i < png.data.length; i += 4, j += 3) {
      rgb[j] = png.data[i];
      rgb[j + 1] = png.data[i + 1];
      rgb[j + 2] = png.data[i + 2];
    }
    return { data: rgb, width: png.width, height: png.height };
  }
  throw new FaceImageError("照片格式不支持，请使用JPG或PNG照片");
}

/**
 * The descriptor of the most confident face in the image, or null when no face is found.
 * Runs on the calling thread: the pool calls it inside the worker; the benchmark also calls it inline.
 * @param {Uint8Array} bytes
 * @returns {Promise<Float32Array | null>}
 */
export async function describeImage(bytes) {
  const img = decodeImage(bytes);
  const { tf, faceapi } = await loadFaceEngine();
  const tensor = tf.tensor3d(img.data, [img.height, img.width, 3], "int32");
  try {
    const found = await faceapi
      .detectSingleFace(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }))
      .withFaceLandmarks()
      .withFaceDescriptor();
    return found?.descriptor ?? null;
  } finally {
    tensor.dispose();
  }
}

// Only a thread started by the pool answers messages (a test runner's own worker threads import this too).
if (parentPort && workerData?.faceWorker) {
  const port = parentPort;
  // The models load at start, so the first learner after a (re)start does not pay for it.
  loadFaceEngine().then(
    () => port.postMessage({ type: "ready" }),
    (e) => {
      // Without models this thread is useless: end it and let the pool report the failure.
      throw e;
    },
  );
  // One request at a time: the pool sends the next one only after the answer.
  port.on("message", async (/** @type {{ id: number; bytes: Uint8Array }} */ msg) => {
    const t0 = performance.now();
    try {
      const found = await describeImage(msg.bytes);
      const descriptor = found ? Float32Array.from(found) : null;
      port.postMessage({ type: "done", id: msg.id, descriptor, ms: performance.now() - t0 }, descriptor ? [descriptor.buffer] : []);
    } catch (e) {
      const image = e instanceof FaceImageError;
      port.postMessage({ type: "error", id: msg.id, image, message: image ? e.message : String(/** @type {Error} */ (e)?.message ?? e) });
    }
  });
}
