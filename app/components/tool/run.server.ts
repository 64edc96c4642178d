import { isToolCode } from "@trpc-app/tool/tools-registry";
import type { serverCaller } from "~/lib/caller.server";

type Caller = Awaited<ReturnType<typeof serverCaller>>["caller"];
type ToolProcedure = (input: Record<string, unknown>) => Promise<unknown>;

/**
 * Runs the tool a card posted through its own procedure (tool.tools.<code>), so the page gets the same
 * checks, refusals and audit entry as every other client. Form values go as sent: each tool's schema
 * reads numbers from text, as it does for the legacy clients.
 */
export function runTool(caller: Caller, code: string, form: FormData): Promise<unknown> {
  if (!isToolCode(code)) throw new Error(`unknown tool ${code}`);
  const input: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (name === "code") continue;
    if (typeof value === "string" ? value.trim() === "" : value.size === 0) continue;
    input[name] = value;
  }
  const procedure = caller.tool.tools[code] as unknown as ToolProcedure;
  return procedure(input);
}
