import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const shared = {
  environment: "node" as const,
  setupFiles: ["./tests/helpers/setup.ts", "./tests/helpers/global-pg.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Migrated database templates that test databases are copied from (tests/helpers/db-templates.ts).
    globalSetup: ["./tests/helpers/global-setup.ts"],
    // Two cores: more workers only add PGlite start-ups competing for them.
    maxWorkers: 2,
    // Threads (unit and legacy) share their worker's loaded modules; forks (integration) keep a process per file.
    poolOptions: { threads: { isolate: false } },
    projects: [
      // Unit and legacy files run in threads that keep their loaded modules from file to file: the app is
      // imported once per worker instead of once per file, which halves their CPU time.
      { plugins: [tsconfigPaths()], test: { ...shared, name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "threads" } },
      {
        plugins: [tsconfigPaths()],
        test: { ...shared, name: "integration", include: ["tests/integration/**/*.test.ts"], pool: "forks" },
      },
      { plugins: [tsconfigPaths()], test: { ...shared, name: "legacy", include: ["tests/legacy/**/*.test.ts"], pool: "threads" } },
    ],
  },
});
