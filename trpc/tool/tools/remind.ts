import { z } from "zod";
import { idOf } from "@base/legacy-input";
import { fail } from "@base/errors";
import { remindEventOwner } from "../../event/event.service";
import { notifyAppointments } from "../../live/notify.service";
import { findLive } from "../../live/room.service";
import { remindLiveStartNow } from "../../message/task.sweep";
import { remindUnpaid } from "../../order/payment.service";
import { tradeNoInput } from "../../order/schemas";
import { defineTool } from "../tool";

// Reminders sent now for one target, through the senders that send them on schedule. Each is idempotent
// where its sender is: a station message goes once per learner and business id.

export const sendLiveAppointmentMsgTool = defineTool({
  code: "sendLiveAppointmentMsg",
  group: "remind",
  title: "发送直播预约提醒",
  description: "立即向预约了该直播的学员发送开播提醒：有启用的“直播开始”消息任务时按其模板发送，否则发送默认站内信。每位学员只收到一次。",
  input: z.object({ liveId: idOf("直播ID") }),
  fields: [{ name: "liveId", label: "直播ID", kind: "number", required: true }],
  run: async (ctx, i) => {
    const live = await findLive(ctx.db, { liveId: i.liveId }, { admin: true });
    if (live.liveStatus !== 0 || live.startTime.getTime() <= Date.now()) throw fail("直播已开始或已结束，无需发送预约提醒");
    const byTasks = await remindLiveStartNow(ctx.db, live.id);
    if (byTasks) return { liveId: live.id, via: "消息任务", ...byTasks };
    return { liveId: live.id, via: "站内信（未启用“直播开始”消息任务）", ...(await notifyAppointments(ctx.db, live, "upcoming")) };
  },
});

export const sendAppointmentToTimeMsgRemindTool = defineTool({
  code: "sendAppointmentToTimeMsgRemind",
  group: "remind",
  title: "发送开播通知",
  description: "直播已开始时，立即通知预约了该直播的学员进入直播间（站内信，每位学员一次）。",
  input: z.object({ liveId: idOf("直播ID") }),
  fields: [{ name: "liveId", label: "直播ID", kind: "number", required: true }],
  run: async (ctx, i) => {
    const live = await findLive(ctx.db, { liveId: i.liveId }, { admin: true });
    if (live.liveStatus !== 1) throw fail("直播未在进行中，不能发送开播通知");
    return { liveId: live.id, ...(await notifyAppointments(ctx.db, live, "on-air")) };
  },
});

export const sendEventRemindTool = defineTool({
  code: "sendEventRemind",
  group: "remind",
  title: "补发活动通过通知",
  description: "为培训活动补齐缺失的考试通过上报，并把待发送的上报排到现在，由后台发送给活动方（已送达的不重发）。",
  input: z.object({ eventId: idOf("活动ID") }),
  fields: [{ name: "eventId", label: "活动ID", kind: "number", required: true }],
  run: (ctx, i) => remindEventOwner(ctx.db, i.eventId),
});

export const sendUnPayOrderRemindTool = defineTool({
  code: "sendUnPayOrderRemind",
  group: "remind",
  title: "发送待支付提醒",
  description: "向未支付订单的买家发送站内信提醒（先向支付渠道确认；每笔订单只提醒一次）。",
  input: tradeNoInput,
  fields: [{ name: "tradeNo", label: "订单号", kind: "text", required: true }],
  run: (ctx, i) => remindUnpaid(ctx.db, i.tradeNo),
});
