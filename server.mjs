// Production web server: the API mounts (legacy adapter, tRPC) answered directly, static assets, the
// Remix handler (pages), the websocket path forwarded to the realtime process, and a clean stop on SIGTERM.
// With several web processes (WEB_CONCURRENCY, PostgreSQL only) this file is also the cluster primary:
// it migrates once, forks the workers, restarts one that dies, and stops them all on SIGTERM.
import cluster from "node:cluster";
import { connect } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(resolve(buildDir, "server/index.js")).href);
const { host } = build.entry.module;
const { loadEnv, closeDb, migrateDb, webWorkers, webNodeFlags, API_PATH, handleApi, isTrpcPath } = host;
let env;
try {
  env = loadEnv();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const workers = webWorkers(env);
if (cluster.isPrimary && env.WEB_CONCURRENCY > 1 && workers === 1)
  console.warn(`WEB_CONCURRENCY=${env.WEB_CONCURRENCY} ignored: the embedded PGlite database lives in one process (set DATABASE_URL for several)`);

// ---------- cluster primary ----------

async function primary() {
  // Workers only connect: two of them migrating at once could race on the migrations table.
  try {
    await migrateDb();
  } catch (e) {
    console.error("database migration failed:", e);
    process.exit(1);
  }
  // Workers start with this process's node flags and the web tier's own (webNodeFlags: the young generation).
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...webNodeFlags(env)] });
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork({ WEB_CONCURRENCY: String(workers) });
    let up = false;
    worker.once("listening", () => {
      up = true;
      if (++listening === workers) console.log(`web: http://127.0.0.1:${env.PORT} (${workers} workers)`);
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      // One that never came up (port taken, bad build) would fail again: stop rather than loop.
      if (!up) {
        console.error(`web worker ${worker.process.pid} failed to start (${signal ?? `exit ${code}`})`);
        stop(1);
        return;
      }
      console.error(`web worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
      listening -= 1;
      setTimeout(fork, 500);
    });
  };
  for (let i = 0; i < workers; i++) fork();

  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    const all = Object.values(cluster.workers ?? {}).filter(Boolean);
    const exited = all.map((w) => new Promise((r) => (w.isDead() ? r() : w.once("exit", r))));
    for (const w of all) if (!w.isDead()) w.process.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const w of all) if (!w.isDead()) w.process.kill("SIGKILL");
    }, 10_000);
    Promise.all(exited).then(() => {
      clearTimeout(force);
      process.exit(code);
    });
  }
  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));
}

// ---------- one web process (the only one, or a worker) ----------

/** The request's address as @remix-run/express makes it (trust proxy decides protocol and host). */
function urlOf(req) {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const p1 = Number.parseInt(forwardedPort, 10);
  const p2 = Number.parseInt(hostPort, 10);
  const port = Number.isSafeInteger(p1) ? p1 : Number.isSafeInteger(p2) ? p2 : "";
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** A Fetch Request as @remix-run/express builds it (headers with a value, abort on disconnect), body streamed. */
function toRequest(req, res, url) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : bodyStream(req, res);
  return new Request(url, { method: req.method, headers, body, duplex: "half", signal: controller.signal });
}

/**
 * The Node request's body as a web stream. Cancelling it only stops reading (destroying the request would
 * close the socket before a 413 could be answered); the answer then closes the connection.
 */
function bodyStream(req, res) {
  let open = true;
  return new ReadableStream({
    start(controller) {
      req.on("data", (c) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
        if (controller.desiredSize <= 0) req.pause();
      });
      req.on("end", () => open && controller.close());
      req.on("error", (e) => open && controller.error(e));
      req.pause();
      // A body the handler left unread is drained, so a kept-alive connection can take the next request.
      res.on("finish", () => {
        open = false;
        if (!req.complete && res.statusCode !== 413) req.resume();
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.pause();
    },
  });
}

/**
 * What the legacy adapter reads of a request (LegacyRequest in trpc/legacy/types.ts), straight from the
 * Node request: making a Fetch Request (and its abort signal) was about a tenth of a small call's CPU.
 * Header values read as the Request above would give them; readBody reads up to the limit of the call.
 */
function toLegacyRequest(req, url) {
  const raw = req.headers;
  return {
    url,
    method: req.method,
    headers: {
      get(name) {
        const v = raw[name.toLowerCase()];
        return Array.isArray(v) ? v.join(", ") || null : v || null;
      },
    },
    readBody: (limit) => readBody(req, limit),
  };
}

/** The whole body, or "too-large" as soon as it passes limit bytes; then it stops reading. */
function readBody(req, limit) {
  if (req.method === "GET" || req.method === "HEAD") return Promise.resolve(null);
  if (Number(req.headers["content-length"]) > limit) return Promise.resolve("too-large");
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", reject);
    };
    const onData = (c) => {
      size += c.length;
      if (size <= limit) return void chunks.push(c);
      done();
      req.pause();
      resolve("too-large");
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

// Answers below compression's threshold go out as they are, in one write; bigger ones (paper contents,
// exports) go through the compression middleware exactly as the Remix path sent them.
const COMPRESS_THRESHOLD = 1024;
/** Page actions: the biggest form a page posts is an Excel import (as FILE_BODY_LIMIT in trpc/body-limit.ts). */
const PAGE_BODY_LIMIT = 10 * 1024 * 1024;

function serve() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  const compress = compression({ threshold: COMPRESS_THRESHOLD });

  // The socket's address reaches the app under a header only this server sets (PEER_ADDRESS_HEADER in
  // trpc/context.ts); a client's own value under that name is overwritten.
  app.use((req, _res, next) => {
    req.headers["x-cy-peer-address"] = req.socket.remoteAddress ?? "";
    next();
  });

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
    // Behind a proxy that rewrites Host, the public address is this site too (as for websockets).
    if (env.PUBLIC_URL && origin === new URL(env.PUBLIC_URL).origin) return next();
    res.status(403).json({ code: 403, message: "请求来源不被允许", success: false, data: null });
  });

  // The legacy adapter and tRPC, without Remix's route matching and stream plumbing (trpc/host.server.ts).
  app.use((req, res, next) => {
    const pathname = req.path;
    if (!API_PATH.test(pathname)) return next();
    const url = urlOf(req);
    handleApi(isTrpcPath(pathname) ? toRequest(req, res, url) : toLegacyRequest(req, url), pathname)
      .then(async (response) => {
        res.statusCode = response.status;
        if (response.statusText) res.statusMessage = response.statusText;
        // As @remix-run/express sends them (res.append adds the charset to a bare JSON content type).
        for (const [key, value] of response.headers) res.append(key, value);
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (!body || body.length < COMPRESS_THRESHOLD) {
          // Caches still learn that bigger answers of this kind depend on Accept-Encoding.
          const vary = String(res.getHeader("vary") ?? "");
          if (/json|text|svg/i.test(String(res.getHeader("content-type") ?? "")) && !/accept-encoding|\*/i.test(vary))
            res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
          if (body) res.end(body);
          else res.end();
        } else compress(req, res, () => res.end(body));
      })
      .catch(next);
  });

  app.use(compress);
  app.use("/assets", express.static(resolve(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(resolve(buildDir, "client"), { maxAge: "1h" }));
  // Page actions read their own bodies: a declared size past the biggest upload form is refused unread,
  // and a body of unknown size (chunked; browsers always declare it) is not taken. The storage host's
  // uploads keep the size rule of their signed policy.
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || req.path.startsWith("/storage/")) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined && req.headers["transfer-encoding"]) {
      res.set("connection", "close").status(411).type("text/plain; charset=utf-8").send("请求需要声明内容长度");
    } else if (Number(declared) > PAGE_BODY_LIMIT) {
      res.set("connection", "close").status(413).type("text/plain; charset=utf-8").send("请求内容过大");
    } else next();
  });
  // Production mode always: in development mode Remix writes error stacks into the page it answers.
  // An extra site's pages are the same app under its path prefix: served with that prefix as the router's
  // basename, so every link the pages draw stays under the prefix. The site reaches the app under a
  // header only this server sets (a client's own value is replaced).
  const pages = new Map([["", createRequestHandler({ build, mode: "production" })]]);
  const pagesFor = (sitePath) => {
    let handler = pages.get(sitePath);
    if (!handler) pages.set(sitePath, (handler = createRequestHandler({ build: { ...build, basename: `/${sitePath}` }, mode: "production" })));
    return handler;
  };
  app.all("*", (req, res, next) => {
    host
      .sitePathOf(req.path)
      .catch(() => "")
      .then((sitePath) => {
        req.headers["x-site-path"] = sitePath;
        pagesFor(sitePath)(req, res, next);
      });
  });

  // Anything that escaped (a bad percent-encoding for the static files, a fault): a status and a short
  // Chinese text, never Express's page with the stack. Express knows an error handler by its four arguments.
  app.use((err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode) || 500;
    if (status >= 500) console.error(`[web] ${req.method} ${req.path} failed:`, err);
    if (res.headersSent) return void res.destroy();
    const message = status >= 500 ? "服务器开小差了，请稍后再试" : status === 404 ? "请求地址不存在" : "请求格式不正确";
    if (API_PATH.test(req.path)) res.status(status).json({ code: status, message, success: false, data: null });
    else res.status(status).type("text/plain; charset=utf-8").send(message);
  });

  const server = app.listen(env.PORT, () => {
    if (!cluster.isWorker) console.log(`web: http://127.0.0.1:${env.PORT}`);
    // Every web process tries; the runner lease lets one of them sweep at a time.
    host.startMessageTaskRunner();
  });
  // A learner's page calls between answers, seconds apart. Node closes an idle connection after 5 s by
  // default, so a call sent as the server closes it meets a reset (seen in the 5,000-learner bench);
  // idle connections are cheap, so they are kept a minute, longer than clients and proxies keep theirs.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

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
}

if (cluster.isPrimary && workers > 1) await primary();
else serve();
