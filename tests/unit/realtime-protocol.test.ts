import { describe, expect, it } from "vitest";
import { SESSION_COOKIE as APP_SESSION_COOKIE } from "@trpc-app/auth/session";
import { bearerMatches, cookieValue } from "../../realtime/http";
import { encode, parseClientMessage, serverMessage } from "../../realtime/protocol";
import { SESSION_COOKIE } from "../../realtime/server";
import { topics, userIdOfTopic } from "../../realtime/topics";

describe("realtime protocol", () => {
  it("reads heartbeats in JSON and in the bare words old clients send", () => {
    for (const text of ['{"type":"heartbeat"}', "heartbeat", "ping", " ping\n"]) {
      expect(parseClientMessage(text)).toEqual({ ok: true, message: { type: "heartbeat" } });
    }
  });

  it("turns anything else into an error, never a throw", () => {
    for (const text of ["", "pong", "{", "null", "[]", '{"type":"chat"}', '{"kind":"heartbeat"}', "\u0000\u0001"]) {
      const parsed = parseClientMessage(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/消息/);
    }
  });

  it("server frames match their schema", () => {
    for (const frame of [
      { type: "heartbeat", unreadNum: 2, ts: 1 },
      { type: "unread", unreadNum: 0 },
      { type: "error", message: "消息格式错误" },
    ] as const) {
      expect(serverMessage.parse(JSON.parse(encode(frame)))).toEqual(frame);
    }
    expect(serverMessage.safeParse({ type: "unread", unreadNum: -1 }).success).toBe(false);
  });
});

describe("realtime topics and helpers", () => {
  it("builds and reads topic strings in one place", () => {
    expect(topics.user(12)).toBe("user/12");
    expect(topics.live("34")).toBe("live/34");
    expect(userIdOfTopic("user/12")).toBe(12);
    expect(userIdOfTopic("live/12")).toBeNull();
    expect(userIdOfTopic("user/12/x")).toBeNull();
  });

  it("uses the app's session cookie name", () => {
    expect(SESSION_COOKIE).toBe(APP_SESSION_COOKIE);
  });

  it("reads one cookie out of a header", () => {
    expect(cookieValue("a=1; cy_session=abc; b=2", "cy_session")).toBe("abc");
    expect(cookieValue("xcy_session=no", "cy_session")).toBe("");
    expect(cookieValue("cy_session=%E4%B8%AD", "cy_session")).toBe("中");
    expect(cookieValue("", "cy_session")).toBe("");
  });

  it("checks the bearer token", () => {
    expect(bearerMatches("Bearer secret-token-123456", "secret-token-123456")).toBe(true);
    expect(bearerMatches("Bearer secret-token-12345", "secret-token-123456")).toBe(false);
    expect(bearerMatches("", "secret-token-123456")).toBe(false);
  });
});
