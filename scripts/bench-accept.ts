/**
 * New connections to a busy Node HTTP server (decision 022, 2026-11-27): a plain `node:http` server whose
 * requests each take ~1 ms of CPU and a 5 ms wait (a query), driven by K keep-alive clients in a closed
 * loop, while one new connection a 50 ms opens and asks once. Nothing of the app is involved: it shows
 * how long a first request on a new connection waits (a learner whose start opens one) next to requests
 * on connections already held. Node (libuv 1.46) accepts one new connection per event-loop turn, and a busy
 * process's turn lasts as long as all the callbacks ready in it: new connections wait turns, held ones don't
 * (decision 022, 2026-11-28).
 *
 *   npm run bench accept [keptClients=300] [seconds=10]
 */
import { fork } from "node:child_process";
import { Agent, createServer, request } from "node:http";
import { fileURLToPath } from "node:url";
import { pct } from "./bench-proc";

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === "serve") {
  const busy = (ms: number) => {
    const t = performance.now();
    while (performance.now() - t < ms) {}
  };
  const server = createServer((_req, res) => {
    busy(1);
    setTimeout(() => res.end("ok"), 5);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
} else {
  const KEPT = Number(process.argv[2] ?? 300);
  const SECONDS = Number(process.argv[3] ?? 10);
  const server = fork(SELF, ["serve"], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { port } = await new Promise<{ port: number }>((r) => server.once("message", r as never));
  const get = (agent: Agent, timeoutMs = 60_000) =>
    new Promise<number>((resolve) => {
      const t = performance.now();
      const req = request({ host: "127.0.0.1", port, path: "/", agent, timeout: timeoutMs }, (res) => res.resume().on("end", () => resolve(performance.now() - t)));
      req.on("timeout", () => req.destroy());
      req.on("error", () => resolve(Number.POSITIVE_INFINITY));
      req.end();
    });
  const kept = new Agent({ keepAlive: true, maxSockets: KEPT });
  await Promise.all(Array.from({ length: KEPT }, () => get(kept)));
  let stop = false;
  const keptLat: number[] = [];
  const loops = Array.from({ length: KEPT }, async () => {
    while (!stop) keptLat.push(await get(kept));
  });
  const probes: Promise<number>[] = [];
  for (let i = 0; i < (SECONDS * 1000) / 50; i++) {
    await new Promise((r) => setTimeout(r, 50));
    probes.push(get(new Agent({ keepAlive: false })));
  }
  stop = true;
  const fresh = await Promise.all(probes);
  await Promise.all(loops);
  server.kill();
  const k = Float64Array.from(keptLat.filter(Number.isFinite)).sort();
  const f = Float64Array.from(fresh.filter(Number.isFinite)).sort();
  const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);
  console.log(`\n${KEPT} keep-alive clients in a closed loop against one node:http process (1 ms CPU + 5 ms wait a request), a new connection every 50 ms for ${SECONDS} s`);
  console.log(`requests on held connections: ${k.length}, p50 ${ms(pct(k, 50))}, p99 ${ms(pct(k, 99))}`);
  console.log(`first requests on new connections: ${f.length} of ${fresh.length} answered within 60 s, p50 ${ms(pct(f, 50))}, p99 ${ms(pct(f, 99))}, max ${ms(pct(f, 100))}`);
  process.exit(0);
}
