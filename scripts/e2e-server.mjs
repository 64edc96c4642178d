// The server the browser tests talk to: a fresh data folder, seeded, on ports of its own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { root, run, startChild } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "3900";
const env = {
  NODE_ENV: "test",
  PORT: port,
  REALTIME_PORT: process.env.E2E_REALTIME_PORT ?? "3901",
  // A data folder per port: two runs side by side never share a database.
  DATA_DIR: join(root, ".tmp", `e2e-data-${port}`),
  DEV_CAPTCHA_CODE: "2026",
  SERVICE_TOKEN: "e2e-service-token-0123456789abcdef",
  BUILD_DIR: process.env.E2E_BUILD_DIR ?? "build-test",
  // The pre-check network test takes a minute in production; browser tests sample 3 times.
  EXAM_NETWORK_CHECK_SECONDS: "3",
};
rmSync(env.DATA_DIR, { recursive: true, force: true });
run("npx", ["tsx", "scripts/setup-db.ts"], { env });
const children = [
  startChild("web", process.execPath, ["server.mjs"], env),
  startChild("realtime", process.execPath, ["--import", "tsx", "realtime/main.ts"], env),
];
const stop = () => {
  setTimeout(() => rmSync(env.DATA_DIR, { recursive: true, force: true }), 1500).unref();
  for (const c of children) {
    c.stopping = true;
    c.kill("SIGTERM");
  }
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
