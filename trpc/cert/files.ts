import type { Db } from "@db/client";
import { certByCredential, certPdf, certPng } from "./cert.service";
import { jwks } from "./signing";

const notFound = () => new Response("证书不存在", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * GET /cert/image/<credentialId>.png|.pdf: the certificate's image or PDF. The credential id (random,
 * 122 bits) is the capability: it is what the learner's share link and the QR code carry, as the
 * verification centre shows the same certificate to whoever holds its number and name.
 */
export async function serveCertFile(db: Db, request: Request, rest: string): Promise<Response> {
  const m = /^([0-9a-f-]{36})\.(png|pdf)$/i.exec(rest);
  if (!m) return notFound();
  const c = await certByCredential(db, m[1]!);
  if (!c) return notFound();
  const download = new URL(request.url).searchParams.has("download");
  const name = encodeURIComponent(`${c.certName}-${c.certNo}.${m[2]!.toLowerCase()}`);
  const headers: Record<string, string> = {
    // Versioned links (?v=) may be kept; a revoked certificate's mark must show at once.
    "cache-control": c.revokedAt ? "no-store" : "private, max-age=300",
    "x-content-type-options": "nosniff",
    ...(download ? { "content-disposition": `attachment; filename*=UTF-8''${name}` } : {}),
  };
  if (m[2]!.toLowerCase() === "pdf") return new Response(Buffer.from(await certPdf(db, c)), { headers: { ...headers, "content-type": "application/pdf" } });
  const png = await certPng(db, c);
  return new Response(Buffer.from(png), { headers: { ...headers, "content-type": "image/png" } });
}

/** GET /.well-known/jwks.json: every public key that signed a credential here. */
export async function serveJwks(db: Db): Promise<Response> {
  return new Response(JSON.stringify(await jwks(db)), { headers: { "content-type": "application/jwk-set+json", "cache-control": "public, max-age=3600", "access-control-allow-origin": "*" } });
}
