import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "@db/index.server";
import { handleLegacy } from "@trpc-app/legacy/handler";

// Legacy REST adapter mount: the path table decides what answers.
export const loader = async ({ request }: LoaderFunctionArgs) => handleLegacy(request, await getDb());
export const action = async ({ request }: ActionFunctionArgs) => handleLegacy(request, await getDb());
