import { BlockList, isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";

// Parsed once at start-up; a bad value stops the process with a message naming the variable.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  REALTIME_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** How long the realtime process gathers a live room's frames into one frame per viewer. */
  REALTIME_BATCH_MS: z.coerce.number().int().min(10).max(1000).default(100),
  // RTMP ingest (realtime/ingest): where encoders push; RTMP_PUBLIC_URL when a proxy answers elsewhere.
  RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  RTMP_PUBLIC_URL: z.string().regex(/^rtmps?:\/\/[^/]+\/\w+\/?$/, "must look like rtmp://host[:port]/live").optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://").optional(),
  DEV_CAPTCHA_CODE: z.string().min(4).max(6).optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  REALTIME_INTERNAL_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Certificates: the Ed25519 private key (a JWK as JSON) that signs credentials. Required in production;
  // otherwise one is made once into DATA_DIR/cert-signing-key.json. A new key keeps old certificates verifiable.
  CERT_SIGNING_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || /"crv"\s*:\s*"Ed25519"/.test(v), "must be an Ed25519 private key as a JWK (JSON)"),
  // Upload storage: signs policies and file URLs (required in production); S3_* switch to an S3 bucket.
  STORAGE_SECRET: z.string().min(16).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  // Seconds of the exam pre-check network test (one sample a second; the spec's "about one minute").
  EXAM_NETWORK_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
  // Seconds of course or live study that complete the newcomer task (the spec's one minute).
  NEWCOMER_TASK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Exam face checks: worker threads for the comparison (default 1 on ≤2 cores, else cores-1, shared out over
  // the web processes, at least 1 each) and how many
  // requests may wait for one before a learner is asked to retry (default 20 per worker).
  FACE_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  FACE_QUEUE_MAX: z.coerce.number().int().min(0).max(10000).optional(),
  // Web worker processes (node:cluster) and each one's PostgreSQL pool; see webWorkers() and dbPoolSize().
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(30).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  // Each web process's young-generation semi-space in MB (V8's --max-semi-space-size); 0 keeps V8's own.
  WEB_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(1024).default(64),
  // Payments (docs/decisions/027-commerce.md): which provider takes money; unset outside production the
  // built-in sandbox does, in production nothing can be paid until one is chosen.
  PAYMENT_PROVIDER: z.enum(["sandbox", "wechat", "alipay"]).optional(),
  // WeChat Pay API v3 (Native): all of these switch it on; PEM keys may be given with \n for line breaks.
  WECHATPAY_APPID: z.string().min(1).optional(),
  WECHATPAY_MCHID: z.string().min(1).optional(),
  WECHATPAY_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, "must be 32 characters").optional(),
  WECHATPAY_BASE_URL: z.string().url().optional(),
  // Alipay (face-to-face precreate): all three switch it on.
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().optional(),
  // Minutes an unpaid order stays open before the sweep closes it.
  ORDER_PAY_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  // Internal-network variant (docs/decisions/032-single-sign-on.md): SSO_ISSUER and SSO_CLIENT_ID switch on
  // sign-in at an OpenID provider; without SSO_CLIENT_SECRET the client is public (PKCE only).
  SSO_ISSUER: z.string().url().optional(),
  SSO_CLIENT_ID: z.string().min(1).max(255).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_SCOPES: z
    .string()
    .trim()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( +[\x21\x23-\x5b\x5d-\x7e]+)*$/, "must be scopes separated by spaces")
    .refine((v) => v.split(/ +/).includes("openid"), "must include openid")
    .optional(),
  SSO_CLAIM_PHONE: z.string().regex(/^[\w.:-]{1,64}$/, "must be a claim name").optional(),
  SSO_CLAIM_EMPLOYEE_NUMBER: z.string().regex(/^[\w.:-]{1,64}$/, "must be a claim name").optional(),
  SSO_CLAIM_NAME: z.string().regex(/^[\w.:-]{1,64}$/, "must be a claim name").optional(),
  // WeChat official account (JS-SDK on shared pages): only shown by the diagnostic tool getWxJsTicket for now.
  WX_APP_ID: z.string().min(1).max(64).optional(),
  SSO_CLAIM_ORG: z.string().regex(/^[\w.:-]{1,64}$/, "must be a claim name").optional(),
  SSO_DIRECTORY_URL: z.string().url().optional(),
  // A provider on plain http is refused in production unless this says the network is trusted.
  SSO_ALLOW_HTTP: z.enum(["0", "1"]).optional(),
  // The outside face provider's callback signing key (api/event); development uses a built-in key.
  EVENT_FACE_SECRET: z.string().min(16).optional(),
  // Proxies whose X-Forwarded-For is believed (see trustProxyRule); unset: none, the socket's address counts.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || trustProxyRule(v) !== null, "must be a hop count (0-10) or a comma list of addresses, CIDRs, loopback, linklocal, uniquelocal"),
});

