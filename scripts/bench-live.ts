// Live-room fan-out benchmark: `npx tsx scripts/bench-live.ts`.
// One server process (uWebSockets.js realtime, then a Socket.IO server built only for this run),
// VIEWERS websocket viewers in one room spread over client processes, RATE comments a second for
// SECONDS: fan-out latency p50/p99 (sampled viewers), server memory per connection, frames dropped.
// Environment: BENCH_VIEWERS (10000), BENCH_RATE (100), BENCH_SECONDS (30), BENCH_CLIENTS (2 receiving processes,
// plus one process holding the 100 speaking viewers).
import { fork, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const LIVE_ID = 1;
const env = (k: string, d: number) => Number(process.env[k] ?? d) || d;
const VIEWERS = env("BENCH_VIEWERS", 10_000);
const RATE = env("BENCH_RATE", 100);
const SECONDS = env("BENCH_SECONDS", 30);
const CLIENTS = env("BENCH_CLIENTS", 2);
const SAMPLED_PER_CLIENT = 100;

type Kind = "uws" | "sio";
type Msg = { op: string; [k: string]: unknown };
const send = (p: ChildProcess | NodeJS.Process, m: Msg) => p.send!(m);
function once(p: ChildProcess, op: string, timeoutMs = 600_000): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${op}`)), timeoutMs);
    const on = (m: Msg) => {
      if (m.op !== op) return;
      clearTimeout(t);
      p.off("message", on);
      resolve(m);
    };
    p.on("message", on);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mem = () => ({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });

// ---------- server processes ----------

async function serveUws() {
  const { startRealtime } = await import("../realtime/server");
  const { createLocalBus } = await import("../realtime/bus");
  const { nativeUws } = await import("../realtime/uws");
  // Stand-in for the app: every viewer may join, no mutes or words, storing is free.
  const liveClient = {
    authorizeJoin: async ({ accessToken }: { accessToken?: string }) => ({ userId: Number(accessToken) || 1, nick: `观众${accessToken}`, isAdmin: 0, liveStatus: 1 }),
    rules: async () => ({ muteAll: 0, mutedUserIds: [], words: ["代开发票"] }),
    saveBatch: async (i: { items: unknown[] }) => ({ saved: i.items.length }),
    drawRaffle: async () => ({ drawn: false }),
  };
  const rt = await startRealtime({ port: 0, appUrl: "http://127.0.0.1:9", serviceToken: "bench-service-token-0123456789", bus: createLocalBus(), liveClient });
  process.on("message", (m: Msg) => {
    if (m.op === "mem") {
      global.gc?.();
      send(process, { op: "mem", ...mem() });
    }
    if (m.op === "stop") {
      rt.close();
      setTimeout(() => process.exit(0), 300);
    }
  });
  send(process, { op: "ready", port: rt.port, native: nativeUws, ...mem() });
}

async function serveSio() {
  const { Server } = await import("socket.io");
  const { liveClientMessage } = await import("../realtime/protocol");
  const { randomUUID } = await import("node:crypto");
  const http = createServer();
  const io = new Server(http, { transports: ["websocket"], perMessageDeflate: false, serveClient: false });
  const room = `live/${LIVE_ID}`;
  let likes = 0;
  // The same room rules as the realtime process: zod on arrival, word check, one like frame a second.
  io.on("connection", (socket) => {
    const userId = Number(socket.handshake.query.token) || 1;
    void socket.join(room);
    socket.on("comment", (raw: unknown) => {
      const parsed = liveClientMessage.safeParse({ type: "comment", ...(raw as object) });
      if (!parsed.success || parsed.data.type !== "comment") return socket.emit("error_frame", { message: "消息格式错误" });
      if (parsed.data.content.includes("代开发票")) return socket.emit("error_frame", { message: "消息包含敏感词，发送失败" });
      io.to(room).emit("comment", { type: "comment", data: { msgId: randomUUID(), userId, nick: `观众${userId}`, content: parsed.data.content, sentAt: Date.now() }, ts: Date.now() });
    });
    socket.on("like", () => void (likes += 1));
  });
  setInterval(() => {
    if (likes) io.to(room).emit("like", { type: "like", data: { count: likes } });
    likes = 0;
  }, 1000);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const port = (http.address() as { port: number }).port;
  process.on("message", (m: Msg) => {
    if (m.op === "mem") {
      global.gc?.();
      send(process, { op: "mem", ...mem() });
    }
    if (m.op === "stop") {
      io.close();
      setTimeout(() => process.exit(0), 300);
    }
  });
  send(process, { op: "ready", port, native: false, ...mem() });
}

// ---------- client processes ----------

interface Viewer {
  sendComment(content: string): void;
  close(): void;
}

async function clientProcess(kind: Kind, port: number, count: number, firstId: number, senders: number) {
  const WebSocket = (await import("ws")).default;
  const { io } = await import("socket.io-client");
  const viewers: Viewer[] = [];
  let received = 0;
  let closedEarly = 0;
  let measuring = false;
  const latencies: number[] = [];
  const marker = Buffer.from('"type":"comment"');

  const onFrame = (sampled: boolean, text: string | Buffer) => {
    if (!measuring) return;
    const buf = typeof text === "string" ? Buffer.from(text) : text;
    if (buf.indexOf(marker) < 0) return;
    received += 1;
    if (!sampled) return;
    const m = /b:(\d+(?:\.\d+)?)/.exec(buf.toString());
    if (m) latencies.push(performance.timeOrigin + performance.now() - Number(m[1]));
  };

  const openOne = (i: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const id = firstId + i;
      // Latency is sampled among the listening viewers, not the speakers.
      const sampled = senders === 0 && i < SAMPLED_PER_CLIENT;
      if (kind === "uws") {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/elearning/ws/live/${LIVE_ID}?token=${id}`, { perMessageDeflate: false });
        ws.on("message", (d) => onFrame(sampled, d as Buffer));
        ws.once("open", () => {
          viewers.push({ sendComment: (c) => ws.send(JSON.stringify({ type: "comment", content: c })), close: () => ws.terminate() });
          ws.on("close", () => measuring && (closedEarly += 1));
          resolve();
        });
        ws.once("error", reject);
      } else {
        const s = io(`http://127.0.0.1:${port}`, { transports: ["websocket"], forceNew: true, reconnection: false, query: { token: String(id) }, timeout: 60_000 });
        s.on("comment", (f: unknown) => {
          // Socket.IO hands over a parsed object; measure the same way.
          if (!measuring) return;
          received += 1;
          if (!sampled) return;
          const m = /b:(\d+(?:\.\d+)?)/.exec((f as { data: { content: string } }).data.content);
          if (m) latencies.push(performance.timeOrigin + performance.now() - Number(m[1]));
        });
        s.once("connect", () => {
          viewers.push({ sendComment: (c) => void s.emit("comment", { content: c }), close: () => void s.disconnect() });
          s.on("disconnect", () => measuring && (closedEarly += 1));
          resolve();
        });
        s.once("connect_error", reject);
      }
    });

  // Open in waves so the accept queue is not flooded.
  const WAVE = 250;
  let failed = 0;
  for (let i = 0; i < count; i += WAVE) {
    const wave = await Promise.allSettled(Array.from({ length: Math.min(WAVE, count - i) }, (_, j) => openOne(i + j)));
    failed += wave.filter((w) => w.status === "rejected").length;
  }
  send(process, { op: "connected", connected: viewers.length, failed });

  let sent = 0;
  let timers: NodeJS.Timeout[] = [];
  process.on("message", async (m: Msg) => {
    if (m.op === "start") {
      measuring = true;
      const perSender = RATE / Number(m.totalSenders);
      // Each sender speaks at its share of the rate, staggered across the second.
      for (let k = 0; k < Math.min(senders, viewers.length); k++) {
        const v = viewers[k]!;
        const start = setTimeout(() => {
          const t = setInterval(() => {
            v.sendComment(`b:${performance.timeOrigin + performance.now()} 请问框架协议采购的第二阶段怎么确定成交供应商？`);
            sent += 1;
          }, 1000 / perSender);
          timers.push(t);
        }, Math.floor((k * 1000) / Math.max(1, senders)));
        timers.push(start);
      }
    }
    if (m.op === "stopSending") {
      for (const t of timers) clearTimeout(t), clearInterval(t);
      timers = [];
      send(process, { op: "stoppedSending", sent });
    }
    if (m.op === "report") {
      measuring = false;
      send(process, { op: "report", received, closedEarly, latencies, connected: viewers.length });
      for (const v of viewers) v.close();
      setTimeout(() => process.exit(0), 500);
    }
  });
}

