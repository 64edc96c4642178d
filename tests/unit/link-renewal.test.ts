import { describe, expect, it } from "vitest";
import { RENEW_AT_MOST, renewalBudget } from "~/lib/link-renewal";

describe("the players' link-renewal budget", () => {
  it("allows two renewals a minute, then none until the first is a minute old", () => {
    expect(RENEW_AT_MOST).toEqual({ times: 2, withinMs: 60_000 });
    const budget = renewalBudget();
    const t0 = 1_000_000;
    expect(budget.take(t0)).toBe(true);
    expect(budget.take(t0 + 5_000)).toBe(true);
    expect(budget.take(t0 + 30_000)).toBe(false);
    // A refusal is not counted: the first renewal frees its place at exactly one minute.
    expect(budget.take(t0 + 59_999)).toBe(false);
    expect(budget.take(t0 + 60_000)).toBe(true);
    expect(budget.take(t0 + 60_001)).toBe(false);
    expect(budget.take(t0 + 65_000)).toBe(true);
  });

  it("keeps one budget per player", () => {
    const a = renewalBudget({ times: 1, withinMs: 1_000 });
    const b = renewalBudget({ times: 1, withinMs: 1_000 });
    expect(a.take(0)).toBe(true);
    expect(a.take(10)).toBe(false);
    expect(b.take(10)).toBe(true);
  });
});
