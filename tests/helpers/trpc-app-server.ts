import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Db } from "@db/client";
import { createContext } from "@trpc-app/context";
import { appRouter } from "@trpc-app/router";

/** The app side for a realtime process under test: tRPC's fetch handler on node:http (port 0), as Remix mounts it. */
export async function startTrpcApp(db: Db): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body });
    const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: ({ req: r, resHeaders }) => createContext({ db, request: r, resHeaders }) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