// ---------- orchestration ----------

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function scenario(kind: Kind) {
  const server = fork(SELF, ["serve", kind], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: "inherit" });
  const ready = await once(server, "ready", 60_000);
  const port = Number(ready.port);
  send(server, { op: "mem" });
  const base = await once(server, "mem");
  const senderTotal = Math.min(RATE, 100);
  const clients: ChildProcess[] = [];
  const connectedAt = performance.now();
  // The speakers sit in a process of their own, so their timers are not delayed by the receiving load.
  clients.push(fork(SELF, ["client", kind, String(port), String(senderTotal), "10", String(senderTotal)], { execArgv: ["--import", "tsx"], stdio: "inherit" }));
  const receivers = VIEWERS - senderTotal;
  const perReceiver = Math.ceil(receivers / CLIENTS);
  for (let c = 0; c < CLIENTS; c++) {
    const n = Math.min(perReceiver, receivers - c * perReceiver);
    clients.push(fork(SELF, ["client", kind, String(port), String(n), String(100_000 + c * perReceiver), "0"], { execArgv: ["--import", "tsx", "--max-old-space-size=4096"], stdio: "inherit" }));
  }
  const conn = await Promise.all(clients.map((c) => once(c, "connected")));
  const connected = conn.reduce((s, m) => s + Number(m.connected), 0);
  const failed = conn.reduce((s, m) => s + Number(m.failed), 0);
  const connectSecs = (performance.now() - connectedAt) / 1000;
  await sleep(2000);
  send(server, { op: "mem" });
  const loaded = await once(server, "mem");

  for (const c of clients) send(c, { op: "start", totalSenders: senderTotal });
  await sleep(SECONDS * 1000);
  const stopped = await Promise.all(clients.map((c) => (send(c, { op: "stopSending" }), once(c, "stoppedSending"))));
  const sent = stopped.reduce((s, m) => s + Number(m.sent), 0);
  // Let the last frames drain before counting.
  await sleep(5000);
  const reports = await Promise.all(clients.map((c) => (send(c, { op: "report" }), once(c, "report"))));
  send(server, { op: "stop" });
  await sleep(800);

  const received = reports.reduce((s, m) => s + Number(m.received), 0);
  const closedEarly = reports.reduce((s, m) => s + Number(m.closedEarly), 0);
  const lat = reports.flatMap((m) => m.latencies as number[]).sort((a, b) => a - b);
  const expected = sent * connected;
  return {
    kind,
    native: ready.native,
    connected,
    failed,
    connectSecs,
    memPerConnKB: (Number(loaded.rss) - Number(base.rss)) / 1024 / Math.max(1, connected),
    heapPerConnKB: (Number(loaded.heap) - Number(base.heap)) / 1024 / Math.max(1, connected),
    sent,
    expected,
    received,
    dropped: Math.max(0, expected - received),
    closedEarly,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    samples: lat.length,
  };
}

