// Live-room fan-out benchmark: `npx tsx scripts/bench-live.ts` (or `npm run bench live`).
// One server process (uWebSockets.js realtime, then a Socket.IO server built only for this run) and
// VIEWERS websocket viewers in one room, RATE comments a second for SECONDS. The viewers are raw
// websocket clients (net sockets, hand-parsed frames) spread over client processes, so the figures
// are the server's: a comment frame is recognised by its first bytes and only the sampled viewers read
// its send time; every other frame is counted unparsed. Send and receive times come from the
// monotonic clock every process on the machine shares (process.hrtime).
// Reports fan-out latency p50/p99, server memory per connection (RSS delta / connections), server CPU,
// frames not delivered, viewers cut off, and how busy the client processes were (event-loop delay).
// Environment: BENCH_VIEWERS (10000), BENCH_RATE (100), BENCH_SECONDS (30), BENCH_CLIENTS (receiving
// processes, default the number of cores; the 100 speakers have one more), BENCH_SAMPLED (sampled
// viewers per receiving process, 200), BENCH_KINDS (uws,sio), BENCH_PROCESSES (realtime processes sharing
// the room over Redis at REDIS_URL, uWebSockets.js only, default 1), BENCH_STORM=1 (after the steady run,
// uWebSockets.js only: the realtime process is killed with SIGKILL and a new one starts on the same port;
// every viewer reconnects on the live room client's schedule, 1 s x 0.5-1.5 jitter doubling to 30 s, and the
// bench reports how long the room took to fill again and what the new process spent doing it; each viewer
// comes back with ?since= and counts as caught up when its history frame arrives), BENCH_QUIET=0 (no quiet
// readers: one process of BENCH_SAMPLED viewers a realtime process, each sampled, timing the fan-out away from
// the busy receivers' own delay).
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { connect, type Socket } from "node:net";
import { availableParallelism } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const LIVE_ID = 1;
const env = (k: string, d: number) => Number(process.env[k] ?? d) || d;
const VIEWERS = env("BENCH_VIEWERS", 10_000);
const RATE = env("BENCH_RATE", 100);
const SECONDS = env("BENCH_SECONDS", 30);
const CLIENTS = env("BENCH_CLIENTS", availableParallelism());
const SAMPLED_PER_CLIENT = env("BENCH_SAMPLED", 200);
/**
 * Viewers read in quiet processes of their own, BENCH_SAMPLED of them per realtime process (BENCH_QUIET=0: none):
 * their receipts time the server's fan-out, where a busy receiving process's own event loop (10,000 sockets'
 * frames on the same two cores) adds its delay to the receipts it samples. Both figures are reported.
 */
