import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { userIdentities, users } from "@db/schema";
import type { SessionUser } from "../auth/session";
import { notFound } from "@base/errors";
import { maskIdNo } from "@base/format";
import { PRIVATE_TTL_SECONDS } from "../upload/file-ref";
import { freshFileUrl } from "../upload/upload.service";

/** What the back office sees of a user's real-name record (ID number masked as everywhere else). */
export async function identitySummary(db: DbOrTx, user: SessionUser) {
  const [idn] = await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)).limit(1);
  const complete = [1, 2, 3].includes(user.identitySource);
  return {
    userId: user.id,
    identitySource: user.identitySource,
    isComplete: complete,
    isAuth: complete ? 1 : 0,
    realName: idn?.realName ?? "",
    idType: idn?.idType ?? 1,
    idNo: maskIdNo(idn?.idNo),
    orgName: idn?.orgName ?? "",
    areaCode: idn?.areaCode ?? "",
    passportPhotoUrl: freshFileUrl(idn?.passportPhotoUrl ?? "", PRIVATE_TTL_SECONDS),
    authenticationTime: idn?.authenticationTime?.getTime() ?? null,
  };
}

/** Clears the real-name record so the user is asked to complete it again. */
export async function identityReset(db: DbOrTx, userId: number) {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw notFound("用户不存在或已删除");
    await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
    await tx.update(users).set({ identitySource: 0 }).where(eq(users.id, userId));
    return { userId, identitySource: 0 };
  });
}