function line(r: Awaited<ReturnType<typeof scenario>>) {
  const name = r.kind === "uws" ? `uWebSockets.js${r.native ? " (native)" : " (JS fallback)"}` : "Socket.IO 4 (websocket transport)";
  return [
    `${name}`,
    `  viewers connected ${r.connected} (failed ${r.failed}) in ${r.connectSecs.toFixed(1)} s`,
    `  server memory per connection: ${r.memPerConnKB.toFixed(2)} KB RSS, ${r.heapPerConnKB.toFixed(2)} KB JS heap`,
    `  comments sent ${r.sent} (${(r.sent / SECONDS).toFixed(1)}/s), frames expected ${r.expected}, received ${r.received}, not received within 5 s of the last send ${r.dropped} (${((100 * r.dropped) / Math.max(1, r.expected)).toFixed(2)}%), viewers cut off ${r.closedEarly}`,
    `  fan-out latency over ${r.samples} sampled receipts: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
  ].join("\n");
}

async function main() {
  const [mode, kind, ...rest] = process.argv.slice(2);
  if (mode === "serve") return kind === "uws" ? serveUws() : serveSio();
  if (mode === "client") {
    const [port, n, first, senders] = rest.map(Number) as [number, number, number, number];
    return clientProcess(kind as Kind, port, n, first, senders);
  }
  console.log(`bench-live: ${VIEWERS} viewers in one room, ${RATE} comments/s for ${SECONDS} s, ${CLIENTS} client processes, ${SAMPLED_PER_CLIENT} sampled viewers per client process`);
  const uws = await scenario("uws");
  console.log(line(uws));
  const sio = await scenario("sio");
  console.log(line(sio));
  console.log("ratio (Socket.IO / uWebSockets.js):");
  console.log(`  p50 latency ×${(sio.p50 / uws.p50).toFixed(2)}, p99 latency ×${(sio.p99 / uws.p99).toFixed(2)}, memory per connection ×${(sio.memPerConnKB / uws.memPerConnKB).toFixed(2)}, dropped ${sio.dropped} vs ${uws.dropped}`);
  process.exit(0);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
