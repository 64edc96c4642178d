import type { Db } from "@db/client";
import { reasonOf } from "@base/errors";
import { sweepDailyFigures } from "./dashboard.service";

const EVERY_MS = 5 * 60_000;
const started = globalThis as { __cyDashboardSweepTimer?: ReturnType<typeof setInterval> };

/**
 * Recomputes the dashboard's daily figures every five minutes, and once soon after start (decision 035).
 * Once per process, never in tests; two processes sweeping at once write the same values (upsert by day
 * and metric).
 */
export function startDashboardSweep(getDb: () => Promise<Db>) {
  if (started.__cyDashboardSweepTimer || process.env.NODE_ENV === "test") return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await sweepDailyFigures(await getDb());
    } catch (e) {
      console.warn(`[dashboard-sweep] failed: ${reasonOf(e)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref?.();
  started.__cyDashboardSweepTimer = timer;
  setTimeout(() => void tick(), 10_000).unref?.();
}
