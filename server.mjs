// Production web server: the API mounts (legacy adapter, tRPC) answered directly, static assets, the
// Remix handler (pages), the websocket path forwarded to the realtime process, and a clean stop on SIGTERM.
// With several web processes (WEB_CONCURRENCY, PostgreSQL only) this file is also the cluster primary:
// it migrates once, forks the workers, restarts one that dies, and stops them all on SIGTERM.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { connect } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(resolve(buildDir, "server/index.js")).href);
const { host } = build.entry.module;
const { loadEnv, closeDb, migrateDb, webWorkers, webNodeFlags, API_PATH, JSON_ANSWER_HEADERS, handleApi, isTrpcPath } = host;
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

/** Loopback peers are the trusted proxies, as Express's "trust proxy" setting below says for the pages. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;
const firstValue = (v) => (Array.isArray(v) ? v[0] : v)?.split(",")[0].trim() ?? "";

/**
 * The request's address as the pages see it: a loopback proxy's X-Forwarded-Proto and X-Forwarded-Host
 * are believed (as Express's req.protocol and req.hostname do), anyone else's are not. Null when the
 * Host header makes no address.
 */
function requestUrl(req) {
  const trusted = LOOPBACK.test(req.socket.remoteAddress ?? "");
  const protocol = (trusted && firstValue(req.headers["x-forwarded-proto"])) || (req.socket.encrypted ? "https" : "http");
  const host = (trusted && firstValue(req.headers["x-forwarded-host"])) || req.headers.host || "";
  const url = `${protocol}://${host}${req.url}`;
  return URL.canParse(url) ? url : null;
}

/** A state-changing request from a browser on another site (cookies are SameSite=Lax too). */
function foreignOrigin(req) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const origin = req.headers.origin;
  if (!origin) return false;
  let host;
  try {
    host = new URL(origin).host;
  } catch {
    host = "";
  }
  if (host && host === req.headers.host) return false;
  // Behind a proxy that rewrites Host, the public address is this site too (as for websockets).
  return !(env.PUBLIC_URL && origin === new URL(env.PUBLIC_URL).origin);
}

const envelope = (code, message) => ({ code, message, success: false, data: null });

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Anything that escaped (a bad percent-encoding for the static files, a fault): a status and a short
 * Chinese text (the envelope on API paths), never Express's page with the stack.
 */
function answerFailure(err, req, res, pathname) {
  const status = Number(err?.status ?? err?.statusCode) || 500;
  if (status >= 500) console.error(`[web] ${req.method} ${pathname} failed:`, err);
  if (res.headersSent) return void res.destroy();
  const message = status >= 500 ? "服务器开小差了，请稍后再试" : status === 404 ? "请求地址不存在" : "请求格式不正确";
  if (API_PATH.test(pathname)) return sendJson(res, status, envelope(status, message));
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(message) });
  res.end(message);
}

/**
 * A header added as Express's res.append adds it: a second value makes a list, and a text or JSON
 * content type without a charset gets utf-8 (as the Remix path has always sent them).
 */
