// Exam fraud checks: the rules that raise a record when an attempt closes (or a snapshot is flagged),
// the evidence an admin reviews, the review itself (voiding the result, revoking the certificate),
// and the learner's view and single appeal.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { preparedSql, rowsOf } from "@db/prepared";
import { examAttempts, examFraudChecks, examRecordings, exams, examVerifications, users, WHITE_BUSINESS_TYPE } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { chinaDayStart } from "@base/china-time";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { pageOf } from "@base/legacy-input";
import { restoreForFraud, revokeForFraud } from "../cert/admin.service";
import { pushUnreadLater, sendToUsers } from "../message/message.service";
import { PRIVATE_TTL_SECONDS } from "../upload/access.service";
import { storagePath } from "../upload/file-ref";
import { freshFileUrl } from "../upload/upload.service";
import { isWhite } from "../org/whitelist.service";

type Fraud = typeof examFraudChecks.$inferSelect;
type Attempt = typeof examAttempts.$inferSelect;
type Exam = typeof exams.$inferSelect;

/** 0 待核查, 1 确认作弊 (the result is voided), 2 排除作弊. */
export const FraudStatus = { pending: 0, confirmed: 1, cleared: 2 } as const;
export const FRAUD_STATUS_NAMES: Record<number, string> = { 0: "待核查", 1: "确认作弊", 2: "排除作弊" };
export const FRAUD_NOT_FOUND = "作弊核查记录不存在";
export const APPEALED_ALREADY = "您已提交过申诉，每条记录只能申诉一次";
export const APPEAL_CLOSED = "该记录已排除作弊，无需申诉";
/** A face check whose comparison is still running holds this reason; it is no evidence yet. */
const FACE_RUNNING = "核验中";
const SUBMIT_NAMES: Record<number, string> = { 1: "考生交卷", 2: "考试时间到自动交卷", 3: "切屏超限强制交卷", 4: "超时自动收卷" };
export const FRAUD_MESSAGE_TYPE = "exam_fraud";

/** What the rules read of an attempt besides the attempt and exam rows. */
interface Tallies {
  faceFailed: number;
  facePassed: number;
  flagged: number;
}

export interface FraudFinding {
  rules: string[];
  reasons: string[];
  summary: Record<string, unknown>;
}

/** An attempt's keys and the window of its face checks, as values or as columns of a row set. */
type CheckKeys = { id: SQL; examId: SQL; userId: SQL; attemptNo: SQL; from: SQL; to: SQL };

/** The window of face checks sent without a paper id: from the attempt's China start day to its close (or now). */
function checkWindow(a: Pick<Attempt, "startedAt" | "submittedAt">) {
  return { from: chinaDayStart(a.startedAt?.getTime() ?? Date.now()), to: a.submittedAt ?? new Date() };
}

/**
 * The face checks that belong to an attempt: those sent with its paper id, and those sent without one
 * (the checks before the start) since the learner's previous attempt closed, on the attempt's start day.
 */
function checksOf(k: CheckKeys): SQL {
  return sql`${examVerifications.examId} = ${k.examId} and ${examVerifications.userId} = ${k.userId} and (
    ${examVerifications.attemptId} = ${k.id}
    or (${examVerifications.attemptId} is null and ${examVerifications.kind} = 'face'
      and ${examVerifications.createdAt} >= ${k.from} and ${examVerifications.createdAt} <= ${k.to}
      and ${examVerifications.createdAt} > coalesce((select max(p.submitted_at) from ${examAttempts} p
        where p.exam_id = ${k.examId} and p.user_id = ${k.userId} and p.attempt_no < ${k.attemptNo}), '-infinity'::timestamptz)))`;
}

