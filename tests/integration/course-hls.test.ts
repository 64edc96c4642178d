import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { studyHlsUrl } from "@trpc-app/course/view";
import { uploadsRoot } from "@trpc-app/upload/config";
import { storagePath } from "@trpc-app/upload/file-ref";
import { loader as hlsFile } from "~/routes/course.hls.$";

// A course video converted to HLS plays through one signed playlist link (course/view.ts hands it to a
// learner who may study the course): the playlist answers with the files it names in its own folder
// signed until its own expiry; the folder's files open with no other link.

const ORIGIN = "http://127.0.0.1:3000";
const SEGMENT = Buffer.alloc(4096, 3);

async function get(address: string) {
  const url = new URL(address, ORIGIN);
  const rest = decodeURIComponent(url.pathname.replace(/^\/course\/hls\//, ""));
  const res = await hlsFile({ request: new Request(url), params: { "*": rest }, context: {} });
  return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), body: Buffer.from(await res.arrayBuffer()) };
}
const urisOf = (playlist: string) => [...playlist.split("\n").filter((l) => l.trim() && !l.startsWith("#")), ...[...playlist.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]!)];
const signed = (path: string) => new RegExp(`^${path.replace(/[.]/g, "\\.")}\\?exp=\\d+&sig=[\\w-]+$`);

describe("course video: HLS through signed links", () => {
  it("the signed playlist signs its segments (and a key's URI) until its own expiry; unsigned, tampered and outside files are refused", async () => {
    const folder = `7/course-video/20261128/hls-${Date.now()}`;
    const dir = join(uploadsRoot(), folder);
    mkdirSync(join(dir, "720p"), { recursive: true });
    writeFileSync(
      join(dir, "index.m3u8"),
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-KEY:METHOD=NONE\n#EXT-X-MAP:URI="init.ts"\n#EXTINF:4.0,\nseg0.ts\n#EXTINF:4.0,\n720p/seg1.ts\n#EXTINF:4.0,\n../secret/seg9.ts\n#EXTINF:4.0,\nhttps://cdn.example.cn/seg2.ts\n#EXT-X-ENDLIST\n',
    );
    for (const f of ["init.ts", "seg0.ts", join("720p", "seg1.ts")]) writeFileSync(join(dir, f), SEGMENT);

    const link = studyHlsUrl(storagePath(`${folder}/index.m3u8`), 600);
    expect(link).toMatch(signed(`/course/hls/${folder}/index.m3u8`));
    const exp = new URL(link, ORIGIN).searchParams.get("exp");

    // The folder's files open with no other link.
    for (const f of ["index.m3u8", "seg0.ts"]) expect((await get(`/course/hls/${folder}/${f}`)).status).toBe(403);
    expect((await get(link.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`))).status).toBe(403);
    expect((await get(link.replace("index.m3u8", "seg0.ts"))).status).toBe(403);

    const playlist = await get(link);
    expect(playlist).toMatchObject({ status: 200, type: "application/vnd.apple.mpegurl", cache: "private, max-age=300" });
    const uris = urisOf(playlist.body.toString("utf8"));
    expect(uris).toEqual([
      expect.stringMatching(signed(`/course/hls/${folder}/seg0.ts`)),
      expect.stringMatching(signed(`/course/hls/${folder}/720p/seg1.ts`)),
      "../secret/seg9.ts",
      "https://cdn.example.cn/seg2.ts",
      expect.stringMatching(signed(`/course/hls/${folder}/init.ts`)),
    ]);
    for (const u of [uris[0]!, uris[1]!, uris[4]!]) {
      expect(u).toContain(`exp=${exp}&`);
      const seg = await get(u);
      expect(seg).toMatchObject({ status: 200, type: "video/mp2t", cache: "private, max-age=3600" });
      expect(seg.body.equals(SEGMENT)).toBe(true);
    }
    // A segment's signature opens that segment only; a missing file is 404 with a good link.
    expect((await get(uris[0]!.replace("seg0.ts", "init.ts"))).status).toBe(403);
    const gone = studyHlsUrl(storagePath(`${folder}/missing.m3u8`), 0);
    expect((await get(gone)).status).toBe(404);
    // Only playlists and segments are served here.
    writeFileSync(join(dir, "notes.txt"), "x");
    expect((await get(studyHlsUrl(storagePath(`${folder}/notes.txt`), 0))).status).toBe(404);
  });
});
