// `npm start`: install what is missing, migrate and seed, build, start web and realtime, print where.
import { randomBytes } from "node:crypto";
import { ensureAptPackages, ensureBuild, ensureDependencies, hasCommand, run, startChild, waitForHttp } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
// Demo videos and live streams are made with ffmpeg at seed time; without it the seed skips them.
ensureAptPackages(["ffmpeg"], () => hasCommand("ffmpeg"), { required: false });

const env = {
  PORT: process.env.PORT || "3000",
  REALTIME_PORT: process.env.REALTIME_PORT || "3001",
  DATA_DIR: process.env.DATA_DIR || "./data",
};
// The two processes share one service token; outside production a fresh one per start is enough.
if (!process.env.SERVICE_TOKEN) {
  if (process.env.NODE_ENV === "production") {
    console.error("SERVICE_TOKEN must be set when NODE_ENV=production");
    process.exit(1);
  }
  env.SERVICE_TOKEN = randomBytes(24).toString("hex");
}

run("npx", ["tsx", "scripts/setup-db.ts"], { env });
ensureBuild("build");

const web = startChild("web", process.execPath, ["server.mjs"], env);
const realtime = startChild("realtime", process.execPath, ["--import", "tsx", "realtime/main.ts"], env);
const children = [web, realtime];

function stop(code = 0) {
  for (const c of children) {
    c.stopping = true;
    c.kill("SIGTERM");
  }
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on("exit", r))))).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const c of children) c.on("exit", () => stop(1));

const base = `http://127.0.0.1:${env.PORT}`;
if (await waitForHttp(`${base}/api/elearning/caiyun/front/user/getUserInfo`)) {
  console.log(`
财云学院 is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  learner site   ${base}/
  back office    ${base}/admin
  legacy API     ${base}/api/elearning/…
  realtime       ws://127.0.0.1:${env.REALTIME_PORT}/api/elearning/ws/{userId} (also through the web port)
  database       ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.DATA_DIR}/pglite`}
  SMS outbox     ${env.DATA_DIR}/sms-outbox.jsonl (development sender)

Demo accounts
  learner  demo_learner / Demo@2026learn  (phone 13800000001)
  admin    demo_admin   / Demo@2026admin  (phone 13800000002)
Press Ctrl+C to stop.`);
} else {
  console.error("the web server did not answer within 30 s");
  stop(1);
}
