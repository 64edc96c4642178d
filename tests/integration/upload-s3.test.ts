import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@db/client";
import { resetEnvCache } from "@base/env.server";
import { loader } from "~/routes/storage.$";
import { signFileUrl } from "@trpc-app/upload/signing";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { createTestDb } from "../helpers/db";

// A real S3-compatible server on a free port; it checks the signatures of presigned GETs.
const S3rver = createRequire(import.meta.url)("s3rver") as new (opts: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("uploads in S3 mode (s3rver)", () => {
  let server: InstanceType<typeof S3rver>;
  let handle: DbHandle;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: mkdtempSync(join(tmpdir(), "cy-s3-")),
      configureBuckets: [{ name: "caiyun-test" }],
    });
    const { port } = await server.run();
    Object.assign(process.env, {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "caiyun-test",
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
      S3_REGION: "us-east-1",
    });
    resetEnvCache();
    handle = await createTestDb("pglite");
  });

  afterAll(async () => {
    for (const k of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_REGION"]) delete process.env[k];
    Object.assign(process.env, saved);
    resetEnvCache();
    await server?.close();
    await handle?.close();
  });

  it("posts a file with the signed S3 policy, then reads it back through the app's signed link", async () => {
    const user = await createUser(handle.db, { loginName: "s3_learner" });
    const client = await signedInClient(handle.db, user.id);
    const token = await client.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName: "证件照.png", contentType: "image/png" }));
    expect(token.host).toBe(`${process.env.S3_ENDPOINT}/caiyun-test`);
    expect(token.accessId).toBe("S3RVER");
    expect(token.fields.key).toBe(token.data[0]);
    expect(token.fields["X-Amz-Signature"]).toBe(token.signature);
    const policy = JSON.parse(Buffer.from(token.policy, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual(["starts-with", "$key", token.dir]);
    expect(policy.conditions).toContainEqual(["content-length-range", 0, 20 * 1048576]);

    const form = new FormData();
    for (const [k, v] of Object.entries(token.fields)) form.append(k, v);
    form.append("file", new Blob([PNG], { type: "image/png" }), "证件照.png");
    const res = await fetch(token.host, { method: "POST", body: form });
    expect(res.status).toBe(200);

    const { url } = await client.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: token.data[0]! }));
    const answer = (await loader({
      request: new Request(`http://127.0.0.1:3000${url}`),
      params: { "*": decodeURI(url.split("?")[0]!.replace("/storage/", "")) },
      context: {},
    })) as Response;
    expect(answer.status).toBe(302);
    const presigned = answer.headers.get("location")!;
    expect(presigned).toContain("X-Amz-Signature=");
    const file = await fetch(presigned);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // s3rver does not verify V4 query signatures, so the link's shape is checked here instead.
    const link = new URL(presigned);
    expect(link.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(link.searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);

    // The bucket's link never outlives the app's link it was made from.
    const soon = signFileUrl(token.data[0]!, Math.floor(Date.now() / 1000) + 30);
    const short = (await loader({ request: new Request(`http://127.0.0.1:3000${soon}`), params: { "*": decodeURI(soon.split("?")[0]!.replace("/storage/", "")) }, context: {} })) as Response;
    expect(Number(new URL(short.headers.get("location")!).searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(30);
  });
});