function attemptChecks(a: Pick<Attempt, "id" | "examId" | "userId" | "attemptNo" | "startedAt" | "submittedAt">): SQL {
  const { from, to } = checkWindow(a);
  return checksOf({
    id: sql`${a.id}`,
    examId: sql`${a.examId}`,
    userId: sql`${a.userId}`,
    attemptNo: sql`${a.attemptNo}`,
    from: sql`${from.toISOString()}::timestamptz`,
    to: sql`${to.toISOString()}::timestamptz`,
  });
}

/** An attempt with no face check and no flagged snapshot. */
export const NO_TALLIES: Tallies = { faceFailed: 0, facePassed: 0, flagged: 0 };

/**
 * What the fraud rules count for each attempt (face checks passed and failed, snapshots flagged): one
 * statement whatever the number of attempts, the one query every closing attempt pays.
 */
export async function talliesOfAll(db: DbOrTx, attempts: Attempt[]): Promise<Map<number, Tallies>> {
  if (!attempts.length) return new Map();
  const q = preparedSql(db, "exam_fraud_tallies_of", () => {
    const x = (column: string) => sql.raw(`x.${column}`);
    return sql`
      select x.id, t.face_failed, t.face_passed, t.flagged
      from jsonb_to_recordset(${sql.placeholder("attempts")}::jsonb) as x(id bigint, exam_id bigint, user_id bigint, attempt_no integer, from_at timestamptz, to_at timestamptz)
      cross join lateral (
        select
          (count(*) filter (where ${examVerifications.kind} = 'face' and ${examVerifications.verifyResult} <> 0 and ${examVerifications.reason} <> ${FACE_RUNNING}))::int as face_failed,
          (count(*) filter (where ${examVerifications.kind} = 'face' and ${examVerifications.verifyResult} = 0))::int as face_passed,
          (count(*) filter (where ${examVerifications.kind} = 'snap' and ${examVerifications.flaggedAt} is not null))::int as flagged
        from ${examVerifications}
        where ${checksOf({ id: x("id"), examId: x("exam_id"), userId: x("user_id"), attemptNo: x("attempt_no"), from: x("from_at"), to: x("to_at") })}
      ) t`;
  });
  const rows = rowsOf<{ id: number | string; face_failed: number; face_passed: number; flagged: number }>(
    await q.execute({
      attempts: JSON.stringify(
        attempts.map((a) => {
          const { from, to } = checkWindow(a);
          return { id: a.id, exam_id: a.examId, user_id: a.userId, attempt_no: a.attemptNo, from_at: from.toISOString(), to_at: to.toISOString() };
        }),
      ),
    }),
  );
  return new Map(rows.map((r) => [Number(r.id), { faceFailed: Number(r.face_failed), facePassed: Number(r.face_passed), flagged: Number(r.flagged) }]));
}

/** What the fraud rules count for one attempt. */
export async function talliesOf(db: DbOrTx, a: Attempt): Promise<Tallies> {
  return (await talliesOfAll(db, [a])).get(a.id) ?? NO_TALLIES;
}

/** The rules, each with its Chinese reason. */
export function evaluate(exam: Exam, a: Attempt, t: Tallies): FraudFinding {
  const rules: string[] = [];
  const reasons: string[] = [];
  const screenLimited = exam.isEnableScreenCutting === 1;
  if (screenLimited && a.screenCutCount > exam.screenCuttingTimes) {
    rules.push("screenCut");
    reasons.push(`切屏${a.screenCutCount}次，超过允许的${exam.screenCuttingTimes}次`);
  }
  if (exam.isFaceVerify === 1 && t.facePassed === 0) {
    rules.push("faceMissing");
    reasons.push("考试要求人脸核验，但没有通过的人脸核验记录");
  }
  if (t.faceFailed > 0) {
    rules.push("faceFailed");
    reasons.push(`人脸核验未通过${t.faceFailed}次`);
  }
  if (t.flagged > 0) {
    rules.push("snapFlagged");
    reasons.push(`监考人员标记可疑抓拍${t.flagged}张`);
  }
  return {
    rules,
    reasons,
    summary: {
      rules,
      screenCutCount: a.screenCutCount,
      screenCuttingTimes: exam.screenCuttingTimes,
      isEnableScreenCutting: exam.isEnableScreenCutting,
      isFaceVerify: exam.isFaceVerify,
      facePassedCount: t.facePassed,
      faceFailedCount: t.faceFailed,
      flaggedSnapshotCount: t.flagged,
      submitType: a.submitType,
      score: a.score,
      evaluatedAt: Date.now(),
    },
  };
}

