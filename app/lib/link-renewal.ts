/** Fresh video addresses are asked for at most this often: a file refused with a new link too is really refused. */
export const RENEW_AT_MOST = { times: 2, withinMs: 60_000 };

/**
 * The players' budget of link renewals: `take()` says whether one more may be asked for now, and counts
 * it when so. Used by the course and the live player alike.
 */
export function renewalBudget({ times, withinMs } = RENEW_AT_MOST) {
  const taken: number[] = [];
  return {
    take(now = Date.now()): boolean {
      while (taken.length && now - taken[0]! >= withinMs) taken.shift();
      if (taken.length >= times) return false;
      taken.push(now);
      return true;
    },
  };
}
