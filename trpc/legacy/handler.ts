import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Db } from "@db/client";
import { createAppCaller } from "../caller";
import { createContext } from "../context";
import { AppError, LegacyCode, legacyCodeOf } from "@base/errors";
import { zodMessage } from "@base/zod-message";
import { BODY_LIMIT, BodyTooLargeError, FILE_BODY_LIMIT, TOO_LARGE_MESSAGE } from "../body-limit";
import { BadBodyError, decodeBody, decodeSearchParams } from "./decode";
import { answerResponse, errorEnvelope, jsonAnswer, okEnvelope, type JsonAnswer } from "./envelope";
import { GET_STATE_CHANGES, matchLegacy } from "./table";
import type { LegacyRequest, LegacyRow } from "./types";

const SERVER_BUSY = "服务器开小差了，请稍后再试";

function messageOf(error: unknown): string {
  if (error instanceof ZodError) return zodMessage(error);
  if (error instanceof TRPCError && error.cause instanceof ZodError) return zodMessage(error.cause);
  if (error instanceof AppError) return error.message;
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error.message;
  return SERVER_BUSY;
}

/** The size a call's body may have: a file-taking call's multipart body is bigger than the rest. */
function bodyLimitOf(row: LegacyRow, request: LegacyRequest) {
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().includes("multipart/form-data");
  return row.files && multipart ? FILE_BODY_LIMIT : BODY_LIMIT;
}

/** Answers one legacy call as a Fetch Response: look the path up, decode, call the procedure, wrap the envelope. */
export async function handleLegacy(request: LegacyRequest, db: Db, rows?: LegacyRow[]): Promise<Response> {
  return answerResponse(await answerLegacy(request, db, rows));
}

/**
 * The same, answering JSON as a plain JsonAnswer (the production server writes it without a Response);
 * a call that answers something else (a row's own `respond`) still gives its Response.
 */
export async function answerLegacy(request: LegacyRequest, db: Db, rows?: LegacyRow[]): Promise<JsonAnswer | Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const match = matchLegacy(method, url.pathname, rows);
  const kind = url.pathname.startsWith("/api/login/") ? "login" : "elearning";
  if (match.kind === "none") {
    return jsonAnswer(errorEnvelope(404, "请求地址不存在", kind), 404);
  }
  if (match.kind === "bad-path") {
    return jsonAnswer(errorEnvelope(LegacyCode.badInput, "请求地址格式不正确", kind), 400);
  }
  if (match.kind === "wrong-method") {
    return jsonAnswer(errorEnvelope(405, `该地址不支持 ${method} 请求`, kind), 405, [["allow", match.allowed.join(", ")]]);
  }
  const { row, params } = match;
  const envelope = row.envelope ?? kind;
  const resHeaders = new Headers();
  // GET never changes state, unless the table says this call must (GET_STATE_CHANGES).
  const onGet = method === "GET" ? GET_STATE_CHANGES[row.path] : undefined;
  try {
    const query = decodeSearchParams(url.searchParams);
    const body = method === "GET" || method === "DELETE" ? {} : await decodeBody(request, bodyLimitOf(row, request));
    const input = { ...query, ...body, ...params };
    const ctx = await createContext({ db, request, resHeaders, method: onGet === "run" ? null : method });
    const caller = createAppCaller(ctx);
    const data = await (typeof onGet === "function" ? onGet : row.call)(caller, input, ctx);
    if (row.respond) {
      const res = row.respond(data as never, ctx);
      for (const [k, v] of resHeaders) if (k.toLowerCase() === "set-cookie") res.headers.append(k, v);
      return res;
    }
    return jsonAnswer(okEnvelope(data, envelope), 200, resHeaders);
  } catch (error) {
    if (error instanceof BadBodyError) {
      return jsonAnswer(errorEnvelope(LegacyCode.badInput, error.message, envelope), 200, resHeaders);
    }
    if (error instanceof BodyTooLargeError) {
      // The rest of the body stays unread: closing the connection drops it.
      return jsonAnswer(errorEnvelope(413, TOO_LARGE_MESSAGE, envelope), 413, [["connection", "close"]]);
    }
    if (error instanceof TRPCError && error.code === "METHOD_NOT_SUPPORTED") {
      return jsonAnswer(errorEnvelope(405, error.message, envelope), 405, resHeaders);
    }
    const code = error instanceof ZodError ? LegacyCode.badInput : legacyCodeOf(error);
    const message = messageOf(error);
    const internal = message === SERVER_BUSY && !(error instanceof AppError);
    if (internal) {
      console.error(`[legacy] ${method} ${url.pathname} failed:`, error);
      return jsonAnswer(errorEnvelope(500, SERVER_BUSY, envelope), 500, resHeaders);
    }
    return jsonAnswer(errorEnvelope(code, message, envelope), 200, resHeaders);
  }
}
