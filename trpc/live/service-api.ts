import { z } from "zod";
import { router, serviceProcedure } from "../init";
import { commentRefusal, recentlyHiddenIds, roomRules, saveComments, sharedCatchUp } from "./message.service";
import { drawRaffle } from "./raffle.service";
import { streamEvent, streamReset } from "./ingest.service";
import { ingestSentences } from "./caption.service";
import { findLive, joinGrant, recordPresence } from "./room.service";
import { recordViewerSample } from "./viewers.service";
import { idOf } from "@base/legacy-input";
import { asrBatchInput } from "./schemas";
import { standingSessions } from "../realtime/sessions";

const liveId = idOf("直播ID");
const sessionId = z.string().min(1).max(64);
const item = z.object({ msgId: z.string().min(8).max(40), userId: z.number().int().positive(), nick: z.string().max(40), content: z.string().min(1).max(500), sentAt: z.number().int(), sessionId });
const userIds = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(5000);

/** Calls the realtime process makes for live rooms, with the service token. */
export const liveServiceRouter = router({
  /** May this viewer join the room? By room token (getAuthToken), by the browser's session cookie, or as a visitor. */
  authorizeJoin: serviceProcedure
    .input(
      z.object({
        liveId,
        accessToken: z.string().max(300).optional(),
        sessionToken: z.string().max(200).optional(),
        client: z.object({ peer: z.string().max(64), forwardedFor: z.string().max(1000) }).optional(),
      }),
    )
    .mutation(({ ctx, input }) => joinGrant(ctx.db, input)),
  rules: serviceProcedure.input(z.object({ liveId })).query(({ ctx, input }) => roomRules(ctx.db, input.liveId)),
  /** The full check, for a process whose cache is cold. */
  refusal: serviceProcedure
    .input(z.object({ liveId, userId: z.number().int().positive(), content: z.string().max(500) }))
    .query(({ ctx, input }) => commentRefusal(ctx.db, input.liveId, input.userId, input.content)),
  /** Stores what still-standing sessions sent; the ended ones are answered so their sockets close. */
  saveBatch: serviceProcedure
    .input(
      z.object({
        liveId,
        // Made by the realtime process per batch and kept when it retries: the batch's likes count once.
        batchId: z.string().min(8).max(40).optional(),
        items: z.array(item).max(5000),
        likes: z.array(z.object({ sessionId, count: z.number().int().min(1).max(1_000_000) })).max(20_000).default([]),
      }),
    )
    .output(z.object({ saved: z.number(), ended: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => {
      const senders = new Set([...input.items.map((i) => i.sessionId), ...input.likes.map((l) => l.sessionId)]);
      const standing = await standingSessions(ctx.db, [...senders]);
      const items = input.items.filter((i) => standing.get(i.sessionId) === i.userId);
      const likes = input.likes.reduce((n, l) => n + (standing.has(l.sessionId) ? l.count : 0), 0);
      const ended = [...senders].filter((id) => !standing.has(id));
      const { saved } = await saveComments(ctx.db, input.liveId, items, likes, input.batchId);
      return { saved, ended };
    }),
  /**
   * The comments viewers coming back missed (decision 040): the realtime process gathers the viewers of a
   * room asking at once into one read; the app shares reads between realtime processes the same way.
   */
  history: serviceProcedure
    .input(
      z
        .object({ liveId, from: z.number().int().min(0), to: z.number().int().min(0), size: z.number().int().min(1).max(200) })
        .refine((w) => w.to >= w.from, "to 不能早于 from"),
    )
    .query(async ({ ctx, input }) => {
      const [run, hidden] = await Promise.all([sharedCatchUp(ctx.db, input.liveId, { from: input.from, to: input.to, size: input.size }), recentlyHiddenIds(ctx.db, input.liveId)]);
      return { ...run, hidden };
    }),
  /** Who is in the room (realtime process): watch time is credited by this server's clock. */
  presence: serviceProcedure
    .input(z.object({ liveId, present: userIds, left: userIds, online: z.number().int().min(0).max(10_000_000).optional(), source: z.string().regex(/^[\w-]{1,40}$/).optional() }))
    .mutation(async ({ ctx, input }) => {
      if (input.online !== undefined && input.source) await recordViewerSample(ctx.db, input.liveId, input.source, input.online);
      return recordPresence(ctx.db, input.liveId, input);
    }),
  /** The RTMP ingest reports a stream starting or stopping (realtime/ingest). */
  stream: serviceProcedure
    .input(z.object({ roomId: z.string().regex(/^[\w-]{1,32}$/, "直播间号格式错误"), key: z.string().min(1).max(120), event: z.enum(["start", "stop"]) }))
    .mutation(({ ctx, input }) => streamEvent(ctx.db, input)),
  streamReset: serviceProcedure.mutation(({ ctx }) => streamReset(ctx.db)),
  /** A speech-recognition engine posts finished sentences; a retried batch is stored and shown once. */
  asrSentences: serviceProcedure.input(asrBatchInput).mutation(async ({ ctx, input }) => {
    const live = await findLive(ctx.db, { liveId: input.liveId, roomId: input.roomId }, { admin: true });
    return { liveId: live.id, ...(await ingestSentences(ctx.db, live.id, input.sentences)) };
  }),
  drawRaffle: serviceProcedure.input(z.object({ raffleId: idOf("抽奖ID") })).mutation(async ({ ctx, input }) => {
    const r = await drawRaffle(ctx.db, input.raffleId);
    return { drawn: r.drawn };
  }),
});
