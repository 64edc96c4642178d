import { z } from "zod";

// Parsed once at start-up; a bad value stops the process with a message naming the variable.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  REALTIME_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
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
  // Upload storage: signs policies and file URLs (required in production); S3_* switch to an S3 bucket.
  STORAGE_SECRET: z.string().min(16).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
});

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
  return { ...env, isProduction };
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
