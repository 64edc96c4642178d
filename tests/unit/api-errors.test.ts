import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONTENT, DEFAULT_TITLE, HTTP_TITLE, decideErrorAction, errorFacts, type ErrorAction } from "~/lib/api-errors";

function dialogOf(action: ErrorAction) {
  if (action.kind !== "dialog") throw new Error(`expected a dialog, got ${action.kind}`);
  return action.dialog;
}

describe("HTTP statuses", () => {
  it("opens the login dialog on 401", () => {
    expect(decideErrorAction({ httpStatus: 401 })).toEqual({ kind: "login" });
  });
  it.each([
    [403, "您没有权限访问"],
    [404, "请求地址不存在"],
    [500, "服务器开小差了，请稍后再试"],
    [502, "响应超时"],
    [504, "响应超时"],
    [undefined, "响应超时"],
  ])("shows the message for %s under 温馨提示", (status, content) => {
    const d = dialogOf(decideErrorAction({ httpStatus: status }));
    expect(d.title).toBe(HTTP_TITLE);
    expect(d.content).toBe(content);
  });
  it("reads a crash with the generic code as its HTTP status", () => {
    expect(dialogOf(decideErrorAction({ httpStatus: 500, code: "-1", message: "Internal server error" })).content).toBe(
      "服务器开小差了，请稍后再试",
    );
  });
});

describe("body codes", () => {
  it("999 goes to the maintenance page", () => {
    expect(decideErrorAction({ code: "999", httpStatus: 503 })).toEqual({ kind: "navigate", to: "/blank" });
  });
  it("281 opens the login dialog", () => {
    expect(decideErrorAction({ code: "281", httpStatus: 401, message: "请先登录" })).toEqual({ kind: "login" });
  });
  it("102 offers cancel, the help document and authorising", () => {
    const d = dialogOf(decideErrorAction({ code: "102", message: "暂无权限" }, { openScopeGuideUrl: "https://help.example/scope" }));
    expect(d.buttons.map((b) => b.label)).toEqual(["取消", "查看帮助文档", "去授权"]);
    expect(d.buttons[1]).toMatchObject({ action: "link", href: "https://help.example/scope", external: true });
    expect(d.buttons[2]).toMatchObject({ action: "login" });
  });
  it("102 is a normal error where the permission dialog is switched off", () => {
    const d = dialogOf(decideErrorAction({ code: "102", message: "暂无权限" }, { plainNoOpenPermission: true }));
    expect(d).toEqual({ title: DEFAULT_TITLE, content: "暂无权限", buttons: [{ label: "我知道了", action: "close" }] });
  });
  it("103 says the course is joined and 去学习 opens the stored jump URL", () => {
    const d = dialogOf(decideErrorAction({ code: "103" }, { jumpUrl: "/study/platform?id=7" }));
    expect(d.title).toBe("您已加入该课程");
    expect(d.buttons.at(-1)).toEqual({ label: "去学习", action: "link", href: "/study/platform?id=7" });
  });
  it("106 offers 重新获取权限", () => {
    const d = dialogOf(decideErrorAction({ code: "106", message: "无学习权限" }));
    expect(d.buttons.map((b) => b.action)).toEqual(["close", "reacquire"]);
    expect(d.buttons[1]!.label).toBe("重新获取权限");
  });
  it("108 reads title, content and jumpUrl from the JSON message", () => {
    const message = JSON.stringify({ title: "请完善信息", content: "请先完善身份信息", jumpUrl: "/identity/info?isAuth=0" });
    const d = dialogOf(decideErrorAction({ code: "108", message }));
    expect(d).toEqual({
      title: "请完善信息",
      content: "请先完善身份信息",
      buttons: [{ label: "立即前往", action: "replace", href: "/identity/info?isAuth=0" }],
    });
  });
  it("108 without a usable JSON message falls back to the plain rule", () => {
    expect(dialogOf(decideErrorAction({ code: "108", message: "出错了" })).content).toBe("出错了");
  });
  it("other codes read a JSON message's title and content", () => {
    const d = dialogOf(decideErrorAction({ code: "-1", httpStatus: 400, message: '{"title":"报名已满","content":"本期名额已满"}' }));
    expect(d.title).toBe("报名已满");
    expect(d.content).toBe("本期名额已满");
  });
  it("other codes show raw text under 友好提示", () => {
    const d = dialogOf(decideErrorAction({ code: "404", httpStatus: 404, message: "内容不存在或已删除" }));
    expect(d).toMatchObject({ title: DEFAULT_TITLE, content: "内容不存在或已删除" });
  });
  it("other codes default the title and content", () => {
    expect(dialogOf(decideErrorAction({ code: "-1", httpStatus: 400 }))).toMatchObject({ title: DEFAULT_TITLE, content: DEFAULT_CONTENT });
    expect(dialogOf(decideErrorAction({ code: "101", message: "{}" }))).toMatchObject({ title: DEFAULT_TITLE, content: DEFAULT_CONTENT });
  });
});

describe("errorFacts", () => {
  it("reads the legacy code and status a procedure attached", () => {
    const error = TRPCClientError.from({
      error: { code: -32001, message: "请先登录", data: { code: "UNAUTHORIZED", httpStatus: 401, legacyCode: "281" } },
    });
    expect(errorFacts(error)).toEqual({ code: "281", httpStatus: 401, message: "请先登录" });
  });
  it("reads a legacy envelope", () => {
    expect(errorFacts({ code: 281, message: "请先登录", success: false })).toEqual({ code: "281", message: "请先登录" });
  });
  it("reads a Response status", () => {
    expect(errorFacts(new Response(null, { status: 404 }))).toEqual({ httpStatus: 404 });
  });
  it("knows nothing about other throwables", () => {
    expect(errorFacts(new TypeError("fetch failed"))).toEqual({});
  });
});
