import { and, count, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { sessions, ssoIdentities, ssoLogoutTokens, ssoSessions } from "@db/schema";
import { AppError, fail } from "@base/errors";
import { invalidateSession, invalidateUserSessions } from "../auth/session";
import type { SsoConfig } from "./config";
import { verifyLogoutToken } from "./provider.service";

export const LOGOUT_TOKEN_INVALID = "注销令牌无效";
export const LOGOUT_TOKEN_REPLAYED = "注销令牌已使用过，不能重复注销";

/**
 * Back-channel logout: the provider says a person (sub) or one of their provider sessions (sid) logged
 * out. A sid ends the platform sessions begun in that provider session; a sub alone ends every session of
 * the linked user. Each token acts once: its jti is written in the transaction that ends the sessions,
 * under a unique key, so a replay (even two sent at once) ends nothing, not even a session begun since.
 * Answers how many sessions ended (0 is a valid answer: already gone).
 */
export async function backchannelLogout(db: DbOrTx, c: SsoConfig, token: string) {
  let claims: Awaited<ReturnType<typeof verifyLogoutToken>>;
  try {
    claims = await verifyLogoutToken(c, token);
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.warn("[sso] logout token refused:", e instanceof Error ? `${e.name} ${e.message}` : e);
    throw fail(LOGOUT_TOKEN_INVALID);
  }
  const { issuer, sub, sid, jti } = claims;
  return db.transaction(async (tx) => {
    // Tokens past their age are refused by the check above anyway: their rows are not needed.
    await tx.delete(ssoLogoutTokens).where(lt(ssoLogoutTokens.expiresAt, new Date()));
    const [fresh] = await tx.insert(ssoLogoutTokens).values({ issuer, jti, expiresAt: claims.acceptableUntil }).onConflictDoNothing().returning({ jti: ssoLogoutTokens.jti });
    if (!fresh) throw fail(LOGOUT_TOKEN_REPLAYED);
    if (sid) {
      const rows = await tx
        .select({ id: ssoSessions.sessionId })
        .from(ssoSessions)
        .where(and(eq(ssoSessions.issuer, issuer), eq(ssoSessions.sid, sid), ...(sub ? [eq(ssoSessions.subject, sub)] : [])));
      for (const r of rows) await invalidateSession(tx, r.id);
      return { ended: rows.length };
    }
    const [identity] = await tx
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, sub!)))
      .limit(1);
    if (!identity) return { ended: 0 };
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(sessions).where(eq(sessions.userId, identity.userId));
    await invalidateUserSessions(tx, identity.userId);
    return { ended: n };
  });
}
