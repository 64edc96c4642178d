import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it, vi } from "vitest";
import { cleanFileName } from "@base/file-name";
import { env } from "@base/env.server";
import { action, loader } from "~/routes/storage.$";
import { decodePolicy, hmac, signFileUrl } from "@trpc-app/upload/signing";
import { handleStorageUpload, UPLOAD_BODY_LIMIT } from "@trpc-app/upload/store.service";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function uploadRequest(fields: Record<string, string>, file: Blob, fileName = "photo.png") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file, fileName);
  return new Request("http://127.0.0.1:3000/storage/upload", { method: "POST", body: form });
}

const post = (fields: Record<string, string>, file: Blob) =>
  action({ request: uploadRequest(fields, file), params: { "*": "upload" }, context: {} }) as Promise<Response>;

const get = (url: string) =>
  loader({ request: new Request(`http://127.0.0.1:3000${url}`), params: { "*": decodeURI(url.split("?")[0]!.replace("/storage/", "")) }, context: {} }) as Promise<Response>;

describeEachDb("uploads: policy and the embedded storage endpoint", (getDb) => {
  async function learner() {
    const db = getDb();
    const user = await createUser(db, { loginName: "upload_learner" });
    return { user, client: await signedInClient(db, user.id) };
  }

  it("signs a policy, stores a posted file and serves it by a signed URL", async () => {
    const { user, client } = await learner();
    const token = await client.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName: "C:\\照片\\我的 证件照,$1.png", midPath: "identity" }));
    expect(token.host).toBe("/storage/upload");
    expect(token.dir).toMatch(new RegExp(`^1133/identity/\\d{8}/${user.id}/$`));
    expect(token.data[0]).toMatch(/^1133\/identity\/\d{8}\/\d+\/[0-9a-f]{32}_我的证件照1\.png$/);
    expect(token.signature).toBe(hmac(token.policy));
    const doc = decodePolicy(token.policy)!;
    expect(Date.parse(doc.expiration)).toBeGreaterThan(Date.now());
    expect(doc.conditions).toContainEqual(["starts-with", "$key", token.dir]);
    expect(doc.conditions).toContainEqual(["content-length-range", 0, 20 * 1048576]);
    expect(doc.conditions).toContainEqual(["in", "$content-type", expect.arrayContaining(["image/png", "image/jpeg"])]);

    const res = await post(token.fields, new Blob([PNG], { type: "image/png" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeTruthy();
    const stored = join(env().DATA_DIR, "uploads", token.data[0]!);
    expect(readFileSync(stored).equals(PNG)).toBe(true);

    const { url } = await client.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: token.data[0]! }));
    expect(url).toMatch(/^\/storage\/file\/.+\?exp=\d+&sig=/);
    const served = await get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // Players seek with byte ranges: a part comes back as 206, past the end as 416.
    const withRange = (range: string) =>
      loader({ request: new Request(`http://127.0.0.1:3000${url}`, { headers: { range } }), params: { "*": decodeURI(url.split("?")[0]!.replace("/storage/", "")) }, context: {} }) as Promise<Response>;
    const part = await withRange("bytes=2-5");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 2-5/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(2, 6))).toBe(true);
    const tail = await withRange("bytes=-3");
    expect(Buffer.from(await tail.arrayBuffer()).equals(PNG.subarray(PNG.length - 3))).toBe(true);
    expect((await withRange(`bytes=${PNG.length}-`)).status).toBe(416);

    // A link for another key, or with a changed signature or expiry, is refused.
    expect((await get(url.replace(/sig=[^&]+/, "sig=AAAA"))).status).toBe(403);
    expect((await get(url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 1}`))).status).toBe(403);
    const past = signFileUrl(token.data[0]!, Math.floor(Date.now() / 1000) - 5);
    expect((await get(past)).status).toBe(403);
  });

  it("refuses tampered uploads: key outside the folder, bad signature, size over the limit, wrong type, expired", async () => {
    const { client } = await learner();
    const token = await client.call((c) => c.upload.getUploadToken({ fileName: "avatar.png" }));
    const png = new Blob([PNG], { type: "image/png" });

    const outside = await post({ ...token.fields, key: "1133/other-user/evil.png" }, png);
    expect(outside.status).toBe(403);
    expect((await outside.json()).message).toBe("文件路径不在授权目录内");
    const climbing = await post({ ...token.fields, key: `${token.dir}../../escape.png` }, png);
    expect(climbing.status).toBe(403);

    const badSig = await post({ ...token.fields, signature: hmac("something else") }, png);
    expect(badSig.status).toBe(403);
    expect((await badSig.json()).message).toBe("上传凭证签名无效");

    // A policy edited to allow bigger files no longer matches its signature.
    const doc = decodePolicy(token.policy)!;
    const widened = Buffer.from(JSON.stringify({ ...doc, conditions: [["content-length-range", 0, 1e12]] })).toString("base64");
    expect((await post({ ...token.fields, policy: widened }, png)).status).toBe(403);

    const big = new Blob([new Uint8Array(20 * 1048576 + 1)], { type: "image/png" });
    const tooBig = await post(token.fields, big);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).message).toContain("文件大小超出限制");

    const html = await post(token.fields, new Blob(["<script>alert(1)</script>"], { type: "text/html" }));
    expect(html.status).toBe(400);
    expect((await html.json()).message).toBe("文件类型不被允许");

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const expired = await post(token.fields, png);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe("上传凭证已过期，请重新上传");
    vi.useRealTimers();

    // Nothing was written by any refused request.
    expect(existsSync(join(env().DATA_DIR, "uploads", token.data[0]!))).toBe(false);
    expect(existsSync(join(env().DATA_DIR, "uploads", "1133/other-user/evil.png"))).toBe(false);
  });

  it("refuses a body past the largest policy before reading it, and stops reading an undeclared one at the limit", async () => {
    const { client } = await learner();
    const token = await client.call((c) => c.upload.getUploadToken({ fileName: "photo.png" }));
    const valid = uploadRequest(token.fields, new Blob([PNG], { type: "image/png" }));
    const contentType = valid.headers.get("content-type")!;
    const form = await valid.arrayBuffer();
    // The valid form, sent in small chunks, counting how many were asked for.
    const streamed = (bytes: Uint8Array, extra = 0) => {
      let at = 0;
      const sent = { chunks: 0 };
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          sent.chunks += 1;
          if (at < bytes.length) {
            c.enqueue(bytes.subarray(at, at + 64));
            at += 64;
          } else if (extra > 0) {
            c.enqueue(new Uint8Array(Math.min(extra, 64)));
            extra -= 64;
          } else c.close();
        },
      }, { highWaterMark: 0 });
      return { sent, body };
    };
    const request = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      new Request("http://127.0.0.1:3000/storage/upload", { method: "POST", body, duplex: "half", headers: { "content-type": contentType, ...headers } } as RequestInit);
    const stored = join(env().DATA_DIR, "uploads", token.data[0]!);

    const declared = streamed(new Uint8Array(form));
    const refused = await handleStorageUpload(request(declared.body, { "content-length": String(UPLOAD_BODY_LIMIT + 1) }));
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    expect((await refused.json()).message).toContain("文件大小超出限制");
    expect(declared.sent.chunks).toBe(0);

    // Without a declared length the bytes are counted: reading stops just past the limit.
    const limit = form.byteLength + 256;
    const endless = streamed(new Uint8Array(form), 1e9);
    expect((await handleStorageUpload(request(endless.body), Date.now(), limit)).status).toBe(413);
    expect(endless.sent.chunks * 64).toBeLessThan(limit + 3 * 64);
    expect(existsSync(stored)).toBe(false);

    // The same form within the limit is stored.
    expect((await handleStorageUpload(request(streamed(new Uint8Array(form)).body), Date.now(), limit)).status).toBe(200);
    expect(readFileSync(stored).equals(PNG)).toBe(true);
  });

  it("refuses visitors, unknown file types and oversize declarations with Chinese messages", async () => {
    const { client } = await learner();
    const visitor = testClient(getDb());
    expect((await rejection(visitor.call((c) => c.upload.getUploadToken({ fileName: "a.png" })))).legacyCode).toBe("281");
    const exe = await rejection(client.call((c) => c.upload.getUploadToken({ fileName: "setup.exe" })));
    expect(exe.message).toBe("不支持上传该类型的文件");
    const huge = await rejection(client.call((c) => c.upload.getUploadToken({ fileName: "a.png", fileSize: 30 * 1048576 })));
    expect(huge.message).toBe("文件大小不能超过20Mb");
    const noName = await rejection(client.call((c) => c.upload.getUploadToken({ fileName: "" })));
    expect(noName.message).toBe("缺少文件名");
    const bad = await rejection(client.call((c) => c.upload.getDownLoadUrl({ fileId: "../../etc/passwd" })));
    expect(bad.message).toBe("文件ID不正确");
    // A key no URL can encode is the caller's mistake, even for an admin who may read everything.
    const admin = await signedInClient(getDb(), (await createUser(getDb(), { loginName: "upload_admin", isAdmin: 1 })).id);
    expect((await rejection(admin.call((c) => c.upload.getDownLoadUrl({ fileId: "1133/\ud800.png" })))).message).toBe("文件ID不正确");
  });

  it("cleans file names the same way on both sides", () => {
    expect(cleanFileName("/home/u/年度 采购,计划$.xlsx")).toBe("年度采购计划.xlsx");
    const long = `${"政".repeat(120)}.pdf`;
    const cleaned = cleanFileName(long);
    expect(cleaned).toHaveLength(100);
    expect(cleaned.endsWith(".pdf")).toBe(true);
  });
});
