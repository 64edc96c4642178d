import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** Files of a folder that mock a module (vi.mock): they run isolated, each in a process of its own (below). */
function mocking(folder: string): string[] {
  const dir = fileURLToPath(new URL(`./tests/${folder}`, import.meta.url));
  return readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts") && readFileSync(join(dir, f), "utf8").includes("vi.mock("))
    .map((f) => `tests/${folder}/${f}`);
}

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
      // Unit, legacy and integration files run in threads that keep their loaded modules from file to file:
      // the app is imported once per worker instead of once per file, which halves their CPU time (each
      // integration file still gets its own databases and data folder from the setup file). A file that
      // mocks a module (vi.mock) would find the real module already loaded by an earlier file, and would
      // leak its mock into the files after it, so those run isolated, each in a process of its own.
      ...["unit", "integration", "legacy"].flatMap((folder) => {
        const isolated = mocking(folder);
        return [
          { plugins: [tsconfigPaths()], test: { ...shared, name: folder, include: [`tests/${folder}/**/*.test.ts`], exclude: isolated, pool: "threads" as const } },
          ...(isolated.length ? [{ plugins: [tsconfigPaths()], test: { ...shared, name: `${folder}-isolated`, include: isolated, pool: "forks" as const } }] : []),
        ];
      }),
    ],
  },
});
