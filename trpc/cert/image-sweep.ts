import type { Db } from "@db/client";
import { reasonOf } from "@base/errors";
import { drawPendingImages } from "./cert.service";

const EVERY_MS = 15_000;
const started = globalThis as { __cyCertImageTimer?: ReturnType<typeof setInterval> };

/**
 * Draws certificates issued without an image yet (a whole exam's passes at once), 20 a tick, so a learner
 * opening one seldom waits; opening one first draws it at once anyway. Once per process, never in tests;
 * two processes drawing the same certificate write the same picture.
 */
export function startCertImageSweep(getDb: () => Promise<Db>) {
  if (started.__cyCertImageTimer || process.env.NODE_ENV === "test") return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await drawPendingImages(await getDb(), 20);
    } catch (e) {
      console.warn(`[cert-image] sweep failed: ${reasonOf(e)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref?.();
  started.__cyCertImageTimer = timer;
}
