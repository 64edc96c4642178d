import { z } from "zod";

// Messages the browser sends. Old clients send the bare words "heartbeat" or "ping" instead of JSON.
export const clientMessage = z.discriminatedUnion("type", [z.object({ type: z.literal("heartbeat") })]);
export type ClientMessage = z.infer<typeof clientMessage>;

// Messages the server sends.
export const heartbeatReply = z.object({ type: z.literal("heartbeat"), unreadNum: z.number().int(), ts: z.number() });
export const unreadMessage = z.object({ type: z.literal("unread"), unreadNum: z.number().int().min(0) });
export const errorMessage = z.object({ type: z.literal("error"), message: z.string() });
export const serverMessage = z.discriminatedUnion("type", [heartbeatReply, unreadMessage, errorMessage]);
export type HeartbeatReply = z.infer<typeof heartbeatReply>;
export type UnreadMessage = z.infer<typeof unreadMessage>;
export type ErrorMessage = z.infer<typeof errorMessage>;
export type ServerMessage = z.infer<typeof serverMessage>;

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

/** Reads one text frame from a client; never throws. */
export function parseClientMessage(text: string): ParseResult {
  const bare = text.trim();
  if (bare === "heartbeat" || bare === "ping") return { ok: true, message: { type: "heartbeat" } };
  let raw: unknown;
  try {
    raw = JSON.parse(bare);
  } catch {
    return { ok: false, error: "消息格式错误" };
  }
  const parsed = clientMessage.safeParse(raw);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, error: "不支持的消息类型" };
}

export const encode = (message: ServerMessage) => JSON.stringify(message);

// Sessions: the app announces ended sessions on the bus; their sockets close with this code and do not come back.
export const SESSION_ENDED_CLOSE = 4401;
export const sessionEndedMessage = z.object({ type: z.literal("session_ended"), data: z.object({ sessionIds: z.array(z.string().min(1).max(64)).max(1000) }) });
export type SessionEndedMessage = z.infer<typeof sessionEndedMessage>;

// Back-office tools (docs/decisions/036-diagnostic-tools.md): a notice to a user's open pages, and the
// closing of a user's sockets, which reconnect like after any drop (this code is not SESSION_ENDED_CLOSE).
export const noticeMessage = z.object({ type: z.literal("notice"), title: z.string().max(100), content: z.string().max(500), ts: z.number() });
export type NoticeMessage = z.infer<typeof noticeMessage>;
export const USER_REMOVED_CLOSE = 4001;
export const userDisconnectMessage = z.object({ type: z.literal("user_disconnect"), data: z.object({ userId: z.number().int().positive() }) });
export type UserDisconnectMessage = z.infer<typeof userDisconnectMessage>;

// A live room socket reports its viewers to the app this often; the app counts no gap longer than 2.5 of these.
export const PRESENCE_REPORT_MS = 30_000;

// Live rooms (/api/elearning/ws/live/{liveId}): every frame is {type, data, ts}. A page coming back after a
// drop opens the socket with ?since=<ms of the last comment it has> and gets one "history" frame with the
// stored comments it missed ({messages, failed?}); decision 040.
export const LIVE_FRAME_TYPES = [
  "like", "join", "leave", "mute_all", "unmute_all", "mute_user", "unmute_user", "comment",
  "live_start", "live_stop", "live_info", "notice", "goods", "hide_comment", "questionnaire", "pause",
  "asr_sentence", "subtitle", "good", "raffle_start", "raffle_result", "sign_start", "sign_end", "rtc",
  "error", "welcome", "history",
] as const;
export type LiveFrameType = (typeof LIVE_FRAME_TYPES)[number];
export const liveFrame = z.object({ type: z.enum(LIVE_FRAME_TYPES), data: z.record(z.string(), z.unknown()).default({}), ts: z.number().optional() });
export type LiveFrame = z.infer<typeof liveFrame>;

/**
 * The frames in one live-room message. Room traffic arrives gathered per tick as
 * {type: "batch", data: {frames: [...]}, ts}; a frame for one viewer (welcome, error) arrives on its own.
 * Frames that do not read as live frames are left out.
 */
export function liveFramesOf(raw: unknown): LiveFrame[] {
  const batch = raw as { type?: unknown; data?: { frames?: unknown } } | null;
  const list = batch && batch.type === "batch" ? (Array.isArray(batch.data?.frames) ? batch.data.frames : []) : [raw];
  return list.flatMap((f) => {
    const parsed = liveFrame.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

export const liveCommentFrame = z.object({
  msgId: z.string(),
  userId: z.number(),
  nick: z.string(),
  content: z.string(),
  sentAt: z.number(),
});
export type LiveComment = z.infer<typeof liveCommentFrame>;

/** What a viewer may send into a live room. */
export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("comment"), content: z.string().trim().min(1, "请输入评论内容").max(200, "评论不超过200个字") }),
  z.object({ type: z.literal("like"), count: z.number().int().min(1).max(50).default(1) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

export function parseLiveClientMessage(text: string): { ok: true; message: LiveClientMessage } | { ok: false; error: string } {
  const bare = text.trim();
  if (bare === "heartbeat" || bare === "ping") return { ok: true, message: { type: "heartbeat" } };
  let raw: unknown;
  try {
    raw = JSON.parse(bare);
  } catch {
    return { ok: false, error: "消息格式错误" };
  }
  const parsed = liveClientMessage.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: issue && issue.code !== "invalid_union" && issue.path[0] === "content" ? issue.message : "不支持的消息类型" };
}
