import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { verifyPushKey } from "../../trpc/live/push-key";

// RTMP ingest: encoders publish to rtmp://host:RTMP_PORT/live/<roomId>?key=<signed key>. The RTMP
// protocol is node-media-server's (RTMP only: no HTTP, no relay, no transcoding of its own). A key is
// checked here before the publish is accepted (signature, expiry), then by the app (the live's current
// key, not ended); an accepted stream is remuxed by one Debian ffmpeg per stream into HLS under
// hlsDir/<roomId>/, which the web server serves at /live/hls/<roomId>/index.m3u8.

export interface StreamState {
  liveId: number;
  liveStatus: number;
  isPause: number;
  streamStatus: number;
}

/** What the ingest asks of the app; tests plug in the procedures directly. */
export interface IngestApp {
  stream(input: { roomId: string; key: string; event: "start" | "stop" }): Promise<StreamState>;
  reset(): Promise<unknown>;
}

export interface IngestOptions {
  port: number;
  hlsDir: string;
  /** Signs the stream keys; the same value as the app's service token. */
  secret: string;
  app: IngestApp;
  ffmpeg?: string;
  /** Target segment length; actual segments cut at the encoder's keyframes. */
  hlsSeconds?: number;
  /** True when an app error is a refusal (bad key, ended live) rather than an outage. */
  isRefusal?: (error: unknown) => boolean;
  log?: (line: string) => void;
}

export interface IngestServer {
  port: number;
  /** Room ids with an accepted stream. */
  streams(): string[];
  close(): Promise<void>;
}

interface Publish {
  sessionId: string;
  roomId: string;
  key: string;
  accepted: boolean;
  closed: boolean;
  ffmpeg?: ChildProcess;
  restarts: number[];
  started: Promise<void>;
}

// node-media-server 2.x ships no types; this is the part used here.
interface NmsSession {
  reject(): void;
  isLocal: boolean;
}
interface Nms {
  run(): void;
  stop(): void;
  on(event: string, listener: (id: string, path: string, args: Record<string, unknown>) => void): void;
  getSession(id: string): NmsSession | undefined;
  nrs?: { tcpServer: Server };
}

