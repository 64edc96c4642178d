// Issue 18, holes 2 and 3: file references learners give (no server-side fetch of their addresses) and
// file links (signed only for those who may read the object, short-lived unless public, unguessable keys).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@db/client";
import { examVerifications, uploadObjects, userCourses, userIdentities, users } from "@db/schema";
import { SESSION_COOKIE, createSession } from "@trpc-app/auth/session";
import { resetFacePool } from "@trpc-app/exam/face.service";
import { NO_PHOTO_MESSAGE, PHOTO_UNUSABLE_MESSAGE } from "@trpc-app/exam/proctor.service";
import { FILE_REFUSED } from "@trpc-app/upload/access.service";
import { storagePath } from "@trpc-app/upload/file-ref";
import { putObject } from "@trpc-app/upload/object.service";
import { signFileUrl } from "@trpc-app/upload/signing";
import { action, loader } from "~/routes/storage.$";
import { createCourse, createCourseware } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createIdentity, makeIdNo } from "../factories/identity";
import { asDataUrl, faceFixture } from "../factories/proctoring";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n% 讲义\n");
const HOUR = 3600;
const TEN_YEARS = 10 * 365 * 24 * HOUR;

type Client = Awaited<ReturnType<typeof signedInClient>>;

// A local server standing for any address a learner might give: it must never be asked for anything.
const hits: string[] = [];
let trap: ReturnType<typeof createServer>;
let trapUrl = "";
beforeAll(async () => {
  trap = createServer((req: IncomingMessage, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "image/jpeg" });
    res.end(faceFixture("registered"));
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => trap.close(resolve));
  await resetFacePool();
});

const post = async (fields: Record<string, string>, file: Blob, name: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file, name);
  return (await action({ request: new Request("http://127.0.0.1:3000/storage/upload", { method: "POST", body: form }), params: { "*": "upload" }, context: {} })) as Response;
};

const fetchLink = async (url: string, headers: Record<string, string> = {}) =>
  (await loader({
    request: new Request(`http://127.0.0.1:3000${url}`, { headers }),
    params: { "*": decodeURI(url.split("?")[0]!.replace("/storage/", "")) },
    context: {},
  })) as Response;

/** Uploads through the policy flow as this client and answers the object key. */
async function upload(client: Client, fileName: string, opts: { midPath?: string; bytes?: Buffer; type?: string } = {}) {
  const type = opts.type ?? "image/png";
  const token = await client.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName, midPath: opts.midPath, contentType: type }));
  const res = await post(token.fields, new Blob([new Uint8Array(opts.bytes ?? PNG)], { type }), fileName);
  expect(res.status).toBe(200);
  return token.data[0]!;
}

const expOf = (url: string) => Number(new URL(url, "http://x").searchParams.get("exp"));
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function uploadRow(db: Db, key: string) {
  return (await db.select().from(uploadObjects).where(eq(uploadObjects.key, key)))[0];
}

