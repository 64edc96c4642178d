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
