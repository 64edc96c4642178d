import { serveSignedHls, type HlsRoute } from "../upload/hls";

/** Course video converted to HLS: addresses are the stored keys under /course/hls/ (course/view.ts hands them out signed). */
const COURSE_HLS: HlsRoute = {
  route: "/course/hls/",
  folder: "",
  files: {
    m3u8: { type: "application/vnd.apple.mpegurl", cache: "private, max-age=300" },
    ts: { type: "video/mp2t", cache: "private, max-age=3600" },
  },
};

/** GET /course/hls/<key>?exp=&sig=: a stored HLS stream, its playlist signing the segments it names. */
export const serveHls = (request: Request, rawKey: string) => serveSignedHls(COURSE_HLS, request, rawKey);