/**
 * Raises (or, while it is still 待核查, refreshes) the record of a closed attempt when a rule holds.
 * One row per attempt (unique attempt_id): calls at the same moment land on the same row.
 */
async function raise(db: DbOrTx, exam: Exam, a: Attempt, t: Tallies) {
  let found = evaluate(exam, a, t);
  // A learner on the face-check whitelist was never asked for one (looked up only when that rule fired).
  if (found.rules.includes("faceMissing") && (await isWhite(db, a.userId, WHITE_BUSINESS_TYPE.examFaceVerify, exam.id))) found = evaluate({ ...exam, isFaceVerify: 0 }, a, t);
  if (!found.rules.length) return null;
  const reason = found.reasons.join("；");
  const [row] = await db
    .insert(examFraudChecks)
    .values({ examId: a.examId, attemptId: a.id, userId: a.userId, reason, behavior: found.summary })
    .onConflictDoUpdate({
      target: examFraudChecks.attemptId,
      set: { reason: sql`excluded.reason`, behavior: sql`excluded.behavior`, updatedAt: new Date() },
      setWhere: sql`${examFraudChecks.status} = ${FraudStatus.pending}`,
    })
    .returning();
  if (row) return row;
  const [kept] = await db.select().from(examFraudChecks).where(eq(examFraudChecks.attemptId, a.id));
  return kept ?? null;
}

/** Called when an attempt closes, inside the transaction that closed it: one query when nothing fired. */
export async function checkClosedAttempt(tx: DbOrTx, exam: Exam, a: Attempt, tallies?: Tallies) {
  if (a.status !== 2) return null;
  return raise(tx, exam, a, tallies ?? (await talliesOf(tx, a)));
}

/** Evaluates a submitted attempt again (a snapshot was flagged after the paper was handed in). */
export async function raiseForAttempt(db: DbOrTx, attemptId: number) {
  const [r] = await db.select({ a: examAttempts, exam: exams }).from(examAttempts).innerJoin(exams, eq(exams.id, examAttempts.examId)).where(eq(examAttempts.id, attemptId));
  if (!r || r.a.status !== 2) return null;
  return raise(db, r.exam, r.a, await talliesOf(db, r.a));
}

// ---- evidence ----

const signed = (stored: string) => (!stored || stored.startsWith("data:") ? stored : freshFileUrl(stored, PRIVATE_TTL_SECONDS));

interface TimelineEvent {
  time: number;
  kind: "start" | "screenCut" | "face" | "snap" | "recording" | "submit";
  title: string;
  detail: string;
  alert: boolean;
}

