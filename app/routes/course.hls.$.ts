import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveHls } from "@trpc-app/course/hls.service";

// GET /course/hls/<key>?exp=&sig=: a course video's HLS playlist (segments re-signed) or segment.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return serveHls(request, params["*"] ?? "");
}
