import type { LoaderFunctionArgs } from "@remix-run/node";
import { TRPCError } from "@trpc/server";
import { DATABASE_RETRY_SECONDS, DATABASE_UNAVAILABLE, LegacyCode, legacyCodeOf } from "@base/errors";
import { serverCaller } from "~/lib/caller.server";

const VTT = "text/vtt; charset=utf-8";

// GET /live/subtitles/{liveId}: the captions of a live as WebVTT, for the replay's subtitle track.
// A <track> element can only show a file or nothing, so a viewer who may not watch (captionsVtt refuses
// 281, 102 or 106) gets the same empty track as a live without captions: the answer does not even
// tell an outsider that the live has any. A fault of the server is not a refusal: the database out of
// reach is a retryable 503, anything else goes on as the server's error (logged, 500).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { caller } = await serverCaller(request);
  let vtt: string | null;
  try {
    vtt = await caller.live.captionsVtt({ liveId: params.liveId as never });
  } catch (e) {
    if (legacyCodeOf(e) === LegacyCode.unavailable)
      return new Response(DATABASE_UNAVAILABLE, { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(DATABASE_RETRY_SECONDS) } });
    if (!(e instanceof TRPCError) || e.code === "INTERNAL_SERVER_ERROR") throw e;
    vtt = null;
  }
  if (!vtt) return new Response("WEBVTT\n", { status: 404, headers: { "content-type": VTT } });
  return new Response(vtt, { headers: { "content-type": VTT, "cache-control": "no-cache" } });
}