const NAMED_SUBNETS: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** TRUST_PROXY read: how many proxies stand in front, or the addresses that are proxies. */
export type TrustProxyRule = { hops: number } | { proxies: BlockList };

/**
 * A number is how many proxies stand in front (hops believed from the socket inwards); otherwise a
 * comma list of proxy addresses and CIDRs (names loopback, linklocal, uniquelocal allowed).
 * Null when the value is malformed.
 */
export function trustProxyRule(value: string): TrustProxyRule | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { hops } : null;
  }
  const proxies = new BlockList();
  let entries = 0;
  for (const raw of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    for (const entry of NAMED_SUBNETS[raw.toLowerCase()] ?? [raw]) {
      const [address = "", bits] = entry.split("/");
      const version = isIP(address);
      if (!version) return null;
      const max = version === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : /^\d+$/.test(bits) ? Number(bits) : NaN;
      if (!(prefix >= 0 && prefix <= max)) return null;
      proxies.addSubnet(address, prefix, version === 4 ? "ipv4" : "ipv6");
      entries++;
    }
  }
  return entries ? { proxies } : null;
}

export type Env = z.infer<typeof schema> & { isProduction: boolean };

let cached: Env | undefined;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && env.DEV_CAPTCHA_CODE) {
    throw new Error("Invalid environment:\n  DEV_CAPTCHA_CODE: not allowed when NODE_ENV=production");
  }
  if (isProduction && !env.SERVICE_TOKEN) {
    throw new Error("Invalid environment:\n  SERVICE_TOKEN: required when NODE_ENV=production");
  }
  const sso = ssoIssues(env, isProduction);
  if (sso.length) throw new Error(`Invalid environment:\n${sso.map((l) => `  ${l}`).join("\n")}`);
  return { ...env, isProduction };
}

/** The SSO settings come as a set: what is missing or unsafe in the set given. */
function ssoIssues(env: z.infer<typeof schema>, isProduction: boolean): string[] {
  const issues: string[] = [];
  if (!env.SSO_ISSUER !== !env.SSO_CLIENT_ID) issues.push("SSO_ISSUER, SSO_CLIENT_ID: set both or neither");
  if (env.SSO_DIRECTORY_URL && !(env.SSO_ISSUER && env.SSO_CLIENT_SECRET))
    issues.push("SSO_DIRECTORY_URL: needs SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET (the directory is read with the client credentials)");
  const plain = [env.SSO_ISSUER, env.SSO_DIRECTORY_URL].some((u) => u?.startsWith("http:"));
  if (isProduction && plain && env.SSO_ALLOW_HTTP !== "1") issues.push("SSO_ISSUER, SSO_DIRECTORY_URL: must be https when NODE_ENV=production (or set SSO_ALLOW_HTTP=1)");
  return issues;
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}

/**
 * How many web processes server.mjs runs: WEB_CONCURRENCY, else one per core in production and one in
 * development and tests (at most 30, so each keeps two connections of 60). Always one on PGlite: the embedded database lives inside the process and its
 * data directory can be opened by one process only.
 */
export function webWorkers(e: Env = env(), cores = availableParallelism()): number {
  if (!e.DATABASE_URL) return 1;
  return e.WEB_CONCURRENCY ?? (e.isProduction ? Math.min(cores, 30) : 1);
}

/**
 * The node flags a web process starts with: a young generation of WEB_SEMI_SPACE_MB semi-spaces. An exam
 * call allocates a few hundred KB of short-lived objects; with V8's default 16 MB the scavenger ran
 * several times a second under the start stampede (docs/decisions/022-exam-start.md, 2026-11-28: server
 * CPU a call 0.61 -> 0.50 ms). None when node already got the flag (an operator's own choice wins).
 */
export function webNodeFlags(e: Pick<Env, "WEB_SEMI_SPACE_MB"> = env(), execArgv: readonly string[] = process.execArgv): string[] {
  if (!e.WEB_SEMI_SPACE_MB || execArgv.some((a) => a.startsWith("--max-semi-space-size"))) return [];
  return [`--max-semi-space-size=${e.WEB_SEMI_SPACE_MB}`];
}

/**
 * Each web process's PostgreSQL connections (half of them for transactions, see db/client.ts):
 * DATABASE_POOL_MAX, else 60 shared by the workers (at most 20 each), so the web tier stays well inside
 * PostgreSQL's default max_connections of 100.
 */
export function dbPoolSize(e: Env = env(), workers = webWorkers(e)): number {
  return e.DATABASE_POOL_MAX ?? Math.max(2, Math.min(20, Math.floor(60 / workers)));
}
