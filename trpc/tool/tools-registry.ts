import type { z } from "zod";
import { delCacheHTool, delCacheTool, getCacheHTool, getCacheTool } from "./tools/cache";
import { batchImportUserToGroupTool, correctRedemptionTool, generateRedemptionCodeTool, pushStudyResultTool, testTool, wxJsTicketTool } from "./tools/misc";
import { getWebSocketUserTool, handLiveTool, refreshLiveStaticsTool, removeWebSocketUserTool, sendWebSocketMessageTool } from "./tools/realtime";
import { sendAppointmentToTimeMsgRemindTool, sendEventRemindTool, sendLiveAppointmentMsgTool, sendUnPayOrderRemindTool } from "./tools/remind";
import { refreshUserLearnTool, repairExamCertTool, unlockLearnCoursewareTool } from "./tools/repair";
import { esOperateDataTool, operateEsIndexTool } from "./tools/search";
import { descriptorOf, TOOL_GROUPS, type Tool } from "./tool";

/** Every tool by its code (the legacy name), in the order the page shows them within a group. */
export const TOOLS = {
  test: testTool,
  getWxJsTicket: wxJsTicketTool,
  getCache: getCacheTool,
  getCacheH: getCacheHTool,
  delCache: delCacheTool,
  delCacheH: delCacheHTool,
  getWebSocketUser: getWebSocketUserTool,
  sendWebSocketMessage: sendWebSocketMessageTool,
  removeWebSocketUser: removeWebSocketUserTool,
  handLive: handLiveTool,
  refreshLiveStatics: refreshLiveStaticsTool,
  sendLiveAppointmentMsg: sendLiveAppointmentMsgTool,
  sendAppointmentToTimeMsgRemind: sendAppointmentToTimeMsgRemindTool,
  sendEventRemind: sendEventRemindTool,
  sendUnPayOrderRemind: sendUnPayOrderRemindTool,
  refreshUserLearn: refreshUserLearnTool,
  unlockLearnCourseware: unlockLearnCoursewareTool,
  repairExamCert: repairExamCertTool,
  operateEsIndex: operateEsIndexTool,
  esOperateData: esOperateDataTool,
  generateRedemptionCode: generateRedemptionCodeTool,
  correctRedemption: correctRedemptionTool,
  batchImportUserToGroup: batchImportUserToGroupTool,
  pushStudyResult: pushStudyResultTool,
} as const;
export type ToolCode = keyof typeof TOOLS;

const all = Object.values(TOOLS) as Tool<z.ZodType, unknown>[];
for (const [code, t] of Object.entries(TOOLS)) if (t.code !== code) throw new Error(`tool ${t.code} is registered as ${code}`);

/** The page's list: groups in their fixed order, each with its tools' descriptors. */
export function toolGroups() {
  return (Object.keys(TOOL_GROUPS) as (keyof typeof TOOL_GROUPS)[])
    .map((group) => ({ group, title: TOOL_GROUPS[group], tools: all.filter((t) => t.group === group).map(descriptorOf) }))
    .filter((g) => g.tools.length);
}

export const isToolCode = (code: string): code is ToolCode => Object.hasOwn(TOOLS, code);
