import type { AppCaller } from "../caller";
import { legacyRows, mapped, pass, type LegacyInput, type LegacyRow } from "../legacy/types";

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

const leave = pass((c) => c.live.leave);
const recommend = pass((c) => c.live.recommend);

export const liveLegacy = legacyRows([
  get(`${F}/getAuthToken`, pass((c) => c.live.authToken)),
  get(`${F}/getLiveInfo`, pass((c) => c.live.info)),
  get(`${F}/getLiveWebUrl`, pass((c) => c.live.webUrl)),
  get(`${F}/getGoodsList`, pass((c) => c.live.goods)),
  get(`${F}/getExpression`, (c) => c.live.expressions()),
  get(`${F}/seriesList`, pass((c) => c.live.series)),
  get(`${F}/leave`, leave),
  post(`${F}/leave`, leave),
  get(`${F}/messageList`, pass((c) => c.live.messages)),
  get(`${F}/notice`, pass((c) => c.live.notice)),
  get(`${F}/getHideMsg`, pass((c) => c.live.hiddenMessages)),
  get(`${F}/getRaffling`, pass((c) => c.live.raffling)),
  get(`${F}/getRecommend`, pass((c) => c.live.recommend)),
  get(`${F}/getRecommendList`, async (c, i) => ({ list: await recommend(c, i) })),
  get(`${F}/playback/subscribe/status`, pass((c) => c.live.playbackStatus)),
  get(`${F}/recentlyList`, (c) => c.live.recently()),
  get(`${F}/getAwardReceiveAddress`, pass((c) => c.live.receiveAddress)),
  get(`${F}/get/sign/user/info`, pass((c) => c.live.signUserInfo)),
  get(`${F}/get/sign/status`, pass((c) => c.live.signStatus)),
  get(`${F}/purchaser/role`, pass((c) => c.live.purchaserRole)),
  get(`${F}/liveScore`, pass((c) => c.live.myScore)),
  get(`${F}/orgScore/top`, pass((c) => c.live.orgTop)),
  get(`${F}/regionScore/top`, pass((c) => c.live.regionTop)),
  post(`${F}/appointment`, pass((c) => c.live.appointment)),
  post(`${F}/entry`, pass((c) => c.live.entry)),
  post(`${F}/checkWatchPermission`, pass((c) => c.live.checkPermission)),
  post(`${F}/getUserLiveInfo`, pass((c) => c.live.userLiveInfo)),
  post(`${F}/watchPlayback`, pass((c) => c.live.watchPlayback)),
  post(`${F}/checkMsgSensitive`, pass((c) => c.live.checkSensitive)),
  post(`${F}/goodsClick`, pass((c) => c.live.goodsClick)),
  post(`${F}/calendar`, pass((c) => c.live.calendar)),
  post(`${F}/anchorSendMsg`, pass((c) => c.live.anchorSend)),
  post(`${F}/sendMsgToRobot`, pass((c) => c.live.robotSend)),
  post(`${F}/joinRaffle`, pass((c) => c.live.joinRaffle)),
  post(`${F}/findUserRaffleAwardRecord`, pass((c) => c.live.awardRecords)),
  post(`${F}/receiveAward`, pass((c) => c.live.receiveAward)),
  post(`${F}/sign`, pass((c) => c.live.sign)),
  // The divisions come from the org domain, the same tree the organisation pickers use.
  post(`${F}/districtTree`, pass((c) => c.org.districtTree)),
  post(`${F}/record`, pass((c) => c.live.record)),
  post(`${F}/interaction`, pass((c) => c.live.interaction)),
  post(`${F}/playback/subscribe`, pass((c) => c.live.playbackSubscribe)),
  post(`${F}/score/page`, pass((c) => c.live.scorePage)),
  post(`${S}/subscribe`, pass((c) => c.live.seriesSubscribe)),
  post(`${S}/unSubscribe`, pass((c) => c.live.seriesUnsubscribe)),
  get(`${S}/get/subscribe/status`, pass((c) => c.live.seriesStatus)),

  get(`${B}/readAdvancedInfo`, pass((c) => c.live.admin.advanced)),
  get(`${B}/getOpenRange`, pass((c) => c.live.admin.openRange)),
  get(`${B}/detail`, pass((c) => c.live.admin.detail)),
  get(`${B}/getPlayBackConfig`, pass((c) => c.live.admin.playbackConfig)),
  get(`${B}/getSubtitleConfig`, pass((c) => c.live.admin.subtitleConfig)),
  get(`${B}/goodsDetail`, pass((c) => c.live.admin.goods.detail)),
  get(`${B}/getBindSeries`, pass((c) => c.live.admin.boundSeries)),
  get(`${B}/awardList`, pass((c) => c.live.admin.awards.list)),
  get(`${B}/getNotice`, pass((c) => c.live.admin.notice)),
  get(`${B}/awardDetail`, pass((c) => c.live.admin.awards.detail)),
  post(`${B}/create`, mapped((c) => c.live.admin.save, (i) => ({ ...i, id: undefined }))),
  post(`${B}/edit`, pass((c) => c.live.admin.save)),
  post(`${B}/copy`, pass((c) => c.live.admin.copy)),
  post(`${B}/setAdvancedInfo`, pass((c) => c.live.admin.saveAdvanced)),
  post(`${B}/saveOpenRange`, pass((c) => c.live.admin.saveOpenRange)),
  post(`${B}/generateLivePushUrl`, pass((c) => c.live.admin.pushUrl)),
  post(`${B}/page/list`, pass((c) => c.live.admin.page)),
  post(`${B}/page/memberList`, pass((c) => c.live.admin.members)),
  post(`${B}/operateStatus`, pass((c) => c.live.admin.shelf)),
  post(`${B}/move`, pass((c) => c.live.admin.move)),
  post(`${B}/del`, pass((c) => c.live.admin.del)),
  post(`${B}/stop`, pass((c) => c.live.admin.stop)),
  post(`${B}/add/user`, pass((c) => c.live.admin.addMembers)),
  post(`${B}/relationSeries`, pass((c) => c.live.admin.bindSeries)),
  post(`${B}/replaceSeries`, pass((c) => c.live.admin.bindSeries)),
  post(`${B}/editPlayBackConfig`, pass((c) => c.live.admin.savePlaybackConfig)),
  post(`${B}/editSubtitleConfig`, pass((c) => c.live.admin.saveSubtitleConfig)),
  post(`${B}/goods/create`, mapped((c) => c.live.admin.goods.save, (i) => ({ ...i, id: undefined }))),
  post(`${B}/goods/list`, pass((c) => c.live.admin.goods.list)),
  post(`${B}/goods/putOrDown`, pass((c) => c.live.admin.goods.putOrDown)),
  post(`${B}/goods/del`, pass((c) => c.live.admin.goods.del)),
  post(`${B}/goods/edit`, pass((c) => c.live.admin.goods.save)),
  post(`${B}/createAward`, pass((c) => c.live.admin.awards.create)),
  post(`${B}/deleteAward`, pass((c) => c.live.admin.awards.del)),
  post(`${B}/awardRemark`, pass((c) => c.live.admin.awards.remark)),
  post(`${B}/publishNotice`, pass((c) => c.live.admin.publishNotice)),
  download(`${B}/export`, (c) => c.live.admin.exportLives()),
  download(`${B}/exportMemberList`, pass((c) => c.live.admin.exportMembers)),
  download(`${B}/exportMessageRecord`, pass((c) => c.live.admin.exportMessages)),
  download(`${B}/exportWinAwardList`, pass((c) => c.live.admin.exportWinners)),
  ...(["user", "org", "region"] as const).flatMap((by) => {
    const board = by === "user" ? "userScore" : by === "org" ? "orgScore" : "regionScore";
    return [
      post(`${B}/${by}/score/page`, pass((c) => c.live.admin[board].page)),
      download(`${B}/${by}/score/export`, pass((c) => c.live.admin[board].export)),
      post(`${B}/${by}/score/overview`, pass((c) => c.live.admin[board].overview)),
    ];
  }),
  post(`${B}/series/create`, mapped((c) => c.live.admin.series.save, (i) => ({ ...i, id: undefined }))),
  post(`${B}/series/update`, pass((c) => c.live.admin.series.save)),
  post(`${B}/series/page/list`, pass((c) => c.live.admin.series.page)),
  post(`${B}/series/operateStatus`, pass((c) => c.live.admin.series.status)),
  post(`${B}/series/detail/page/list`, pass((c) => c.live.admin.series.detail)),
  post(`${B}/series/remove/live`, pass((c) => c.live.admin.series.remove)),
  post(`${B}/series/relationLive`, pass((c) => c.live.admin.series.relate)),
]);
