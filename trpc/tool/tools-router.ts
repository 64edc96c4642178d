import type { z } from "zod";
import { adminProcedure, router } from "../init";
import type { Tool } from "./tool";
import { TOOLS, toolGroups } from "./tools-registry";

// One procedure per tool (tool.tools.<code>): its zod schema checks the input, legacy rows are typed
// against it, and a tool that changes something is a mutation, so the audit log records every run.

/** A tool that changes nothing: a query. */
function read<S extends z.ZodType, O>(t: Tool<S, O>) {
  return adminProcedure.input(t.input).query(({ ctx, input }) => t.run(ctx, input as z.output<S>));
}
/** A tool that changes or sends something: a mutation (audited, in one transaction with its entry). */
function write<S extends z.ZodType, O>(t: Tool<S, O>) {
  return adminProcedure.input(t.input).mutation(({ ctx, input }) => t.run(ctx, input as z.output<S>));
}

const T = TOOLS;
export const toolsRouter = router({
  /** The tools by group, as the page shows them (descriptions and form fields, without their code). */
  list: adminProcedure.query(() => toolGroups()),
  test: read(T.test),
  getWxJsTicket: read(T.getWxJsTicket),
  getCache: read(T.getCache),
  getCacheH: read(T.getCacheH),
  delCache: write(T.delCache),
  delCacheH: write(T.delCacheH),
  getWebSocketUser: read(T.getWebSocketUser),
  sendWebSocketMessage: write(T.sendWebSocketMessage),
  removeWebSocketUser: write(T.removeWebSocketUser),
  handLive: write(T.handLive),
  refreshLiveStatics: write(T.refreshLiveStatics),
  sendLiveAppointmentMsg: write(T.sendLiveAppointmentMsg),
  sendAppointmentToTimeMsgRemind: write(T.sendAppointmentToTimeMsgRemind),
  sendEventRemind: write(T.sendEventRemind),
  sendUnPayOrderRemind: write(T.sendUnPayOrderRemind),
  refreshUserLearn: write(T.refreshUserLearn),
  unlockLearnCourseware: write(T.unlockLearnCourseware),
  repairExamCert: write(T.repairExamCert),
  operateEsIndex: write(T.operateEsIndex),
  esOperateData: read(T.esOperateData),
  generateRedemptionCode: write(T.generateRedemptionCode),
  correctRedemption: write(T.correctRedemption),
  batchImportUserToGroup: write(T.batchImportUserToGroup),
  pushStudyResult: write(T.pushStudyResult),
});