/** Snapshots and recording segments (signed links), face checks and the time-ordered events of an attempt. */
export async function evidenceOf(db: DbOrTx, a: Attempt) {
  const [checks, recordings] = await Promise.all([
    db.select().from(examVerifications).where(attemptChecks(a)).orderBy(asc(examVerifications.createdAt)),
    db.select().from(examRecordings).where(eq(examRecordings.attemptId, a.id)).orderBy(asc(examRecordings.seq)),
  ]);
  const faceChecks = checks
    .filter((c) => c.kind === "face" && c.reason !== FACE_RUNNING)
    .map((c) => ({ id: c.id, url: signed(c.image), verifyResult: c.verifyResult, similarity: c.similarity, reason: c.reason, createdAt: c.createdAt.getTime() }));
  const snapshots = checks
    .filter((c) => c.kind === "snap")
    .map((c) => ({ id: c.id, url: signed(c.image), flagged: c.flaggedAt ? 1 : 0, flagNote: c.flagNote, flaggedAt: c.flaggedAt?.getTime() ?? null, createdAt: c.createdAt.getTime() }));
  const segments = recordings.map((r) => ({ id: r.id, seq: r.seq, url: freshFileUrl(storagePath(r.fileKey), PRIVATE_TTL_SECONDS), size: r.size, durationMs: r.durationMs, createdAt: r.createdAt.getTime() }));
  const events: TimelineEvent[] = [];
  if (a.startedAt) events.push({ time: a.startedAt.getTime(), kind: "start", title: "开始考试", detail: `第${a.attemptNo}次作答`, alert: false });
  (a.screenCutTimes ?? []).forEach((t, i) => events.push({ time: t, kind: "screenCut", title: "切屏", detail: `第${i + 1}次切出考试页面`, alert: true }));
  for (const f of faceChecks) {
    const pass = f.verifyResult === 0;
    events.push({ time: f.createdAt, kind: "face", title: pass ? "人脸核验通过" : "人脸核验未通过", detail: [f.similarity !== null ? `相似度${f.similarity}` : "", f.reason].filter(Boolean).join("，"), alert: !pass });
  }
  for (const s of snapshots) events.push({ time: s.createdAt, kind: "snap", title: s.flagged ? "抓拍（已标记可疑）" : "考中抓拍", detail: s.flagNote, alert: !!s.flagged });
  for (const r of segments) events.push({ time: r.createdAt, kind: "recording", title: "录像片段", detail: `第${r.seq}段，约${Math.round(r.durationMs / 1000)}秒`, alert: false });
  if (a.submittedAt) events.push({ time: a.submittedAt.getTime(), kind: "submit", title: "交卷", detail: SUBMIT_NAMES[a.submitType ?? 1] ?? "", alert: a.submitType === 3 });
  events.sort((x, y) => x.time - y.time);
  return { faceChecks, snapshots, recordings: segments, events };
}

// ---- back office ----

type Row = { f: Fraud; u: { nick: string; loginName: string } | null; a: Attempt | null; e: { name: string; passScore: number } | null };

const adminView = ({ f, u, a, e }: Row) => ({
  id: f.id,
  examId: f.examId,
  examName: e?.name ?? "",
  paperId: f.attemptId,
  userId: f.userId,
  name: u?.nick ?? "",
  userName: u?.loginName ?? "",
  score: a?.score ?? null,
  passScore: e?.passScore ?? null,
  isPass: a?.isPass ?? null,
  voided: a?.voidedByFraud ?? 0,
  attemptNo: a?.attemptNo ?? null,
  submitTime: a?.submittedAt?.getTime() ?? null,
  reason: f.reason,
  status: f.status,
  statusName: FRAUD_STATUS_NAMES[f.status] ?? "",
  remark: f.remark,
  appeal: f.appeal,
  appealTime: f.appealedAt?.getTime() ?? null,
  checkedAt: f.checkedAt?.getTime() ?? null,
  createdAt: f.createdAt.getTime(),
});

const rowQuery = (db: DbOrTx) =>
  db
    .select({
      f: examFraudChecks,
      u: { nick: users.nick, loginName: users.loginName },
      a: examAttempts,
      e: { name: exams.name, passScore: exams.passScore },
    })
    .from(examFraudChecks)
    .leftJoin(users, eq(users.id, examFraudChecks.userId))
    .leftJoin(examAttempts, eq(examAttempts.id, examFraudChecks.attemptId))
    .leftJoin(exams, eq(exams.id, examFraudChecks.examId));

export interface FraudSearch {
  pageNo?: number;
  pageSize?: number;
  page?: number;
  element?: number;
  examId?: number;
  status?: number;
  name?: string;
  keyword?: string;
  examName?: string;
}