const ROOM_PATH = /^\/live\/([\w-]{1,32})$/;
const STALE_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startIngest(opts: IngestOptions): Promise<IngestServer> {
  const log = opts.log ?? ((line: string) => console.log(`ingest: ${line}`));
  const isRefusal = opts.isRefusal ?? (() => false);
  const ffmpeg = opts.ffmpeg ?? "ffmpeg";
  const hlsSeconds = opts.hlsSeconds ?? 2;
  // Only our own ffmpeg may play the RTMP stream back, whatever address a proxy makes it come from.
  const pullSecret = randomBytes(16).toString("hex");
  const publishes = new Map<string, Publish>();
  const pending = new Set<Promise<unknown>>();
  let closing = false;
  let port = opts.port;

  const { default: NodeMediaServer } = (await import("node-media-server" as string)) as { default: new (config: object) => Nms };
  // Its sessions and events live in one module-wide context: one ingest per process at a time.
  const { default: nmsContext } = (await import("node-media-server/src/node_core_ctx.js" as string)) as { default: { nodeEvent: import("node:events").EventEmitter } };
  if (nmsContext.nodeEvent.listenerCount("prePublish") > 0) throw new Error("an RTMP ingest already runs in this process");
  // node-media-server reads port 0 as "unset" and takes 1935: ask the system for a free port first.
  const rtmpPort = opts.port || (await freePort());
  const nms = new NodeMediaServer({ logType: 1, rtmp: { port: rtmpPort, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 } });

  /** Retries outages (app restarting) a few times; a refusal is final. */
  async function tell(p: Publish, event: "start" | "stop"): Promise<StreamState | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await opts.app.stream({ roomId: p.roomId, key: p.key, event });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (isRefusal(e) || attempt >= 4) {
          log(`${p.roomId}: the app ${isRefusal(e) ? "refused" : "did not take"} stream ${event} (${message})`);
          return null;
        }
        await sleep(500 * 2 ** attempt);
      }
    }
  }
  const track = <T>(work: Promise<T>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  };

  function runFfmpeg(p: Publish) {
    const dir = join(opts.hlsDir, p.roomId);
    const playlist = join(dir, "index.m3u8");
    // A playlist left from an earlier broadcast is not continued; a stream back after a drop is.
    try {
      if (Date.now() - statSync(playlist).mtimeMs > STALE_MS) for (const f of readdirSync(dir)) rmSync(join(dir, f), { force: true });
    } catch {}
    mkdirSync(dir, { recursive: true });
    const args = [
      "-hide_banner", "-loglevel", "error", "-nostdin",
      "-i", `rtmp://127.0.0.1:${port}/live/${p.roomId}?pull=${pullSecret}`,
      "-map", "0", "-c", "copy",
      "-f", "hls", "-hls_time", String(hlsSeconds), "-hls_list_size", "6",
      // Continue the playlist over a drop (with a discontinuity), never end it, keep the disk bounded.
      "-hls_flags", "delete_segments+append_list+omit_endlist+temp_file",
      "-hls_segment_filename", join(dir, `${Date.now().toString(36)}-%d.ts`),
      playlist,
    ];
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    p.ffmpeg = child;
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-400)));
    child.on("error", (e) => log(`${p.roomId}: ffmpeg could not start (${e.message})`));
    child.on("exit", (code, signal) => {
      if (p.ffmpeg === child) p.ffmpeg = undefined;
      if (p.closed || closing) return;
      // The publisher is still there: start again, at most 5 times a minute.
      const now = Date.now();
      p.restarts = p.restarts.filter((t) => now - t < 60_000).concat(now);
      log(`${p.roomId}: ffmpeg stopped (${signal ?? `exit ${code}`}) ${stderr.trim().split("\n").pop() ?? ""}`);
      if (p.restarts.length > 5) {
        log(`${p.roomId}: giving up on this stream`);
        nms.getSession(p.sessionId)?.reject();
        return;
      }
      setTimeout(() => !p.closed && !closing && runFfmpeg(p), 1000);
    });
  }

  nms.on("prePublish", (id, path, args) => {
    const session = nms.getSession(id);
    const room = ROOM_PATH.exec(path)?.[1];
    const key = typeof args.key === "string" ? args.key : "";
    const check = room ? verifyPushKey(opts.secret, room, key) : ({ ok: false, reason: "malformed" } as const);
    if (!room || !check.ok || closing) {
      log(`refused a publish to ${path} (${closing ? "shutting down" : check.ok ? "path" : check.reason === "expired" ? "expired key" : "wrong key"})`);
      session?.reject();
      return;
    }
    const p: Publish = { sessionId: id, roomId: room, key, accepted: false, closed: false, restarts: [], started: Promise.resolve() };
    publishes.set(id, p);
  });

  nms.on("postPublish", (id) => {
    const p = publishes.get(id);
    if (!p) return;
    p.started = track(
      (async () => {
        const state = await tell(p, "start");
        if (!state) {
          if (!p.closed) nms.getSession(id)?.reject();
          return;
        }
        p.accepted = true;
        log(`${p.roomId}: stream started (live ${state.liveId}${state.liveStatus === 1 ? (state.isPause ? ", paused" : ", on air") : state.liveStatus === 0 ? ", not started yet" : ""})`);
        if (p.closed) return void (await tell(p, "stop"));
        runFfmpeg(p);
      })(),
    );
  });

  nms.on("donePublish", (id) => {
    const p = publishes.get(id);
    if (!p) return;
    publishes.delete(id);
    p.closed = true;
    p.ffmpeg?.kill("SIGTERM");
    void track(
      p.started.then(async () => {
        if (!p.accepted) return;
        const state = await tell(p, "stop");
        log(`${p.roomId}: stream stopped${state?.streamStatus === 2 ? " during the live: room paused" : ""}`);
      }),
    );
  });

  // A publish node-media-server refused after our check (the room already has one) ends here.
  nms.on("doneConnect", (id) => void publishes.delete(id));

  // Nobody plays RTMP from outside: the HLS output is the only way to watch.
  nms.on("prePlay", (id, _path, args) => {
    if (args.pull !== pullSecret) nms.getSession(id)?.reject();
  });

  // node-media-server installs process-wide handlers (swallow every uncaught exception, exit on SIGINT);
  // this process keeps its own behaviour.
  const before = { ue: process.listeners("uncaughtException"), int: process.listeners("SIGINT") };
  nms.run();
  for (const l of process.listeners("uncaughtException")) if (!before.ue.includes(l)) process.off("uncaughtException", l);
  for (const l of process.listeners("SIGINT")) if (!before.int.includes(l)) process.off("SIGINT", l);

  const tcp = nms.nrs!.tcpServer;
  await new Promise<void>((resolve, reject) => {
    if (tcp.listening) return resolve();
    tcp.once("listening", resolve);
    tcp.once("error", (e) => reject(new Error(`RTMP ingest cannot listen on port ${opts.port}: ${e.message}`)));
  });
  port = (tcp.address() as { port: number }).port;

  // Lives a previous run left streaming are not streaming any more (retried while the app starts).
  void track(
    (async () => {
      for (let i = 0; i < 30 && !closing; i++) {
        try {
          return await opts.app.reset();
        } catch {
          await sleep(2000);
        }
      }
    })(),
  );

  return {
    port,
    streams: () => [...publishes.values()].filter((p) => p.accepted && !p.closed).map((p) => p.roomId),
    async close() {
      if (closing) return;
      closing = true;
      // Stopping the sessions fires donePublish: each accepted stream is reported stopped.
      nms.stop();
      const all = Promise.allSettled([...pending]);
      await Promise.race([all, sleep(5000)]);
      for (const event of ["prePublish", "postPublish", "donePublish", "doneConnect", "prePlay"]) nmsContext.nodeEvent.removeAllListeners(event);
    },
  };
}