describeEachDb("security: file links are signed only for those who may read them", (getDb) => {
  /** Learners A, B and a buyer, an admin, and the objects the cases ask for. */
  async function world() {
    const db = getDb();
    const a = await createUser(db, { nick: "学员甲" });
    const b = await createUser(db, { nick: "学员乙" });
    const buyer = await createUser(db, { nick: "已购学员" });
    const admin = await createUser(db, { nick: "管理员", isAdmin: 1 });
    const A = await signedInClient(db, a.id);
    const B = await signedInClient(db, b.id);
    const Buyer = await signedInClient(db, buyer.id);
    const Admin = await signedInClient(db, admin.id);
    const visitor = testClient(db);

    const facePhoto = await upload(A, "face.jpg", { midPath: "identity", bytes: faceFixture("registered"), type: "image/jpeg" });
    await createIdentity(db, a.id, { realName: "王晓雯" });
    await A.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: storagePath(facePhoto) }));
    const ownUpload = await upload(A, "学习笔记.pdf", { bytes: PDF, type: "application/pdf" });
    const handout = await upload(Admin, "付费讲义.pdf", { bytes: PDF, type: "application/pdf" });
    const ware = await createCourseware(db, { name: "付费讲义", type: 2, url: storagePath(handout) });
    const { course } = await createCourse(db, { name: "政府采购付费精讲", price: 199, isFree: 0, chapters: [{ name: "第一章", sections: [{ name: "讲义", type: 2, coursewareId: ware.id }] }] });
    await db.insert(userCourses).values({ userId: buyer.id, courseId: course.id, source: "order", payStatus: 1 });
    const banner = await upload(Admin, "首页轮播.png");

    // Objects stored before owners were recorded: a learner's upload, a predictable face photo, a seed handout.
    const legacyUpload = `1133/20261122/${a.id}/0a1b2c_old-notes.pdf`;
    await putObject(legacyUpload, PDF, "application/pdf");
    const legacyFace = `1133/identity/${a.id}/registered-face.jpg`;
    await putObject(legacyFace, faceFixture("registered"), "image/jpeg");
    const legacyHandout = "course-demo/paid-handout.pdf";
    await putObject(legacyHandout, PDF, "application/pdf");
    const oldWare = await createCourseware(db, { name: "旧讲义", type: 2, url: `${storagePath(legacyHandout)}?exp=9999999999&sig=old` });
    const legacySegment = "course-demo/paid-hls/seg0.ts";
    await putObject(legacySegment, PDF, "video/mp2t");
    const oldVideo = await createCourseware(db, { name: "旧视频", url: storagePath("course-demo/paid.mp4"), hlsUrl: storagePath("course-demo/paid-hls/index.m3u8") });
    await createCourse(db, {
      name: "旧付费课",
      price: 99,
      isFree: 0,
      chapters: [{ name: "第一章", sections: [{ name: "旧讲义", type: 2, coursewareId: oldWare.id }, { name: "旧视频", coursewareId: oldVideo.id }] }],
    });
    const legacyBanner = "operate/seed/banner-1.png";
    await putObject(legacyBanner, PNG, "image/png");
    // Beside the course files, yet no course file itself: a site picture.
    const legacyCover = "course-demo/cover.png";
    await putObject(legacyCover, PNG, "image/png");

    const keys = { facePhoto, ownUpload, handout, banner, legacyUpload, legacyFace, legacyHandout, legacySegment, legacyBanner, legacyCover };
    return { db, a, b, admin, A, B, Buyer, Admin, visitor, course, keys };
  }

  it("refuses other people's objects with one message and no URL; owners, buyers and admins get short links; public assets long ones", async () => {
    const w = await world();
    type Who = "A" | "B" | "Buyer" | "Admin" | "visitor";
    type Key = keyof typeof w.keys;
    const cases: [Who, Key, "refused" | "private" | "public"][] = [
      ["B", "facePhoto", "refused"],
      ["B", "ownUpload", "refused"],
      ["B", "handout", "refused"],
      ["visitor", "facePhoto", "refused"],
      ["visitor", "ownUpload", "refused"],
      ["visitor", "handout", "refused"],
      ["Buyer", "facePhoto", "refused"],
      ["A", "handout", "refused"],
      ["B", "legacyUpload", "refused"],
      ["B", "legacyFace", "refused"],
      ["B", "legacyHandout", "refused"],
      ["visitor", "legacySegment", "refused"],
      ["A", "facePhoto", "private"],
      ["A", "ownUpload", "private"],
      ["A", "legacyUpload", "private"],
      ["A", "legacyFace", "private"],
      ["Buyer", "handout", "private"],
      ["Admin", "facePhoto", "private"],
      ["Admin", "ownUpload", "private"],
      ["Admin", "handout", "private"],
      ["Admin", "legacyFace", "private"],
      ["Admin", "legacyHandout", "private"],
      ["Admin", "legacySegment", "private"],
      ["visitor", "banner", "public"],
      ["B", "banner", "public"],
      ["visitor", "legacyBanner", "public"],
      ["B", "legacyCover", "public"],
    ];
    for (const [who, name, expected] of cases) {
      const key = w.keys[name];
      // Ask for ten years each time: the rule decides the lifetime, not the caller.
      const ask = w[who].call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key, expiresIn: TEN_YEARS }));
      const label = `${who} -> ${name}`;
      if (expected === "refused") {
        const refused = await rejection(ask);
        expect(refused.message, label).toBe(FILE_REFUSED);
        expect(refused.legacyCode, label).toBe("403");
        continue;
      }
      const { url } = await ask;
      const left = expOf(url) - nowSeconds();
      if (expected === "private") expect(left, label).toBeLessThanOrEqual(HOUR);
      else expect(left, label).toBeGreaterThan(9 * 365 * 24 * HOUR);
      expect(left, label).toBeGreaterThan(HOUR - 60);
      const served = await fetchLink(url);
      expect(served.status, label).toBe(200);
      expect((await served.arrayBuffer()).byteLength, label).toBeGreaterThan(0);
    }
  });

  it("answers an old client the same way: one message, no URL in data", async () => {
    const w = await world();
    const legacy = legacyClient(w.db);
    legacy.jar[SESSION_COOKIE] = (await createSession(w.db, w.b.id)).token;
    const refused = await legacy.get("/api/elearning/oss/getDownLoadUrl", { bizCode: "1133", fileId: w.keys.facePhoto, timestamp: Date.now() });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, message: FILE_REFUSED, data: null });
    const banner = await legacyClient(w.db).get("/api/elearning/oss/getDownLoadUrl", { bizCode: "1133", fileId: w.keys.banner });
    expect(banner.body.success).toBe(true);
    expect(banner.body.data).toMatch(/^\/storage\/file\/.+\?exp=\d+&sig=/);
  });

  it("gives new objects unguessable keys, records who they belong to and takes only the issued key", async () => {
    const w = await world();
    const token = await w.A.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName: "a.png", fileNum: 2 }));
    const random = token.data.map((k) => /\/([0-9a-f]+)_a\.png$/.exec(k)?.[1] ?? "");
    for (const r of random) expect(r.length * 4).toBeGreaterThanOrEqual(128);
    expect(new Set(random).size).toBe(2);
    expect(await uploadRow(w.db, token.data[0]!)).toMatchObject({ ownerId: w.a.id, bizCode: "1133", purpose: "file", isPublic: 0 });
    expect(await uploadRow(w.db, w.keys.facePhoto)).toMatchObject({ ownerId: w.a.id, purpose: "identity", isPublic: 0 });
    expect(await uploadRow(w.db, w.keys.banner)).toMatchObject({ ownerId: w.admin.id, purpose: "file", isPublic: 1 });

    // A key of one's own folder that was not handed out is refused, and nothing is written.
    const unissued = `${token.dir}chosen-name.png`;
    const res = await post({ ...token.fields, key: unissued }, new Blob([PNG], { type: "image/png" }), "a.png");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("文件路径不在授权目录内");
    expect(await uploadRow(w.db, unissued)).toBeUndefined();
  });

  it("never serves a real-name photo on a long link made before the rule, and serves byte ranges of a short one", async () => {
    const w = await world();
    const old = signFileUrl(w.keys.facePhoto, nowSeconds() + TEN_YEARS);
    expect((await fetchLink(old)).status).toBe(403);
    expect((await fetchLink(signFileUrl(w.keys.legacyFace, nowSeconds() + TEN_YEARS))).status).toBe(403);
    const { url } = await w.A.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: w.keys.facePhoto }));
    const part = await fetchLink(url, { range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(faceFixture("registered").subarray(0, 4))).toBe(true);
  });

  it("keeps pages working: the owner and admins see the photo, buyers study with short links, avatars turn public", async () => {
    const w = await world();
    const own = await w.A.call((c) => c.identity.getInfo({}));
    expect(own.passportPhotoUrl).toMatch(/^\/storage\/file\/1133\/identity\//);
    expect(expOf(own.passportPhotoUrl) - nowSeconds()).toBeLessThanOrEqual(HOUR);
    expect((await fetchLink(own.passportPhotoUrl)).status).toBe(200);
    const stored = (await w.db.select().from(userIdentities).where(eq(userIdentities.userId, w.a.id)))[0]!;
    // Stored without a signature: the database holds no link that works by itself.
    expect(stored.passportPhotoUrl).toBe(storagePath(w.keys.facePhoto));
    const byAdmin = await w.Admin.call((c) => c.org.admin.users.getAuthInfo({ userId: w.a.id }));
    expect((await fetchLink(byAdmin.passportPhotoUrl)).status).toBe(200);

    const files = await w.Buyer.call((c) => c.course.files({ courseId: w.course.id }));
    expect(files[0]!.url).toMatch(/^\/storage\/file\//);
    expect(expOf(files[0]!.url) - nowSeconds()).toBeLessThanOrEqual(HOUR);
    expect((await fetchLink(files[0]!.url)).status).toBe(200);
    expect((await w.B.call((c) => c.course.files({ courseId: w.course.id })))[0]!.url).toBe("");

    const avatar = await upload(w.B, "头像.png");
    const { url: shortLink } = await w.B.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: avatar }));
    const saved = await w.B.call((c) => c.identity.updateHeadPic({ headPic: shortLink }));
    expect(expOf(saved.headPic) - nowSeconds()).toBeGreaterThan(9 * 365 * 24 * HOUR);
    expect((await w.db.select().from(users).where(eq(users.id, w.b.id)))[0]!.headPic).toBe(saved.headPic);
    expect(await uploadRow(w.db, avatar)).toMatchObject({ ownerId: w.b.id, purpose: "avatar", isPublic: 1 });
    expect((await w.visitor.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: avatar }))).url).toMatch(/^\/storage\/file\//);

    // One's own real-name photo never turns public as an avatar: recorded as such, or in the photo folder of an old key.
    const photo = await upload(w.B, "证件照.png");
    await createIdentity(w.db, w.b.id, { realName: "李明" });
    await w.B.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: storagePath(photo) }));
    for (const [client, key] of [[w.B, photo], [w.A, w.keys.facePhoto], [w.A, w.keys.legacyFace]] as const) {
      expect((await rejection(client.call((c) => c.identity.updateHeadPic({ headPic: storagePath(key) })))).message, key).toBe("头像无效，请重新上传");
      expect((await rejection(w.visitor.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key })))).message, key).toBe(FILE_REFUSED);
    }
    expect(await uploadRow(w.db, photo)).toMatchObject({ purpose: "identity", isPublic: 0 });
    expect((await w.db.select().from(users).where(eq(users.id, w.b.id)))[0]!.headPic).toBe(saved.headPic);
  });
});

