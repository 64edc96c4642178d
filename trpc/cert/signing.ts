import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import type { DbOrTx } from "@db/client";
import { certSigningKeys } from "@db/schema";
import { env } from "@base/env.server";

/**
 * The platform's credential signing key (Ed25519, EdDSA JWS). The private key comes from CERT_SIGNING_KEY
 * (production) or a file made once in DATA_DIR. Every public key that signed is kept in cert_signing_keys,
 * so the JWKS still holds a key after rotation and old certificates keep verifying (the kid says which).
 */
interface SigningKey {
  kid: string;
  key: CryptoKey;
  publicJwk: JWK;
}

let loaded: Promise<SigningKey> | undefined;

export const keyFilePath = () => resolve(env().DATA_DIR, "cert-signing-key.json");

async function readPrivateJwk(): Promise<JWK> {
  const e = env();
  if (e.CERT_SIGNING_KEY) return JSON.parse(e.CERT_SIGNING_KEY) as JWK;
  if (e.isProduction) throw new Error("Invalid environment:\n  CERT_SIGNING_KEY: required when NODE_ENV=production");
  const file = keyFilePath();
  try {
    return JSON.parse(readFileSync(file, "utf8")) as JWK;
  } catch {
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const jwk = await exportJWK(privateKey);
    mkdirSync(dirname(file), { recursive: true });
    try {
      // wx: a second process making the file at the same moment loses and reads the winner's key.
      writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: "wx" });
      return jwk;
    } catch {
      return JSON.parse(readFileSync(file, "utf8")) as JWK;
    }
  }
}

async function load(): Promise<SigningKey> {
  const jwk = await readPrivateJwk();
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.d || !jwk.x) throw new Error("CERT_SIGNING_KEY: not an Ed25519 private JWK");
  const publicJwk: JWK = { kty: "OKP", crv: "Ed25519", x: jwk.x };
  const kid = await calculateJwkThumbprint(publicJwk);
  const key = (await importJWK(jwk, "EdDSA")) as CryptoKey;
  return { kid, key, publicJwk: { ...publicJwk, kid, alg: "EdDSA", use: "sig" } };
}

export function signingKey(): Promise<SigningKey> {
  loaded ??= load().catch((e) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

/** For tests: forget the loaded key (after changing CERT_SIGNING_KEY or DATA_DIR). */
export function resetSigningKey() {
  loaded = undefined;
}

/** Records the current public key in the JWKS table (an insert that finds it changes nothing). */
async function register(db: DbOrTx, k: SigningKey) {
  await db
    .insert(certSigningKeys)
    .values({ kid: k.kid, publicJwk: k.publicJwk as Record<string, string> })
    .onConflictDoNothing();
}

export async function signCredential(db: DbOrTx, payload: JWTPayload & { jti: string }): Promise<string> {
  const k = await signingKey();
  await register(db, k);
  return new SignJWT(payload).setProtectedHeader({ alg: "EdDSA", kid: k.kid, typ: "vc+jwt" }).sign(k.key);
}

/** The published key set (/.well-known/jwks.json): every key that ever signed here. */
export async function jwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  const k = await signingKey();
  const rows = await db.select().from(certSigningKeys);
  const keys = rows.map((r) => r.publicJwk as JWK);
  // The key in use is always published, even if its row was written to another database this process used.
  if (!keys.some((j) => j.kid === k.kid)) keys.push(k.publicJwk);
  return { keys };
}

export type SignatureCheck = { ok: true; payload: JWTPayload; kid: string } | { ok: false; reason: "malformed" | "unknown-key" | "bad-signature" };

/** Checks a compact JWS against the published keys. Expiry is the certificate's status, judged by the caller. */
export async function checkSignature(db: DbOrTx, token: string): Promise<SignatureCheck> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const { keys } = await jwks(db);
  if (!kid || !keys.some((k) => k.kid === kid)) return { ok: false, reason: "unknown-key" };
  try {
    // Time claims are not judged here: an expired certificate still carries a good signature (the caller says expired).
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), { algorithms: ["EdDSA"], clockTolerance: Number.MAX_SAFE_INTEGER });
    return { ok: true, payload, kid };
  } catch (e) {
    if (e instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "bad-signature" };

    return { ok: false, reason: "malformed" };
  }
}
