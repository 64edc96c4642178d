import type WebSocket from "ws";
import { resetEnvCache } from "@base/env.server";
import { createLocalBus, type Bus } from "../../realtime/bus";
import { startRealtime, type RealtimeOptions, type RealtimeServer } from "../../realtime/server";
import { connect } from "./sockets";

export interface RealtimeUnderTest {
  rt: RealtimeServer;
  bus: Bus;
  /** Opens a socket on this process; it is terminated by `stop`. */
  join(path: string, opts?: { cookie?: string; origin?: string }): Promise<WebSocket>;
  stop(): Promise<void>;
}

/**
 * A realtime process on port 0 answering to the app at `appUrl`, on a local bus unless one is given.
 * With `publishHere` the app's publishes go to it (REALTIME_INTERNAL_URL) until `stop`.
 */
export async function startRealtimeUnderTest(
  appUrl: string,
  opts: Partial<Omit<RealtimeOptions, "appUrl" | "port">> & { publishHere?: boolean } = {},
): Promise<RealtimeUnderTest> {
  const { publishHere, ...options } = opts;
  const bus = options.bus ?? createLocalBus();
  const rt = await startRealtime({ serviceToken: process.env.SERVICE_TOKEN!, ...options, bus, port: 0, appUrl });
  if (publishHere) {
    process.env.REALTIME_INTERNAL_URL = `http://127.0.0.1:${rt.port}`;
    resetEnvCache();
  }
  const sockets: WebSocket[] = [];
  return {
    rt,
    bus,
    async join(path, joinOpts = {}) {
      const ws = await connect(rt.port, path, joinOpts);
      sockets.push(ws);
      return ws;
    },
    async stop() {
      for (const ws of sockets) ws.terminate();
      await rt.close();
      await bus.close();
      if (publishHere) {
        delete process.env.REALTIME_INTERNAL_URL;
        resetEnvCache();
      }
    },
  };
}
