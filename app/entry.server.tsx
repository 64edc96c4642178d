import { PassThrough, Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { host } from "@trpc-app/host.server";

/** What server.mjs needs of the server side, as one object (trpc/host.server.ts). */
export { host };
// server.mjs starts the message-task sweep in each web process; under `npm run dev` the first request does.
if (import.meta.env.DEV) host.startMessageTaskRunner();

const ABORT_DELAY = 5_000;

/**
 * React 18.3's stream writer can flush its whole 2 KiB buffer, unused zero bytes included, when a
 * multi-byte (Chinese) character does not fit at the end; React never emits NUL itself, so drop them.
 */
function stripNul() {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length);
      let n = 0;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] !== 0) out[n++] = chunk[i]!;
      done(null, out.subarray(0, n));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const clean = stripNul();
          body.pipe(clean);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(clean), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