const QUIET = process.env.BENCH_QUIET !== "0";
const KINDS = (process.env.BENCH_KINDS ?? "uws,sio").split(",").filter((k): k is Kind => k === "uws" || k === "sio");
const SPEAKERS = Math.min(RATE, 100);
/** Realtime processes sharing the room over Redis (uWebSockets.js only); viewers are split evenly between them. */
const PROCESSES = env("BENCH_PROCESSES", 1);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STORM = process.env.BENCH_STORM === "1";
/** How long the stand-in app takes to answer a history call (a round trip and one shared read). */
const HISTORY_MS = env("BENCH_HISTORY_MS", 10);
/** The live room client's reconnect schedule (app/components/live/use-live-room.ts). */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** The room rules both servers apply (base/live-comment), so both pay for the same check. */
const BENCH_RULES = { muteAll: 0, mutedUserIds: [], words: ["代开发票"] };

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
const mem = () => {
  const c = process.cpuUsage();
  return { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, cpu: c.user + c.system };
};
/** Microseconds on the machine's monotonic clock: the same in every process. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// ---------- server processes ----------

async function serveUws(busKind: string, port = 0) {
  const { startRealtime } = await import("../realtime/server");
  const { createLocalBus, createRedisBus } = await import("../realtime/bus");
  const { nativeUws } = await import("../realtime/uws");
  // Stand-in for the app: every viewer may join, no mutes and one sensitive word, storing is free. Its
  // store holds a comment every 1000/RATE ms up to now; history calls are counted (each is one shared
  // read of the real app, whose cost `npm run bench catchup` measures).
  let historyCalls = 0;
  const step = 1000 / RATE;
  const stored = (k: number) => ({ msgId: `stored-${k}`, liveId: LIVE_ID, userId: 1 + (k % 5000), nick: `观众${k % 5000}`, content: `第${k}条：电子卖场的直购和竞价有什么区别？`, kind: "comment", hidden: 0, sentAt: Math.floor(k * step) });
  const liveClient = {
    authorizeJoin: async ({ accessToken }: { accessToken?: string }) => ({ userId: Number(accessToken) || 1, nick: `观众${accessToken}`, isAdmin: 0, liveStatus: 1, sessionId: `bench-${accessToken}` }),
    rules: async () => BENCH_RULES,
    saveBatch: async (i: { items: unknown[] }) => ({ saved: i.items.length, ended: [] }),
    drawRaffle: async () => ({ drawn: false }),
    presence: async (i: { present: number[]; left: number[] }) => ({ count: i.present.length + i.left.length }),
    endedSessions: async () => [],
    history: async (w: { from: number; to: number; size: number }) => {
      historyCalls += 1;
      await sleep(HISTORY_MS);
      const last = Math.floor(Date.now() / step);
      const rows = [];
      // Every comment in (from, to] (at most 2,000), then `size` more up to now.
      let after = 0;
      for (let k = Math.floor(w.from / step) + 1; k <= last && rows.length < 2000 + w.size; k++) {
        const row = stored(k);
        if (row.sentAt > w.to && ++after > w.size) break;
        rows.push(row);
      }
      return { rows, complete: true };
    },
  };
  const start = () => startRealtime({ port, appUrl: "http://127.0.0.1:9", serviceToken: "bench-service-token-0123456789", bus: busKind === "redis" ? createRedisBus(REDIS_URL) : createLocalBus(), liveClient });
  // A restart on the killed process's port: the port frees once the old process is gone.
  let rt: Awaited<ReturnType<typeof start>> | undefined;
  for (let tries = 0; !rt; tries++) {
    try {
      rt = await start();
    } catch (e) {
      if (!port || tries >= 100) throw e;
      await sleep(100);
    }
  }
  process.on("message", (m: Msg) => {
    if (m.op === "mem") {
      global.gc?.();
      global.gc?.();
      send(process, { op: "mem", ...mem(), historyCalls });
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
  const { commentRefusal, commentRulesOf } = await import("../base/live-comment");
  const rules = commentRulesOf(BENCH_RULES);
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
      const refusal = commentRefusal(rules, userId, parsed.data.content);
      if (refusal) return socket.emit("error_frame", { message: refusal });
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

// ---------- client processes: raw websocket viewers ----------

const COMMENT_UWS = Buffer.from('{"type":"comment"');
const BATCH_UWS = Buffer.from('{"type":"batch"');
const HISTORY_UWS = Buffer.from('{"type":"history"');
const MSG_ID = Buffer.from('"msgId"');
const COMMENT_SIO = Buffer.from('42["comment"');
const STAMP = Buffer.from("b:");

interface Conn {
  socket: Socket;
  rest: Buffer | null;
  sampled: boolean;
  open: boolean;
  upgraded: boolean;
  /** A reconnect's history frame not yet here: when it was dropped (performance.now()). */
  awaitingHistory?: number;
}

