// Seeds the demo data once for the run; each worker's server starts from a copy (tests/e2e/servers.ts).
import { dropTemplate, seedTemplate } from "./servers";

export default async function globalSetup() {
  const template = await seedTemplate(String(process.pid));
  // Workers read it from the environment they inherit.
  process.env.E2E_TEMPLATE = JSON.stringify(template);
  return () => dropTemplate(template);
}
