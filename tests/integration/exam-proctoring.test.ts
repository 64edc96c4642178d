import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it, onTestFinished } from "vitest";
import type { Db } from "@db/client";
import { examRecordings, examVerifications } from "@db/schema";
import { uploadsRoot } from "@trpc-app/upload/config";
import { putObject } from "@trpc-app/upload/object.service";
import { facePool, resetFacePool, similarityOf } from "@trpc-app/exam/face.service";
import { dayStart, FACE_BUSY_MESSAGE, FACE_INTERRUPTED_MESSAGE, NO_FACE_REASON, NO_PHOTO_MESSAGE } from "@trpc-app/exam/proctor.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createIdentity } from "../factories/identity";
import { asDataUrl, faceFixture, storeRegisteredPhoto } from "../factories/proctoring";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb, onceOn } from "../helpers/db";

async function paper(db: Db) {
  const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  return createFixedPaper(db, "监考判断题卷", [{ questionId: q.id, score: 100 }]);
}

/** A learner with a completed identity whose registered photo is the face fixture. */
async function registeredLearner(db: Db, nick = "监考考生") {
  const user = await createUser(db, { nick });
  await createIdentity(db, user.id, { passportPhotoUrl: await storeRegisteredPhoto(db, user.id) });
  return { user, client: await signedInClient(db, user.id) };
}

// The face pool's worker threads end with the file.
afterAll(() => resetFacePool());