function appendHeader(res, key, value) {
  if (key === "content-type" && !/;\s*charset\s*=/.test(value) && /^(?:text\/|application\/(?:javascript|json))/.test(value)) value += "; charset=utf-8";
  const prev = res.getHeader(key);
  res.setHeader(key, prev === undefined ? value : [].concat(prev, value));
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

const compress = compression({ threshold: COMPRESS_THRESHOLD });

/**
 * The legacy adapter and tRPC (trpc/host.server.ts), answered straight from Node's request without
 * Express or Remix: Express's own work (its request and answer objects, its router) was about a tenth of
 * a small exam call's CPU. A legacy JSON answer comes as a plain JsonAnswer, anything else as a Response.
 */
async function answerApi(req, res, pathname) {
  const url = requestUrl(req);
  if (!url) return sendJson(res, 400, envelope(400, "请求格式不正确"));
  const answer = await handleApi(isTrpcPath(pathname) ? toRequest(req, res, url) : toLegacyRequest(req, url), pathname);
  res.statusCode = answer.status;
  for (const [key, value] of answer.headers) appendHeader(res, key, value);
  let body;
  if (answer.kind === "json") {
    for (const [key, value] of JSON_ANSWER_HEADERS) res.setHeader(key, value);
    body = Buffer.from(answer.body);
  } else {
    if (answer.statusText) res.statusMessage = answer.statusText;
    body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null;
  }
  if (!body || body.length < COMPRESS_THRESHOLD) {
    // Caches still learn that bigger answers of this kind depend on Accept-Encoding.
    const vary = String(res.getHeader("vary") ?? "");
    if (/json|text|svg/i.test(String(res.getHeader("content-type") ?? "")) && !/accept-encoding|\*/i.test(vary))
      res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (body) res.setHeader("content-length", body.length);
    res.end(body ?? undefined);
  } else compress(req, res, () => res.end(body));
}

/** The encoding a client takes from its Accept-Encoding: the one it weighs higher, Brotli (the smaller file) at equal weight; null for neither. */
function precompressedEncoding(acceptEncoding) {
  const taken = new Map();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    taken.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name) => taken.get(name) ?? taken.get("*") ?? 0;
  const [br, gzip] = [weight("br"), weight("gzip")];
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

/**
 * Scripts and styles compressed at build time (vite.config.ts, precompressedAssets): a browser that takes
 * Brotli or gzip gets the file made for it, with the plain file's type and express.static's caching; every
 * other request goes on to express.static (and the compression middleware) as before.
 */
function precompressedAssets(dir) {
  let names;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    names = new Set();
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!name || name.includes("/") || !names.has(name)) return next();
    const encoding = precompressedEncoding(req.headers["accept-encoding"]);
    const file = encoding && `${name}.${encoding === "br" ? "br" : "gz"}`;
    if (!file || !names.has(file)) return next();
    const type = express.static.mime.lookup(name);
    const charset = express.static.mime.charsets.lookup(type);
    res.setHeader("Content-Type", charset ? `${type}; charset=${charset}` : type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(file, { root: dir, maxAge: "1y", immutable: true }, (err) => {
      if (!err || res.headersSent) return;
      for (const header of ["Content-Type", "Content-Encoding", "Vary"]) res.removeHeader(header);
      next();
    });
  };
}

function serve() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  // State-changing page requests from a browser must come from this site (the API's are checked in apiOrPage).
  app.use((req, res, next) => {
    if (!foreignOrigin(req)) return next();
    res.status(403).json(envelope(403, "请求来源不被允许"));
  });

  app.use("/assets", precompressedAssets(resolve(buildDir, "client/assets")));
  app.use(compress);
  app.use("/assets", express.static(resolve(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // A script or style the build did not make (a page open across a deploy asking for an old chunk) is not
  // found: the home page that answers other unknown paths would reach the browser as a broken script.
  app.use("/assets", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.status(404).type("text/plain; charset=utf-8").send("文件不存在");
  });
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

  // Express knows an error handler by its four arguments.
  app.use((err, req, res, _next) => answerFailure(err, req, res, req.path));

  /**
   * Every request: the socket's address reaches the app under a header only this server sets
   * (PEER_ADDRESS_HEADER in trpc/context.ts; a client's own value under that name is overwritten); API
   * paths are answered by answerApi, pages and files by Express.
   */
  const apiOrPage = (req, res) => {
    req.headers["x-cy-peer-address"] = req.socket.remoteAddress ?? "";
    const query = req.url.indexOf("?");
    const pathname = query === -1 ? req.url : req.url.slice(0, query);
    if (!API_PATH.test(pathname)) return app(req, res);
    if (foreignOrigin(req)) return sendJson(res, 403, envelope(403, "请求来源不被允许"));
    answerApi(req, res, pathname).catch((err) => answerFailure(err, req, res, pathname));
  };
  const server = createServer(apiOrPage).listen(env.PORT, () => {
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