/** One client frame, masked as the protocol asks. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(head + 4 + len);
  out[0] = 0x80 | opcode;
  if (len < 126) out[1] = 0x80 | len;
  else (out[1] = 0x80 | 126), out.writeUInt16BE(len, 2);
  const mask = randomBytes(4);
  mask.copy(out, head);
  for (let i = 0; i < len; i++) out[head + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return out;
}

async function clientProcess(kind: Kind, port: number, count: number, firstId: number, speakers: number, sampleAll: boolean) {
  const conns: Conn[] = [];
  let comments = 0;
  let others = 0;
  let cutOff = 0;
  let measuring = false;
  let latencies = new Float64Array(1 << 16);
  let nLat = 0;
  const prefix = kind === "uws" ? COMMENT_UWS : COMMENT_SIO;
  const stride = speakers ? Infinity : sampleAll ? 1 : Math.max(1, Math.floor(count / SAMPLED_PER_CLIENT));
  const loop = monitorEventLoopDelay({ resolution: 10 });

  const write = (c: Conn, text: string) => c.socket.write(clientFrame(1, Buffer.from(text)));

  /** One comment received at `at`; sampled viewers read its send time ("b:<µs>") before `end`. */
  function comment(c: Conn, buf: Buffer, at: number, end: number) {
    comments += 1;
    if (!c.sampled) return;
    at = buf.indexOf(STAMP, at);
    if (at < 0 || at >= end) return;
    let sentUs = 0;
    for (at += 2; at < end; at++) {
      const d = buf[at]! - 48;
      if (d < 0 || d > 9) break;
      sentUs = sentUs * 10 + d;
    }
    if (nLat === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[nLat++] = (nowUs() - sentUs) / 1000;
  }

  function onText(c: Conn, buf: Buffer, start: number, end: number) {
    const startsWith = (p: Buffer) => end - start >= p.length && buf.compare(p, 0, p.length, start, start + p.length) === 0;
    // The realtime process sends a room's tick as one batch frame: every comment in it counts.
    if (kind === "uws" && startsWith(BATCH_UWS)) {
      if (!measuring) return;
      let at = buf.indexOf(COMMENT_UWS, start);
      let found = false;
      while (at >= 0 && at < end) {
        const next = buf.indexOf(COMMENT_UWS, at + COMMENT_UWS.length);
        comment(c, buf, at, next >= 0 && next < end ? next : end);
        found = true;
        at = next;
      }
      if (!found) others += 1;
      return;
    }
    if (startsWith(prefix)) {
      if (measuring) comment(c, buf, start, end);
      return;
    }
    if (kind === "uws" && startsWith(HISTORY_UWS) && c.awaitingHistory !== undefined) {
      caughtUp.push(performance.now() - c.awaitingHistory);
      let rows = 0;
      for (let at = buf.indexOf(MSG_ID, start); at >= 0 && at < end; at = buf.indexOf(MSG_ID, at + 1)) rows += 1;
      historyRows.push(rows);
      c.awaitingHistory = undefined;
      return;
    }
    if (kind === "sio") {
      // Engine.IO: "0{…}" open (answer with a namespace connect), "2" ping, "40{…}" connected.
      const first = buf[start];
      if (first === 0x32 && end - start === 1) return write(c, "3");
      if (first === 0x30) return write(c, "40");
      if (first === 0x34 && buf[start + 1] === 0x30) return void (c.open = true);
    }
    if (measuring) others += 1;
  }

  function onData(c: Conn, chunk: Buffer) {
    let buf = c.rest ? Buffer.concat([c.rest, chunk]) : chunk;
    c.rest = null;
    let off = 0;
    if (!c.upgraded) {
      const endOfHead = buf.indexOf("\r\n\r\n");
      if (endOfHead < 0) return void (c.rest = buf);
      if (!buf.subarray(0, 12).toString().includes("101")) return c.socket.destroy(new Error(buf.subarray(0, endOfHead).toString()));
      c.upgraded = true;
      if (kind === "uws") c.open = true;
      off = endOfHead + 4;
    }
    while (buf.length - off >= 2) {
      const opcode = buf[off]! & 0x0f;
      let len = buf[off + 1]! & 0x7f;
      let head = 2;
      if (len === 126) {
        if (buf.length - off < 4) break;
        len = buf.readUInt16BE(off + 2);
        head = 4;
      } else if (len === 127) {
        if (buf.length - off < 10) break;
        len = buf.readUInt32BE(off + 6);
        head = 10;
      }
      if (buf.length - off < head + len) break;
      const start = off + head;
      const end = start + len;
      if (opcode === 1 || opcode === 2) onText(c, buf, start, end);
      else if (opcode === 9) c.socket.write(clientFrame(10, buf.subarray(start, end)));
      else if (opcode === 8) c.socket.end();
      off = end;
    }
    if (off < buf.length) c.rest = buf.subarray(off);
  }

  const openOne = (i: number, back?: { since: number; droppedAt: number }): Promise<Conn> =>
    new Promise((resolve, reject) => {
      const id = firstId + i;
      const path = kind === "uws" ? `/api/elearning/ws/live/${LIVE_ID}?token=${id}${back ? `&since=${back.since}` : ""}` : `/socket.io/?EIO=4&transport=websocket&token=${id}`;
      const socket = connect({ port, host: "127.0.0.1", noDelay: true });
      const c: Conn = { socket, rest: null, sampled: i % stride === 0, open: false, upgraded: false, awaitingHistory: back?.droppedAt };
      const timer = setTimeout(() => socket.destroy(new Error("no answer in 60 s")), 60_000);
      let settled = false;
      socket.once("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`));
      socket.on("data", (d: Buffer) => {
        onData(c, d);
        if (!settled && c.open) {
          settled = true;
          clearTimeout(timer);
          resolve(c);
        }
      });
      socket.on("error", (e) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(e);
      });
      socket.on("close", () => {
        // Only an open viewer's drop starts a reconnect; a refused try is retried by the one that made it.
        if (settled && storming) return void (c.open && dropped(i, c));
        if (settled && measuring) cutOff += 1;
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          reject(new Error("closed before open"));
        }
      });
    });

  // Reconnect storm: a dropped viewer comes back on the room client's schedule; a refused try doubles the pause.
  let storming = false;
  let stormSince = 0;
  const back: number[] = [];
  const caughtUp: number[] = [];
  const historyRows: number[] = [];
  let retries = 0;
  const dropped = (i: number, old: Conn) => {
    const at = performance.now();
    // As the page asks: from a second before the last comment it had, which every viewer of the room had.
    const since = stormSince;
    const attempt = (backoff: number) =>
      setTimeout(() => {
        openOne(i, { since, droppedAt: at })
          .then((c) => {
            c.sampled = old.sampled;
            conns[conns.indexOf(old)] = c;
            old = c;
            back.push(performance.now() - at);
          })
          .catch(() => {
            retries += 1;
            attempt(Math.min(backoff * 2, MAX_BACKOFF_MS));
          });
      }, backoff * (0.5 + Math.random()));
    attempt(FIRST_BACKOFF_MS);
  };

  // Open in waves so the accept queue is not flooded.
  const WAVE = 250;
  let failed = 0;
  for (let i = 0; i < count; i += WAVE) {
    const wave = await Promise.allSettled(Array.from({ length: Math.min(WAVE, count - i) }, (_, j) => openOne(i + j)));
    for (const w of wave) w.status === "fulfilled" ? conns.push(w.value) : (failed += 1);
  }
  send(process, { op: "connected", connected: conns.length, failed });

  let sent = 0;
  let timers: NodeJS.Timeout[] = [];
  let cpuAtStart = 0;
  const text = (content: string) => (kind === "uws" ? JSON.stringify({ type: "comment", content }) : `42${JSON.stringify(["comment", { content }])}`);
  process.on("message", (m: Msg) => {
    if (m.op === "start") {
      measuring = true;
      loop.enable();
      cpuAtStart = mem().cpu;
      const perSpeaker = RATE / Number(m.speakers);
      // Each speaker talks at its share of the rate, staggered across the second; the time is taken
      // right before the write.
      for (let k = 0; k < Math.min(speakers, conns.length); k++) {
        const c = conns[k]!;
        const begin = setTimeout(() => {
          const t = setInterval(() => {
            write(c, text(`b:${nowUs()} 请问框架协议采购的第二阶段怎么确定成交供应商？`));
            sent += 1;
          }, 1000 / perSpeaker);
          timers.push(t);
        }, Math.floor((k * 1000) / Math.max(1, speakers)));
        timers.push(begin);
      }
    }
    if (m.op === "stopSending") {
      for (const t of timers) clearTimeout(t), clearInterval(t);
      timers = [];
      send(process, { op: "stoppedSending", sent });
    }
    if (m.op === "storm") (storming = true), (stormSince = Number(m.since));
    if (m.op === "stormProgress") send(process, { op: "stormProgress", back: Float64Array.from(back), caughtUp: Float64Array.from(caughtUp), historyRows: Float64Array.from(historyRows), retries, total: conns.length });
    if (m.op === "report") {
      storming = false;
      measuring = false;
      loop.disable();
      send(process, {
        op: "report",
        comments,
        others,
        cutOff,
        latencies: latencies.subarray(0, nLat),
        connected: conns.length,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
        cpuSecs: (mem().cpu - cpuAtStart) / 1e6,
      });
      for (const c of conns) c.socket.destroy();
      setTimeout(() => process.exit(0), 300);
    }
  });
}

