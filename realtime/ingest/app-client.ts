import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../trpc/router";
import type { IngestApp } from "./server";

/** The ingest tells the app about streams through the service procedures, with the service token. */
export function createIngestAppClient(appUrl: string, serviceToken: string): IngestApp {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${appUrl.replace(/\/$/, "")}/api/trpc`, headers: { Authorization: `Bearer ${serviceToken}` } })],
  });
  const timeout = () => ({ signal: AbortSignal.timeout(5000) });
  return {
    stream: (input) => client.live.service.stream.mutate(input, timeout()),
    reset: () => client.live.service.streamReset.mutate(undefined, timeout()),
  };
}

/** An answer of the app (4xx: wrong key, ended live, unknown room), as opposed to an outage. */
export function isAppRefusal(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
  return status >= 400 && status < 500;
}