describeEachDb("security: learners reference only their own stored files, and nothing is fetched", (getDb) => {
  async function learner(db: Db, nick: string) {
    const user = await createUser(db, { nick });
    return { user, client: await signedInClient(db, user.id) };
  }

  it("refuses foreign addresses and other people's files as the identity photo and avatar, with one message, fetching nothing", async () => {
    const db = getDb();
    hits.length = 0;
    const { user, client } = await learner(db, "实名学员");
    const other = await learner(db, "他人");
    const othersPhoto = await upload(other.client, "photo.png", { midPath: "identity" });
    await createIdentity(db, user.id);
    const mine = `1133/identity/20261122/${user.id}/never-uploaded.png`;
    const refs = [
      `${trapUrl}/photo.jpg`,
      "http://127.0.0.1:5432/",
      "https://img.example.cn/a.png",
      `//127.0.0.1:5432/x.png`,
      `http://127.0.0.1:3000${storagePath(othersPhoto)}`,
      storagePath(othersPhoto),
      othersPhoto,
      storagePath(mine),
      "/storage/file/../../etc/passwd",
      "javascript:alert(1)",
      // A key no path can be made of (a lone surrogate).
      `1133/identity/20261122/${user.id}/\ud800.png`,
    ];
    for (const ref of refs) {
      const photo = await rejection(client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: ref })));
      expect(photo.message, ref).toBe("证件照无效，请重新上传");
      const avatar = await rejection(client.call((c) => c.identity.updateHeadPic({ headPic: ref })));
      expect(avatar.message, ref).toBe("头像无效，请重新上传");
    }
    const form = await rejection(
      other.client.call((c) => c.identity.complete({ realName: "李明", idType: 1, idNo: makeIdNo("110101", "19900307", 451), passportPhotoUrl: `${trapUrl}/id.jpg` })),
    );
    expect(form.message).toBe("证件照无效，请重新上传");
    expect(hits).toEqual([]);
    expect((await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)))[0]!.passportPhotoUrl).toBeNull();
    expect((await db.select().from(userIdentities).where(eq(userIdentities.userId, other.user.id)))).toHaveLength(0);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.headPic).toBeNull();
    // The other learner's photo stays theirs.
    expect(await uploadRow(db, othersPhoto)).toMatchObject({ ownerId: other.user.id, purpose: "identity" });
  });

  it("the face check reads the registered photo from storage by key; a photo given as an address answers one message and is never fetched", async () => {
    const db = getDb();
    hits.length = 0;
    const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const exam = await createExam(db, { paperId: (await createFixedPaper(db, "核验卷", [{ questionId: q.id, score: 100 }])).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 5 } });
    const capture = asDataUrl(faceFixture("capture"));

    const { user, client } = await learner(db, "核验学员");
    const key = await upload(client, "photo.jpg", { midPath: "identity", bytes: faceFixture("registered"), type: "image/jpeg" });
    await createIdentity(db, user.id);
    await client.call((c) => c.identity.completePassportPhoto({ passportPhotoUrl: storagePath(key) }));
    expect(await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: capture }))).toMatchObject({ verifyResult: 0 });

    // Records made before the rule may name any address: the check answers one message for all of them.
    const { user: old, client: oldClient } = await learner(db, "旧数据学员");
    await createIdentity(db, old.id);
    const answers = new Set<string>();
    for (const photo of [`${trapUrl}/face.jpg`, "http://127.0.0.1:5432/", "http://127.0.0.1:1/closed.jpg", "https://img.example.cn/face.jpg", `/storage/file/1133/identity/20261122/${old.id}/gone.jpg`]) {
      await db.update(userIdentities).set({ passportPhotoUrl: photo }).where(eq(userIdentities.userId, old.id));
      answers.add((await rejection(oldClient.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: capture })))).message);
    }
    expect([...answers]).toEqual([PHOTO_UNUSABLE_MESSAGE]);
    expect(hits).toEqual([]);
    await db.update(userIdentities).set({ passportPhotoUrl: null }).where(eq(userIdentities.userId, old.id));
    expect((await rejection(oldClient.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: capture })))).message).toBe(NO_PHOTO_MESSAGE);
    // None of the refused checks was counted or stored.
    expect(await db.select().from(examVerifications).where(eq(examVerifications.userId, old.id))).toHaveLength(0);
  });

  it("an exam snapshot may name only the learner's own upload", async () => {
    const db = getDb();
    hits.length = 0;
    const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const exam = await createExam(db, { paperId: (await createFixedPaper(db, "抓拍卷", [{ questionId: q.id, score: 100 }])).id, proctoring: { isSnapVerify: 1 } });
    const { user, client } = await learner(db, "抓拍学员");
    const other = await learner(db, "被借用者");
    const theirs = await upload(other.client, "snap.jpg", { bytes: faceFixture("capture"), type: "image/jpeg" });
    for (const img of [storagePath(theirs), `${trapUrl}/snap.jpg`]) {
      const refused = await rejection(client.call((c) => c.exam.snapVerify({ examId: exam.id, img })));
      expect(refused.message, img).toMatch(/^照片/);
    }
    expect((await rejection(client.call((c) => c.exam.snapVerify({ examId: exam.id, img: storagePath(theirs) })))).message).toBe("照片文件不存在，请重新上传");
    expect(await db.select().from(examVerifications).where(eq(examVerifications.userId, user.id))).toHaveLength(0);
    expect(hits).toEqual([]);

    const mine = await upload(client, "snap.jpg", { bytes: faceFixture("capture"), type: "image/jpeg" });
    const snap = await client.call((c) => c.exam.snapVerify({ examId: exam.id, img: storagePath(mine) }));
    const [row] = await db.select().from(examVerifications).where(eq(examVerifications.id, snap.snapId));
    // The stored snapshot gets an unguessable key of its own, recorded as the learner's exam picture.
    const snapKey = decodeURIComponent(row!.image.replace(/^\/storage\/file\//, ""));
    expect(snapKey).toMatch(new RegExp(`^exam/snap/${exam.id}/${user.id}/\\d+-[0-9a-f]{32}\\.jpg$`));
    expect(await uploadRow(db, snapKey)).toMatchObject({ ownerId: user.id, purpose: "exam", isPublic: 0 });
    expect((await rejection(other.client.call((c) => c.upload.getDownLoadUrl({ fileId: snapKey })))).message).toBe(FILE_REFUSED);
  });
});
