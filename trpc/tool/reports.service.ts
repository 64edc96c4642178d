import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, examAnswers, examAttempts, examPapers, examQuestions, exams, liveMessages, lives, liveWatchRecords, userCourses } from "@db/schema";
import { rowsOf } from "@db/prepared";
import { notFound } from "@base/errors";
import { dateText } from "@base/xlsx";
import { concurrentByMinute } from "../live/viewers.service";

// Per-content reports where admins look for them (decision 035): a course's completion funnel, an exam's
// score distribution and per-question correctness, a live's arrivals and comments over time. Each reads
// the content's own records once; nothing is pre-aggregated (one content at a time stays small).

const num = (v: unknown) => Number(v ?? 0);

/** 加入 → 开始学习 → 学过一半 → 完成, with learners by progress band. */
export async function courseReport(db: DbOrTx, courseId: number) {
  const [course] = await db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  if (!course) throw notFound("课程不存在或已删除");
  const [f] = await db
    .select({
      joined: sql<number>`count(*)`,
      started: sql<number>`count(*) filter (where ${userCourses.progress} > 0 or ${userCourses.learnSeconds} > 0)`,
      half: sql<number>`count(*) filter (where ${userCourses.progress} >= 50 or ${userCourses.completed} = 1)`,
      completed: sql<number>`count(*) filter (where ${userCourses.completed} = 1)`,
      seconds: sql<number>`coalesce(sum(${userCourses.learnSeconds}), 0)`,
    })
    .from(userCourses)
    .where(eq(userCourses.courseId, courseId));
  const bands = rowsOf<{ band: number; n: number }>(
    await db.execute(sql`select least(${userCourses.progress} / 20, 4)::int as band, count(*)::int as n from ${userCourses} where ${userCourses.courseId} = ${courseId} and ${userCourses.completed} = 0 group by 1 order by 1`),
  );
  const joined = num(f?.joined);
  const steps = [
    { step: "加入课程", count: joined },
    { step: "开始学习", count: num(f?.started) },
    { step: "学过一半", count: num(f?.half) },
    { step: "完成课程", count: num(f?.completed) },
  ].map((s) => ({ ...s, rate: joined ? Math.round((s.count / joined) * 1000) / 10 : 0 }));
  const bandLabels = ["0-19%", "20-39%", "40-59%", "60-79%", "80-99%"];
  return {
    courseId: course.id,
    name: course.name,
    steps,
    learnHours: Math.round((num(f?.seconds) / 3600) * 10) / 10,
    progressBands: bandLabels.map((label, i) => ({ label, count: num(bands.find((b) => num(b.band) === i)?.n) })).concat([{ label: "已完成", count: num(f?.completed) }]),
  };
}

/** Each learner's best submitted sitting by score band, and how often each question was answered right. */
export async function examReport(db: DbOrTx, examId: number) {
  const [exam] = await db
    .select({ id: exams.id, name: exams.name, passScore: exams.passScore, totalScore: examPapers.totalScore })
    .from(exams)
    .leftJoin(examPapers, eq(examPapers.id, exams.paperId))
    .where(and(eq(exams.id, examId), isNull(exams.deletedAt)));
  if (!exam) throw notFound("考试不存在或已删除");
  const total = exam.totalScore || 100;
  const best = rowsOf<{ score: number; pass: number }>(
    await db.execute(
      sql`select max(${examAttempts.score}) as score, max(coalesce(${examAttempts.isPass}, 0)) as pass from ${examAttempts} where ${examAttempts.examId} = ${examId} and ${examAttempts.status} = 2 and ${examAttempts.attemptNo} >= 1 group by ${examAttempts.userId}`,
    ),
  );
  const bands = [
    { label: "0-59%", from: 0, to: 0.6 },
    { label: "60-69%", from: 0.6, to: 0.7 },
    { label: "70-79%", from: 0.7, to: 0.8 },
    { label: "80-89%", from: 0.8, to: 0.9 },
    { label: "90-100%", from: 0.9, to: Infinity },
  ].map((b) => ({ label: b.label, count: best.filter((r) => num(r.score) / total >= b.from && num(r.score) / total < b.to).length }));
  const scores = best.map((r) => num(r.score));
  const questions = rowsOf<{ question_id: number; content: string; answered: number; correct: number }>(
    await db.execute(sql`
      select a.${sql.identifier("question_id")} as question_id, q.${sql.identifier("content")} as content,
             count(*)::int as answered, count(*) filter (where a.${sql.identifier("is_correct")} = 1)::int as correct
      from ${examAnswers} a
      join ${examAttempts} t on t.${sql.identifier("id")} = a.${sql.identifier("attempt_id")}
      left join ${examQuestions} q on q.${sql.identifier("id")} = a.${sql.identifier("question_id")}
      where t.${sql.identifier("exam_id")} = ${examId} and t.${sql.identifier("status")} = 2 and t.${sql.identifier("attempt_no")} >= 1
      group by 1, 2
      order by (count(*) filter (where a.${sql.identifier("is_correct")} = 1))::float / greatest(count(*), 1), 1
    `),
  );
  return {
    examId: exam.id,
    name: exam.name,
    totalScore: total,
    passScore: exam.passScore,
    learners: best.length,
    passed: best.filter((r) => num(r.pass) === 1).length,
    average: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : 0,
    highest: scores.length ? Math.max(...scores) : 0,
    bands,
    questions: questions.map((q) => ({
      questionId: num(q.question_id),
      content: String(q.content ?? "（题目已删除）").replace(/<[^>]+>/g, "").slice(0, 80),
      answered: num(q.answered),
      correct: num(q.correct),
      rate: num(q.answered) ? Math.round((num(q.correct) / num(q.answered)) * 1000) / 10 : 0,
    })),
  };
}