export async function searchFraud(db: DbOrTx, input: FraudSearch) {
  const conds: SQL[] = [];
  if (input.examId) conds.push(eq(examFraudChecks.examId, input.examId));
  if (input.status !== undefined) conds.push(eq(examFraudChecks.status, input.status));
  const who = input.name ?? input.keyword;
  if (who) conds.push(or(ilike(users.nick, likePattern(who)), ilike(users.loginName, likePattern(who)))!);
  if (input.examName) conds.push(ilike(exams.name, likePattern(input.examName)));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(
    pageOf(input, 20),
    db
      .select({ total: count() })
      .from(examFraudChecks)
      .leftJoin(users, eq(users.id, examFraudChecks.userId))
      .leftJoin(exams, eq(exams.id, examFraudChecks.examId))
      .where(where),
    rowQuery(db).where(where).orderBy(desc(examFraudChecks.id)),
  );
  return { ...page, list: page.list.map(adminView) };
}

async function rowById(db: DbOrTx, id: number) {
  const [r] = await rowQuery(db).where(eq(examFraudChecks.id, id));
  if (!r) throw notFound(FRAUD_NOT_FOUND);
  return r;
}

/** The record with its evidence: `behavior` is the summary the rules stored plus snapshots, segments and the timeline. */
export async function fraudDetail(db: DbOrTx, id: number) {
  const r = await rowById(db, id);
  const evidence = r.a ? await evidenceOf(db, r.a) : { faceChecks: [], snapshots: [], recordings: [], events: [] };
  return { ...adminView(r), behavior: { ...r.f.behavior, ...evidence } };
}

export async function remarkFraud(db: DbOrTx, id: number, remark: string) {
  const [row] = await db.update(examFraudChecks).set({ remark }).where(eq(examFraudChecks.id, id)).returning({ id: examFraudChecks.id });
  if (!row) throw notFound(FRAUD_NOT_FOUND);
  return adminView(await rowById(db, id));
}

const passOf = (a: Attempt, passScore: number) => (a.pendingCount > 0 || a.score === null ? null : a.score >= passScore ? 1 : 0);

/**
 * The review: 1 confirms (the attempt's result is voided and the exam's certificate revoked), 2 clears
 * (a confirmed record's result and certificate come back). One transaction, the learner is told by a
 * station message.
 */
export async function checkFraud(db: Db, adminId: number, input: { id: number; status: number; remark?: string }) {
  if (input.status !== FraudStatus.confirmed && input.status !== FraudStatus.cleared) throw fail("核查结果不正确");
  const out = await db.transaction(async (tx) => {
    const [f] = await tx.select().from(examFraudChecks).where(eq(examFraudChecks.id, input.id)).for("update");
    if (!f) throw notFound(FRAUD_NOT_FOUND);
    if (f.status === input.status) throw fail(input.status === FraudStatus.confirmed ? "该记录已确认作弊" : "该记录已排除作弊");
    const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.id, f.attemptId)).for("update");
    const [exam] = await tx.select({ name: exams.name, passScore: exams.passScore }).from(exams).where(eq(exams.id, f.examId));
    if (input.status === FraudStatus.confirmed) {
      if (a) await tx.update(examAttempts).set({ isPass: 0, voidedByFraud: 1 }).where(eq(examAttempts.id, a.id));
      await revokeForFraud(tx, { userId: f.userId, examId: f.examId, fraudId: f.id, reason: `考试作弊核查确认作弊：${f.reason}` });
    } else if (f.status === FraudStatus.confirmed) {
      if (a) await tx.update(examAttempts).set({ isPass: passOf(a, exam?.passScore ?? 60), voidedByFraud: 0 }).where(eq(examAttempts.id, a.id));
      await restoreForFraud(tx, f.id);
    }
    const checkedAt = new Date();
    await tx
      .update(examFraudChecks)
      .set({ status: input.status, checkedBy: adminId, checkedAt, ...(input.remark !== undefined ? { remark: input.remark } : {}) })
      .where(eq(examFraudChecks.id, f.id));
    const name = exam?.name ?? "考试";
    const content =
      input.status === FraudStatus.confirmed
        ? `您在「${name}」中的答卷经核查认定存在作弊行为，本次成绩已作废，相关证书已撤销。核查原因：${f.reason}。如有异议，可在成绩页提交申诉。`
        : `您在「${name}」中的答卷经核查已排除作弊嫌疑，本次成绩有效。`;
    const told = await sendToUsers(
      tx,
      [f.userId],
      { title: input.status === FraudStatus.confirmed ? "考试作弊核查结果：确认作弊" : "考试作弊核查结果：排除作弊", content, link: `/exam/result?id=${f.examId}`, businessType: FRAUD_MESSAGE_TYPE, businessId: `${f.id}-${input.status}-${checkedAt.getTime()}` },
      { pushUnread: false },
    );
    return told;
  });
  pushUnreadLater(db, out);
  return adminView(await rowById(db, input.id));
}

