import { connect, createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { openDatabase, type DbHandle } from "@db/client";

type Mode = "relay" | "blackhole";
const ANSWER_DELAY_MS = 3;

/**
 * A TCP relay between an app's pool and PostgreSQL, for tests that take the database away (`down`, `up`)
 * or count round trips: each connection's traffic is a run of client writes answered by the server, and
 * `roundTrips()` counts, over every connection since `count()` began, the times the client wrote after
 * an answer had reached it (or first): what the client waited for, however the bytes were split. While
 * counting, answers are handed on a few milliseconds late, so that statements the client sends without
 * waiting (pipelined, but in several writes) are never taken for a reply to an answer.
 */
export function pgRelay(target: { host: string; port: number } = { host: "127.0.0.1", port: 5432 }) {
  let mode: Mode = "relay";
  let counting = false;
  let trips = 0;
  let toCut = 0;
  let toReset = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    // A server that is restarting accepts nothing useful: the connection just hangs until the client gives up.
    if (mode === "blackhole") return;
    if (toReset > 0 && --toReset === 0) return void client.resetAndDestroy();
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => (sockets.delete(upstream), client.destroy()));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    let answered = true;
    let writes = 0;
    client.on("data", () => {
      if (counting && answered) trips += 1;
      answered = false;
    });
    // The start-up message is the connection's first write; what it sends next is its first query.
    if (toCut > 0) {
      toCut -= 1;
      client.on("data", () => {
        if (++writes === 2) (client.destroy(), upstream.destroy());
      });
    }
    client.pipe(upstream);
    // In order: every answer waits the same few milliseconds.
    upstream.on("data", (chunk: Buffer) => {
      const hand = () => {
        answered = true;
        client.write(chunk);
      };
      if (counting) setTimeout(hand, ANSWER_DELAY_MS);
      else hand();
    });
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))),
    /** Drops every open connection and hangs new ones. */
    down() {
      mode = "blackhole";
      for (const s of sockets) s.destroy();
    },
    up: () => void (mode = "relay"),
    /** The next `connections` new connections start, then are cut as they send their first query. */
    cutAtFirstQuery: (connections: number) => void (toCut = connections),
    /** Of the next `n` new connections the last is reset as it arrives (ECONNRESET at the client), the others relayed. */
    resetNth: (n: number) => void (toReset = n),
    /** Starts counting round trips from zero. */
    count: () => void ((counting = true), (trips = 0)),
    roundTrips: () => trips,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/** A pool of `max` connections to the same database as `backing`, through a relay of its own. */
export async function poolThroughRelay(backing: DbHandle, max = 4) {
  const [{ db: name }] = (await backing.db.execute(sql`select current_database() as db`)) as unknown as { db: string }[];
  const proxy = pgRelay();
  const port = await proxy.listen();
  const handle = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/${name}`, max });
  return { proxy, handle };
}
