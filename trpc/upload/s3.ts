// S3 mode: the same upload flow against an S3-compatible bucket (signed POST policy, presigned GET).
import { createHash, createHmac } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { SignatureV4 } from "@smithy/signature-v4";
import type { S3Settings } from "./config";

let cached: { key: string; client: S3Client } | undefined;

export function s3Client(s: S3Settings) {
  const key = JSON.stringify(s);
  if (cached?.key !== key) {
    cached = {
      key,
      client: new S3Client({
        endpoint: s.endpoint,
        region: s.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
      }),
    };
  }
  return cached.client;
}

export async function s3PostPolicy(
  s: S3Settings,
  opts: { key: string; dir: string; contentType: string; maxBytes: number; expiresSeconds: number },
) {
  return createPresignedPost(s3Client(s), {
    Bucket: s.bucket,
    Key: opts.key,
    Conditions: [
      ["starts-with", "$key", opts.dir],
      ["content-length-range", 0, opts.maxBytes],
      ["eq", "$Content-Type", opts.contentType],
    ],
    Fields: { success_action_status: "200", "Content-Type": opts.contentType },
    Expires: opts.expiresSeconds,
  });
}

function toBytes(v: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof v === "string") return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/** SHA-256 in the shape the signer expects, on Node's crypto. */
class NodeSha256 {
  private h;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h = secret ? createHmac("sha256", toBytes(secret)) : createHash("sha256");
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.h.update(toBytes(data));
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
  reset() {}
}

/** A time-limited GET URL of one object (path-style, as the bucket endpoint is configured). */
export async function s3PresignedGet(s: S3Settings, key: string, expiresSeconds: number) {
  const url = new URL(s.endpoint);
  const path = `${url.pathname.replace(/\/+$/, "")}/${s.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const signer = new SignatureV4({
    service: "s3",
    region: s.region,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const signed = await signer.presign(
    {
      method: "GET",
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path,
      query: {},
      headers: { host: url.host },
    },
    { expiresIn: expiresSeconds },
  );
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(signed.query ?? {})) if (typeof v === "string") query.set(k, v);
  return `${url.protocol}//${url.host}${path}?${query.toString()}`;
}
