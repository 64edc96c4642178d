// What the pre-check wizard keeps in this browser: the last good network check, so a learner starting
// again within the hour (another attempt, another exam, a reopened wizard) does not wait a minute again.

export const NETWORK_CHECK_KEY = "cy.exam.networkCheck";
/** A passed network check is trusted for an hour. */
export const NETWORK_CHECK_TTL_MS = 3600_000;
/** Recommended speed of learner-front-end.md 2 (above 100 KB/s). */
export const RECOMMENDED_KBPS = 100;

export interface NetworkResult {
  /** When the check finished (ms since epoch). */
  at: number;
  /** Average speed of the run in KB/s. */
  avgKbps: number;
}

export const networkPassed = (r: NetworkResult | null | undefined): r is NetworkResult => !!r && r.avgKbps >= RECOMMENDED_KBPS;

/** The stored result when it passed within the last hour; anything else (none, old, slow, unreadable) is null. */
export function freshNetworkResult(storage: Pick<Storage, "getItem"> | undefined, now = Date.now()): NetworkResult | null {
  try {
    const raw = storage?.getItem(NETWORK_CHECK_KEY);
    if (!raw) return null;
    const r = JSON.parse(raw) as Partial<NetworkResult>;
    if (typeof r.at !== "number" || typeof r.avgKbps !== "number") return null;
    const result = { at: r.at, avgKbps: r.avgKbps };
    return networkPassed(result) && now - r.at >= 0 && now - r.at < NETWORK_CHECK_TTL_MS ? result : null;
  } catch {
    return null;
  }
}

/** Keeps a passed run; a slow one is not kept, so the next wizard checks again. */
export function rememberNetworkResult(storage: Pick<Storage, "setItem" | "removeItem"> | undefined, r: NetworkResult) {
  try {
    if (networkPassed(r)) storage?.setItem(NETWORK_CHECK_KEY, JSON.stringify(r));
    else storage?.removeItem(NETWORK_CHECK_KEY);
  } catch {
    /* private mode or a full storage: the check simply runs again next time */
  }
}

export const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);
