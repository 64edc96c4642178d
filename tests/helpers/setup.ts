import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, vi } from "vitest";
import { resetEnvCache } from "@base/env.server";

// Each test file writes its SMS outbox and uploads into its own temporary data folder.
process.env.NODE_ENV = "test";
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cy-test-"));
process.env.DEV_CAPTCHA_CODE = "2026";
process.env.SERVICE_TOKEN ??= "test-service-token-0123456789";
resetEnvCache();

// An unexpected console.error fails the test that caused it.
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.useRealTimers();
  if (seen.length) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});

/** For a test that expects an error log: call inside the test to clear what was recorded. */
export function allowConsoleErrors() {
  errors = [];
}
