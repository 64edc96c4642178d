// An app process for tests that kill it: `node --import tsx tests/helpers/app-process.ts <DATABASE_URL>`.
// It serves tRPC on a free port (port 0) over the given PostgreSQL database and prints {"port": n}.
import { openDatabase } from "@db/client";
import { startTrpcApp } from "./trpc-app-server";

const url = process.argv[2];
if (!url) throw new Error("usage: app-process.ts <DATABASE_URL>");
const handle = await openDatabase({ databaseUrl: url, max: 6 });
const { url: base } = await startTrpcApp(handle.db);
process.stdout.write(`${JSON.stringify({ port: Number(new URL(base).port) })}\n`);
