import { expect, it, vi } from "vitest";

// The guard hash is made once per process; a failed attempt (argon2 out of memory, say) must not be kept,
// or every later login for an unknown account would fail on it.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash).mockRejectedValueOnce(new Error("out of memory")) };
});

it("the login's timing guard tries again after a failed attempt, then keeps its hash", async () => {
  const { timingGuardHash } = await import("@trpc-app/auth/password");
  await expect(timingGuardHash()).rejects.toThrow("out of memory");
  const guard = await timingGuardHash();
  expect(guard).toMatch(/^\$argon2id\$/);
  expect(await timingGuardHash()).toBe(guard);
});
