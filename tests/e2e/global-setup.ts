// Seeds the demo data once for the run; each worker's server starts from a copy (tests/e2e/servers.ts).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { dropTemplate, seedTemplate } from "./servers";

/** Templates of runs that ended without their teardown (named for the runner's process id). */
function removeAbandonedTemplates() {
  const tmp = join(process.cwd(), ".tmp");
  if (!existsSync(tmp)) return;
  for (const name of readdirSync(tmp, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const pid = Number(/^e2e-template-(\d+)$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(join(tmp, name), { recursive: true, force: true });
    }
  }
}

export default async function globalSetup() {
  removeAbandonedTemplates();
  const template = await seedTemplate(String(process.pid));
  // Workers read it from the environment they inherit.
  process.env.E2E_TEMPLATE = JSON.stringify(template);
  return () => dropTemplate(template);
}
