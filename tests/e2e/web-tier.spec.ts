// The production web server answers the API (legacy adapter, tRPC) itself, without Express: what an old
// client or a proxy in front sees of it (server.mjs, docs/decisions/022-exam-start-load.md).
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DEMO, expect, test } from "./fixtures";

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One HTTP call with exactly these headers, from `localAddress` when given (the peer the server sees). */
function call(port: number, host: string, method: string, path: string, opts: { headers?: Record<string, string>; body?: unknown; localAddress?: string } = {}) {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host,
        port,
        method,
        path,
        localAddress: opts.localAddress,
        headers: { ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** This machine's first address that is not loopback, if it has one: a peer the server does not trust. */
const outsideAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

const login = { authentication_type: "password", account: DEMO.learner.account, password: DEMO.learner.password };

test("a legacy call's answer: the envelope's JSON headers, its cookie, and a proxy believed only from loopback", async ({ server }) => {
  const viaProxy = await call(server.port, "127.0.0.1", "POST", "/api/login/e-learning", { body: login, headers: { "x-forwarded-proto": "https" } });
  expect(viaProxy.status).toBe(200);
  expect(JSON.parse(viaProxy.body.toString()).success).toBe(true);
  expect(viaProxy.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(viaProxy.headers["cache-control"]).toBe("no-store");
  expect(viaProxy.headers.vary).toBe("Accept-Encoding");
  expect(Number(viaProxy.headers["content-length"])).toBe(viaProxy.body.length);
  // The loopback proxy says the learner came over HTTPS: the session cookie is Secure.
  const cookie = (viaProxy.headers["set-cookie"] ?? []).find((c) => c.startsWith("cy_session="));
  expect(cookie).toMatch(/; Secure/i);

  // The same claim from an address that is no proxy of ours is not believed.
  const outside = outsideAddress();
  test.skip(!outside, "this machine has no address besides loopback");
  const direct = await call(server.port, outside!, "POST", "/api/login/e-learning", { body: login, headers: { "x-forwarded-proto": "https" }, localAddress: outside });
  expect(direct.status).toBe(200);
  const plain = (direct.headers["set-cookie"] ?? []).find((c) => c.startsWith("cy_session="));
  expect(plain).toBeDefined();
  expect(plain).not.toMatch(/Secure/i);
});

test("the API's refusals: another site's page, a wrong method, a Host that makes no address", async ({ server }) => {
  const foreign = await call(server.port, "127.0.0.1", "POST", "/api/login/e-learning", { body: login, headers: { origin: "http://evil.example" } });
  expect(foreign.status).toBe(403);
  expect(JSON.parse(foreign.body.toString())).toEqual({ code: 403, message: "请求来源不被允许", success: false, data: null });
  expect(foreign.headers["set-cookie"]).toBeUndefined();

  const wrongMethod = await call(server.port, "127.0.0.1", "GET", "/api/elearning/caiyun/test/submitQuestion");
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.allow).toBe("POST");
  expect(JSON.parse(wrongMethod.body.toString())).toMatchObject({ code: 405, success: false });

  // A client's mistake, answered as one: 400 with the envelope, not a fault.
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () =>
      socket.write("GET /api/elearning/caiyun/front/user/getUserInfo HTTP/1.1\r\nHost: not a host\r\nConnection: close\r\n\r\n"),
    );
    let text = "";
    socket.on("data", (c) => (text += c.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({ code: 400, message: "请求格式不正确", success: false, data: null });
});

test("big answers are compressed for clients that take it; a call's own answer keeps its type", async ({ server }) => {
  const path = "/api/elearning/caiyun/front/course/center/search";
  const plain = await call(server.port, "127.0.0.1", "POST", path, { body: { pageNum: 1, pageSize: 20 } });
  expect(plain.status).toBe(200);
  expect(plain.body.length).toBeGreaterThan(1024);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const zipped = await call(server.port, "127.0.0.1", "POST", path, { body: { pageNum: 1, pageSize: 20 }, headers: { "accept-encoding": "gzip" } });
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
  expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());

  // The captcha answers an image (a row's own Response), not the envelope.
  const captcha = await call(server.port, "127.0.0.1", "GET", "/api/login/captcha");
  expect(captcha.status).toBe(200);
  expect(captcha.headers["content-type"]).toMatch(/^image\//);
  expect(captcha.headers["set-cookie"]?.length).toBeGreaterThan(0);
});

test("scripts come compressed at build time: Brotli for a browser that takes it, gzip for one that takes only that, plain otherwise", async ({ server }) => {
  const home = await call(server.port, "127.0.0.1", "GET", "/");
  expect(home.status).toBe(200);
  const html = home.body.toString();
  // The route manifest too: Remix writes it during the server build, after the browser's bundle.
  const scripts = [/\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0], /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0]];
  expect(scripts.every(Boolean), "the home page names its manifest and entry scripts").toBe(true);
  for (const path of scripts as string[]) {
    const plain = await call(server.port, "127.0.0.1", "GET", path);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/javascript; charset=UTF-8");

    // Chromium's own header: every encoding at the same weight, and the smaller Brotli file is chosen.
    const br = await call(server.port, "127.0.0.1", "GET", path, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await call(server.port, "127.0.0.1", "GET", path, { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.body.length).toBeGreaterThan(br.body.length);
    // A client that weighs gzip higher gets gzip.
    expect((await call(server.port, "127.0.0.1", "GET", path, { headers: { "accept-encoding": "gzip;q=1, br;q=0.5" } })).headers["content-encoding"]).toBe("gzip");

    const head = await call(server.port, "127.0.0.1", "HEAD", path, { headers: { "accept-encoding": "br" } });
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(br.body.length);
    expect(head.body.length).toBe(0);
  }
  // A name the build did not make is still not found, whatever the client takes.
  const missing = await call(server.port, "127.0.0.1", "GET", "/assets/no-such-file.js", { headers: { "accept-encoding": "br" } });
  expect(missing.status).toBe(404);
});
