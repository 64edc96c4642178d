import { z } from "zod";
import { adminProcedure, router } from "../init";
import * as a from "./admin.service";
import * as cap from "./caption.service";
import * as q from "./questionnaire.service";
import * as x from "./export.service";
import * as g from "./goods.service";
import * as m from "./message.service";
import * as r from "./raffle.service";
import { findLive, pageLives } from "./room.service";
import { idOf } from "@base/legacy-input";
import * as s from "./schemas";
import * as sc from "./score.service";
import * as se from "./series.service";
import { endSign, signStatus, startSign } from "./sign.service";

const byId = z.object({ id: idOf("直播ID") });
const byLive = z.object({ liveId: idOf("直播ID") });
const liveOrId = z.object({ liveId: idOf("直播ID").optional(), id: idOf("直播ID").optional() }).transform((v, ctx) => {
  const liveId = v.liveId ?? v.id;
  if (!liveId) {
    ctx.addIssue({ code: "custom", message: "缺少直播ID", path: ["liveId"] });
    return z.NEVER;
  }
  return { liveId };
});
const pagedLive = z.intersection(liveOrId, s.pageInput);
const byAward = z.object({ id: idOf("抽奖ID") });

const scoreboard = (by: "user" | "org" | "region") =>
  router({
    page: adminProcedure.input(pagedLive).query(async ({ ctx, input }): Promise<{ list: unknown[]; total: number }> => {
      if (by === "user") return sc.userScores(ctx.db, input.liveId, input.pageNo, input.pageSize);
      const list = await (by === "org" ? sc.orgTop : sc.regionTop)(ctx.db, input.liveId, 1000);
      return { list, total: list.length };
    }),
    export: adminProcedure.input(liveOrId).mutation(({ ctx, input }) => x.exportScores(ctx.db, input.liveId, by)),
    overview: adminProcedure.input(liveOrId).query(({ ctx, input }) => sc.scoreOverview(ctx.db, input.liveId)),
  });

