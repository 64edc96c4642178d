// Request-body size limits of the API mounts (legacy adapter and tRPC over HTTP). Uploads go to storage
// under their signed policy (trpc/upload/store.service.ts), never through these.

/** JSON and form bodies of legacy calls, and every tRPC call. */
export const BODY_LIMIT = 1024 * 1024;
/** Multipart bodies of the legacy calls that take a file (the Excel imports). */
export const FILE_BODY_LIMIT = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "请求内容过大";

export class BodyTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE_MESSAGE);
  }
}

/** True when the declared Content-Length already passes the limit, so nothing needs to be read. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  if (!contentLength) return false;
  const n = Number(contentLength);
  return Number.isFinite(n) && n > limit;
}

/**
 * Reads a body stream whole, refusing with BodyTooLargeError on the Content-Length first and then as soon
 * as the bytes read pass the limit. The rest is left unread: the answer closes the connection.
 */
export async function readLimited(stream: ReadableStream<Uint8Array> | null | undefined, contentLength: string | null, limit: number): Promise<Uint8Array> {
  if (declaredTooLarge(contentLength, limit)) throw new BodyTooLargeError();
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLargeError();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * The same stream, cut off with `tooLarge()` once more than `limit` bytes went through (at once when the
 * Content-Length says so), for readers that take a stream (tRPC's fetch adapter).
 */
export function limitedStream(
  stream: ReadableStream<Uint8Array>,
  contentLength: string | null,
  limit: number,
  tooLarge: () => Error,
): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (declaredTooLarge(contentLength, limit)) return controller.error(tooLarge());
      reader ??= stream.getReader();
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > limit) {
        reader.releaseLock();
        return controller.error(tooLarge());
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader?.cancel(reason);
    },
  });
}
