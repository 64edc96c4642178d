import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../trpc/router";

export interface SocketGrant {
  userId: number;
  unreadNum: number;
  /** The session the cookie stands for: its end closes the socket. */
  sessionId: string;
}

/** The realtime process reaches data only through the app, with the service token. */
export function createAppClient(appUrl: string, serviceToken: string) {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${appUrl.replace(/\/$/, "")}/api/trpc`, headers: { Authorization: `Bearer ${serviceToken}` } })],
  });
  return {
    authorizeSocket(input: { sessionToken: string; userId: number }, timeoutMs = 5000): Promise<SocketGrant> {
      return client.realtime.service.authorizeSocket.mutate(input, { signal: AbortSignal.timeout(timeoutMs) });
    },
  };
}
export type AppClient = ReturnType<typeof createAppClient>;

/** True when the app refused the visitor (bad session, other user), false when it could not answer. */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === "UNAUTHORIZED" || code === "BAD_REQUEST";
}
