import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { lives, liveSeats } from "@db/schema";
import { liveHlsDir } from "@trpc-app/live/hls.service";
import { signFileUrl } from "@trpc-app/upload/signing";
import { loader as hlsFile } from "~/routes/live.hls.$";
import { topics } from "../../realtime/topics";
import { createLive } from "../factories/live";
import { addMembership, createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

// A live's HLS files (what the built-in ingest writes under /live/hls/<roomId>/, replays and subtitles
// beside them) are served like course video: only through signed links, which live.info hands to
// whoever may watch; the playlist comes back with its segments and sub-playlists signed.

// What the app publishes to the rooms, as a realtime process would receive it.
const published = useRealtimeStub();
/** The newest frame of a type published to a live's room, once it has arrived. */
const newest = (liveId: number, type: string) =>
  vi.waitFor(() => {
    const frame = published.filter((f) => f.topic === topics.live(liveId) && f.message.type === type).at(-1);
    expect(frame, `a ${type} frame`).toBeTruthy();
    return frame!.message.data as Record<string, string>;
  });

const ORIGIN = "http://127.0.0.1:3000";
const SEGMENT = Buffer.alloc(2048, 7);
const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n各位学员大家好\n";

/** A room folder as the ingest leaves it, with a replay, a two-rendition master playlist and subtitles. */
function writeRoom(roomId: string) {
  const dir = join(liveHlsDir(), roomId);
  mkdirSync(join(dir, "720p"), { recursive: true });
  writeFileSync(join(dir, "index.m3u8"), "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:4\n#EXTINF:2.0,\nm1-4.ts\n#EXTINF:2.0,\nm1-5.ts\n");
  writeFileSync(join(dir, "replay.m3u8"), "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2.0,\nm1-4.ts\n#EXT-X-ENDLIST\n");
  writeFileSync(join(dir, "master.m3u8"), '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文",URI="subs.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1280000,SUBTITLES="subs"\n720p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=640000\nhttps://cdn.example.cn/live/low.m3u8\n');
  writeFileSync(join(dir, "720p", "index.m3u8"), "#EXTM3U\n#EXTINF:2.0,\nhd-1.ts\n");
  for (const f of ["m1-4.ts", "m1-5.ts", join("720p", "hd-1.ts")]) writeFileSync(join(dir, f), SEGMENT);
  writeFileSync(join(dir, "subtitles.vtt"), VTT);
}

/** GET of an address on this site, as the browser's player sends it to the /live/hls/* route. */
async function get(address: string) {
  const url = new URL(address, ORIGIN);
  const rest = decodeURIComponent(url.pathname.replace(/^\/live\/hls\//, ""));
  const res = await hlsFile({ request: new Request(url), params: { "*": rest }, context: {} });
  return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
}
/** The URIs a playlist names: its non-comment lines and the URI="…" of its tags. */
const urisOf = (playlist: string) => [...playlist.split("\n").filter((l) => l.trim() && !l.startsWith("#")), ...[...playlist.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]!)];
const signed = (path: string) => new RegExp(`^${path.replace(/[.]/g, "\\.")}\\?exp=\\d+&sig=[\\w-]+$`);

const stream = (roomId: string) => ({ m3u8PlayUrl: `/live/hls/${roomId}/index.m3u8`, playbackUrl: `/live/hls/${roomId}/replay.m3u8`, subtitleUrl: `/live/hls/${roomId}/subtitles.vtt` });

/** The live's addresses as the back office stores them: the push address with its origin, replay and subtitles by path. */
async function storeAddresses(db: Db, live: { id: number; roomId: string }) {
  const own = stream(live.roomId);
  await db.update(lives).set({ ...own, m3u8PlayUrl: `${ORIGIN}${own.m3u8PlayUrl}` }).where(eq(lives.id, live.id));
  writeRoom(live.roomId);
  return own;
}

describeEachDb("live: HLS files only through signed links", (getDb) => {
  it("an unsigned, tampered, expired or other file's link is refused 403; the signed playlist answers with signed segments that play", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1 });
    writeRoom(live.roomId);
    const room = `/live/hls/${live.roomId}`;

    // Knowing the room id (public in every list and page) no longer opens its files.
    for (const f of ["index.m3u8", "replay.m3u8", "m1-4.ts", "subtitles.vtt", "720p/index.m3u8"]) expect((await get(`${room}/${f}`)).status).toBe(403);

    const exp = Math.floor(Date.now() / 1000) + 3600;
    const link = signFileUrl(`live/${live.roomId}/index.m3u8`, exp).replace("/storage/file/live/", "/live/hls/");
    const tampered = link.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    const expired = signFileUrl(`live/${live.roomId}/index.m3u8`, exp - 7200).replace("/storage/file/live/", "/live/hls/");
    const otherFile = link.replace("index.m3u8", "replay.m3u8");
    const longer = link.replace(`exp=${exp}`, `exp=${exp + 86400}`);
    for (const bad of [tampered, expired, otherFile, longer]) expect((await get(bad)).status).toBe(403);
    const climbing = await hlsFile({ request: new Request(`${ORIGIN}${link}`), params: { "*": `${live.roomId}/../../secret.m3u8` }, context: {} });
    expect(climbing.status).toBe(404);

    const playlist = await get(link);
    expect(playlist).toMatchObject({ status: 200, type: "application/vnd.apple.mpegurl" });
    const text = playlist.body.toString("utf8");
    expect(text).toContain("#EXT-X-MEDIA-SEQUENCE:4");
    const segments = urisOf(text);
    expect(segments).toEqual([expect.stringMatching(signed(`${room}/m1-4.ts`)), expect.stringMatching(signed(`${room}/m1-5.ts`))]);
    // Segments are signed until the playlist's own expiry, as course video is.
    expect(segments[0]).toContain(`exp=${exp}&`);
    const segment = await get(segments[0]!);
    expect(segment).toMatchObject({ status: 200, type: "video/mp2t" });
    expect(segment.body.equals(SEGMENT)).toBe(true);
    // A segment's signature is its own: it opens no other file.
    expect((await get(segments[0]!.replace("m1-4.ts", "m1-5.ts"))).status).toBe(403);
  });

  it("a master playlist signs its renditions and subtitle playlist, and leaves addresses elsewhere alone", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1 });
    writeRoom(live.roomId);
    const room = `/live/hls/${live.roomId}`;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const master = await get(signFileUrl(`live/${live.roomId}/master.m3u8`, exp).replace("/storage/file/live/", "/live/hls/"));
    expect(master.status).toBe(200);
    const uris = urisOf(master.body.toString("utf8"));
    expect(uris).toEqual([expect.stringMatching(signed(`${room}/720p/index.m3u8`)), "https://cdn.example.cn/live/low.m3u8", expect.stringMatching(signed(`${room}/subs.m3u8`))]);
    const rendition = await get(uris[0]!);
    expect(rendition.status).toBe(200);
    const [hd] = urisOf(rendition.body.toString("utf8"));
    expect(hd).toMatch(signed(`${room}/720p/hd-1.ts`));
    expect((await get(hd!)).body.equals(SEGMENT)).toBe(true);
  });

  it("live.info gives a viewer who may watch signed addresses that play, for a visitor of an open live, a member, a buyer and an admin previewing", async () => {
    const db = getDb();
    const tag = await createTag(db, "政府采购从业人员");
    const open = await createLive(db, { liveStatus: 1 });
    const ranged = await createLive(db, { liveStatus: 2, isPlayback: 1, openRange: [{ kind: "tag", target: String(tag.id) }] });
    const sold = await createLive(db, { liveStatus: 1, price: 4_900 });
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    const buyerRow = await createUser(db, { nick: "刘洋" });
    await db.insert(liveSeats).values({ liveId: sold.id, userId: buyerRow.id });
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);

    const cases = [
      [open, testClient(db)],
      [ranged, await signedInClient(db, memberRow.id)],
      [sold, await signedInClient(db, buyerRow.id)],
      [sold, admin],
    ] as const;
    for (const [row, client] of cases) {
      await storeAddresses(db, row);
      const info = await client.call((c) => c.live.info({ liveId: row.id }));
      const room = `/live/hls/${row.roomId}`;
      // The push address's origin stays; the path gets its signature.
      expect(info.m3u8PlayURL).toMatch(signed(`${ORIGIN}${room}/index.m3u8`));
      expect(info.playbackUrl).toMatch(signed(`${room}/replay.m3u8`));
      expect(info.subtitleUrl).toMatch(signed(`${room}/subtitles.vtt`));
      const live = await get(info.m3u8PlayURL);
      expect(live.status).toBe(200);
      expect((await get(urisOf(live.body.toString("utf8"))[1]!)).status).toBe(200);
      const replay = await get(info.playbackUrl);
      expect((await get(urisOf(replay.body.toString("utf8"))[0]!)).body.equals(SEGMENT)).toBe(true);
      expect(await get(info.subtitleUrl)).toMatchObject({ status: 200, type: "text/vtt; charset=utf-8", body: Buffer.from(VTT) });
    }
  });

  it("the back office keeps the stored addresses to edit; a pull address elsewhere is handed out as stored; the room's frames carry signed addresses", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const live = await createLive(db, { liveStatus: 1 });
    const own = await storeAddresses(db, live);
    await admin.call((c) => c.live.admin.saveSubtitleConfig({ id: live.id, isOpenSubtitle: 1, subtitleUrl: own.subtitleUrl }));
    await admin.call((c) => c.live.admin.savePlaybackConfig({ id: live.id, isPlayback: 1, playbackUrl: own.playbackUrl }));
    // The editor saves back what it shows: the stored address, never a link that expires.
    expect(await admin.call((c) => c.live.admin.detail({ id: live.id }))).toMatchObject({ playbackUrl: own.playbackUrl, subtitleUrl: own.subtitleUrl });
    expect(await admin.call((c) => c.live.admin.playbackConfig({ id: live.id }))).toMatchObject({ playbackUrl: own.playbackUrl });
    expect(await admin.call((c) => c.live.admin.subtitleConfig({ id: live.id }))).toMatchObject({ subtitleUrl: own.subtitleUrl });
    const listed = (await admin.call((c) => c.live.admin.page({ keyword: live.name, pageSize: 50 } as never))).list.find((l) => l.id === live.id);
    expect(listed).toMatchObject({ playbackUrl: own.playbackUrl, subtitleUrl: own.subtitleUrl });

    // The subtitle switch tells the room the file's address signed, so the viewers' players can load it.
    const subtitle = await newest(live.id, "subtitle");
    expect(subtitle.subtitleUrl).toMatch(signed(own.subtitleUrl));
    expect((await get(subtitle.subtitleUrl!)).status).toBe(200);
    await admin.call((c) => c.live.admin.operate({ id: live.id, action: "stop" }));
    const stop = await newest(live.id, "live_stop");
    expect(stop.playbackUrl).toMatch(signed(own.playbackUrl));

    const cdn = "https://pull.cdn.example.cn/live/abc.m3u8?auth_key=1767225600-0-0-3f2a";
    const pulled = await createLive(db, { liveStatus: 1, m3u8PlayUrl: cdn });
    expect((await testClient(db).call((c) => c.live.info({ liveId: pulled.id }))).m3u8PlayURL).toBe(cdn);
  });
});
