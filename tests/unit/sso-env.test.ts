import { describe, expect, it } from "vitest";
import { parseEnv } from "@base/env.server";

const dev = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "development", ...extra });
const prod = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "production", SERVICE_TOKEN: "0123456789abcdef", ...extra });
const SSO = { SSO_ISSUER: "https://sso.example.gov.cn/realms/main", SSO_CLIENT_ID: "caiyun-college" };

describe("single sign-on settings", () => {
  it("are off by default and come as a set", () => {
    expect(dev().SSO_ISSUER).toBeUndefined();
    expect(dev(SSO)).toMatchObject(SSO);
    expect(() => dev({ SSO_ISSUER: SSO.SSO_ISSUER })).toThrow(/SSO_ISSUER, SSO_CLIENT_ID: set both or neither/);
    expect(() => dev({ SSO_CLIENT_ID: "x" })).toThrow(/set both or neither/);
    expect(() => dev({ SSO_ISSUER: "not a url", SSO_CLIENT_ID: "x" })).toThrow(/SSO_ISSUER/);
  });

  it("check scopes, claim names and the directory's credentials", () => {
    expect(dev({ ...SSO, SSO_SCOPES: "openid profile phone" }).SSO_SCOPES).toBe("openid profile phone");
    expect(() => dev({ ...SSO, SSO_SCOPES: "profile phone" })).toThrow(/SSO_SCOPES: must include openid/);
    expect(() => dev({ ...SSO, SSO_CLAIM_ORG: "org code" })).toThrow(/SSO_CLAIM_ORG: must be a claim name/);
    expect(() => dev({ ...SSO, SSO_DIRECTORY_URL: "https://sso.example.gov.cn/directory" })).toThrow(/SSO_DIRECTORY_URL: needs/);
    expect(dev({ ...SSO, SSO_CLIENT_SECRET: "s3cret", SSO_DIRECTORY_URL: "https://sso.example.gov.cn/directory" }).SSO_DIRECTORY_URL).toBeTruthy();
  });

  it("refuse a plain-http provider in production unless the network is declared trusted", () => {
    const plain = { SSO_ISSUER: "http://10.1.2.3:8080/realms/main", SSO_CLIENT_ID: "caiyun-college" };
    expect(dev(plain).SSO_ISSUER).toBe(plain.SSO_ISSUER);
    expect(() => prod(plain)).toThrow(/must be https when NODE_ENV=production/);
    expect(prod({ ...plain, SSO_ALLOW_HTTP: "1" }).SSO_ISSUER).toBe(plain.SSO_ISSUER);
  });
});
