import { describe, expect, it } from "vitest";
import { sideBySide } from "@db/side-by-side";

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("sideBySide", () => {
  it("answers every result in order, like Promise.all", async () => {
    expect(await sideBySide([later(20, "a"), 2, Promise.resolve(true)])).toEqual(["a", 2, true]);
  });

  it("throws the first failure only once the other chains are done (a transaction must not roll back under them)", async () => {
    let done = false;
    const chain = (async () => {
      await later(10, 0);
      await later(10, 0);
      done = true;
    })();
    const failure = new Error("statement failed");
    await expect(
      sideBySide([Promise.reject(failure), chain]).finally(() => {
        expect(done).toBe(true);
      }),
    ).rejects.toBe(failure);
  });
});
