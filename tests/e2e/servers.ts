// Servers for the browser tests. The demo data is seeded once per run into a template (a data folder,
// and a database on PostgreSQL when E2E_DB=postgres); each Playwright worker then gets a server of its
// own copied from it, on ports the system hands out, so workers never see each other's changes.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { freePort, stopChild } from "../../scripts/bench-proc";
import { root, run, waitForHttp } from "../../scripts/lib.mjs";

export { freePort };

export type Template = { dataDir: string; databaseName?: string };
export type E2eServer = { url: string; port: number; realtimePort: number; dataDir: string; stop(): Promise<void> };

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const onPostgres = () => process.env.E2E_DB === "postgres";
const dbUrl = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

/** The environment a browser-test server runs with. */
export function e2eEnv({ port, realtimePort, dataDir, databaseUrl }: { port: number; realtimePort: number; dataDir: string; databaseUrl?: string }): Record<string, string> {
  return {
    NODE_ENV: "test",
    PORT: String(port),
    REALTIME_PORT: String(realtimePort),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DEV_CAPTCHA_CODE: "2026",
    SERVICE_TOKEN: "e2e-service-token-0123456789abcdef",
    BUILD_DIR: process.env.E2E_BUILD_DIR ?? "build-test",
    // The pre-check network test takes a minute in production; browser tests sample 3 times.
    EXAM_NETWORK_CHECK_SECONDS: "3",
    NEWCOMER_TASK_SECONDS: "5",
  };
}

async function withAdmin<T>(fn: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** Migrates and seeds a template named `name`; returns what `startE2eServer` copies. */
export async function seedTemplate(name: string): Promise<Template> {
  const dataDir = join(root, ".tmp", `e2e-template-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let databaseName: string | undefined;
  if (onPostgres()) {
    databaseName = `cy_e2e_tpl_${name}`;
    await withAdmin(async (admin) => {
      await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
      return admin.unsafe(`create database ${databaseName}`);
    });
  }
  // The ports only satisfy the settings check: seeding listens on nothing.
  run("npx", ["tsx", "scripts/setup-db.ts"], {
    env: e2eEnv({ port: 3900, realtimePort: 3901, dataDir, databaseUrl: databaseName && dbUrl(databaseName) }),
  });
  return { dataDir, databaseName };
}

/** Drops a template made by `seedTemplate`. */
export async function dropTemplate({ dataDir, databaseName }: Template) {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) await withAdmin((admin) => admin.unsafe(`drop database if exists ${databaseName} with (force)`));
}

/**
 * A web and a realtime process over a copy of the template, on free ports unless given; `env` adds
 * settings (single sign-on, for example). Resolves once the web process answers.
 */
export async function startE2eServer(
  template: Template,
  { env: extraEnv = {}, port: givenPort, realtimePort: givenRealtimePort }: { env?: Record<string, string>; port?: number; realtimePort?: number } = {},
): Promise<E2eServer> {
  const port = givenPort ?? (await freePort());
  const realtimePort = givenRealtimePort ?? (await freePort());
  const dataDir = join(root, ".tmp", `e2e-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template.dataDir, dataDir, { recursive: true });
  let databaseName: string | undefined;
  if (template.databaseName) {
    databaseName = `cy_e2e_${port}`;
    await withAdmin(async (admin) => {
      await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
      return admin.unsafe(`create database ${databaseName} template ${template.databaseName}`);
    });
  }
  const env = { ...e2eEnv({ port, realtimePort, dataDir, databaseUrl: databaseName && dbUrl(databaseName) }), ...extraEnv };
  // Their output stays out of the test report but for what they print as errors.
  const start = (args: string[]) => spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const children: ChildProcess[] = [start(["server.mjs"]), start(["--import", "tsx", "realtime/main.ts"])];
  const killAll = () => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL"));
  process.once("exit", killAll);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // The realtime process first: it reports presence to the web process until it stops.
    await stopChild(children[1]);
    await stopChild(children[0]);
    process.off("exit", killAll);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await withAdmin((admin) => admin.unsafe(`drop database if exists ${databaseName} with (force)`)).catch(() => {});
  };
  if (!(await waitForHttp(`${url}/api/elearning/caiyun/front/user/getUserInfo`, 120_000))) {
    await stop();
    throw new Error(`the browser-test server on port ${port} did not answer within 120 s`);
  }
  return { url, port, realtimePort, dataDir, stop };
}
