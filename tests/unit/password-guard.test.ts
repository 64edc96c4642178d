import { describe, expect, it } from "vitest";
import { hashPassword, timingGuardHash, verifyPassword } from "@trpc-app/auth/password";

// A login for an account that does not exist checks the password against a guard hash, so it costs what a
// real account's check costs: one verification with the product's parameters, no hashing on the way.
describe("the login's timing guard", () => {
  it("is one hash per process, with the parameters real accounts get", async () => {
    const first = timingGuardHash();
    expect(timingGuardHash()).toBe(first);
    const guard = await first;
    const real = await hashPassword("Caiyun@2026pass");
    const params = (h: string) => h.split("$").slice(1, 4).join("$");
    expect(params(guard)).toBe(params(real));
    expect(params(guard)).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
    expect(await verifyPassword(guard, "Caiyun@2026pass")).toBe(false);
  });
});
