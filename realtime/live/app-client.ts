import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { CatchUpRun, CatchUpWant } from "@base/catch-up";
import type { LiveRoomRules } from "@base/live-comment";
import type { AppRouter } from "../../trpc/router";

export interface RoomGrant {
  userId: number;
  nick: string;
  isAdmin: number;
  liveStatus: number;
  /** The session the viewer came in with (cookie or room token): its end closes the socket; "" for a visitor. */
  sessionId: string;
  /** A visitor's client address (their sockets are counted per address); "" for a learner. */
  address?: string;
}
/** The comment rule set the app answers; applied here with base/live-comment's commentRefusal. */
export type RoomRules = LiveRoomRules;
export interface StoredComment {
  msgId: string;
  userId: number;
  nick: string;
  content: string;
  sentAt: number;
  sessionId: string;
}
/** A stored comment as the catch-up answers it: the app's message view, taken from its router's type. */
export type HistoryComment = inferRouterOutputs<AppRouter>["live"]["service"]["history"]["rows"][number];
export interface SessionLikes {
  sessionId: string;
  count: number;
}
export interface PresenceReport {
  liveId: number;
  /** Viewers with a socket in the room now. */
  present: number[];
  /** Viewers whose last socket in the room closed. */
  left: number[];
  /** Distinct viewers this process has in the room now, and which process says so (the peak-viewer samples). */
  online?: number;
  source?: string;
}

/** What the live rooms (and the session sweep) ask of the app; the benchmark plugs in a stand-in. */
export interface LiveAppClient {
  /** A visitor (neither token) is described by `client`, where the connection came from. */
  authorizeJoin(input: { liveId: number; accessToken?: string; sessionToken?: string; client?: { peer: string; forwardedFor: string } }): Promise<RoomGrant>;
  rules(liveId: number): Promise<RoomRules>;
  /** Stores what sessions still valid sent; answers the sessions found ended. */
  saveBatch(input: { liveId: number; batchId: string; items: StoredComment[]; likes: SessionLikes[] }): Promise<{ saved: number; ended: string[] }>;
  drawRaffle(raffleId: number): Promise<{ drawn: boolean }>;
  /** Watch time: the app credits its own clock's time between reports. */
  presence(input: PresenceReport): Promise<{ count: number }>;
  /** Stored comments for returning viewers: all in (from, to] and `size` after `to` (base/catch-up). */
  history(input: { liveId: number } & CatchUpWant): Promise<CatchUpRun<HistoryComment>>;
  /** The given sessions that no longer exist (logged out, expired, user disabled or deleted). */
  endedSessions(sessionIds: string[]): Promise<string[]>;
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
    presence: (input) => client.live.service.presence.mutate(input, timeout()),
    history: (input) => client.live.service.history.query(input, timeout()),
    endedSessions: (sessionIds) => client.realtime.service.endedSessions.mutate({ sessionIds }, timeout()),
  };
}
