import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError } from "@base/errors";
import { zodMessage } from "@base/zod-message";
import type { AppCaller } from "../caller";
import type { LegacyInput, LegacyRow } from "./types";

// Calls a browser navigates to (sign-in callbacks and finishes): they answer a redirect, and a refusal
// lands on the login-failed page with its message, never on a JSON envelope or a 500.

/** The login-failed page (/error) with its message. */
export const errorPage = (message: string) => `/error?message=${encodeURIComponent(message)}`;

/** What a refused navigation tells the learner: the rule's own message, or `badInput` / `failed`. */
function readable(e: unknown, o: { tag: string; failed: string; badInput?: string }): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof TRPCError && e.cause instanceof AppError) return e.cause.message;
  if (e instanceof TRPCError && e.cause instanceof ZodError) return o.badInput ?? zodMessage(e.cause);
  if (e instanceof TRPCError && e.code === "BAD_REQUEST") return o.badInput ?? e.message;
  console.error(`[${o.tag}] navigation failed:`, e);
  return o.failed;
}

/** Wraps a row's call: its answer is the address to go to; a refusal goes to the login-failed page. */
export const navigation =
  (run: (c: AppCaller, i: LegacyInput) => Promise<string>, o: { tag: string; failed: string; badInput?: string }) =>
  async (c: AppCaller, i: LegacyInput): Promise<{ location: string }> => {
    try {
      return { location: await run(c, i) };
    } catch (e) {
      return { location: errorPage(readable(e, o)) };
    }
  };

/** The row's answer: a redirect that is never cached. */
export const redirectTo = (({ location }: { location: string }) =>
  new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } })) as LegacyRow["respond"];
