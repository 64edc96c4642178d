import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { sessions, ssoIdentities, ssoSessions } from "@db/schema";
import { AppError, fail } from "@base/errors";
import { invalidateSession, invalidateUserSessions } from "../auth/session";
import type { SsoConfig } from "./config";
import { verifyLogoutToken } from "./provider.service";

export const LOGOUT_TOKEN_INVALID = "注销令牌无效";

/**
 * Back-channel logout: the provider says a person (sub) or one of their provider sessions (sid) logged
 * out. A sid ends the platform sessions begun in that provider session; a sub alone ends every session of
 * the linked user. Answers how many sessions ended (0 is a valid answer: already gone).
 */
export async function backchannelLogout(db: DbOrTx, c: SsoConfig, token: string) {
  let claims: { issuer: string; sub?: string; sid?: string };
  try {
    claims = await verifyLogoutToken(c, token);
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.warn("[sso] logout token refused:", e instanceof Error ? `${e.name} ${e.message}` : e);
    throw fail(LOGOUT_TOKEN_INVALID);
  }
  const { issuer, sub, sid } = claims;
  if (sid) {
    const rows = await db
      .select({ id: ssoSessions.sessionId })
      .from(ssoSessions)
      .where(and(eq(ssoSessions.issuer, issuer), eq(ssoSessions.sid, sid), ...(sub ? [eq(ssoSessions.subject, sub)] : [])));
    for (const r of rows) await invalidateSession(db, r.id);
    return { ended: rows.length };
  }
  const [identity] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, sub!)))
    .limit(1);
  if (!identity) return { ended: 0 };
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, identity.userId));
  await invalidateUserSessions(db, identity.userId);
  return { ended: n };
}
