import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "@db/index.server";
import { handleLegacy } from "@trpc-app/legacy/handler";

// Legacy REST adapter mount: the path table decides what answers. The production server answers these
// paths before Remix (trpc/host.server.ts); this route serves them under `npm run dev`.
export const loader = async ({ request }: LoaderFunctionArgs) => handleLegacy(request, await getDb());
export const action = async ({ request }: ActionFunctionArgs) => handleLegacy(request, await getDb());