// ---------- orchestration ----------

const pct = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function scenario(kind: Kind) {
  const count = kind === "uws" ? PROCESSES : 1;
  // The storm restarts the process on its port: keep that port out of the ephemeral range, or a viewer's
  // reconnect may take it as its own source port (a self-connect) and the new process cannot listen.
  const fixedPort = STORM && kind === "uws" && count === 1 ? String(20_000 + Math.floor(Math.random() * 10_000)) : "0";
  const servers = Array.from({ length: count }, () =>
    fork(SELF, ["serve", kind, count > 1 ? "redis" : "local", fixedPort], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: "inherit", serialization: "advanced" }),
  );
  const readies = await Promise.all(servers.map((sv) => once(sv, "ready", 60_000)));
  const ready = readies[0]!;
  const ports = readies.map((r) => Number(r.port));
  const port = ports[0]!;
  /** Memory and CPU of all server processes, summed. */
  const memAll = async () => {
    const all = await Promise.all(servers.map((sv) => (send(sv, { op: "mem" }), once(sv, "mem"))));
    return { rss: all.reduce((n, m) => n + Number(m.rss), 0), heap: all.reduce((n, m) => n + Number(m.heap), 0), cpu: all.reduce((n, m) => n + Number(m.cpu), 0) };
  };
  // Let start-up garbage settle, so the memory delta is the connections'.
  await sleep(1000);
  const base = await memAll();
  const clients: ChildProcess[] = [];
  const opts = { execArgv: ["--import", "tsx"], stdio: "inherit" as const, serialization: "advanced" as const };
  const connectedAt = performance.now();
  // The speakers sit in a process of their own, so their timers are not delayed by the receiving load.
  clients.push(fork(SELF, ["client", kind, String(port), String(SPEAKERS), "10", String(SPEAKERS), "0"], opts));
  // One quiet reader a realtime process, each viewer of it sampled; the busy receivers hold the rest of the room.
  const quiet = QUIET ? ports.map((p, i) => fork(SELF, ["client", kind, String(p), String(SAMPLED_PER_CLIENT), String(900_000 + i * SAMPLED_PER_CLIENT), "0", "1"], opts)) : [];
  const receivers = VIEWERS - SPEAKERS - quiet.length * SAMPLED_PER_CLIENT;
  const perReceiver = Math.ceil(receivers / CLIENTS);
  for (let c = 0; c < CLIENTS; c++) {
    const n = Math.min(perReceiver, receivers - c * perReceiver);
    // With several processes each receiving client joins one of them; the speakers stay on the first.
    if (n > 0) clients.push(fork(SELF, ["client", kind, String(ports[c % ports.length]), String(n), String(100_000 + c * perReceiver), "0", "0"], opts));
  }
  clients.push(...quiet);
  const conn = await Promise.all(clients.map((c) => once(c, "connected")));
  const connected = conn.reduce((s, m) => s + Number(m.connected), 0);
  const failed = conn.reduce((s, m) => s + Number(m.failed), 0);
  const connectSecs = (performance.now() - connectedAt) / 1000;
  await sleep(2000);
  const loaded = await memAll();

  for (const c of clients) send(c, { op: "start", speakers: SPEAKERS });
  await sleep(SECONDS * 1000);
  const stopped = await Promise.all(clients.map((c) => (send(c, { op: "stopSending" }), once(c, "stoppedSending"))));
  const after = await memAll();
  const sent = stopped.reduce((s, m) => s + Number(m.sent), 0);
  // Let the last frames drain before counting.
  await sleep(5000);
  const storm = STORM && kind === "uws" && count === 1 ? await reconnectStorm(servers, port, clients, connected) : null;
  const reports = await Promise.all(clients.map((c) => (send(c, { op: "report" }), once(c, "report"))));
  for (const sv of servers) send(sv, { op: "stop" });
  await sleep(800);

  const received = reports.reduce((s, m) => s + Number(m.comments), 0);
  const latenciesOf = (of: typeof reports) => {
    const all = new Float64Array(of.reduce((s, m) => s + (m.latencies as Float64Array).length, 0));
    let at = 0;
    for (const m of of) all.set(m.latencies as Float64Array, at), (at += (m.latencies as Float64Array).length);
    return all.sort();
  };
  const quietReports = reports.filter((_, i) => quiet.includes(clients[i]!));
  const lat = latenciesOf(reports.filter((_, i) => !quiet.includes(clients[i]!)));
  const quietLat = latenciesOf(quietReports);
  const expected = sent * connected;
  return {
    kind,
    native: ready.native,
    connected,
    failed,
    connectSecs,
    memPerConnKB: (Number(loaded.rss) - Number(base.rss)) / 1024 / Math.max(1, connected),
    heapPerConnKB: (Number(loaded.heap) - Number(base.heap)) / 1024 / Math.max(1, connected),
    serverCpu: (Number(after.cpu) - Number(loaded.cpu)) / 1e6 / SECONDS,
    sent,
    expected,
    received,
    others: reports.reduce((s, m) => s + Number(m.others), 0),
    dropped: Math.max(0, expected - received),
    cutOff: reports.reduce((s, m) => s + Number(m.cutOff), 0),
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    samples: lat.length,
    quietP50: pct(quietLat, 50),
    quietP99: pct(quietLat, 99),
    quietSamples: quietLat.length,
    quietLoopP99: quietReports.length ? Math.max(...quietReports.map((m) => Number(m.loopP99))) : NaN,
    clientLoopP99: Math.max(...reports.map((m) => Number(m.loopP99))),
    clientLoopMax: Math.max(...reports.map((m) => Number(m.loopMax))),
    clientCpu: Math.max(...reports.map((m) => Number(m.cpuSecs))) / (SECONDS + 5),
    storm,
  };
}

