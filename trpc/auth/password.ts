import { hash, verify } from "@node-rs/argon2";

// argon2id with the parameters OWASP lists as a minimum (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let guard: Promise<string> | undefined;

/**
 * A hash to check a password against when no account matched, so that a login for an account that does
 * not exist spends one check, like one that does (made once per process with the same parameters).
 */
export function timingGuardHash(): Promise<string> {
  // A failed attempt is not kept: the next login tries again.
  guard ??= hashPassword(`timing-guard-${Math.random()}`).catch((error: unknown) => {
    guard = undefined;
    throw error;
  });
  return guard;
}

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