const storedFile = (url: string) => join(uploadsRoot(), decodeURIComponent(url.replace(/^\/storage\/file\//, "").split("?")[0]!));

it("maps descriptor distance to the 0-100 similarity scale", () => {
  expect(similarityOf(0)).toBe(100);
  expect(similarityOf(0.25)).toBe(97.5);
  expect(similarityOf(0.5)).toBe(95);
  expect(similarityOf(0.75)).toBe(47.5);
  expect(similarityOf(1)).toBe(0);
  expect(similarityOf(1.4)).toBe(0);
});

// The face worker pool's own behaviour (threads, queue, restarts) does not depend on the database: those
// tests run once (onceOn). Each costs several seconds of face inference.

describeEachDb("exam proctoring: face comparison, snapshots, recordings", (getDb, kind) => {
  it("the same face passes, a picture without a face fails, the start waits for a pass", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 3 } });
    const { user, client } = await registeredLearner(db);

    await client.call((c) => c.exam.register({ examId: exam.id }));
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("请先完成人脸核验");

    const none = await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: asDataUrl(faceFixture("no-face")) }));
    expect(none).toMatchObject({ verifyResult: 1, remainVerifyCount: 2, similarity: null, reason: NO_FACE_REASON, threshold: 95 });
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("请先完成人脸核验");

    const same = await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: asDataUrl(faceFixture("capture")) }));
    expect(same).toMatchObject({ verifyResult: 0, remainVerifyCount: 1, reason: "" });
    expect(same.similarity).toBeGreaterThanOrEqual(95);
    expect(same.similarity).toBeLessThan(100);

    const rows = await db.select().from(examVerifications).where(eq(examVerifications.userId, user.id));
    expect(rows.map((r) => r.verifyResult).sort()).toEqual([0, 1]);
    for (const r of rows) {
      expect(r.image).toMatch(/^\/storage\/file\/exam\/face\//);
      expect(existsSync(storedFile(r.image))).toBe(true);
    }
    const started = await client.call((c) => c.exam.start({ examId: exam.id }));
    expect(started.paperId).toBeGreaterThan(0);
  });

  it("the exam's threshold decides; the daily count runs out with verifyResult 2", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 2, faceVerifyThreshold: 100 } });
    const { client } = await registeredLearner(db);
    const img = asDataUrl(faceFixture("capture"));
    const strict = await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }));
    expect(strict).toMatchObject({ verifyResult: 1, remainVerifyCount: 1, threshold: 100, reason: "与实名认证照片不一致" });
    expect(strict.similarity).toBeGreaterThan(90);
    expect(await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }))).toMatchObject({ verifyResult: 1, remainVerifyCount: 0 });
    expect(await client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }))).toMatchObject({ verifyResult: 2, remainVerifyCount: 0 });
    expect(await client.call((c) => c.exam.faceUserInfo({ examId: exam.id }))).toMatchObject({ remainVerifyCount: 0, threshold: 100 });
  });

  it("checks sent at the same moment cannot go over the daily allowance", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 1 } });
    const { user, client } = await registeredLearner(db);
    const img = asDataUrl(faceFixture("capture"));
    const results = await Promise.all([1, 2, 3].map(() => client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }))));
    expect(results.map((r) => r.verifyResult).sort()).toEqual([0, 2, 2]);
    const rows = await db.select().from(examVerifications).where(and(eq(examVerifications.examId, exam.id), eq(examVerifications.userId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ verifyResult: 0, reason: "" });
  });

  it("the daily allowance resets at midnight China time", () => {
    // 2026-11-22 23:30 in Beijing is 15:30 UTC; the day began at 16:00 UTC the evening before.
    expect(dayStart(Date.UTC(2026, 10, 22, 15, 30)).toISOString()).toBe("2026-11-21T16:00:00.000Z");
    expect(dayStart(Date.UTC(2026, 10, 22, 16, 0)).toISOString()).toBe("2026-11-22T16:00:00.000Z");
  });

  it("without a registered photo the check is refused and not counted; bad images answer a message", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1 });
    const u = await createUser(db, { nick: "无照片考生" });
    const client = await signedInClient(db, u.id);
    const img = asDataUrl(faceFixture("capture"));
    expect((await rejection(client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img })))).message).toBe(NO_PHOTO_MESSAGE);
    expect(await client.call((c) => c.exam.faceUserInfo({ examId: exam.id }))).toMatchObject({ remainVerifyCount: 3, faceAuthPhotoUrl: "" });

    const { client: withPhoto } = await registeredLearner(db, "格式考生");
    const gif = `data:image/gif;base64,${Buffer.from("GIF89a-not-a-face").toString("base64")}`;
    expect((await rejection(withPhoto.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: gif })))).message).toBe("照片格式不支持，请使用JPG或PNG照片");
    expect((await rejection(withPhoto.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: "%%%" })))).message).toBe("照片格式不正确");
  });

  it("snapshots are stored as files of the running attempt and listed for admins", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, proctoring: { isSnapVerify: 1 } });
    const { user, client } = await registeredLearner(db, "抓拍考生");
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    const bytes = faceFixture("capture");
    const snap = await client.call((c) => c.exam.snapVerify({ examId: exam.id, paperId, img: asDataUrl(bytes) }));
    expect(snap.verifyResult).toBe(0);
    const [row] = await db.select().from(examVerifications).where(eq(examVerifications.id, snap.snapId));
    expect(row).toMatchObject({ kind: "snap", attemptId: paperId, userId: user.id });
    expect(readFileSync(storedFile(row!.image)).equals(bytes)).toBe(true);

    const other = await signedInClient(db, (await createUser(db, { nick: "旁人" })).id);
    expect((await rejection(other.call((c) => c.exam.snapVerify({ examId: exam.id, paperId, img: asDataUrl(bytes) })))).message).toBe("试卷不存在");

    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1, nick: "考务" })).id);
    const view = await admin.call((c) => c.exam.admin.proctor.attempt({ paperId }));
    expect(view.snapshots).toHaveLength(1);
    expect(view.snapshots[0]!.url).toMatch(/^\/storage\/file\/exam\/snap\/.+\?exp=\d+&sig=/);
    expect((await rejection(client.call((c) => c.exam.admin.proctor.attempt({ paperId })))).message).toBe("您没有权限访问管理后台");
  });

  it("recording segments come through the upload flow and link to the attempt once per seq", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, proctoring: { isEnableVideoRecording: 1 } });
    const { user, client } = await registeredLearner(db, "录像考生");
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    const segment = async (seq: number, size: number) => {
      const token = await client.call((c) =>
        c.upload.getUploadToken({ bizCode: "1133", fileName: `rec-${paperId}-${seq}.webm`, midPath: "exam-recording", contentType: "video/webm" }),
      );
      await putObject(token.data[0]!, new Uint8Array(size).fill(seq + 1), "video/webm");
      return token.data[0]!;
    };
    const k1 = await segment(1, 300);
    const k0 = await segment(0, 200);
    expect(await client.call((c) => c.exam.recording({ paperId, seq: 1, fileId: k1, durationMs: 60_000 }))).toEqual({ paperId, seq: 1, size: 300 });
    await client.call((c) => c.exam.recording({ paperId, seq: 0, fileId: k0, durationMs: 60_000 }));
    await client.call((c) => c.exam.recording({ paperId, seq: 0, fileId: k0 }));
    expect(await db.select().from(examRecordings).where(eq(examRecordings.attemptId, paperId))).toHaveLength(2);

    const missing = k0.replace(/[^/]+$/, "nothing_here.webm");
    expect((await rejection(client.call((c) => c.exam.recording({ paperId, seq: 2, fileId: missing })))).message).toBe("录像文件不存在，请重新上传");
    const foreign = `1133/exam-recording/20260101/${user.id + 999}/x_rec.webm`;
    expect((await rejection(client.call((c) => c.exam.recording({ paperId, seq: 3, fileId: foreign })))).message).toBe("录像文件不属于本次考试");

    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1, nick: "考务" })).id);
    const view = await admin.call((c) => c.exam.admin.proctor.attempt({ paperId }));
    expect(view.recordings.map((r) => [r.seq, r.size])).toEqual([
      [0, 200],
      [1, 300],
    ]);

    const plain = await createExam(db, { paperId: (await paper(db)).id, name: "不录像的考试" });
    await client.call((c) => c.exam.register({ examId: plain.id }));
    const { paperId: p2 } = await client.call((c) => c.exam.start({ examId: plain.id }));
    expect((await rejection(client.call((c) => c.exam.recording({ paperId: p2, seq: 0, fileId: k0 })))).message).toBe("本考试未开启视频录制");
  });

  it.runIf(onceOn(kind))("several checks at once run off the main thread: the event loop stays responsive", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 5 } });
    const learners = [await registeredLearner(db, "并发考生甲"), await registeredLearner(db, "并发考生乙"), await registeredLearner(db, "并发考生丙")];
    const img = asDataUrl(faceFixture("capture"));
    // Warm: the worker loads its models (the first check in a process pays about a second for it).
    expect(await learners[0]!.client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }))).toMatchObject({ verifyResult: 0 });

    const before = { ...facePool().stats };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The histogram's first timer tick only sets its origin: a stall starting before that tick goes unseen.
    await new Promise((r) => setTimeout(r, 30));
    const t0 = performance.now();
    const results = await Promise.all(learners.flatMap(({ client }) => [1, 2].map(() => client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img })))));
    const elapsed = performance.now() - t0;
    // A stall lasting to the end shows only when the late sampling timer fires: give it the chance.
    await new Promise((r) => setTimeout(r, 50));
    delay.disable();
    const maxDelayMs = delay.max / 1e6;
    const inferences = facePool().stats.inferences - before.inferences;
    const inferenceMs = (facePool().stats.inferenceMs - before.inferenceMs) / inferences;
    console.info(`face: ${inferences} inferences (${inferenceMs.toFixed(0)} ms each) in ${elapsed.toFixed(0)} ms, main event loop max delay ${maxDelayMs.toFixed(1)} ms`);

    expect(results.map((r) => r.verifyResult)).toEqual([0, 0, 0, 0, 0, 0]);
    // Six captures (plus registered photos not cached yet); inline, each would stall the loop 0.4-0.6 s.
    expect(inferences).toBeGreaterThanOrEqual(6);
    // Well below one inference; on a loaded machine inferences slow down too, so the bound follows them.
    expect(maxDelayMs).toBeLessThan(Math.max(200, inferenceMs / 2));
  });

  it.runIf(onceOn(kind))("a full queue answers busy and does not count; a crashed worker fails its check and is restarted", async () => {
    const db = getDb();
    const exam = await createExam(db, { paperId: (await paper(db)).id, isFaceVerify: 1, proctoring: { faceVerifyCount: 5 } });
    const { user, client } = await registeredLearner(db, "繁忙考生");
    const img = asDataUrl(faceFixture("capture"));
    const check = () => client.call((c) => c.exam.faceVerify({ examId: exam.id, faceImg: img }));

    // One worker and no waiting room; the default pool comes back when the test ends.
    const pool = (await resetFacePool({ size: 1, queueMax: 0 }))!;
    onTestFinished(async () => {
      await resetFacePool();
    });
    const settled = await Promise.allSettled([check(), check(), check()]);
    const passed = settled.filter((r) => r.status === "fulfilled");
    const busy = settled.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
    expect(passed).toHaveLength(1);
    expect(busy).toEqual([FACE_BUSY_MESSAGE, FACE_BUSY_MESSAGE]);
    expect(FACE_BUSY_MESSAGE).toBe("人脸核验繁忙，请稍后重试");
    expect(pool.stats.rejectedBusy).toBe(2);
    expect(await client.call((c) => c.exam.faceUserInfo({ examId: exam.id }))).toMatchObject({ remainVerifyCount: 4 });

    // The worker ends in the middle of a check: that check fails with a message, uncounted; the pool restarts it.
    const running = check();
    const deadline = Date.now() + 10_000;
    while (pool.load().running === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(pool.load().running).toBe(1);
    await pool.workers()[0]!.terminate();
    expect((await rejection(running)).message).toBe(FACE_INTERRUPTED_MESSAGE);
    expect(pool.stats.restarts).toBe(1);
    expect(pool.workers()).toHaveLength(1);
    expect(await check()).toMatchObject({ verifyResult: 0, remainVerifyCount: 3 });
    expect(await db.select().from(examVerifications).where(eq(examVerifications.userId, user.id))).toHaveLength(2);
  });
});
