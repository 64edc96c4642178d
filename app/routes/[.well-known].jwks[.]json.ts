import { getDb } from "@db/index.server";
import { serveJwks } from "@trpc-app/cert/files";

// GET /.well-known/jwks.json: the keys that verify the platform's certificate credentials.
export async function loader() {
  return serveJwks(await getDb());
}
