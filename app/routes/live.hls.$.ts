import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveLiveHls } from "@trpc-app/live/hls.service";

// GET /live/hls/<folder>/<file>: the demo stream and replays stored under DATA_DIR/uploads/live.
export async function loader({ params }: LoaderFunctionArgs) {
  return serveLiveHls(params["*"] ?? "");
}