/** Live management (back-office.md 7.5) and the console's room actions. */
export const liveAdminRouter = router({
  page: adminProcedure.input(s.adminPageInput).query(({ ctx, input }) => pageLives(ctx.db, input, { admin: true })),
  detail: adminProcedure.input(byId).query(({ ctx, input }) => a.adminLive(ctx.db, input.id)),
  save: adminProcedure.input(s.liveEditInput).mutation(({ ctx, input }) => a.saveLive(ctx.db, input)),
  copy: adminProcedure.input(byId).mutation(({ ctx, input }) => a.copyLive(ctx.db, input.id)),
  del: adminProcedure.input(byId).mutation(({ ctx, input }) => a.deleteLive(ctx.db, input.id)),
  shelf: adminProcedure.input(s.statusInput).mutation(({ ctx, input }) => a.setShelf(ctx.db, input.id, input.status ?? 1)),
  move: adminProcedure.input(s.moveInput).mutation(({ ctx, input }) => a.moveLive(ctx.db, input.id, input.sort ?? 0)),
  operate: adminProcedure.input(s.operateInput).mutation(({ ctx, input }) => a.operate(ctx.db, input.id, input.action)),
  stop: adminProcedure.input(byId).mutation(({ ctx, input }) => a.operate(ctx.db, input.id, "stop")),
  openRange: adminProcedure.input(byId).query(async ({ ctx, input }) => ({ id: input.id, openRange: (await a.adminLive(ctx.db, input.id)).openRange })),
  saveOpenRange: adminProcedure.input(s.openRangeInput).mutation(({ ctx, input }) => a.setOpenRange(ctx.db, input.id, input.openRange)),
  advanced: adminProcedure.input(byId).query(async ({ ctx, input }) => ({ id: input.id, advancedInfo: (await a.adminLive(ctx.db, input.id)).advancedInfo })),
  saveAdvanced: adminProcedure.input(s.advancedInput).mutation(({ ctx, input }) => a.setAdvanced(ctx.db, input.id, input.advancedInfo)),
  playbackConfig: adminProcedure.input(byId).query(async ({ ctx, input }) => {
    const l = await a.adminLive(ctx.db, input.id);
    return { id: l.id, isPlayback: l.isPlayback, playbackUrl: l.playbackUrl };
  }),
  savePlaybackConfig: adminProcedure.input(s.playbackConfigInput).mutation(({ ctx, input }) => a.setPlayback(ctx.db, input.id, input.isPlayback, input.playbackUrl)),
  subtitleConfig: adminProcedure.input(byId).query(async ({ ctx, input }) => {
    const l = await a.adminLive(ctx.db, input.id);
    return { id: l.id, isOpenSubtitle: l.isOpenSubtitle, subtitleUrl: l.subtitleUrl };
  }),
  saveSubtitleConfig: adminProcedure.input(s.subtitleConfigInput).mutation(({ ctx, input }) => a.setSubtitle(ctx.db, input.id, input.isOpenSubtitle, input.subtitleUrl)),
  pushUrl: adminProcedure.input(byId).mutation(({ ctx, input }) => a.pushUrl(ctx.db, input.id, ctx.origin)),
  members: adminProcedure.input(s.memberListInput).query(({ ctx, input }) => a.memberList(ctx.db, input.liveId, input.pageNo, input.pageSize, input.keyword)),
  addMembers: adminProcedure.input(s.addUserInput).mutation(({ ctx, input }) => a.addMembers(ctx.db, input.liveId, input.userIds)),
  bindSeries: adminProcedure.input(s.seriesBindInput).mutation(({ ctx, input }) => a.bindSeries(ctx.db, input.id, input.seriesId ?? null)),
  boundSeries: adminProcedure.input(byId).query(async ({ ctx, input }) => {
    const l = await a.adminLive(ctx.db, input.id);
    return l.seriesId ? se.seriesDetail(ctx.db, l.seriesId) : null;
  }),

  goods: router({
    list: adminProcedure.input(liveOrId).query(({ ctx, input }) => g.goodsList(ctx.db, input.liveId, { all: true })),
    detail: adminProcedure.input(s.goodsIdInput).query(({ ctx, input }) => g.goodsDetail(ctx.db, input.goodsId)),
    save: adminProcedure.input(s.goodsEditInput).mutation(({ ctx, input }) => g.saveGoods(ctx.db, input)),
    putOrDown: adminProcedure.input(s.goodsPutInput).mutation(({ ctx, input }) => g.putOrDown(ctx.db, input.id, input.status ?? 1)),
    del: adminProcedure.input(s.goodsIdInput).mutation(({ ctx, input }) => g.deleteGoods(ctx.db, input.goodsId)),
  }),
  awards: router({
    list: adminProcedure.input(liveOrId).query(({ ctx, input }) => r.awardList(ctx.db, input.liveId)),
    detail: adminProcedure.input(byAward).query(({ ctx, input }) => r.awardDetail(ctx.db, input.id)),
    create: adminProcedure.input(s.awardCreateInput).mutation(({ ctx, input }) => r.createAward(ctx.db, input)),
    del: adminProcedure.input(byAward).mutation(({ ctx, input }) => r.deleteAward(ctx.db, input.id)),
    remark: adminProcedure.input(s.awardRemarkInput).mutation(({ ctx, input }) => r.awardRemark(ctx.db, input.id, input.remark)),
    start: adminProcedure.input(byAward).mutation(({ ctx, input }) => r.startRaffle(ctx.db, input.id)),
    draw: adminProcedure.input(byAward).mutation(({ ctx, input }) => r.drawRaffle(ctx.db, input.id)),
    /** Award records of the live's raffles, with the winners' receive addresses. */
    records: adminProcedure.input(liveOrId).query(async ({ ctx, input }) => (await r.winList(ctx.db, input.liveId)).map((w) => ({ ...w, shipTime: w.shippedAt?.getTime() ?? null, winTime: w.createdAt.getTime() }))),
    ship: adminProcedure.input(s.addressInput).mutation(({ ctx, input }) => r.shipAward(ctx.db, input.liveUserAwardRecordId)),
  }),
  notice: adminProcedure.input(liveOrId).query(({ ctx, input }) => m.currentNotice(ctx.db, input.liveId)),
  publishNotice: adminProcedure.input(s.noticeInput).mutation(({ ctx, input }) => m.publishNotice(ctx.db, input.liveId, input.content)),
  mute: adminProcedure.input(s.muteInput).mutation(({ ctx, input }) => m.setMute(ctx.db, input.liveId, input.userId, (input.mute ?? 1) === 1)),
  mutedUsers: adminProcedure.input(byLive).query(({ ctx, input }) => m.mutedUsers(ctx.db, input.liveId)),
  hide: adminProcedure.input(s.hideInput).mutation(({ ctx, input }) => m.setHidden(ctx.db, input.liveId, input.msgId, (input.hidden ?? 1) as 0 | 1)),
  messages: adminProcedure.input(byLive).query(({ ctx, input }) => m.messageRecords(ctx.db, input.liveId, 500)),
  signStart: adminProcedure.input(s.signStartInput).mutation(({ ctx, input }) => startSign(ctx.db, input.liveId, input.durationSeconds)),
  signEnd: adminProcedure.input(byLive).mutation(({ ctx, input }) => endSign(ctx.db, input.liveId)),
  signStatus: adminProcedure.input(byLive).query(({ ctx, input }) => signStatus(ctx.db, input.liveId)),
  words: adminProcedure.query(({ ctx }) => m.sensitiveWords(ctx.db)),
  saveWords: adminProcedure.input(s.wordsInput).mutation(({ ctx, input }) => m.setSensitiveWords(ctx.db, input.words)),
  /** Human captioning: the operator's typed line goes to the room as a caption sentence. */
  caption: adminProcedure.input(s.captionLineInput).mutation(({ ctx, input }) => cap.typeCaption(ctx.db, input.liveId, input.text, input.clientId)),
  captions: adminProcedure.input(byLive).query(({ ctx, input }) => cap.recentCaptions(ctx.db, input.liveId, 20)),
  captionsOpen: adminProcedure.input(s.captionsOpenInput).mutation(async ({ ctx, input }) => cap.setCaptionsOpen(ctx.db, await findLive(ctx.db, { liveId: input.liveId }, { admin: true }), input.isOpenSubtitle === 1)),
  questionnaire: adminProcedure.input(byLive).query(({ ctx, input }) => q.currentQuestionnaire(ctx.db, input.liveId, { admin: true })),
  pushQuestionnaire: adminProcedure.input(s.questionnairePushInput).mutation(({ ctx, input }) => q.pushQuestionnaire(ctx.db, input.liveId, input.title, input.url)),
  withdrawQuestionnaire: adminProcedure.input(byLive).mutation(({ ctx, input }) => q.withdrawQuestionnaire(ctx.db, input.liveId)),
  anchorSend: adminProcedure.input(s.anchorMsgInput).mutation(({ ctx, input }) => m.sendHostMessage(ctx.db, input.liveId, ctx.user, input.content, "anchor")),

  exportLives: adminProcedure.mutation(({ ctx }) => x.exportLives(ctx.db)),
  exportMembers: adminProcedure.input(s.memberListInput).mutation(({ ctx, input }) => x.exportMembers(ctx.db, input.liveId, input.keyword)),
  exportMessages: adminProcedure.input(liveOrId).mutation(({ ctx, input }) => x.exportMessages(ctx.db, input.liveId)),
  exportWinners: adminProcedure.input(liveOrId).mutation(({ ctx, input }) => x.exportWinners(ctx.db, input.liveId)),
  userScore: scoreboard("user"),
  orgScore: scoreboard("org"),
  regionScore: scoreboard("region"),

  series: router({
    save: adminProcedure.input(s.seriesEditInput).mutation(({ ctx, input }) => se.saveSeries(ctx.db, input)),
    page: adminProcedure.input(z.intersection(z.object({ keyword: z.string().max(40).optional() }), s.pageInput)).query(({ ctx, input }) => se.pageSeries(ctx.db, input)),
    status: adminProcedure.input(s.seriesStatusInput).mutation(({ ctx, input }) => se.setSeriesStatus(ctx.db, input.id, input.status ?? 1)),
    detail: adminProcedure.input(z.object({ id: idOf("系列ID") })).query(({ ctx, input }) => se.seriesDetail(ctx.db, input.id)),
    relate: adminProcedure.input(s.seriesLivesInput).mutation(({ ctx, input }) => se.relateLives(ctx.db, input.id, input.liveIds, true)),
    remove: adminProcedure.input(s.seriesLivesInput).mutation(({ ctx, input }) => se.relateLives(ctx.db, input.id, input.liveIds, false)),
  }),
});
