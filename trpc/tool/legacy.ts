import { legacyRows, mapped, pass, type LegacyRow } from "../legacy/types";

// The diagnostic and repair tools (back-office.md 7.18, caiyun/tool/*). Three of the catalogue's calls
// answer from their own domains' rows: sendUnPayOrderRemind (order), generateRedemptionCode (redeem) and
// repairExamCert (cert); the tools page runs the same services through tool.tools.
const T = "/api/elearning/caiyun/tool";
export const TOOL_PATH = T;

export const toolLegacy = legacyRows([
  { method: "GET", path: `${T}/test`, call: pass((c) => c.tool.tools.test) },
  { method: "GET", path: `${T}/getWxJsTicket`, call: pass((c) => c.tool.tools.getWxJsTicket) },
  { method: "GET", path: `${T}/getCache`, call: pass((c) => c.tool.tools.getCache) },
  { method: "GET", path: `${T}/getCacheH`, call: pass((c) => c.tool.tools.getCacheH) },
  { method: "POST", path: `${T}/delCache`, call: pass((c) => c.tool.tools.delCache) },
  { method: "POST", path: `${T}/delCacheH`, call: pass((c) => c.tool.tools.delCacheH) },
  { method: "GET", path: `${T}/getWebSocketUser`, call: pass((c) => c.tool.tools.getWebSocketUser) },
  // GET only previews who would receive it (see GET_STATE_CHANGES); POST sends.
  { method: "GET", path: `${T}/sendWebSocketMessage`, call: pass((c) => c.tool.tools.sendWebSocketMessage) },
  { method: "POST", path: `${T}/sendWebSocketMessage`, call: pass((c) => c.tool.tools.sendWebSocketMessage) },
  { method: "GET", path: `${T}/removeWebSocketUser`, call: pass((c) => c.tool.tools.removeWebSocketUser) },
  { method: "POST", path: `${T}/handLive`, call: pass((c) => c.tool.tools.handLive) },
  { method: "POST", path: `${T}/refreshLiveStatics`, call: pass((c) => c.tool.tools.refreshLiveStatics) },
  { method: "GET", path: `${T}/sendLiveAppointmentMsg`, call: pass((c) => c.tool.tools.sendLiveAppointmentMsg) },
  { method: "GET", path: `${T}/sendAppointmentToTimeMsgRemind`, call: pass((c) => c.tool.tools.sendAppointmentToTimeMsgRemind) },
  { method: "POST", path: `${T}/sendEventRemind`, call: pass((c) => c.tool.tools.sendEventRemind) },
  { method: "POST", path: `${T}/refreshUserLearn`, call: pass((c) => c.tool.tools.refreshUserLearn) },
  { method: "POST", path: `${T}/unlockLearnCourseware`, call: pass((c) => c.tool.tools.unlockLearnCourseware) },
  { method: "POST", path: `${T}/operateEsIndex`, call: pass((c) => c.tool.tools.operateEsIndex) },
  { method: "POST", path: `${T}/esOperateData`, call: pass((c) => c.tool.tools.esOperateData) },
  { method: "POST", path: `${T}/correctRedemption`, call: pass((c) => c.tool.tools.correctRedemption) },
  { method: "POST", path: `${T}/batchImportUserToGroup`, call: pass((c) => c.tool.tools.batchImportUserToGroup), files: true },
  { method: "GET", path: `${T}/pushStudyResult`, call: pass((c) => c.tool.tools.pushStudyResult) },
]);

/**
 * The tools' GET calls that change something (merged into GET_STATE_CHANGES). Each is admin-only and
 * recorded in the audit log like any back-office write. "run" where a forged link gains nothing: a
 * reminder goes once per learner, a closed socket reconnects, a pass report is sent once. A notice with
 * words of the link's choosing would be a forged message in the platform's name: GET only previews it.
 */
export const TOOL_GET_STATE_CHANGES: Record<string, "run" | LegacyRow["call"]> = {
  [`${T}/sendLiveAppointmentMsg`]: "run",
  [`${T}/sendAppointmentToTimeMsgRemind`]: "run",
  [`${T}/removeWebSocketUser`]: "run",
  [`${T}/pushStudyResult`]: "run",
  [`${T}/sendWebSocketMessage`]: async (c, i) => {
    const who = await mapped((x) => x.tool.tools.getWebSocketUser, (v) => ({ userId: v.userId }))(c, i);
    return { ...who, sent: false, note: "GET 请求只预览接收者，不发送；发送请使用 POST" };
  },
};
