// `npm start`: install what is missing, migrate and seed, build, start web and realtime, print where.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureAptPackages, ensureBuild, ensureDependencies, hasCommand, run, startChild, waitForHttp } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
// Demo videos and live streams are made with ffmpeg at seed time; without it the seed skips them. The
// seed draws Chinese banner titles with Noto CJK: without the font it stores plain pictures instead.
const cjkFont = () => existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc");
ensureAptPackages(["ffmpeg", "fonts-noto-cjk"], () => hasCommand("ffmpeg") && cjkFont(), { required: false });
const withFfmpeg = hasCommand("ffmpeg");

const env = {
  PORT: process.env.PORT || "3000",
  REALTIME_PORT: process.env.REALTIME_PORT || "3001",
  RTMP_PORT: process.env.RTMP_PORT || "1935",
  DATA_DIR: process.env.DATA_DIR || "./data",
};
// The processes share one service token, which also signs live push keys. Outside production it is made
// once and kept in the data folder, so push addresses handed out before a restart keep working.
if (!process.env.SERVICE_TOKEN) {
  if (process.env.NODE_ENV === "production") {
    console.error("SERVICE_TOKEN must be set when NODE_ENV=production");
    process.exit(1);
  }
  const tokenFile = join(env.DATA_DIR, "dev-service-token");
  if (!existsSync(tokenFile)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(tokenFile, randomBytes(24).toString("hex"), { mode: 0o600 });
  }
  env.SERVICE_TOKEN = readFileSync(tokenFile, "utf8").trim();
}

run("npx", ["tsx", "scripts/setup-db.ts"], { env });
ensureBuild("build");

// The web processes' young generation (webNodeFlags in base/env.server.ts; the cluster primary passes it on).
const semiSpace = /^\d+$/.test(env.WEB_SEMI_SPACE_MB ?? "") ? Number(env.WEB_SEMI_SPACE_MB) : 64;
const web = startChild("web", process.execPath, [...(semiSpace ? [`--max-semi-space-size=${semiSpace}`] : []), "server.mjs"], env);
const realtime = startChild("realtime", process.execPath, ["--import", "tsx", "realtime/main.ts"], env);
// The RTMP ingest remuxes with ffmpeg: without it encoders have nowhere to push.
const ingest = withFfmpeg ? startChild("ingest", process.execPath, ["--import", "tsx", "realtime/ingest/main.ts"], env) : null;
const children = [web, realtime, ingest].filter(Boolean);

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
  live ingest    ${ingest ? `${process.env.RTMP_PUBLIC_URL || `rtmp://127.0.0.1:${env.RTMP_PORT}/live`}/{roomId}?key=… (back office: 推流地址)` : "off (ffmpeg is not installed)"}
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
