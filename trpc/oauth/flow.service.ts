import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { oauthStates } from "@db/schema";
import { randomToken, type SessionUser } from "../auth/session";
import { fail } from "@base/errors";
import { findPlatform, type Platform } from "./platform.service";
import type { StartInput } from "./schemas";
import { assertPlatformAllowed } from "./course-limit.service";

export const STATE_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = "/oauth/callback";
export const STATE_INVALID = "授权已失效，请重新发起授权";

const b64url = (buf: Buffer) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const pkceChallenge = (verifier: string) => b64url(createHash("sha256").update(verifier).digest());

/** Creates a single-use state with a PKCE verifier and answers the provider's authorize URL. */
export async function startAuthorization(
  db: DbOrTx,
  input: StartInput,
  meta: { origin: string; user: SessionUser | null; entry?: "learner" | "agency" | "expert" },
) {
  const platform = await findPlatform(db, input);
  await assertPlatformAllowed(db, meta.user?.id, input.courseId, platform.cloudRegion);
  const state = randomToken(20);
  const codeVerifier = b64url(randomBytes(48));
  const redirectUri = `${process.env.PUBLIC_URL?.replace(/\/$/, "") ?? meta.origin}${CALLBACK_PATH}`;
  await db.insert(oauthStates).values({
    state,
    platformId: platform.id,
    codeVerifier,
    redirectUri,
    returnTo: input.returnTo ?? "/",
    userId: meta.user?.id ?? null,
    entry: meta.entry ?? "learner",
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = new URL(platform.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", platform.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", pkceChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (platform.scope) url.searchParams.set("scope", platform.scope);
  return { url: url.toString(), authorizeURL: url.toString(), state, platformName: platform.name, cloudRegion: platform.cloudRegion };
}

/** Marks the state used in the same statement that checks it, so a state works exactly once. */
export async function consumeState(db: DbOrTx, state: string) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthStates.state, state), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, new Date())))
    .returning();
  if (!row) throw fail(STATE_INVALID);
  return row;
}

export interface ProviderUser {
  id: string;
  name: string;
  userName: string;
  mobile: string;
  avatar: string;
}

const PROVIDER_FAILED = "授权平台暂时无法连接，请稍后重试";

async function providerJson(res: Response) {
  if (!res.ok) throw fail(PROVIDER_FAILED);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw fail(PROVIDER_FAILED);
  }
}

/** Exchanges the code (with the PKCE verifier) and reads the provider's user. */
export async function fetchProviderUser(platform: Platform, code: string, state: { codeVerifier: string; redirectUri: string }): Promise<ProviderUser> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: state.redirectUri,
    client_id: platform.clientId,
    code_verifier: state.codeVerifier,
  });
  const secret = platform.secretEnv ? process.env[platform.secretEnv] : undefined;
  if (secret) form.set("client_secret", secret);
  let token: Record<string, unknown>;
  try {
    token = await providerJson(
      await fetch(platform.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(10_000),
      }),
    );
  } catch (e) {
    throw e instanceof Error && e.message === PROVIDER_FAILED ? e : fail(PROVIDER_FAILED);
  }
  const accessToken = typeof token.access_token === "string" ? token.access_token : "";
  if (!accessToken) throw fail("授权失败，请重新发起授权");
  let info: Record<string, unknown>;
  try {
    info = await providerJson(
      await fetch(platform.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" }, signal: AbortSignal.timeout(10_000) }),
    );
  } catch (e) {
    throw e instanceof Error && e.message === PROVIDER_FAILED ? e : fail(PROVIDER_FAILED);
  }
  const str = (...keys: string[]) => {
    for (const k of keys) {
      const v = info[k];
      if (typeof v === "string" || typeof v === "number") return String(v).trim();
    }
    return "";
  };
  const id = str("id", "sub", "userId", "user_id");
  if (!id) throw fail("授权平台未返回用户信息");
  return {
    id: id.slice(0, 128),
    name: str("name", "nickname").slice(0, 64),
    userName: str("userName", "username", "preferred_username", "account").slice(0, 64),
    mobile: str("mobile", "phone", "phone_number").replace(/^\+86/, "").slice(0, 20),
    avatar: str("avatar", "picture", "picUrl").slice(0, 500),
  };
}
