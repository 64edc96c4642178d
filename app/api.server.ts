import { getDb } from "@db/index.server";
import { handleTrpc } from "@trpc-app/http";
import { handleLegacy } from "@trpc-app/legacy/handler";
import type { LegacyRequest } from "@trpc-app/legacy/types";

/**
 * The API mounts that server.mjs answers before the Remix handler: the legacy adapter (/api/elearning,
 * /api/login, /api/event, /magic) and tRPC (/api/trpc). They call the same handlers as the resource
 * routes app/routes/api.*.$.ts and magic.$.ts, which still serve them under `npm run dev`; skipping
 * Remix's route matching and stream plumbing is most of the web tier's cost per exam call.
 */
export const API_PATH = /^\/(?:api\/(?:elearning|login|event|trpc)|magic)(?:\/|$)/;

export const isTrpcPath = (pathname: string) => pathname === "/api/trpc" || pathname.startsWith("/api/trpc/");

/** tRPC calls take a Fetch Request; legacy calls a LegacyRequest (a Request fits too). */
export async function handleApi(request: Request | LegacyRequest, pathname: string): Promise<Response> {
  const db = await getDb();
  if (isTrpcPath(pathname)) return handleTrpc(request as Request, db);
  return handleLegacy(request, db);
}
