// Exam proctoring: face checks against the registered photo, in-exam snapshots and video segments.
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { examAttempts, examRecordings, examVerifications, users, WHITE_BUSINESS_TYPE } from "@db/schema";
import { fail, forbidden, notFound } from "@base/errors";
import { identityOf } from "../identity/identity.service";
import { isOwnUpload, PRIVATE_TTL_SECONDS, recordUploads } from "../upload/access.service";
import { storagePath } from "../upload/file-ref";
import { keyOfFileUrl, objectSize, putObject, readObject } from "../upload/object.service";
import { freshFileUrl } from "../upload/upload.service";
import { assertOpen, loadExam, type Exam } from "./access";
import { describeFace, faceDistance, FaceBusyError, FaceImageError, FaceWorkerError, registeredDescriptor, similarityOf } from "./face.service";
import { chinaDayStart } from "@base/china-time";
import { raiseForAttempt } from "./fraud.service";
import { examExemptions, isWhite } from "../org/whitelist.service";

export const DEFAULT_FACE_THRESHOLD = 95;
export const VerifyResult = { pass: 0, fail: 1, exhausted: 2 } as const;
export const NO_FACE_REASON = "未检测到人脸，请正对摄像头并保持光线充足";
export const NO_PHOTO_MESSAGE = "未找到您的实名认证照片，无法进行人脸核验，请先完善实名信息或联系客服反馈";
/** Every reason a registered photo cannot be used answers this one message. */
export const PHOTO_UNUSABLE_MESSAGE = "实名认证照片无法用于人脸核验，请联系客服反馈";
const NO_PHOTO_FILE = "照片文件不存在，请重新上传";
export const FACE_BUSY_MESSAGE = new FaceBusyError().message;
export const FACE_INTERRUPTED_MESSAGE = "人脸核验中断，请重新核验";
/** A recording segment may still arrive this long after the paper was submitted (the last one is sent on submit). */
const LATE_SEGMENT_MS = 10 * 60_000;

/** Midnight of today in China time, whatever the server's zone: the daily allowance resets then. */
export const dayStart = chinaDayStart;

/** Face checks left today (the exam's daily allowance minus today's counted checks). */
export async function remainVerifyCount(db: DbOrTx, exam: Exam, userId: number) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(examVerifications)
    .where(and(eq(examVerifications.examId, exam.id), eq(examVerifications.userId, userId), eq(examVerifications.kind, "face"), gte(examVerifications.createdAt, dayStart())));
  return Math.max(0, exam.faceVerifyCount - n);
}

/** A data URL or bare base64 image, or a file the learner uploaded through the upload flow, as bytes. */
async function imageBytes(db: DbOrTx, userId: number, image: string): Promise<Buffer> {
  const key = keyOfFileUrl(image);
  if (key) {
    // Someone else's file answers as a missing one.
    const stored = (await isOwnUpload(db, userId, key)) ? await readObject(key) : null;
    if (!stored) throw fail(NO_PHOTO_FILE);
    return stored;
  }
  const m = /^data:image\/[\w.+-]+;base64,/i.exec(image);
  const b64 = (m ? image.slice(m[0].length) : image).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(b64)) throw fail("照片格式不正确");
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length < 4) throw fail("照片内容为空，请重新拍摄");
  return bytes;
}

const extOf = (bytes: Uint8Array) => (bytes[0] === 0x89 && bytes[1] === 0x50 ? "png" : "jpg");

async function storeImage(db: DbOrTx, folder: string, examId: number, userId: number, bytes: Uint8Array) {
  const ext = extOf(bytes);
  const key = `exam/${folder}/${examId}/${userId}/${Date.now()}-${randomBytes(16).toString("hex")}.${ext}`;
  const path = await putObject(key, bytes, ext === "png" ? "image/png" : "image/jpeg");
  await recordUploads(db, [{ key, ownerId: userId, bizCode: "exam", purpose: "exam" }]);
  return path;
}

/**
 * The registered photo of the learner's real-name identity, described once per photo. It is read
 * from storage by its key, never fetched from an address: a photo that is not an object of this
 * storage, is missing or shows no face answers one message.
 */
async function registeredFace(db: DbOrTx, userId: number) {
  const photo = (await identityOf(db, userId))?.passportPhotoUrl;
  if (!photo) throw fail(NO_PHOTO_MESSAGE);
  const key = keyOfFileUrl(photo);
  if (!key) throw fail(PHOTO_UNUSABLE_MESSAGE);
  let descriptor;
  try {
    descriptor = await registeredDescriptor(key, () => readObject(key));
  } catch (e) {
    if (e instanceof FaceImageError) throw fail(PHOTO_UNUSABLE_MESSAGE);
    throw notRun(e);
  }
  if (!descriptor) throw fail(PHOTO_UNUSABLE_MESSAGE);
  return descriptor;
}

/** A comparison that did not run (pool busy, worker ended, engine missing): answered, never counted. */
function notRun(e: unknown) {
  if (e instanceof FaceBusyError) return fail(FACE_BUSY_MESSAGE);
  if (e instanceof FaceWorkerError && e.interrupted) {
    console.warn("face check interrupted:", e.message);
    return fail(FACE_INTERRUPTED_MESSAGE);
  }
  console.warn("face comparison unavailable:", (e as Error)?.message ?? e);
  return fail("人脸比对服务暂不可用，请稍后再试");
}

