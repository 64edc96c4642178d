import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@trpc-app/router";

/** Browser-side tRPC client for widgets (login modal, polling); pages read through loaders. */
export const trpc = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/api/trpc",
      // A page of an extra site asks for that site's content (banners, words, the lists it scopes).
      headers: () => {
        const sitePath = sitePathOfPage();
        return sitePath ? { "x-site-path": sitePath } : {};
      },
      fetch: (url, init) => fetch(url, { ...init, credentials: "same-origin" }),
    }),
  ],
});

/** The extra site this page is served under: the router's basename ("/gdcg" -> "gdcg"), "" on the main site. */
export function sitePathOfPage(): string {
  if (typeof window === "undefined") return "";
  const basename = (window as unknown as { __remixContext?: { basename?: string } }).__remixContext?.basename ?? "";
  return basename.replace(/^\/+|\/+$/g, "");
}

/** The legacy code a procedure attached to its error (see trpc/errors.ts). */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { legacyCode?: string } | undefined;
    return data?.legacyCode;
  }
  return undefined;
}

export function errorMessage(error: unknown, fallback = "服务器繁忙，请稍后再试"): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}

/** Seconds the server asked to wait before trying again (a "not yet" refusal), if it said. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { retryAfter?: number } | undefined;
    return typeof data?.retryAfter === "number" ? data.retryAfter : undefined;
  }
  return undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus;
  }
  return undefined;
}
