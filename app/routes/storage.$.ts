import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleStorageFile, handleStorageUpload } from "@trpc-app/upload/store.service";

// The embedded storage host: POST /storage/upload, GET /storage/file/<key>?exp=&sig=.
export async function action({ request, params }: ActionFunctionArgs) {
  if (params["*"] !== "upload") return new Response("Not Found", { status: 404 });
  return handleStorageUpload(request);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const rest = params["*"] ?? "";
  if (!rest.startsWith("file/")) return new Response("Not Found", { status: 404 });
  return handleStorageFile(request, rest.slice("file/".length));
}