/**
 * Kills the realtime process under a full room and starts another on the same port; waits until every
 * viewer is back (or 90 s). Figures: time from the drop to each viewer's new open socket, refused tries,
 * and the new process's CPU and memory for taking the room back.
 */
async function reconnectStorm(servers: ChildProcess[], port: number, clients: ChildProcess[], viewers: number) {
  // The last comment every viewer saw is about now; the page asks from a second before it.
  for (const c of clients) send(c, { op: "storm", since: Date.now() - 1000 });
  await sleep(200);
  const killedAt = performance.now();
  servers[0]!.kill("SIGKILL");
  const fresh = fork(SELF, ["serve", "uws", "local", String(port)], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: "inherit", serialization: "advanced" });
  servers[0] = fresh;
  const ready = await once(fresh, "ready", 60_000);
  const upAfter = (performance.now() - killedAt) / 1000;
  const cpu0 = Number(ready.cpu);
  let progress: Msg[] = [];
  const count = () => progress.reduce((n, m) => n + (m.caughtUp as Float64Array).length, 0);
  for (let waited = 0; waited < 90_000; waited += 1000) {
    await sleep(1000);
    progress = await Promise.all(clients.map((c) => (send(c, { op: "stormProgress" }), once(c, "stormProgress"))));
    if (count() >= viewers) break;
  }
  const allSecs = (performance.now() - killedAt) / 1000;
  send(fresh, { op: "mem" });
  const m = await once(fresh, "mem");
  const gather = (key: string) => {
    const all = new Float64Array(progress.reduce((n, p) => n + (p[key] as Float64Array).length, 0));
    let at = 0;
    for (const p of progress) all.set(p[key] as Float64Array, at), (at += (p[key] as Float64Array).length);
    return all.sort();
  };
  const times = gather("back");
  const caught = gather("caughtUp");
  const rows = gather("historyRows");
  return {
    upAfter,
    back: times.length,
    viewers,
    within30: times.filter((t) => t <= 30_000).length,
    p50: pct(times, 50) / 1000,
    p95: pct(times, 95) / 1000,
    max: (times[times.length - 1] ?? NaN) / 1000,
    allSecs,
    retries: progress.reduce((n, p) => n + Number(p.retries), 0),
    caughtUp: caught.length,
    caughtWithin30: caught.filter((t) => t <= 30_000).length,
    caughtP50: pct(caught, 50) / 1000,
    caughtP95: pct(caught, 95) / 1000,
    caughtMax: (caught[caught.length - 1] ?? NaN) / 1000,
    rowsP50: pct(rows, 50),
    rowsMin: rows[0] ?? 0,
    historyCalls: Number(m.historyCalls ?? 0),
    cpuSecs: (Number(m.cpu) - cpu0) / 1e6,
    rssMB: Number(m.rss) / 1048576,
  };
}

