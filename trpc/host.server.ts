import { closeDb, getDb, migrateDb } from "@db/index.server";
import { env, webNodeFlags, webWorkers } from "@base/env.server";
import { handleTrpc } from "./http";
import { answerLegacy } from "./legacy/handler";
import { JSON_ANSWER_HEADERS, type JsonAnswer } from "./legacy/envelope";
import type { LegacyRequest } from "./legacy/types";
import { startMessageTaskRunner as startTaskRunner } from "./message/task-runner";
import { startCertImageSweep } from "./cert/image-sweep";
import { startOrderSweep } from "./order/sweep";
import { sitePathOf } from "./site/site.service";
import { startEventReportSweep } from "./event/report-sender";
import { startDashboardSweep } from "./tool/dashboard-sweep";

/**
 * The API mounts that server.mjs answers before the Remix handler: the legacy adapter (/api/elearning,
 * /api/login, /api/event, /magic) and tRPC (/api/trpc). They call the same handlers as the resource
 * routes app/routes/api.*.$.ts and magic.$.ts, which still serve them under `npm run dev`; skipping
 * Remix's route matching and stream plumbing is most of the web tier's cost per exam call.
 */
export const API_PATH = /^\/(?:api\/(?:elearning|login|event|trpc)|magic)(?:\/|$)/;

export const isTrpcPath = (pathname: string) => pathname === "/api/trpc" || pathname.startsWith("/api/trpc/");

/**
 * tRPC calls take a Fetch Request; legacy calls a LegacyRequest (a Request fits too). A legacy JSON answer
 * comes back as a JsonAnswer (its own headers, then JSON_ANSWER_HEADERS), anything else as a Response.
 */
export async function handleApi(request: Request | LegacyRequest, pathname: string): Promise<Response | JsonAnswer> {
  const db = await getDb();
  if (isTrpcPath(pathname)) return handleTrpc(request as Request, db);
  return answerLegacy(request, db);
}

/**
 * Everything the production server (server.mjs) takes from the server bundle, in one object. It comes
 * through the bundle, not a second build, so the pages' loaders and the API share one database handle
 * (an embedded PGlite lives in one instance per process). docs/decisions/020-ground-floor.md.
 */
/**
 * The web server's environment. Beyond the shared checks, production needs the certificate signing key
 * at start, not at the first pass of a bound exam (signing sits inside that pass's transaction); the
 * realtime and ingest processes, which sign nothing, do not.
 */
export function loadWebEnv() {
  const e = env();
  if (e.isProduction && !e.CERT_SIGNING_KEY) throw new Error("Invalid environment:\n  CERT_SIGNING_KEY: required when NODE_ENV=production");
  return e;
}

export const host = {
  loadEnv: loadWebEnv,
  webWorkers,
  webNodeFlags,
  migrateDb,
  closeDb,
  API_PATH,
  JSON_ANSWER_HEADERS,
  isTrpcPath,
  handleApi,
  /** The extra site a page address sits under ("" for the main site): the page handler serves it with that basename. */
  sitePathOf: async (pathname: string) => sitePathOf(await getDb(), pathname),
  /**
   * The background sweeps: message tasks (docs/decisions/014-message-tasks.md; the runner lease lets one
   * process sweep at a time), certificate images not drawn yet (docs/decisions/023-certificates.md) and
   * unpaid orders past their time (docs/decisions/027-commerce.md), and the dashboard's daily figures
   * (docs/decisions/035-dashboard.md).
   */
  startMessageTaskRunner: () => {
    startTaskRunner(getDb);
    startCertImageSweep(getDb);
    startOrderSweep(getDb);
    startEventReportSweep(getDb);
    startDashboardSweep(getDb);
  },
};