// ---- learner ----

const learnerView = (f: Fraud, a?: Pick<Attempt, "voidedByFraud"> | null) => ({
  id: f.id,
  examId: f.examId,
  paperId: f.attemptId,
  reason: f.reason,
  status: f.status,
  statusName: FRAUD_STATUS_NAMES[f.status] ?? "",
  voided: a?.voidedByFraud ?? (f.status === FraudStatus.confirmed ? 1 : 0),
  appeal: f.appeal,
  appealTime: f.appealedAt?.getTime() ?? null,
  canAppeal: !f.appeal && f.status !== FraudStatus.cleared ? 1 : 0,
  createdAt: f.createdAt.getTime(),
});

export async function fraudDetailToUser(db: DbOrTx, userId: number, paperId: number) {
  const [r] = await db
    .select({ f: examFraudChecks, a: { voidedByFraud: examAttempts.voidedByFraud } })
    .from(examFraudChecks)
    .leftJoin(examAttempts, eq(examAttempts.id, examFraudChecks.attemptId))
    .where(and(eq(examFraudChecks.attemptId, paperId), eq(examFraudChecks.userId, userId)));
  return r ? learnerView(r.f, r.a) : null;
}

export async function fraudListToUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ f: examFraudChecks, a: { voidedByFraud: examAttempts.voidedByFraud }, examName: exams.name })
    .from(examFraudChecks)
    .leftJoin(examAttempts, eq(examAttempts.id, examFraudChecks.attemptId))
    .leftJoin(exams, eq(exams.id, examFraudChecks.examId))
    .where(eq(examFraudChecks.userId, userId))
    .orderBy(desc(examFraudChecks.id));
  return rows.map((r) => ({ ...learnerView(r.f, r.a), examName: r.examName ?? "" }));
}

/** One appeal per record, only the learner's own, while it is 待核查 or 确认作弊. */
export async function fraudAppeal(db: DbOrTx, userId: number, input: { id: number; appeal: string }) {
  const [f] = await db
    .update(examFraudChecks)
    .set({ appeal: input.appeal, appealedAt: new Date() })
    .where(and(eq(examFraudChecks.id, input.id), eq(examFraudChecks.userId, userId), isNull(examFraudChecks.appeal), inArray(examFraudChecks.status, [FraudStatus.pending, FraudStatus.confirmed])))
    .returning();
  if (f) return fraudDetailToUser(db, userId, f.attemptId);
  const [mine] = await db.select().from(examFraudChecks).where(and(eq(examFraudChecks.id, input.id), eq(examFraudChecks.userId, userId)));
  if (!mine) throw notFound(FRAUD_NOT_FOUND);
  if (mine.appeal) throw fail(APPEALED_ALREADY);
  throw fail(APPEAL_CLOSED);
}
