import type { AppCaller } from "../caller";
import { legacyRows, type LegacyInput, type LegacyRow } from "../legacy/types";

const F = "/api/elearning/front/live";
const S = "/api/elearning/caiyun/front/live/series";
const B = "/api/elearning/back/live";

type Call = (c: AppCaller, i: LegacyInput) => Promise<unknown>;
const get = (path: string, call: Call): LegacyRow => ({ method: "GET", path, call });
const post = (path: string, call: Call): LegacyRow => ({ method: "POST", path, call });

/** Exports answer the .xlsx file itself, as the old back office downloads it. */
const xlsx: Pick<LegacyRow, "respond"> = {
  respond: ((f: { fileName: string; contentType: string; base64: string }) =>
    new Response(Buffer.from(f.base64, "base64"), {
      headers: { "content-type": f.contentType, "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(f.fileName)}` },
    })) as LegacyRow["respond"],
};
const download = (path: string, call: Call): LegacyRow => ({ method: "POST", path, call, ...xlsx });

const leave: Call = (c, i) => c.live.leave(i as never);

export const liveLegacy = legacyRows([
  get(`${F}/getAuthToken`, (c, i) => c.live.authToken(i as never)),
  get(`${F}/getLiveInfo`, (c, i) => c.live.info(i as never)),
  get(`${F}/getLiveWebUrl`, (c, i) => c.live.webUrl(i as never)),
  get(`${F}/getGoodsList`, (c, i) => c.live.goods(i as never)),
  get(`${F}/getExpression`, (c) => c.live.expressions()),
  get(`${F}/seriesList`, (c, i) => c.live.series(i as never)),
  get(`${F}/leave`, leave),
  post(`${F}/leave`, leave),
  get(`${F}/messageList`, (c, i) => c.live.messages(i as never)),
  get(`${F}/notice`, (c, i) => c.live.notice(i as never)),
  get(`${F}/getHideMsg`, (c, i) => c.live.hiddenMessages(i as never)),
  get(`${F}/getRaffling`, (c, i) => c.live.raffling(i as never)),
  get(`${F}/getRecommend`, (c, i) => c.live.recommend(i as never)),
  get(`${F}/getRecommendList`, async (c, i) => ({ list: await c.live.recommend(i as never) })),
  get(`${F}/playback/subscribe/status`, (c, i) => c.live.playbackStatus(i as never)),
  get(`${F}/recentlyList`, (c) => c.live.recently()),
  get(`${F}/getAwardReceiveAddress`, (c, i) => c.live.receiveAddress(i as never)),
  get(`${F}/get/sign/user/info`, (c, i) => c.live.signUserInfo(i as never)),
  get(`${F}/get/sign/status`, (c, i) => c.live.signStatus(i as never)),
  get(`${F}/purchaser/role`, (c, i) => c.live.purchaserRole(i as never)),
  get(`${F}/liveScore`, (c, i) => c.live.myScore(i as never)),
  get(`${F}/orgScore/top`, (c, i) => c.live.orgTop(i as never)),
  get(`${F}/regionScore/top`, (c, i) => c.live.regionTop(i as never)),
  post(`${F}/appointment`, (c, i) => c.live.appointment(i as never)),
  post(`${F}/entry`, (c, i) => c.live.entry(i as never)),
  post(`${F}/checkWatchPermission`, (c, i) => c.live.checkPermission(i as never)),
  post(`${F}/getUserLiveInfo`, (c, i) => c.live.userLiveInfo(i as never)),
  post(`${F}/watchPlayback`, (c, i) => c.live.watchPlayback(i as never)),
  post(`${F}/checkMsgSensitive`, (c, i) => c.live.checkSensitive(i as never)),
  post(`${F}/goodsClick`, (c, i) => c.live.goodsClick(i as never)),
  post(`${F}/calendar`, (c, i) => c.live.calendar(i as never)),
  post(`${F}/anchorSendMsg`, (c, i) => c.live.anchorSend(i as never)),
  post(`${F}/sendMsgToRobot`, (c, i) => c.live.robotSend(i as never)),
  post(`${F}/joinRaffle`, (c, i) => c.live.joinRaffle(i as never)),
  post(`${F}/findUserRaffleAwardRecord`, (c, i) => c.live.awardRecords(i as never)),
  post(`${F}/receiveAward`, (c, i) => c.live.receiveAward(i as never)),
  post(`${F}/sign`, (c, i) => c.live.sign(i as never)),
  post(`${F}/districtTree`, (c) => c.live.districtTree()),
  post(`${F}/record`, (c, i) => c.live.record(i as never)),
  post(`${F}/interaction`, (c, i) => c.live.interaction(i as never)),
  post(`${F}/playback/subscribe`, (c, i) => c.live.playbackSubscribe(i as never)),
  post(`${F}/score/page`, (c, i) => c.live.scorePage(i as never)),
  post(`${S}/subscribe`, (c, i) => c.live.seriesSubscribe(i as never)),
  post(`${S}/unSubscribe`, (c, i) => c.live.seriesUnsubscribe(i as never)),
  get(`${S}/get/subscribe/status`, (c, i) => c.live.seriesStatus(i as never)),

  get(`${B}/readAdvancedInfo`, (c, i) => c.live.admin.advanced(i as never)),
  get(`${B}/getOpenRange`, (c, i) => c.live.admin.openRange(i as never)),
  get(`${B}/detail`, (c, i) => c.live.admin.detail(i as never)),
  get(`${B}/getPlayBackConfig`, (c, i) => c.live.admin.playbackConfig(i as never)),
  get(`${B}/getSubtitleConfig`, (c, i) => c.live.admin.subtitleConfig(i as never)),
  get(`${B}/goodsDetail`, (c, i) => c.live.admin.goods.detail(i as never)),
  get(`${B}/getBindSeries`, (c, i) => c.live.admin.boundSeries(i as never)),
  get(`${B}/awardList`, (c, i) => c.live.admin.awards.list(i as never)),
  get(`${B}/getNotice`, (c, i) => c.live.admin.notice(i as never)),
  get(`${B}/awardDetail`, (c, i) => c.live.admin.awards.detail(i as never)),
  post(`${B}/create`, (c, i) => c.live.admin.save({ ...(i as object), id: undefined } as never)),
  post(`${B}/edit`, (c, i) => c.live.admin.save(i as never)),
  post(`${B}/copy`, (c, i) => c.live.admin.copy(i as never)),
  post(`${B}/setAdvancedInfo`, (c, i) => c.live.admin.saveAdvanced(i as never)),
  post(`${B}/saveOpenRange`, (c, i) => c.live.admin.saveOpenRange(i as never)),
  post(`${B}/generateLivePushUrl`, (c, i) => c.live.admin.pushUrl(i as never)),
  post(`${B}/page/list`, (c, i) => c.live.admin.page(i as never)),
  post(`${B}/page/memberList`, (c, i) => c.live.admin.members(i as never)),
  post(`${B}/operateStatus`, (c, i) => c.live.admin.shelf(i as never)),
  post(`${B}/move`, (c, i) => c.live.admin.move(i as never)),
  post(`${B}/del`, (c, i) => c.live.admin.del(i as never)),
  post(`${B}/stop`, (c, i) => c.live.admin.stop(i as never)),
  post(`${B}/add/user`, (c, i) => c.live.admin.addMembers(i as never)),
  post(`${B}/relationSeries`, (c, i) => c.live.admin.bindSeries(i as never)),
  post(`${B}/replaceSeries`, (c, i) => c.live.admin.bindSeries(i as never)),
  post(`${B}/editPlayBackConfig`, (c, i) => c.live.admin.savePlaybackConfig(i as never)),
  post(`${B}/editSubtitleConfig`, (c, i) => c.live.admin.saveSubtitleConfig(i as never)),
  post(`${B}/goods/create`, (c, i) => c.live.admin.goods.save({ ...(i as object), id: undefined } as never)),
  post(`${B}/goods/list`, (c, i) => c.live.admin.goods.list(i as never)),
  post(`${B}/goods/putOrDown`, (c, i) => c.live.admin.goods.putOrDown(i as never)),
  post(`${B}/goods/del`, (c, i) => c.live.admin.goods.del(i as never)),
  post(`${B}/goods/edit`, (c, i) => c.live.admin.goods.save(i as never)),
  post(`${B}/createAward`, (c, i) => c.live.admin.awards.create(i as never)),
  post(`${B}/deleteAward`, (c, i) => c.live.admin.awards.del(i as never)),
  post(`${B}/awardRemark`, (c, i) => c.live.admin.awards.remark(i as never)),
  post(`${B}/publishNotice`, (c, i) => c.live.admin.publishNotice(i as never)),
  download(`${B}/export`, (c) => c.live.admin.exportLives()),
  download(`${B}/exportMemberList`, (c, i) => c.live.admin.exportMembers(i as never)),
  download(`${B}/exportMessageRecord`, (c, i) => c.live.admin.exportMessages(i as never)),
  download(`${B}/exportWinAwardList`, (c, i) => c.live.admin.exportWinners(i as never)),
  ...(["user", "org", "region"] as const).flatMap((by) => {
    const board = by === "user" ? "userScore" : by === "org" ? "orgScore" : "regionScore";
    return [
      post(`${B}/${by}/score/page`, (c, i) => c.live.admin[board].page(i as never)),
      download(`${B}/${by}/score/export`, (c, i) => c.live.admin[board].export(i as never)),
      post(`${B}/${by}/score/overview`, (c, i) => c.live.admin[board].overview(i as never)),
    ];
  }),
  post(`${B}/series/create`, (c, i) => c.live.admin.series.save({ ...(i as object), id: undefined } as never)),
  post(`${B}/series/update`, (c, i) => c.live.admin.series.save(i as never)),
  post(`${B}/series/page/list`, (c, i) => c.live.admin.series.page(i as never)),
  post(`${B}/series/operateStatus`, (c, i) => c.live.admin.series.status(i as never)),
  post(`${B}/series/detail/page/list`, (c, i) => c.live.admin.series.detail(i as never)),
  post(`${B}/series/remove/live`, (c, i) => c.live.admin.series.remove(i as never)),
  post(`${B}/series/relationLive`, (c, i) => c.live.admin.series.relate(i as never)),
]);
