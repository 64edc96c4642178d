// The server the browser tests talk to: a fresh data folder, seeded, on ports of its own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
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
  NEWCOMER_TASK_SECONDS: "5",
};
rmSync(env.DATA_DIR, { recursive: true, force: true });
// E2E_DB=postgres: a fresh database on the local PostgreSQL instead of the embedded one.
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const pgName = `cy_e2e_${port}`;
if (process.env.E2E_DB === "postgres") {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${pgName} with (force)`);
  await admin.unsafe(`create database ${pgName}`);
  await admin.end();
  env.DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${pgName}`);
}
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
