import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "@db/client";
import { sweepMessageTasks, takeRunnerLease } from "./task.sweep";

const EVERY_MS = 60_000;
/** Longer than a tick, so the holder renews in time; short enough that another process takes over soon. */
const LEASE_SECONDS = 90;

// On globalThis, not in this module: the dev server re-evaluates modules on change, and must not start a
// second sweep each time.
const started = globalThis as { __cyMessageTaskTimer?: ReturnType<typeof setInterval> };

/**
 * Starts the message-task sweep once per process (never in tests): every minute the process holding the
 * runner lease sweeps; with several web workers the others only try to take the lease.
 */
export function startMessageTaskRunner(getDb: () => Promise<Db>) {
  if (started.__cyMessageTaskTimer || process.env.NODE_ENV === "test") return;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`.slice(0, 100);
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const db = await getDb();
      if (await takeRunnerLease(db, holder, LEASE_SECONDS)) await sweepMessageTasks(db, new Date());
    } catch (e) {
      console.warn(`[message-task] sweep failed: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref?.();
  started.__cyMessageTaskTimer = timer;
  // A first run soon after start, so a restart does not wait a whole minute.
  setTimeout(() => void tick(), 5_000).unref?.();
}
