import type { Db } from "@db/client";
import { reasonOf } from "@base/errors";
import { closeExpiredOrders } from "./payment.service";
import { settleEndedGroupBuys } from "../groupbuy/settle.service";

const EVERY_MS = 60_000;
const started = globalThis as { __cyOrderSweepTimer?: ReturnType<typeof setInterval> };

/**
 * Closes unpaid orders whose time is up, once a minute, asking each one's provider first (a payment
 * whose notification was lost is taken in instead). Once per process, never in tests; two processes
 * sweeping at once close each order once (conditional update).
 */
export function startOrderSweep(getDb: () => Promise<Db>) {
  if (started.__cyOrderSweepTimer || process.env.NODE_ENV === "test") return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const db = await getDb();
      await closeExpiredOrders(db);
      // Group buys that ended short of members fail and their paid orders are refunded.
      await settleEndedGroupBuys(db);
    } catch (e) {
      console.warn(`[order-sweep] failed: ${reasonOf(e)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref?.();
  started.__cyOrderSweepTimer = timer;
}
