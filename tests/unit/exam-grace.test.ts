import { describe, expect, it } from "vitest";
import { GRACE_MS, graceCutoff, isPastGrace } from "../../trpc/exam/access";

describe("exam deadline grace", () => {
  const deadline = new Date("2024-05-01T10:00:00Z");
  const at = deadline.getTime();

  it("accepts up to and including deadline + GRACE_MS, refuses one millisecond later", () => {
    expect(isPastGrace(deadline, at)).toBe(false);
    expect(isPastGrace(deadline, at + GRACE_MS)).toBe(false);
    expect(isPastGrace(deadline, at + GRACE_MS + 1)).toBe(true);
    expect(isPastGrace(at, at + GRACE_MS + 1)).toBe(true);
  });

  it("never expires an attempt without a deadline", () => {
    expect(isPastGrace(null, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isPastGrace(undefined)).toBe(false);
  });

  it("the SQL cutoff draws the same line (deadline < cutoff ⇔ past grace)", () => {
    for (const now of [at + GRACE_MS - 1, at + GRACE_MS, at + GRACE_MS + 1]) {
      expect(deadline.getTime() < graceCutoff(now).getTime()).toBe(isPastGrace(deadline, now));
    }
  });
});
