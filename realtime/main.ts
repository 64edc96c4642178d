// The realtime process: `npx tsx realtime/main.ts`. It holds sockets and topics; data stays with the app.
import { parseEnv } from "@base/env.server";
import { createBus } from "./bus";
import { startRealtime } from "./server";
import { nativeUws } from "./uws";

let env;
try {
  env = parseEnv();
  // Without the shared token the app cannot tell this process from a stranger.
  if (!env.SERVICE_TOKEN) throw new Error("Invalid environment:\n  SERVICE_TOKEN: required by the realtime process (the same value as the web server's)");
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

const bus = createBus(env.REDIS_URL);
const server = await startRealtime({
  port: env.REALTIME_PORT,
  appUrl: `http://127.0.0.1:${env.PORT}`,
  serviceToken: env.SERVICE_TOKEN,
  bus,
  batchMs: env.REALTIME_BATCH_MS,
  // Behind a proxy that rewrites Host, the public site's origin is still this site's.
  allowedOrigins: env.PUBLIC_URL ? [env.PUBLIC_URL] : [],
}).catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});

console.log(`realtime: ws://127.0.0.1:${server.port}/api/elearning/ws/{userId}`);
console.log(`realtime: uWebSockets.js ${nativeUws ? "native" : "JavaScript fallback (slow)"}, bus ${env.REDIS_URL ? "redis" : "in-process"}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  await bus.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
