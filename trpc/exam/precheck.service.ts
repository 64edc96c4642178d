import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { examMembers } from "@db/schema";
import { fail } from "@base/errors";
import { assertOpen, loadExam, NOT_REGISTERED, seconds, type Exam } from "./access";

type Member = typeof examMembers.$inferSelect;

/** Whether the learner is through the notice: read it once for this exam, or it has no forced read. */
export const noticeDone = (exam: Pick<Exam, "forcedReadTime">, m: Pick<Member, "noticeReadAt"> | undefined) => !!m?.noticeReadAt || exam.forcedReadTime <= 0;

/** The notice step as the wizard shows it: read once per learner and exam, the forced read timed by the server. */
function noticeView(exam: Exam, m: Member, now = Date.now()) {
  const read = noticeDone(exam, m);
  const since = m.noticeShownAt ? now - m.noticeShownAt.getTime() : 0;
  return {
    examId: exam.id,
    forcedReadTime: exam.forcedReadTime,
    noticeRead: read ? 1 : 0,
    noticeReadAt: m.noticeReadAt?.getTime() ?? null,
    /** Seconds of forced reading left, counted from the first time the notice was shown. */
    noticeRemainSeconds: read ? 0 : seconds(exam.forcedReadTime * 1000 - since),
  };
}

async function memberOf(db: Db, exam: Exam, userId: number) {
  await assertOpen(db, exam.id, userId);
  const [m] = await db.select().from(examMembers).where(and(eq(examMembers.examId, exam.id), eq(examMembers.userId, userId)));
  if (!m) throw fail(NOT_REGISTERED);
  return m;
}

const memberById = async (db: Db, id: number) => (await db.select().from(examMembers).where(eq(examMembers.id, id)))[0]!;

/**
 * The wizard opens: the forced read starts counting now unless it already started or was done, so
 * reopening the wizard, going back a step or a later attempt never restarts it.
 */
export async function openPrecheck(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  let m = await memberOf(db, exam, userId);
  if (!m.noticeShownAt && !m.noticeReadAt) {
    // Only the first opening sets the start (two tabs opening at once keep the earlier one).
    const [set] = await db
      .update(examMembers)
      .set({ noticeShownAt: new Date() })
      .where(and(eq(examMembers.id, m.id), isNull(examMembers.noticeShownAt)))
      .returning();
    m = set ?? (await memberById(db, m.id));
  }
  return noticeView(exam, m);
}

/** The learner has read the notice: accepted once the forced read time has passed on the server's clock. */
export async function readNotice(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  const m = await memberOf(db, exam, userId);
  if (m.noticeReadAt) return noticeView(exam, m);
  const view = noticeView(exam, m);
  if (!m.noticeShownAt && exam.forcedReadTime > 0) throw fail(`请先阅读考试须知（${exam.forcedReadTime}秒）`);
  if (view.noticeRemainSeconds > 0) throw fail(`请先阅读考试须知（还需${view.noticeRemainSeconds}秒）`);
  const [set] = await db
    .update(examMembers)
    .set({ noticeReadAt: new Date() })
    .where(and(eq(examMembers.id, m.id), isNull(examMembers.noticeReadAt)))
    .returning();
  // Lost to a parallel call: that one recorded the read, so answer the row as it now is.
  return noticeView(exam, set ?? (await memberById(db, m.id)));
}
