import { z } from "zod";
import { idOf, intIn, optionalId, requiredText } from "@base/legacy-input";
import { fail } from "@base/errors";
import type { NoticeMessage } from "../../../realtime/protocol";
import { topics } from "../../../realtime/topics";
import { operate } from "../../live/admin.service";
import { refreshLiveFigures } from "../../live/room.service";
import { callRealtime } from "../realtime-internal";
import { defineTool } from "../tool";

// Realtime connections (the realtime process's internal endpoints) and a live's status and figures.

interface UserConnections {
  userId: number;
  sockets: number;
  sessions: string[];
  total: number;
}
interface LiveConnections {
  liveId: number;
  online: number;
  sockets: number;
  visitors: number;
  userNum: number;
  users: { userId: number; nick: string; sockets: number }[];
}

export const getWebSocketUserTool = defineTool({
  code: "getWebSocketUser",
  group: "realtime",
  title: "查看实时连接",
  description: "按学员ID查看其在线连接数与会话（会话号已打码）；按直播ID查看直播间在线人数与部分观众。只统计应用所连的实时服务进程。",
  readOnly: true,
  input: z
    .object({ userId: optionalId("学员ID"), liveId: optionalId("直播ID") })
    .refine((v) => v.userId || v.liveId, { message: "请输入学员ID或直播ID", path: ["userId"] }),
  fields: [
    { name: "userId", label: "学员ID", kind: "number" },
    { name: "liveId", label: "直播ID", kind: "number" },
  ],
  run: (_ctx, i): Promise<UserConnections | LiveConnections> => (i.liveId ? callRealtime<LiveConnections>(`/internal/connections?liveId=${i.liveId}`) : callRealtime<UserConnections>(`/internal/connections?userId=${i.userId}`)),
});

export const sendWebSocketMessageTool = defineTool({
  code: "sendWebSocketMessage",
  group: "realtime",
  title: "发送实时通知",
  description: "向学员当前打开的页面推送一条通知帧（不写入站内信，离线则收不到）。",
  input: z.object({ userId: idOf("学员ID"), message: requiredText("通知内容", 500), title: z.string().trim().max(100, "标题不能超过100字").optional() }),
  fields: [
    { name: "userId", label: "学员ID", kind: "number", required: true },
    { name: "title", label: "标题", kind: "text", placeholder: "系统通知" },
    { name: "message", label: "通知内容", kind: "textarea", required: true },
  ],
  run: async (_ctx, i) => {
    const before = await callRealtime<UserConnections>(`/internal/connections?userId=${i.userId}`);
    const frame: NoticeMessage = { type: "notice", title: i.title || "系统通知", content: i.message, ts: Date.now() };
    await callRealtime("/internal/publish", { method: "POST", body: { topic: topics.user(i.userId), message: frame } });
    return { userId: i.userId, sent: true, socketsHere: before.sockets, note: before.sockets ? "已推送到学员打开的页面" : "学员当前不在线（本进程无连接），其他实时进程上的连接同样会收到" };
  },
});

export const removeWebSocketUserTool = defineTool({
  code: "removeWebSocketUser",
  group: "realtime",
  title: "断开学员连接",
  description: "关闭学员的所有实时连接（含直播间），页面会显示重连并自动重新连接；不影响登录状态。",
  danger: true,
  input: z.object({ userId: idOf("学员ID") }),
  fields: [{ name: "userId", label: "学员ID", kind: "number", required: true }],
  run: async (_ctx, i) => {
    const r = await callRealtime<{ userId: number; userSocketsHere: number }>("/internal/disconnect", { method: "POST", body: { userId: i.userId } });
    return { userId: i.userId, closedHere: r.userSocketsHere, note: "已通知所有实时服务进程关闭该学员的连接" };
  },
});

const LIVE_ACTIONS = { 1: "start", 2: "stop" } as const;
export const handLiveTool = defineTool({
  code: "handLive",
  group: "realtime",
  title: "手动设置直播状态",
  description: "推流异常时手动开始或结束直播，与直播控制台的开始、结束相同（会通知直播间与订阅者）。已结束的直播不能再开始。",
  danger: true,
  input: z.object({ liveId: idOf("直播ID"), status: intIn("直播状态", 1, 2, "直播状态须为1（开始直播）或2（结束直播）") }),
  fields: [
    { name: "liveId", label: "直播ID", kind: "number", required: true },
    { name: "status", label: "设置为", kind: "select", required: true, options: [{ value: "1", label: "直播中（开始）" }, { value: "2", label: "已结束（结束）" }] },
  ],
  run: async (ctx, i) => {
    const action = LIVE_ACTIONS[i.status as 1 | 2];
    if (!action) throw fail("直播状态须为1（开始直播）或2（结束直播）");
    return operate(ctx.db, i.liveId, action);
  },
});

export const refreshLiveStaticsTool = defineTool({
  code: "refreshLiveStatics",
  group: "realtime",
  title: "重算直播统计",
  description: "按观看记录重算每位观众的积分，并给出直播的观看人数、时长、互动、预约、评论与点赞数。",
  input: z.object({ liveId: idOf("直播ID") }),
  fields: [{ name: "liveId", label: "直播ID", kind: "number", required: true }],
  run: (ctx, i) => refreshLiveFigures(ctx.db, i.liveId),
});
