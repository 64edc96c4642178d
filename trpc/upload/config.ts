import { env } from "@base/env.server";

const DEV_SECRET = "cy-dev-storage-secret-0f3a9c";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** Signing secret for policies and file URLs: a development default only outside production. */
export function storageSecret(): string {
  const e = env();
  if (e.STORAGE_SECRET) return e.STORAGE_SECRET;
  if (e.isProduction) throw new Error("Invalid environment:\n  STORAGE_SECRET: required when NODE_ENV=production");
  return DEV_SECRET;
}

/** S3 mode when every S3_* setting is present; otherwise files live under DATA_DIR/uploads. */
export function s3Settings(): S3Settings | null {
  const e = env();
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY || !e.S3_SECRET_KEY || !e.S3_REGION) return null;
  return { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, accessKey: e.S3_ACCESS_KEY, secretKey: e.S3_SECRET_KEY, region: e.S3_REGION };
}

export function uploadsRoot() {
  return `${env().DATA_DIR.replace(/\/+$/, "")}/uploads`;
}

/** Public access id shown in the policy answer (the embedded store has no real key pair). */
export const LOCAL_ACCESS_ID = "caiyun-local";
