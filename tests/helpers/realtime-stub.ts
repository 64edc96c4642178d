import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetEnvCache } from "@base/env.server";

export type PublishedFrame = { topic: string; message: { type: string; data?: Record<string, unknown>; unreadNum?: number } };

/**
 * A stand-in realtime process for the file's tests: the app publishes to it over HTTP as it would to
 * the real one, and every frame is recorded. `frames` is emptied before each test.
 */
export function useRealtimeStub() {
  const frames: PublishedFrame[] = [];
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        // Published frames are recorded; the tools' other internal calls (connections, disconnect) get an empty answer.
        if (req.url?.startsWith("/internal/publish")) {
          try {
            frames.push(JSON.parse(body));
          } catch {
            res.statusCode = 400;
          }
        }
        res.end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    process.env.REALTIME_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.REALTIME_INTERNAL_URL;
    resetEnvCache();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => void frames.splice(0));
  return frames;
}
