import { describe, expect, it } from "vitest";
import { API_PATH, loadWebEnv } from "@trpc-app/host.server";
import { resetEnvCache } from "@base/env.server";
import { dbPoolSize, parseEnv, webNodeFlags, webWorkers } from "@base/env.server";

const PG = "postgres://postgres@127.0.0.1:5432/app";
const prod = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "production", SERVICE_TOKEN: "0123456789abcdef", ...extra });
const dev = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "development", ...extra });

describe("web processes' node flags (WEB_SEMI_SPACE_MB)", () => {
  it("a 64 MB young generation unless set otherwise, none with 0 or when node already has the flag", () => {
    expect(webNodeFlags(dev(), [])).toEqual(["--max-semi-space-size=64"]);
    expect(webNodeFlags(dev({ WEB_SEMI_SPACE_MB: "32" }), ["--enable-source-maps"])).toEqual(["--max-semi-space-size=32"]);
    expect(webNodeFlags(dev({ WEB_SEMI_SPACE_MB: "0" }), [])).toEqual([]);
    expect(webNodeFlags(dev(), ["--max-semi-space-size=16"])).toEqual([]);
    expect(() => dev({ WEB_SEMI_SPACE_MB: "-1" })).toThrow(/WEB_SEMI_SPACE_MB/);
  });
});

describe("web processes (WEB_CONCURRENCY)", () => {
  it("production on PostgreSQL runs one per core; development and tests run one", () => {
    expect(webWorkers(prod({ DATABASE_URL: PG }), 8)).toBe(8);
    expect(webWorkers(dev({ DATABASE_URL: PG }), 8)).toBe(1);
    expect(webWorkers(parseEnv({ NODE_ENV: "test", DATABASE_URL: PG }), 8)).toBe(1);
    expect(webWorkers(prod({ DATABASE_URL: PG }), 200)).toBe(30);
  });

  it("WEB_CONCURRENCY decides on PostgreSQL; PGlite always gets one process", () => {
    expect(webWorkers(dev({ DATABASE_URL: PG, WEB_CONCURRENCY: "3" }), 8)).toBe(3);
    expect(webWorkers(prod({ DATABASE_URL: PG, WEB_CONCURRENCY: "2" }), 8)).toBe(2);
    expect(webWorkers(prod({ WEB_CONCURRENCY: "4" }), 8)).toBe(1);
    expect(webWorkers(prod(), 8)).toBe(1);
    expect(() => dev({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("the pools of all workers stay within 60 connections, 2 to 20 each, unless DATABASE_POOL_MAX says", () => {
    for (const n of [1, 2, 4, 6, 7, 8, 16, 29, 30]) {
      const e = prod({ DATABASE_URL: PG, WEB_CONCURRENCY: String(n) });
      const each = dbPoolSize(e);
      expect(each).toBeGreaterThanOrEqual(2);
      expect(each).toBeLessThanOrEqual(20);
      expect(each * webWorkers(e)).toBeLessThanOrEqual(60);
    }
    expect(dbPoolSize(prod({ DATABASE_URL: PG, WEB_CONCURRENCY: "1" }))).toBe(20);
    expect(() => prod({ DATABASE_URL: PG, WEB_CONCURRENCY: "31" })).toThrow(/WEB_CONCURRENCY/);
    expect(dbPoolSize(prod({ DATABASE_URL: PG, WEB_CONCURRENCY: "8" }))).toBe(7);
    expect(dbPoolSize(prod({ DATABASE_URL: PG, WEB_CONCURRENCY: "8", DATABASE_POOL_MAX: "3" }))).toBe(3);
  });
});

describe("API paths served before Remix", () => {
  it("are the legacy adapter's and tRPC's mounts, and nothing else", () => {
    for (const p of ["/api/elearning/caiyun/test/startExam", "/api/login/e-learning", "/api/event/x", "/magic/front/service/static/a", "/api/trpc/auth.me", "/api/elearning"])
      expect(API_PATH.test(p), p).toBe(true);
    for (const p of ["/", "/exam/test", "/api/elearningx/a", "/apis/trpc", "/magician", "/assets/api/elearning/x.js", "/admin/exams"])
      expect(API_PATH.test(p), p).toBe(false);
  });
});

describe("the web server's production secrets", () => {
  it("refuses to start in production without the certificate signing key", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { NODE_ENV: "production", SERVICE_TOKEN: "0123456789abcdef", STORAGE_SECRET: "0123456789abcdef", DEV_CAPTCHA_CODE: "" });
      delete process.env.DEV_CAPTCHA_CODE;
      delete process.env.CERT_SIGNING_KEY;
      resetEnvCache();
      expect(() => loadWebEnv()).toThrow("CERT_SIGNING_KEY: required when NODE_ENV=production");
      process.env.CERT_SIGNING_KEY = JSON.stringify({ kty: "OKP", crv: "Ed25519", x: "x", d: "d" });
      resetEnvCache();
      expect(loadWebEnv().isProduction).toBe(true);
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
      resetEnvCache();
    }
  });
});
