import WebSocket from "ws";

// Websocket clients for the realtime process under test.

export type Frame = { type: string; data: Record<string, any>; [key: string]: any };

export interface Inbox {
  /** Every frame received, in order (a batch's frames one by one). */
  all: Frame[];
  /** How many batch messages arrived. */
  batches(): number;
  /** Frames no `next` has taken yet. */
  unclaimed(): Frame[];
  /** Takes the first untaken frame that matches, waiting for it up to `timeoutMs`. */
  next(test?: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** The close code, or "open" when the socket is still open after `ms`. */
  closed(ms: number): Promise<number | "open">;
  /** How the socket ended, for a failure's message: code, reason and the socket's last error. */
  closeDetail(): string;
}

const boxes = new WeakMap<WebSocket, Inbox>();

/** The socket's inbox; `connect` opens it before the upgrade, so frames sent right after it are kept. */
export function inbox(ws: WebSocket): Inbox {
  let box = boxes.get(ws);
  if (!box) boxes.set(ws, (box = makeInbox(ws)));
  return box;
}

function makeInbox(ws: WebSocket): Inbox {
  const all: Frame[] = [];
  let batches = 0;
  const pending: Frame[] = [];
  const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  let closeCode: number | null = null;
  const closeWaiters: ((code: number) => void)[] = [];
  ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as Frame;
    // A live room's tick arrives as one batch; the inbox keeps its frames one by one, in order.
    batches += message.type === "batch" ? 1 : 0;
    for (const f of message.type === "batch" ? (message.data.frames as Frame[]) : [message]) {
      all.push(f);
      const at = waiters.findIndex((w) => w.test(f));
      if (at >= 0) waiters.splice(at, 1)[0]!.resolve(f);
      else pending.push(f);
    }
  });
  let closeReason = "";
  let lastError = "";
  // A socket's error is followed by its close (1006); kept so a test that expected another code says why.
  ws.on("error", (e) => void (lastError = e.message));
  ws.on("close", (code, reason) => {
    closeCode = code;
    closeReason = String(reason);
    for (const w of closeWaiters.splice(0)) w(code);
  });
  return {
    all,
    batches: () => batches,
    unclaimed: () => [...pending],
    // Generous: a frame that comes is caught at once; the wait only matters on a loaded machine (a full suite in CI).
    next(test = () => true, timeoutMs = 10_000) {
      const at = pending.findIndex(test);
      if (at >= 0) return Promise.resolve(pending.splice(at, 1)[0]!);
      // Made now, so a timeout points at the test line that waited; it lists what came instead.
      const timeout = new Error(`no matching frame within ${timeoutMs} ms`);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const came = pending.map((f) => (f.type === "error" ? `error ${JSON.stringify(f.data)}` : f.type));
          timeout.message += `; unclaimed frames: ${came.length ? came.join(", ") : "none"}${closeCode !== null ? `; socket closed ${closeCode}` : ""}`;
          reject(timeout);
        }, timeoutMs);
        waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    closeDetail: () => `closed ${closeCode ?? "(not yet)"}${closeReason ? ` "${closeReason}"` : ""}${lastError ? `, after the error: ${lastError}` : ""}`,
    closed(ms) {
      if (closeCode !== null) return Promise.resolve(closeCode);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve("open"), ms);
        closeWaiters.push((code) => (clearTimeout(timer), resolve(code)));
      });
    },
  };
}

/** Opens a socket with its inbox; rejects with the HTTP status when the upgrade is refused. */
export function connect(port: number, path: string, opts: { cookie?: string; origin?: string; headers?: Record<string, string> } = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin) headers.origin = opts.origin;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    inbox(ws);
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      res.resume();
      ws.terminate();
    });
    ws.once("error", reject);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