/**
 * faceVerify: compares the capture with the registered photo. verifyResult 0 passes (similarity at or
 * above the exam's threshold), 1 fails (no face, another face) with the checks left today, 2 when
 * today's checks are used up. A check that could not run (no registered photo, comparison busy or
 * interrupted) is not counted.
 */
export async function faceVerify(db: Db, userId: number, input: { examId: number; paperId?: number; faceImg: string }) {
  const exam = await loadExam(db, input.examId, { enabledOnly: true });
  const threshold = exam.faceVerifyThreshold ?? DEFAULT_FACE_THRESHOLD;
  const exhausted = { verifyResult: VerifyResult.exhausted, remainVerifyCount: 0, similarity: null, threshold, reason: "今日核验次数已用完" };
  if ((await remainVerifyCount(db, exam, userId)) <= 0) return exhausted;
  const reference = await registeredFace(db, userId);
  const bytes = await imageBytes(db, userId, input.faceImg);
  // One of today's checks is reserved under a per-learner lock before the comparison runs, so checks
  // sent at the same moment cannot go over the daily allowance.
  const reserved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`face:${exam.id}:${userId}`}))`);
    const remain = await remainVerifyCount(tx, exam, userId);
    if (remain <= 0) return null;
    const [row] = await tx
      .insert(examVerifications)
      .values({ examId: exam.id, userId, attemptId: input.paperId ?? null, kind: "face", image: "", verifyResult: VerifyResult.fail, reason: "核验中" })
      .returning({ id: examVerifications.id });
    return { id: row!.id, remain };
  });
  if (!reserved) return exhausted;
  let capture: Float32Array | null;
  try {
    capture = await describeFace(bytes);
  } catch (e) {
    // A check that did not run gives its reservation back.
    await db.delete(examVerifications).where(eq(examVerifications.id, reserved.id));
    if (e instanceof FaceImageError) throw fail(e.message);
    throw notRun(e);
  }
  const similarity = capture ? similarityOf(faceDistance(reference, capture)) : null;
  const pass = similarity !== null && similarity >= threshold;
  const reason = pass ? "" : capture ? "与实名认证照片不一致" : NO_FACE_REASON;
  const image = await storeImage(db, "face", exam.id, userId, bytes);
  const verifyResult = pass ? VerifyResult.pass : VerifyResult.fail;
  await db.update(examVerifications).set({ image, verifyResult, similarity, reason }).where(eq(examVerifications.id, reserved.id));
  return { verifyResult, remainVerifyCount: reserved.remain - 1, similarity, threshold, reason };
}

/** The start rule of a face-verified exam: a passed check of this exam today. */
export async function assertFacePassed(db: DbOrTx, exam: Exam, userId: number) {
  if (exam.isFaceVerify !== 1) return;
  const [passed] = await db
    .select({ id: examVerifications.id })
    .from(examVerifications)
    .where(
      and(
        eq(examVerifications.examId, exam.id),
        eq(examVerifications.userId, userId),
        eq(examVerifications.kind, "face"),
        eq(examVerifications.verifyResult, VerifyResult.pass),
        gte(examVerifications.createdAt, dayStart()),
      ),
    )
    .limit(1);
  // A learner on the face-check whitelist starts without one (looked up only when no check passed).
  if (!passed && !(await isWhite(db, userId, WHITE_BUSINESS_TYPE.examFaceVerify, exam.id))) throw fail("请先完成人脸核验");
}

async function runningAttempt(db: DbOrTx, userId: number, paperId: number, examId?: number) {
  const [a] = await db.select().from(examAttempts).where(and(eq(examAttempts.id, paperId), eq(examAttempts.userId, userId)));
  if (!a || (examId !== undefined && a.examId !== examId)) throw notFound("试卷不存在");
  const lateOk = a.status === 2 && a.submittedAt && Date.now() - a.submittedAt.getTime() < LATE_SEGMENT_MS;
  if (a.status !== 1 && !lateOk) throw fail("考试未在进行中");
  return a;
}

/** snapVerify: an in-exam snapshot, stored as a file and linked to the attempt (no comparison runs). */
export async function snapVerify(db: Db, userId: number, input: { examId: number; paperId?: number; img?: string; faceImg?: string }) {
  const exam = await loadExam(db, input.examId);
  const source = input.img ?? input.faceImg ?? "";
  if (!source) throw fail("请上传抓拍照片");
  if (input.paperId) await runningAttempt(db, userId, input.paperId, exam.id);
  const bytes = await imageBytes(db, userId, source);
  if (extOf(bytes) === "jpg" && !(bytes[0] === 0xff && bytes[1] === 0xd8)) throw fail("照片格式不支持，请使用JPG或PNG照片");
  const image = await storeImage(db, "snap", exam.id, userId, bytes);
  const [row] = await db
    .insert(examVerifications)
    .values({ examId: exam.id, userId, attemptId: input.paperId ?? null, kind: "snap", image, verifyResult: VerifyResult.pass })
    .returning({ id: examVerifications.id });
  return { verifyResult: VerifyResult.pass, snapId: row!.id };
}

/** A recording segment uploaded through the upload flow, linked to the attempt (idempotent per seq). */
export async function saveRecording(db: Db, userId: number, input: { paperId: number; seq: number; fileId: string; durationMs?: number }) {
  const a = await runningAttempt(db, userId, input.paperId);
  const exam = await loadExam(db, a.examId);
  if (exam.isEnableVideoRecording !== 1) throw fail("本考试未开启视频录制");
  const key = input.fileId.replace(/^\/+/, "");
  if (!new RegExp(`^\\d+/exam-recording/\\d{8}/${userId}/[^/]+\\.webm$`).test(key)) throw forbidden("录像文件不属于本次考试");
  const size = await objectSize(key);
  if (size === null) throw fail("录像文件不存在，请重新上传");
  await db
    .insert(examRecordings)
    .values({ examId: a.examId, userId, attemptId: a.id, seq: input.seq, fileKey: key, size, durationMs: input.durationMs ?? 0 })
    .onConflictDoNothing();
  return { paperId: a.id, seq: input.seq, size };
}

/** getFaceUserInfo: the face verify config of the exam and the learner's registered photo (inside the open range only, as the exam's detail). */
export async function faceUserInfo(db: Db, user: { id: number; nick: string }, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, user.id);
  const [idn, exempt] = await Promise.all([identityOf(db, user.id), examExemptions(db, user.id, examId)]);
  return {
    examId,
    isFaceVerify: exempt.faceVerify ? 0 : exam.isFaceVerify,
    faceVerifyMethod: 1,
    faceAuthPhotoUrl: freshFileUrl(idn?.passportPhotoUrl ?? "", PRIVATE_TTL_SECONDS),
    realName: idn?.status === 1 ? (idn.realName ?? user.nick) : user.nick,
    threshold: exam.faceVerifyThreshold ?? DEFAULT_FACE_THRESHOLD,
    remainVerifyCount: await remainVerifyCount(db, exam, user.id),
  };
}

/** Back office: the face checks, snapshots and recording segments of one attempt. */
export async function attemptProctoring(db: Db, paperId: number) {
  const [a] = await db.select().from(examAttempts).where(eq(examAttempts.id, paperId));
  if (!a) throw notFound("答卷不存在");
  const exam = await loadExam(db, a.examId);
  const [user] = await db.select({ id: users.id, nick: users.nick, loginName: users.loginName }).from(users).where(eq(users.id, a.userId));
  const checks = await db
    .select()
    .from(examVerifications)
    .where(and(eq(examVerifications.examId, a.examId), eq(examVerifications.userId, a.userId)))
    .orderBy(desc(examVerifications.createdAt));
  const faces = checks.filter((c) => c.kind === "face");
  const snaps = checks.filter((c) => c.kind === "snap" && c.attemptId === a.id);
  const recordings = await db.select().from(examRecordings).where(eq(examRecordings.attemptId, a.id)).orderBy(asc(examRecordings.seq));
  const url = (stored: string) => (stored.startsWith("data:") ? stored : freshFileUrl(stored, PRIVATE_TTL_SECONDS));
  return {
    paperId: a.id,
    examId: exam.id,
    examName: exam.name,
    userId: a.userId,
    nick: user?.nick ?? "",
    loginName: user?.loginName ?? "",
    threshold: exam.faceVerifyThreshold,
    faceChecks: faces.map((c) => ({ id: c.id, url: url(c.image), verifyResult: c.verifyResult, similarity: c.similarity, reason: c.reason, createdAt: c.createdAt.getTime() })),
    snapshots: snaps.map((c) => ({ id: c.id, url: url(c.image), flagged: c.flaggedAt ? 1 : 0, flagNote: c.flagNote, createdAt: c.createdAt.getTime() })),
    recordings: recordings.map((r) => ({ id: r.id, seq: r.seq, url: freshFileUrl(storagePath(r.fileKey), PRIVATE_TTL_SECONDS), size: r.size, durationMs: r.durationMs, createdAt: r.createdAt.getTime() })),
  };
}

/** Proctor console: an admin marks a snapshot as suspicious (or takes the mark back); a handed-in paper is checked again. */
export async function flagSnapshot(db: Db, adminId: number, input: { snapId: number; flagged?: number; note?: string }) {
  const on = input.flagged !== 0;
  const [row] = await db
    .update(examVerifications)
    .set(on ? { flaggedAt: new Date(), flaggedBy: adminId, flagNote: input.note ?? "" } : { flaggedAt: null, flaggedBy: null, flagNote: "" })
    .where(and(eq(examVerifications.id, input.snapId), eq(examVerifications.kind, "snap")))
    .returning();
  if (!row) throw notFound("抓拍记录不存在");
  const fraud = on && row.attemptId ? await raiseForAttempt(db, row.attemptId) : null;
  return { snapId: row.id, paperId: row.attemptId, flagged: on ? 1 : 0, fraudId: fraud?.id ?? null };
}
