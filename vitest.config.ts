import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** Integration files that mock modules: they run isolated (see the projects below). */
const INTEGRATION = fileURLToPath(new URL("./tests/integration", import.meta.url));
const MOCKING = readdirSync(INTEGRATION)
  .filter((f) => f.endsWith(".test.ts") && readFileSync(join(INTEGRATION, f), "utf8").includes("vi.mock("))
  .map((f) => `tests/integration/${f}`);

const shared = {
  environment: "node" as const,
  setupFiles: ["./tests/helpers/setup.ts", "./tests/helpers/global-pg.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One more try for a test that failed; `npm test` names it as flaky in its closing lines (decision 017).
  retry: 1,
};

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Migrated database templates that test databases are copied from (tests/helpers/db-templates.ts).
    globalSetup: ["./tests/helpers/global-setup.ts"],
    // Two cores: more workers only add PGlite start-ups competing for them.
    maxWorkers: 2,
    // Threads share their worker's loaded modules; forks keep a process per file.
    poolOptions: { threads: { isolate: false } },
    projects: [
      // Unit and legacy files run in threads that keep their loaded modules from file to file: the app is
      // imported once per worker instead of once per file, which halves their CPU time.
      { plugins: [tsconfigPaths()], test: { ...shared, name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "threads" } },
      // Integration files too share their thread's modules (each still gets its own databases and data
      // folder from the setup file); a file that mocks a module (vi.mock) would leak the mock into the
      // files after it, so those run isolated, each in a process of its own.
      { plugins: [tsconfigPaths()], test: { ...shared, name: "integration", include: ["tests/integration/**/*.test.ts"], exclude: MOCKING, pool: "threads" } },
      ...(MOCKING.length ? [{ plugins: [tsconfigPaths()], test: { ...shared, name: "integration-isolated", include: MOCKING, pool: "forks" as const } }] : []),
      { plugins: [tsconfigPaths()], test: { ...shared, name: "legacy", include: ["tests/legacy/**/*.test.ts"], pool: "threads" } },
    ],
  },
});
