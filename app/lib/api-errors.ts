// The one client error handler of learner-front-end.md 8: every widget hands its failed call here.
import { TRPCClientError } from "@trpc/client";
import { openLoginDialog } from "./login-dialog";
import { errorCode, httpStatusOf } from "./trpc";

export const HTTP_TITLE = "温馨提示";
export const DEFAULT_TITLE = "友好提示";
export const DEFAULT_CONTENT = "服务器繁忙，请稍后再试";

export type DialogButton =
  | { label: string; action: "close" }
  | { label: string; action: "login"; courseId?: number }
  | { label: string; action: "link"; href: string; external?: boolean }
  | { label: string; action: "replace"; href: string }
  | { label: string; action: "reacquire" };

export interface ErrorDialog {
  title: string;
  content: string;
  buttons: DialogButton[];
}

export type ErrorAction = { kind: "login" } | { kind: "navigate"; to: string } | { kind: "dialog"; dialog: ErrorDialog };

/** What a failed call told us: the HTTP status, the legacy body code and the message. */
export interface ErrorFacts {
  httpStatus?: number;
  code?: string;
  message?: string;
}

/** What the page knows that the error does not. */
export interface ErrorContext {
  /** 103: where 去学习 goes (the content the user tried to join). */
  jumpUrl?: string;
  /** 102: the open-scope help document (siteExt.siteDocumentLink.openScopeGuideUrl). */
  openScopeGuideUrl?: string;
  /** 106 failure: the account help document (siteExt.siteDocumentLink.accountIssueUrl). */
  accountIssueUrl?: string;
  /** 102 is a normal error on the internal test domain or when the layout's permissionDenied is not 1. */
  plainNoOpenPermission?: boolean;
  /** 102: the course 去授权 authorises for (a course only 乐采云 offers only its platforms). */
  courseId?: number;
}

const ok = (label = "我知道了"): DialogButton => ({ label, action: "close" });
const dialog = (title: string, content: string, buttons: DialogButton[] = [ok()]): ErrorAction => ({
  kind: "dialog",
  dialog: { title, content, buttons },
});

function parseJson(message: string | undefined): Record<string, unknown> | null {
  if (!message || !message.trim().startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(message);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);

function byHttpStatus(status: number | undefined): ErrorAction {
  if (status === 401) return { kind: "login" };
  if (status === 403) return dialog(HTTP_TITLE, "您没有权限访问");
  if (status === 404) return dialog(HTTP_TITLE, "请求地址不存在");
  if (status === 500) return dialog(HTTP_TITLE, "服务器开小差了，请稍后再试");
  return dialog(HTTP_TITLE, "响应超时");
}

function otherCode(message: string | undefined): ErrorAction {
  const json = parseJson(message);
  if (json) return dialog(text(json.title) ?? DEFAULT_TITLE, text(json.content) ?? DEFAULT_CONTENT);
  return dialog(DEFAULT_TITLE, text(message) ?? DEFAULT_CONTENT);
}

/** Pure decision: which dialog, navigation or login prompt a failed call leads to. */
export function decideErrorAction(facts: ErrorFacts, ctx: ErrorContext = {}): ErrorAction {
  const { code, message, httpStatus } = facts;
  switch (code) {
    case "999":
      return { kind: "navigate", to: "/blank" };
    case "281":
      return { kind: "login" };
    case "102":
      if (ctx.plainNoOpenPermission) return otherCode(message);
      return dialog("暂无开放权限", text(message) ?? "该内容暂未对您开放，您可以授权登录后再试", [
        { label: "取消", action: "close" },
        { label: "查看帮助文档", action: "link", href: ctx.openScopeGuideUrl || "/person/help", external: !!ctx.openScopeGuideUrl },
        { label: "去授权", action: "login", ...(ctx.courseId ? { courseId: ctx.courseId } : {}) },
      ]);
    case "103":
      return dialog("您已加入该课程", "您可能已通过兑换或购买加入了该课程，可直接开始学习", [
        { label: "取消", action: "close" },
        { label: "去学习", action: "link", href: ctx.jumpUrl || "/person/study" },
      ]);
    case "106":
      return dialog("暂无学习权限", text(message) ?? "您暂时没有该内容的学习权限", [
        { label: "取消", action: "close" },
        { label: "重新获取权限", action: "reacquire" },
      ]);
    case "108": {
      const json = parseJson(message);
      const jumpUrl = text(json?.jumpUrl);
      if (!json || !jumpUrl) return otherCode(message);
      return dialog(text(json.title) ?? DEFAULT_TITLE, text(json.content) ?? DEFAULT_CONTENT, [
        { label: "立即前往", action: "replace", href: jumpUrl },
      ]);
    }
  }
  // A generic failure that is really a crash reads better as the HTTP message than as its raw text.
  if (httpStatus !== undefined && httpStatus >= 500 && (!code || code === "-1")) return byHttpStatus(httpStatus);
  if (code) return otherCode(message);
  return byHttpStatus(httpStatus);
}

/** The dialog after a failed 重新获取权限. */
export function reacquireFailedDialog(accountIssueUrl?: string): ErrorDialog {
  return {
    title: "权限获取失败",
    content: "重新获取权限失败，请查看帮助文档或联系客服处理",
    buttons: [ok("关闭"), { label: "查看帮助", action: "link", href: accountIssueUrl || "/person/help", external: !!accountIssueUrl }],
  };
}

/** Reads the facts from a tRPC error, a legacy envelope ({code, message, success:false}) or a Response. */
export function errorFacts(error: unknown): ErrorFacts {
  if (error instanceof TRPCClientError) {
    return { code: errorCode(error), httpStatus: httpStatusOf(error), message: error.message || undefined };
  }
  if (typeof Response !== "undefined" && error instanceof Response) return { httpStatus: error.status };
  if (error && typeof error === "object" && "code" in error) {
    const e = error as { code?: unknown; message?: unknown };
    return { code: e.code == null ? undefined : String(e.code), message: typeof e.message === "string" ? e.message : undefined };
  }
  return {};
}

export interface ErrorDialogRequest {
  dialog: ErrorDialog;
  /** 106: the call that re-acquires the permission (course or exam); without it the page reloads. */
  onReacquire?: () => Promise<unknown>;
  accountIssueUrl?: string;
}

type Listener = (request: ErrorDialogRequest) => void;
const listeners = new Set<Listener>();
let siteDefaults: ErrorContext = {};

/** The dialog host subscribes here; one host per page. */
export function onErrorDialog(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Site-wide context (help links, permissionDenied) set once by the root from the site config. */
export function configureApiErrors(defaults: ErrorContext) {
  siteDefaults = defaults;
}

export function showErrorDialog(request: ErrorDialogRequest) {
  for (const l of listeners) l(request);
}

/** Handle a failed call the way the whole product does. */
export function handleApiError(error: unknown, ctx: ErrorContext & { onReacquire?: () => Promise<unknown> } = {}) {
  const merged = { ...siteDefaults, ...ctx };
  const action = decideErrorAction(errorFacts(error), merged);
  if (action.kind === "login") openLoginDialog();
  else if (action.kind === "navigate") window.location.assign(action.to);
  else showErrorDialog({ dialog: action.dialog, onReacquire: ctx.onReacquire, accountIssueUrl: merged.accountIssueUrl });
  return action;
}
