// The RTMP ingest process: `npx tsx realtime/ingest/main.ts`. Encoders push here; learners watch HLS.
import { resolve } from "node:path";
import { parseEnv } from "@base/env.server";
import { createIngestAppClient, isAppRefusal } from "./app-client";
import { startIngest } from "./server";

let env;
try {
  env = parseEnv();
  if (!env.SERVICE_TOKEN) throw new Error("Invalid environment:\n  SERVICE_TOKEN: required by the ingest process (the same value as the web server's)");
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

const hlsDir = resolve(env.DATA_DIR, "uploads", "live");
const server = await startIngest({
  port: env.RTMP_PORT,
  hlsDir,
  secret: env.SERVICE_TOKEN,
  app: createIngestAppClient(`http://127.0.0.1:${env.PORT}`, env.SERVICE_TOKEN),
  isRefusal: isAppRefusal,
}).catch((e: Error) => {
  console.error(`ingest: ${e.message}`);
  process.exit(1);
});

console.log(`ingest: rtmp://127.0.0.1:${server.port}/live/{roomId}?key=… -> HLS in ${hlsDir}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
