import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { lives } from "@db/schema";
import { liveHlsDir, playableLiveUrl, serveLiveHls } from "@trpc-app/live/hls.service";
import { signPushKey } from "@trpc-app/live/push-key";
import { startIngest, type IngestServer } from "../../realtime/ingest/server";
import { topics } from "../../realtime/topics";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

// The RTMP ingest with the app's real procedures: an ffmpeg test pattern pushed with the key of the
// push address becomes HLS where the web server serves it, and the room follows the stream.

// What the app publishes to the rooms, as a realtime process would receive it.
const published = useRealtimeStub();
/** Until the room has been told this. */
const told = (liveId: number, message: object) => vi.waitFor(() => expect(published).toContainEqual({ topic: topics.live(liveId), message: expect.objectContaining(message) }));

const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
if (!hasFfmpeg) console.warn("live-ingest: ffmpeg is not installed (apt-get install ffmpeg), the ingest tests are skipped");

/** Pushes a test pattern with a tone; resolves with ffmpeg's exit code. */
function push(url: string, seconds: number): Promise<number | null> {
  const args = ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k", "-f", "flv", url];
  return new Promise((resolve) => spawn("ffmpeg", args, { stdio: "ignore" }).on("exit", (code) => resolve(code)));
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const segmentsIn = (playlist: string) => playlist.split("\n").filter((l) => l.endsWith(".ts"));

/** A GET of the web server's /live/hls/* route at this address. */
function served(address: string) {
  const url = new URL(address, "http://127.0.0.1:3000");
  return serveLiveHls(new Request(url), decodeURIComponent(url.pathname.replace(/^\/live\/hls\//, "")));
}

describe.skipIf(!hasFfmpeg)("live ingest", () => {
  describeEachDb("live ingest", (getDb) => {
    let ingest: IngestServer;
    const logs: string[] = [];
    const row = async (db: Db, id: number) => (await db.select().from(lives).where(eq(lives.id, id)))[0]!;

    beforeAll(async () => {
      const service = testClient(getDb(), { headers: { authorization: `Bearer ${process.env.SERVICE_TOKEN}` } });
      ingest = await startIngest({
        port: 0,
        hlsDir: liveHlsDir(),
        secret: process.env.SERVICE_TOKEN!,
        hlsSeconds: 1,
        app: { stream: (i) => service.call((c) => c.live.service.stream(i)), reset: () => service.call((c) => c.live.service.streamReset()) },
        isRefusal: () => true,
        log: (l) => logs.push(l),
      });
      // Port 0 means a free port of the system's choosing, never the default 1935 that `npm start` may hold.
      expect(ingest.port).not.toBe(1935);
    });
    afterAll(() => ingest?.close());

    async function liveWithKey(db: Db) {
      const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
      const live = await createLive(db, { liveStatus: 1 });
      const push = await admin.call((c) => c.live.admin.pushUrl({ id: live.id }));
      expect(push.fullPushUrl).toBe(`rtmp://127.0.0.1:1935/live/${push.streamKey}`);
      expect(push.m3u8PlayURL).toBe(`http://127.0.0.1:3000/live/hls/${live.roomId}/index.m3u8`);
      return { live, admin, push, url: `rtmp://127.0.0.1:${ingest.port}/live/${push.streamKey}` };
    }

    it("turns a pushed stream into HLS, marks the live streaming, pauses on a drop and resumes", async () => {
      const db = getDb();
      published.splice(0);
      const { live, url } = await liveWithKey(db);
      const pushing = push(url, 5);

      const playlist = join(liveHlsDir(), live.roomId, "index.m3u8");
      await until("a playlist with segments", () => existsSync(playlist) && segmentsIn(readFileSync(playlist, "utf8")).length >= 1);
      expect((await row(db, live.id)).streamStatus).toBe(1);
      expect(ingest.streams()).toEqual([live.roomId]);
      // The web server's HLS route serves what the ingest writes, through the signed link a viewer gets
      // (the push address's origin kept), its segments signed in the playlist.
      const link = playableLiveUrl((await row(db, live.id)).m3u8PlayUrl);
      expect((await served(link.split("?")[0]!)).status).toBe(403);
      const signedPlaylist = await served(link);
      expect(signedPlaylist.status).toBe(200);
      const first = (await signedPlaylist.text()).split("\n").find((l) => /\.ts\?exp=\d+&sig=/.test(l))!;
      const segment = await served(first);
      expect(segment.headers.get("content-type")).toBe("video/mp2t");
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      expect(await pushing).toBe(0);
      // The encoder went away during the live: the room is paused, and told so.
      await until("the pause", async () => (await row(db, live.id)).streamStatus === 2);
      expect(await row(db, live.id)).toMatchObject({ liveStatus: 1, isPause: 1, streamStatus: 2 });
      await told(live.id, { type: "pause", data: { isPause: 1 } });
      expect(ingest.streams()).toEqual([]);
      const before = segmentsIn(readFileSync(playlist, "utf8")).length;
      expect(before).toBeGreaterThanOrEqual(3);

      // The host is back: the room resumes and the playlist goes on after a discontinuity.
      published.splice(0);
      const again = push(url, 2);
      await until("the resume", async () => (await row(db, live.id)).isPause === 0);
      expect((await row(db, live.id)).streamStatus).toBe(1);
      await told(live.id, { type: "pause", data: { isPause: 0 } });
      expect(await again).toBe(0);
      await until("the second pause", async () => (await row(db, live.id)).streamStatus === 2);
      const text = readFileSync(playlist, "utf8");
      expect(text).toContain("#EXT-X-DISCONTINUITY");
      expect(text).not.toContain("#EXT-X-ENDLIST");
    });

    it("refuses a wrong, an expired and a replaced key", async () => {
      const db = getDb();
      const { live, admin, push: first, url } = await liveWithKey(db);
      const key = first.streamKey.split("?key=")[1]!;
      const base = `rtmp://127.0.0.1:${ingest.port}/live/${live.roomId}?key=`;
      const nonce = key.split(".")[0]!;
      logs.length = 0;

      const wrong = `${key.slice(0, -4)}${key.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
      const expired = signPushKey(process.env.SERVICE_TOKEN!, live.roomId, nonce, Date.now() - 1000);
      const otherRoom = signPushKey(process.env.SERVICE_TOKEN!, "0123456789ab", nonce, Date.now() + 3600e3);
      expect(await push(`${base}${wrong}`, 2)).not.toBe(0);
      expect(await push(`${base}${expired}`, 2)).not.toBe(0);
      expect(await push(`${base}${otherRoom}`, 2)).not.toBe(0);
      // The log is the ingest's, shared with the test before: only this room's lines are this test's.
      const mine = () => logs.filter((l) => l.includes(live.roomId));
      expect(mine()).toEqual([`refused a publish to /live/${live.roomId} (wrong key)`, `refused a publish to /live/${live.roomId} (expired key)`, `refused a publish to /live/${live.roomId} (wrong key)`]);

      // A new push address retires the old key: well signed, but the app no longer knows it.
      await admin.call((c) => c.live.admin.pushUrl({ id: live.id }));
      expect(await push(url, 2)).not.toBe(0);
      expect(mine().at(-1)).toMatch(/refused stream start \(推流密钥无效或已过期\)/);

      expect(await row(db, live.id)).toMatchObject({ streamStatus: 0, isPause: 0 });
      expect(existsSync(join(liveHlsDir(), live.roomId)) ? readdirSync(join(liveHlsDir(), live.roomId)) : []).toEqual([]);
    });
  });
});
