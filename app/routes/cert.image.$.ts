import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "@db/index.server";
import { serveCertFile } from "@trpc-app/cert/files";

// GET /cert/image/<credentialId>.png|.pdf[?download]: a certificate's image or PDF.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return serveCertFile(await getDb(), request, params["*"] ?? "");
}
