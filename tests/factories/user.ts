import type { DbOrTx } from "@db/client";
import { users } from "@db/schema";
import { hashPassword } from "@trpc-app/auth/password";

let seq = 0;

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
      passwordHash: await hashPassword(password),
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
