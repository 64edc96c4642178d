import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveLiveHls } from "@trpc-app/live/hls.service";

// GET /live/hls/<folder>/<file>?exp=&sig=: a live's stream, replay and subtitles under DATA_DIR/uploads/live,
// through the signed links live.info gives whoever may watch.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return serveLiveHls(request, params["*"] ?? "");
}
