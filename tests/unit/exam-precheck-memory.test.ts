import { expect, it } from "vitest";
import { freshNetworkResult, NETWORK_CHECK_KEY, rememberNetworkResult } from "~/components/exam/precheck-memory";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

it("a passed network check is trusted for an hour in this browser; a slow or unreadable one is not", () => {
  const s = memoryStorage();
  const at = Date.UTC(2026, 10, 25, 1, 0, 0);
  rememberNetworkResult(s, { at, avgKbps: 850 });
  expect(freshNetworkResult(s, at + 59 * 60_000)).toEqual({ at, avgKbps: 850 });
  expect(freshNetworkResult(s, at + 60 * 60_000)).toBeNull();
  // A clock set back does not make an old result look fresh.
  expect(freshNetworkResult(s, at - 1000)).toBeNull();

  // A slow run is not kept (and clears the older good one): the next wizard checks again.
  rememberNetworkResult(s, { at: at + 1000, avgKbps: 60 });
  expect(s.m.has(NETWORK_CHECK_KEY)).toBe(false);
  s.setItem(NETWORK_CHECK_KEY, "{not json");
  expect(freshNetworkResult(s, at)).toBeNull();
  expect(freshNetworkResult(undefined, at)).toBeNull();
});
