import { z } from "zod";
import { learnerProcedure, publicProcedure } from "../init";
import { contentScopeOf } from "../site/site.service";
import { EXPRESSIONS, anchorMsgInputCheck, checkSensitive, roomHiddenMessageIds, roomMessages, roomNotice, sendHostMessage } from "./learner-helpers";
import { roomCaptions, roomCaptionsVtt } from "./caption.service";
import { goodsClick, roomGoods } from "./goods.service";
import { roomQuestionnaire } from "./questionnaire.service";
import { joinRaffle, raffling, receiveAddress, receiveAward, userAwardRecords } from "./raffle.service";
import * as room from "./room.service";
import { idOf } from "@base/legacy-input";
import * as s from "./schemas";
import { myScore, roomTop, roomUserScores } from "./score.service";
import { seriesList, subscribe, subscribeStatus, unsubscribe } from "./series.service";
import { sign, signStatus, signUserInfo } from "./sign.service";

const liveOnly = z.object({ liveId: idOf("直播ID") });
/** The caller as the watch rule reads it: a learner's id, or null for a visitor. */
const viewer = (ctx: { user?: { id: number } | null }) => ctx.user?.id ?? null;

/** Learner calls of the live room, centre, calendar and series (learner-calls.md Live). */
export const liveLearnerProcedures = {
  info: publicProcedure.input(s.liveIdInput).query(({ ctx, input }) => room.liveInfo(ctx.db, input, viewer(ctx))),
  webUrl: publicProcedure.input(s.liveIdInput).query(async ({ ctx, input }) => {
    const live = await room.findLive(ctx.db, input);
    return { webUrl: `${ctx.origin}/live/detail?roomId=${live.roomId}`, roomId: live.roomId, liveId: live.id };
  }),
  page: publicProcedure.input(s.listInput).query(async ({ ctx, input }) => room.pageLives(ctx.db, input, { scope: await contentScopeOf(ctx.db, ctx.sitePath) })),
  calendar: publicProcedure.input(s.calendarInput).query(({ ctx, input }) => room.calendar(ctx.db, input)),
  recently: learnerProcedure.query(({ ctx }) => room.recentlyList(ctx.db, ctx.user.id)),
  recommend: publicProcedure.input(z.object({ liveId: idOf("直播ID").optional() })).query(({ ctx, input }) => room.recommend(ctx.db, input.liveId)),
  authToken: learnerProcedure.input(liveOnly).query(({ ctx, input }) => room.authToken(ctx.db, input.liveId, ctx.user, ctx.session.id)),
  checkPermission: learnerProcedure.input(s.liveIdInput).mutation(({ ctx, input }) => room.checkWatchPermission(ctx.db, input, ctx.user.id)),
  entry: learnerProcedure.input(s.entryInput).mutation(({ ctx, input }) => room.entry(ctx.db, input, ctx.user.id)),
  leave: learnerProcedure.input(s.leaveInput).mutation(({ ctx, input }) => room.addWatchTime(ctx.db, input, ctx.user.id, true)),
  record: learnerProcedure.input(s.leaveInput).mutation(({ ctx, input }) => room.addWatchTime(ctx.db, input, ctx.user.id, false)),
  watchPlayback: learnerProcedure.input(s.leaveInput).mutation(({ ctx, input }) => room.addWatchTime(ctx.db, { ...input, isPlayback: 1 }, ctx.user.id, false)),
  userLiveInfo: learnerProcedure.input(liveOnly).query(({ ctx, input }) => room.userLiveInfo(ctx.db, input.liveId, ctx.user.id)),
  appointment: learnerProcedure.input(liveOnly).mutation(({ ctx, input }) => room.appoint(ctx.db, input.liveId, ctx.user.id)),
  playbackSubscribe: learnerProcedure.input(liveOnly).mutation(({ ctx, input }) => room.subscribePlayback(ctx.db, input.liveId, ctx.user.id)),
  playbackStatus: learnerProcedure.input(liveOnly).query(({ ctx, input }) => room.playbackStatus(ctx.db, input.liveId, ctx.user.id)),
  purchaserRole: learnerProcedure.input(s.purchaserInput).query(({ ctx }) => room.purchaserRole(ctx.db, ctx.user.id)),

  messages: publicProcedure.input(s.messageListInput).query(({ ctx, input }) => roomMessages(ctx.db, input, viewer(ctx))),
  hiddenMessages: publicProcedure.input(liveOnly).query(({ ctx, input }) => roomHiddenMessageIds(ctx.db, input.liveId, viewer(ctx))),
  notice: publicProcedure.input(s.liveIdInput).query(({ ctx, input }) => roomNotice(ctx.db, input, viewer(ctx))),
  expressions: publicProcedure.query(() => EXPRESSIONS),
  checkSensitive: learnerProcedure.input(s.sensitiveInput).mutation(({ ctx, input }) => checkSensitive(ctx.db, input.content)),
  /** The host (a teacher or admin) speaks in the room. */
  anchorSend: learnerProcedure.input(s.anchorMsgInput).mutation(({ ctx, input }) => {
    anchorMsgInputCheck(ctx.user);
    return sendHostMessage(ctx.db, input.liveId, ctx.user, input.content, "anchor");
  }),
  robotSend: learnerProcedure.input(s.anchorMsgInput).mutation(({ ctx, input }) => {
    anchorMsgInputCheck(ctx.user);
    return sendHostMessage(ctx.db, input.liveId, ctx.user, input.content, "robot");
  }),
  interaction: learnerProcedure.input(s.interactionInput).mutation(({ ctx, input }) => room.interact(ctx.db, input.liveId, ctx.user.id, Math.min(input.count ?? 1, 10))),

  goods: publicProcedure.input(s.liveIdInput).query(({ ctx, input }) => roomGoods(ctx.db, input, viewer(ctx))),
  goodsClick: publicProcedure.input(s.goodsClickInput).mutation(({ ctx, input }) => goodsClick(ctx.db, input.goodsId, viewer(ctx))),

  raffling: publicProcedure.input(s.liveIdInput).query(({ ctx, input }) => raffling(ctx.db, input, viewer(ctx))),
  joinRaffle: learnerProcedure.input(s.raffleIdInput).mutation(({ ctx, input }) => joinRaffle(ctx.db, input.raffleId, ctx.user.id)),
  awardRecords: learnerProcedure.input(s.awardRecordInput).query(({ ctx, input }) => userAwardRecords(ctx.db, ctx.user.id, input.liveId)),
  receiveAddress: learnerProcedure.input(s.addressInput).query(({ ctx, input }) => receiveAddress(ctx.db, input.liveUserAwardRecordId, ctx.user.id)),
  receiveAward: learnerProcedure.input(s.receiveInput).mutation(({ ctx, input }) => receiveAward(ctx.db, input, ctx.user.id)),

  /** Whether a sign-in round is open and how many signed: counters, public like the room page itself. */
  signStatus: publicProcedure.input(liveOnly).query(({ ctx, input }) => signStatus(ctx.db, input.liveId)),
  signUserInfo: learnerProcedure.input(liveOnly).query(({ ctx, input }) => signUserInfo(ctx.db, input.liveId, ctx.user.id)),
  sign: learnerProcedure.input(liveOnly).mutation(({ ctx, input }) => sign(ctx.db, input.liveId, ctx.user.id)),

  myScore: learnerProcedure.input(liveOnly).query(({ ctx, input }) => myScore(ctx.db, input.liveId, ctx.user.id)),
  scorePage: publicProcedure.input(s.scoreInput).query(({ ctx, input }) => roomUserScores(ctx.db, input.liveId, viewer(ctx), input.pageNo ?? 1, input.pageSize ?? 20)),
  orgTop: publicProcedure.input(s.scoreInput).query(({ ctx, input }) => roomTop(ctx.db, input.liveId, viewer(ctx), "org", input.top ?? 10)),
  regionTop: publicProcedure.input(s.scoreInput).query(({ ctx, input }) => roomTop(ctx.db, input.liveId, viewer(ctx), "region", input.top ?? 10)),

  series: publicProcedure.input(s.seriesListInput).query(({ ctx, input }) => seriesList(ctx.db, input)),
  seriesSubscribe: learnerProcedure.input(s.seriesIdInput).mutation(({ ctx, input }) => subscribe(ctx.db, input.liveSeriesId, ctx.user.id)),
  seriesUnsubscribe: learnerProcedure.input(s.seriesIdInput).mutation(({ ctx, input }) => unsubscribe(ctx.db, input.liveSeriesId, ctx.user.id)),
  seriesStatus: learnerProcedure.input(s.seriesIdInput).query(({ ctx, input }) => subscribeStatus(ctx.db, input.liveSeriesId, ctx.user.id)),
  /** The questionnaire hook: the questionnaire pushed into the room, else the published one bound to the live, or null. */
  questionnaire: publicProcedure.input(liveOnly).query(({ ctx, input }) => roomQuestionnaire(ctx.db, input.liveId, viewer(ctx))),
  /** The latest caption sentences, for a viewer joining while captions run. */
  captions: publicProcedure.input(liveOnly).query(({ ctx, input }) => roomCaptions(ctx.db, input.liveId, viewer(ctx))),
  /** Stored captions as WebVTT for the replay (null when there are none). */
  captionsVtt: publicProcedure.input(liveOnly).query(({ ctx, input }) => roomCaptionsVtt(ctx.db, input.liveId, viewer(ctx))),
};
