import { describe, expect, it, vi } from "vitest";
import { BATCH_MAX, batcher } from "@db/batch";

/** A batcher over a fake statement that records the keys of every run. */
function recording<R>(answer: (keys: number[]) => R[] | Promise<R[]>, opts: { group?: (k: number) => string; concurrency?: number } = {}) {
  const runs: number[][] = [];
  const load = batcher<number, R>(async (keys) => {
    runs.push(keys);
    return answer(keys);
  }, opts);
  return { load, runs };
}

describe("calls gathered per turn (db/batch.ts)", () => {
  it("runs the calls of one turn as one statement and answers each its own result", async () => {
    const { load, runs } = recording((keys) => keys.map((k) => k * 10));
    const results = await Promise.all([3, 1, 2].map((k) => load(k)));
    expect(results).toEqual([30, 10, 20]);
    expect(runs).toEqual([[3, 1, 2]]);
    // A call of a later turn goes in a statement of its own.
    expect(await load(7)).toBe(70);
    expect(runs).toEqual([[3, 1, 2], [7]]);
  });

  it("sends a call made while a statement is out in the next one, without waiting for the first", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { load, runs } = recording(async (keys) => {
      if (keys[0] === 1) await gate;
      return keys;
    });
    const first = load(1);
    await new Promise((r) => setImmediate(r));
    const second = await load(2);
    expect(second).toBe(2);
    expect(runs).toEqual([[1], [2]]);
    release();
    expect(await first).toBe(1);
  });

  it("puts a key of the same group as one already in the statement into the next, sent after the first answered", async () => {
    const order: string[] = [];
    const { load, runs } = recording(
      async (keys) => {
        order.push(`start ${keys.join(",")}`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`end ${keys.join(",")}`);
        return keys;
      },
      { group: (k) => String(k % 10) },
    );
    await Promise.all([1, 2, 11, 3, 21].map((k) => load(k)));
    expect(runs).toEqual([[1, 2, 3], [11], [21]]);
    expect(order).toEqual(["start 1,2,3", "end 1,2,3", "start 11", "end 11", "start 21", "end 21"]);
  });

  it("keeps a key of a later turn out of the statements while one of its group is still out", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { load, runs } = recording(
      async (keys) => {
        if (keys.includes(1)) await gate;
        return keys;
      },
      { group: (k) => String(k % 10) },
    );
    const first = load(1);
    await new Promise((r) => setImmediate(r));
    // 11 shares 1's group and waits; 2 does not.
    const later = load(11);
    expect(await load(2)).toBe(2);
    expect(runs).toEqual([[1], [2]]);
    release();
    expect(await Promise.all([first, later])).toEqual([1, 11]);
    expect(runs).toEqual([[1], [2], [11]]);
  });

  it("with a bound on statements out, the calls made meanwhile wait and go together in the next", async () => {
    const gates: (() => void)[] = [];
    const { load, runs } = recording(
      async (keys) => {
        await new Promise<void>((r) => gates.push(r));
        return keys;
      },
      { concurrency: 1 },
    );
    const first = load(1);
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    // Three turns while the first is out: nothing more is sent.
    const rest: Promise<number>[] = [];
    for (const k of [2, 3, 4]) {
      rest.push(load(k));
      await new Promise((r) => setImmediate(r));
    }
    expect(runs).toEqual([[1]]);
    gates.shift()!();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(runs).toEqual([[1], [2, 3, 4]]));
    gates.shift()!();
    expect(await Promise.all(rest)).toEqual([2, 3, 4]);
  });

  it("fails only the calls of the statement that failed", async () => {
    const { load } = recording((keys) => {
      if (keys.includes(13)) throw new Error("statement failed");
      return keys;
    }, { group: (k) => String(k % 10) });
    const settled = await Promise.allSettled([13, 3, 4].map((k) => load(k)));
    // 13 and 4 went together and failed; 3 (same group as 13) went after and stands.
    expect(settled.map((s) => s.status)).toEqual(["rejected", "fulfilled", "rejected"]);
    expect((settled[1] as PromiseFulfilledResult<number>).value).toBe(3);
  });

  it(`splits a turn of more than ${BATCH_MAX} calls into statements of at most ${BATCH_MAX}`, async () => {
    const { load, runs } = recording((keys) => keys);
    const n = BATCH_MAX * 2 + 5;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => load(i)));
    expect(results).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(runs.map((r) => r.length)).toEqual([BATCH_MAX, BATCH_MAX, 5]);
  });
});