/**
 * A live's viewers over time: viewers watching at once (the realtime processes' samples), learners
 * arriving (their first entry) and comments, per minute (or per hour when the live ran over six hours),
 * with the total watch time.
 */
export async function liveReport(db: DbOrTx, liveId: number) {
  const [live] = await db.select({ id: lives.id, name: lives.name }).from(lives).where(eq(lives.id, liveId));
  if (!live) throw notFound("直播不存在");
  const [w] = await db
    .select({ viewers: sql<number>`count(*)`, seconds: sql<number>`coalesce(sum(${liveWatchRecords.watchSeconds}), 0)`, first: sql<Date | null>`min(${liveWatchRecords.createdAt})`, last: sql<Date | null>`max(${liveWatchRecords.createdAt})` })
    .from(liveWatchRecords)
    .where(eq(liveWatchRecords.liveId, liveId));
  const [c] = await db
    .select({ comments: sql<number>`count(*)`, first: sql<Date | null>`min(${liveMessages.sentAt})`, last: sql<Date | null>`max(${liveMessages.sentAt})` })
    .from(liveMessages)
    .where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.hidden, 0)));
  const times = [w?.first, w?.last, c?.first, c?.last].filter(Boolean).map((d) => new Date(d as Date).getTime());
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  const unit = span > 6 * 3600_000 ? "hour" : "minute";
  const arrivals = rowsOf<{ at: Date; n: number }>(
    await db.execute(sql`select date_trunc(${unit}, ${liveWatchRecords.createdAt}) as at, count(*)::int as n from ${liveWatchRecords} where ${liveWatchRecords.liveId} = ${liveId} group by 1 order by 1`),
  );
  const talk = rowsOf<{ at: Date; n: number }>(
    await db.execute(sql`select date_trunc(${unit}, ${liveMessages.sentAt}) as at, count(*)::int as n from ${liveMessages} where ${liveMessages.liveId} = ${liveId} and ${liveMessages.hidden} = 0 group by 1 order by 1`),
  );
  // Viewers watching at once: the realtime processes' samples of each minute added together, the
  // largest minute of the hour when the chart is by hour.
  const watching = rowsOf<{ at: Date; n: number }>(
    await db.execute(sql`select date_trunc(${unit}, m.minute) as at, max(m.online)::int as n from (${concurrentByMinute(liveId)}) m group by 1 order by 1`),
  );
  const byTime = new Map<number, { arrivals: number; comments: number; online: number }>();
  const at = (t: number) => byTime.get(t) ?? { arrivals: 0, comments: 0, online: 0 };
  for (const r of arrivals) byTime.set(new Date(r.at).getTime(), { ...at(new Date(r.at).getTime()), arrivals: num(r.n) });
  for (const r of talk) byTime.set(new Date(r.at).getTime(), { ...at(new Date(r.at).getTime()), comments: num(r.n) });
  for (const r of watching) byTime.set(new Date(r.at).getTime(), { ...at(new Date(r.at).getTime()), online: num(r.n) });
  const points = [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([t, v]) => ({ at: t, time: dateText(new Date(t)).slice(unit === "hour" ? 5 : 11, 16), ...v }));
  return {
    liveId: live.id,
    name: live.name,
    viewers: num(w?.viewers),
    watchHours: Math.round((num(w?.seconds) / 3600) * 10) / 10,
    comments: num(c?.comments),
    peakOnline: Math.max(0, ...watching.map((r) => num(r.n))),
    unit,
    points,
  };
}
