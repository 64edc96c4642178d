// Production web server: static assets, the Remix handler (pages, tRPC, legacy adapter),
// the websocket path forwarded to the realtime process, and a clean stop on SIGTERM.
import { connect } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(resolve(buildDir, "server/index.js")).href);
const { loadEnv, closeDb } = build.entry.module;
let env;
try {
  env = loadEnv();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(compression());
app.use("/assets", express.static(resolve(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(resolve(buildDir, "client"), { maxAge: "1h" }));

// State-changing requests from a browser must come from this site (cookies are SameSite=Lax too).
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const origin = req.get("origin");
  if (!origin) return next();
  let host;
  try {
    host = new URL(origin).host;
  } catch {
    host = "";
  }
  if (host && host === req.get("host")) return next();
  res.status(403).json({ code: 403, message: "请求来源不被允许", success: false, data: null });
});

app.all("*", createRequestHandler({ build, mode: env.NODE_ENV }));

const server = app.listen(env.PORT, () => {
  console.log(`web: http://127.0.0.1:${env.PORT}`);
});

// The legacy websocket address lives on the web host; the realtime process serves it.
server.on("upgrade", (req, socket, head) => {
  if (!req.url?.startsWith("/api/elearning/ws/") && !req.url?.startsWith("/ws/")) return socket.destroy();
  const upstream = connect(env.REALTIME_PORT, "127.0.0.1", () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    lines.push(`X-Forwarded-For: ${socket.remoteAddress ?? ""}`);
    upstream.write(lines.join("\r\n") + "\r\n\r\n");
    if (head?.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on("error", end);
  socket.on("error", end);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections?.();
  await closeDb().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
