import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "../../trpc/router";

export interface RoomGrant {
  userId: number;
  nick: string;
  isAdmin: number;
  liveStatus: number;
}
export interface RoomRules {
  muteAll: number;
  mutedUserIds: number[];
  words: string[];
}
export interface StoredComment {
  msgId: string;
  userId: number;
  nick: string;
  content: string;
  sentAt: number;
}

/** What a live room asks of the app; the benchmark plugs in a stand-in. */
export interface LiveAppClient {
  authorizeJoin(input: { liveId: number; accessToken?: string; sessionToken?: string }): Promise<RoomGrant>;
  rules(liveId: number): Promise<RoomRules>;
  saveBatch(input: { liveId: number; items: StoredComment[]; likes: number }): Promise<{ saved: number }>;
  drawRaffle(raffleId: number): Promise<{ drawn: boolean }>;
}

/** The live rooms reach data only through the app's service procedures (batched HTTP). */
export function createLiveAppClient(appUrl: string, serviceToken: string): LiveAppClient {
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${appUrl.replace(/\/$/, "")}/api/trpc`, headers: { Authorization: `Bearer ${serviceToken}` }, maxItems: 20 })],
  });
  const timeout = () => ({ signal: AbortSignal.timeout(5000) });
  return {
    authorizeJoin: (input) => client.live.service.authorizeJoin.mutate(input, timeout()),
    rules: (liveId) => client.live.service.rules.query({ liveId }, timeout()),
    saveBatch: (input) => client.live.service.saveBatch.mutate(input, timeout()),
    drawRaffle: (raffleId) => client.live.service.drawRaffle.mutate({ raffleId }, timeout()),
  };
}
