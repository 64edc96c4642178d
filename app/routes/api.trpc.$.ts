import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "@db/index.server";
import { handleTrpc } from "@trpc-app/http";

// tRPC over HTTP. The production server answers these paths before Remix (trpc/host.server.ts); this
// route serves them in development (Vite) and in anything else that runs the Remix handler alone.
export const loader = async ({ request }: LoaderFunctionArgs) => handleTrpc(request, await getDb());
export const action = async ({ request }: ActionFunctionArgs) => handleTrpc(request, await getDb());
