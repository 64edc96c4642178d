import type { LoaderFunctionArgs } from "@remix-run/node";
import { serverCaller } from "~/lib/caller.server";

// GET /live/subtitles/{liveId}: the captions of a live as WebVTT, for the replay's subtitle track.
// A <track> element can only show a file or nothing, so a viewer who may not watch (captionsVtt refuses
// 281, 102 or 106) gets the same empty track as a live without captions: the answer does not even
// tell an outsider that the live has any.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { caller } = await serverCaller(request);
  const vtt = await caller.live.captionsVtt({ liveId: params.liveId as never }).catch(() => null);
  if (!vtt) return new Response("WEBVTT\n", { status: 404, headers: { "content-type": "text/vtt; charset=utf-8" } });
  return new Response(vtt, { headers: { "content-type": "text/vtt; charset=utf-8", "cache-control": "no-cache" } });
}
