import type { DbOrTx } from "@db/client";
import { users } from "@db/schema";
import { hash } from "@node-rs/argon2";
import { hashPassword } from "@trpc-app/auth/password";

let seq = 0;

/**
 * Tests make thousands of users and log most of them in: under NODE_ENV=test a user's hash is argon2id at
 * its lightest (the login check reads the parameters from the hash: about 1 ms instead of 25 ms a check),
 * made once per password. Demo data outside tests keeps the product's parameters and a salt per user.
 */
const lightHashes = new Map<string, Promise<string>>();
function passwordHashFor(password: string): Promise<string> {
  if (process.env.NODE_ENV !== "test") return hashPassword(password);
  let hashed = lightHashes.get(password);
  if (!hashed) {
    hashed = hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1, outputLen: 32 });
    lightHashes.set(password, hashed);
  }
  return hashed;
}

export interface UserInput {
  loginName?: string;
  mobile?: string | null;
  nick?: string;
  password?: string;
  isAdmin?: 0 | 1;
  isTeacher?: 0 | 1;
  isPurchaser?: 0 | 1;
  status?: 0 | 1;
  identitySource?: number;
  learnHour?: number;
  learnLesson?: number;
  learnTime?: number;
  createdAt?: Date;
}

/** Builds a user the way the seed and the tests both need one. */
export async function createUser(db: DbOrTx, input: UserInput = {}) {
  seq += 1;
  const n = `${Date.now() % 100000}${seq}`.slice(-6);
  const password = input.password ?? "Caiyun@2026pass";
  const [row] = await db
    .insert(users)
    .values({
      loginName: input.loginName ?? `learner_${n}`,
      mobile: input.mobile === undefined ? `139${n.padStart(8, "0")}` : input.mobile,
      nick: input.nick ?? `学员${n.slice(-4)}`,
      passwordHash: await passwordHashFor(password),
      isAdmin: input.isAdmin ?? 0,
      isTeacher: input.isTeacher ?? 0,
      isPurchaser: input.isPurchaser ?? 0,
      status: input.status ?? 1,
      identitySource: input.identitySource ?? 0,
      learnHour: input.learnHour ?? 0,
      learnLesson: input.learnLesson ?? 0,
      learnTime: input.learnTime ?? 0,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return { ...row!, password };
}