function line(r: Awaited<ReturnType<typeof scenario>>) {
  const name = r.kind === "uws" ? `uWebSockets.js${r.native ? " (native)" : " (JS fallback)"}${PROCESSES > 1 ? `, ${PROCESSES} processes over Redis (figures summed)` : ""}` : "Socket.IO 4 (websocket transport)";
  return [
    `${name}`,
    `  viewers connected ${r.connected} (failed ${r.failed}) in ${r.connectSecs.toFixed(1)} s`,
    `  server memory per connection: ${r.memPerConnKB.toFixed(2)} KB RSS, ${r.heapPerConnKB.toFixed(2)} KB JS heap; server CPU ${(100 * r.serverCpu).toFixed(0)}% of a core while sending`,
    `  comments sent ${r.sent} (${(r.sent / SECONDS).toFixed(1)}/s), comment frames expected ${r.expected}, received ${r.received} (${Math.round(r.received / SECONDS)}/s), not received within 5 s of the last send ${r.dropped} (${((100 * r.dropped) / Math.max(1, r.expected)).toFixed(2)}%), other frames ${r.others}, viewers cut off ${r.cutOff}`,
    `  delivered comments per server CPU-second: ${Math.round(r.received / Math.max(1e-6, r.serverCpu * SECONDS))}`,
    ...(r.quietSamples
      ? [`  fan-out latency read in quiet processes (${SAMPLED_PER_CLIENT} viewers each, event-loop delay p99 ${r.quietLoopP99.toFixed(1)} ms), ${r.quietSamples} receipts: p50 ${r.quietP50.toFixed(1)} ms, p99 ${r.quietP99.toFixed(1)} ms`]
      : []),
    `  fan-out latency read in the busy receiving processes, ${r.samples} sampled receipts: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
    `  busiest client process: ${(100 * r.clientCpu).toFixed(0)}% of a core, event-loop delay p99 ${r.clientLoopP99.toFixed(1)} ms (max ${r.clientLoopMax.toFixed(1)} ms)`,
    ...(r.storm
      ? [
          `  reconnect storm: new process up ${r.storm.upAfter.toFixed(1)} s after the kill; ${r.storm.back} of ${r.storm.viewers} viewers back (${r.storm.within30} within 30 s), time from the drop p50 ${r.storm.p50.toFixed(1)} s, p95 ${r.storm.p95.toFixed(1)} s, last ${r.storm.max.toFixed(1)} s; ${r.storm.retries} refused tries; the new process spent ${r.storm.cpuSecs.toFixed(1)} CPU-seconds taking the room back, RSS ${r.storm.rssMB.toFixed(0)} MB`,
          `  caught up (the history frame with the missed comments received): ${r.storm.caughtUp} of ${r.storm.viewers} (${r.storm.caughtWithin30} within 30 s of the drop), p50 ${r.storm.caughtP50.toFixed(1)} s, p95 ${r.storm.caughtP95.toFixed(1)} s, last ${r.storm.caughtMax.toFixed(1)} s; comments per viewer p50 ${r.storm.rowsP50}, fewest ${r.storm.rowsMin}; ${r.storm.historyCalls} history calls to the app`,
        ]
      : []),
  ].join("\n");
}

async function main() {
  const [mode, kind, ...rest] = process.argv.slice(2);
  if (mode === "serve") return kind === "uws" ? serveUws(rest[0] ?? "local", Number(rest[1] ?? 0)) : serveSio();
  if (mode === "client") {
    const [port, n, first, speakers, sampleAll] = rest.map(Number) as [number, number, number, number, number];
    return clientProcess(kind as Kind, port, n, first, speakers, sampleAll === 1);
  }
  // A realtime process holds a file per viewer: past the open-file limit it stops accepting, and the viewers
  // would wait for answers that never come.
  const fileLimit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
  if (Math.ceil(VIEWERS / PROCESSES) + 200 > fileLimit) {
    console.error(`bench-live: ${Math.ceil(VIEWERS / PROCESSES)} viewers a realtime process need more open files than this shell allows (${fileLimit}); raise \`ulimit -n\` or set BENCH_PROCESSES`);
    process.exit(1);
  }
  console.log(
    `bench-live: ${VIEWERS} viewers in one room, ${RATE} comments/s from ${SPEAKERS} speakers for ${SECONDS} s; ${CLIENTS} receiving client processes (+1 for the speakers${QUIET ? `, +1 quiet reader of ${SAMPLED_PER_CLIENT} viewers a realtime process` : ""}) on ${availableParallelism()} cores, ${SAMPLED_PER_CLIENT} sampled viewers per receiving process`,
  );
  const results: Partial<Record<Kind, Awaited<ReturnType<typeof scenario>>>> = {};
  for (const kind of KINDS) {
    results[kind] = await scenario(kind);
    console.log(line(results[kind]!));
  }
  const { uws, sio } = results;
  if (uws && sio) {
    console.log("ratio (Socket.IO / uWebSockets.js):");
    const perCpu = (r: typeof uws) => r.received / Math.max(1e-6, r.serverCpu * SECONDS);
    console.log(`  delivered comments per CPU-second: uWebSockets.js ×${(perCpu(uws) / Math.max(1e-6, perCpu(sio))).toFixed(1)} of Socket.IO`);
    console.log(`  p50 latency ×${(sio.p50 / uws.p50).toFixed(2)}, p99 latency ×${(sio.p99 / uws.p99).toFixed(2)}, memory per connection ×${(sio.memPerConnKB / uws.memPerConnKB).toFixed(2)}, server CPU ×${(sio.serverCpu / uws.serverCpu).toFixed(2)}, not received ${sio.dropped} vs ${uws.dropped}, cut off ${sio.cutOff} vs ${uws.cutOff}`);
  }
  process.exit(0);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
