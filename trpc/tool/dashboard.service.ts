import { and, between, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@db/client";
import { courses, dailyFigures, examAttempts, exams, liveMessages, liveViewerSamples, ORDER_STATUS, orders, STUDY_CONTENT, userCourses, userStudyDays, users } from "@db/schema";
import { rowsOf } from "@db/prepared";
import { chinaDateKey, parseChinaDateTime } from "@base/china-time";

// The operations dashboard (decision 035): figures per China-time day, pre-aggregated in daily_figures by
// the sweep; today's are computed live, a day the sweep has not reached yet is computed on first read.

export const METRICS = [
  "active_learners",
  "registrations",
  "learn_seconds",
  "course_completions",
  "exam_sittings",
  "exam_passes",
  "live_viewers",
  "live_peak",
  "live_comments",
  "orders_paid",
  "revenue_cents",
] as const;
export type Metric = (typeof METRICS)[number];
export type Figures = Record<Metric, number>;
export type DayFigures = Figures & { day: string };
/** A day as computed: its figures and, per course, the distinct learners who studied it that day. */
export interface ComputedDay {
  figures: Figures;
  courses: Map<number, number>;
}
/** The metric that holds one course's learners of a day. */
const COURSE_METRIC = "course:";

const DAY_MS = 86_400_000;
/** How far back the sweep makes sure every day is there. */
export const SWEEP_DAYS = 90;
const ATTEMPT_SUBMITTED = 2;

const zero = (): Figures => Object.fromEntries(METRICS.map((m) => [m, 0])) as Figures;

/** A China-time day as YYYY-MM-DD. */
export const dayOf = (ms: number) => {
  const k = chinaDateKey(ms);
  return `${k.slice(0, 4)}-${k.slice(4, 6)}-${k.slice(6)}`;
};
/** Midnight (ms) China time of a YYYY-MM-DD day. */
const startOf = (day: string) => parseChinaDateTime(day);
export const addDays = (day: string, n: number) => dayOf(startOf(day) + n * DAY_MS);
/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = startOf(from), end = startOf(to); t <= end; t += DAY_MS) out.push(dayOf(t));
  return out;
}
const compact = (day: string) => day.replaceAll("-", "");
const dashed = (k: string) => `${k.slice(0, 4)}-${k.slice(4, 6)}-${k.slice(6)}`;

/** The China-time day of a timestamptz column, whatever the session's zone. */
const chinaDay = (col: PgColumn) => sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

/** Counts per day of records stamped within [from, to] (China time). */
async function perDay(db: DbOrTx, col: PgColumn, range: { from: string; to: string }, where: SQL | undefined, fields: Record<string, SQL>) {
  const day = chinaDay(col);
  const rows = await db
    .select({ day, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, n(v)])) })
    .from(col.table)
    .where(and(gte(col, new Date(startOf(range.from))), lt(col, new Date(startOf(range.to) + DAY_MS)), where))
    .groupBy(day);
  return rows as unknown as ({ day: string } & Record<string, number>)[];
}

/** Every metric of every day from `from` to `to`, read from the records themselves. */
export async function computeDays(db: DbOrTx, from: string, to: string): Promise<Map<string, ComputedDay>> {
  const out = new Map(daysBetween(from, to).map((d): [string, ComputedDay] => [d, { figures: zero(), courses: new Map() }]));
  const put = (day: string, values: Partial<Figures>) => {
    const f = out.get(day);
    if (f) Object.assign(f.figures, values);
  };
  const range = { from, to };
  const [perCourse, study, registered, completed, sittings, comments, paid] = await Promise.all([
    db
      .select({ day: userStudyDays.day, courseId: userStudyDays.contentId, learners: n(sql`count(distinct ${userStudyDays.userId})`) })
      .from(userStudyDays)
      .where(and(between(userStudyDays.day, compact(from), compact(to)), eq(userStudyDays.contentType, STUDY_CONTENT.course)))
      .groupBy(userStudyDays.day, userStudyDays.contentId),
    db
      .select({
        day: userStudyDays.day,
        active: n(sql`count(distinct ${userStudyDays.userId})`),
        seconds: n(sql`coalesce(sum(${userStudyDays.seconds}), 0)`),
        viewers: n(sql`count(distinct ${userStudyDays.userId}) filter (where ${userStudyDays.contentType} = ${STUDY_CONTENT.live})`),
      })
      .from(userStudyDays)
      .where(between(userStudyDays.day, compact(from), compact(to)))
      .groupBy(userStudyDays.day),
    perDay(db, users.createdAt, range, undefined, { count: sql`count(*)` }),
    perDay(db, userCourses.completedAt, range, eq(userCourses.completed, 1), { count: sql`count(*)` }),
    perDay(db, examAttempts.submittedAt, range, eq(examAttempts.status, ATTEMPT_SUBMITTED), {
      count: sql`count(*)`,
      passes: sql`count(*) filter (where ${examAttempts.isPass} = 1)`,
    }),
    perDay(db, liveMessages.sentAt, range, eq(liveMessages.kind, "comment"), { count: sql`count(*)` }),
    perDay(db, orders.paidAt, range, eq(orders.status, ORDER_STATUS.paid), { count: sql`count(*)`, amount: sql`coalesce(sum(${orders.payAmount}), 0)` }),
  ]);
  for (const r of perCourse) out.get(dashed(r.day))?.courses.set(r.courseId, r.learners);
  for (const r of study) put(dashed(r.day), { active_learners: r.active, learn_seconds: r.seconds, live_viewers: r.viewers });
  for (const r of registered) put(r.day, { registrations: r.count });
  for (const r of completed) put(r.day, { course_completions: r.count });
  for (const r of sittings) put(r.day, { exam_sittings: r.count, exam_passes: r.passes });
  for (const r of comments) put(r.day, { live_comments: r.count });
  // Peak concurrent viewers of the platform: the busiest minute of the day, the rooms and realtime processes of
  // that minute added together (the processes' samples, trpc/live/viewers.service.ts).
  const peaks = await db.execute(sql`
    select to_char((m.minute at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, max(m.online)::int as peak
    from (select minute, sum(online) as online from ${liveViewerSamples}
          where minute >= ${new Date(startOf(from)).toISOString()}::timestamptz and minute < ${new Date(startOf(to) + DAY_MS).toISOString()}::timestamptz
          group by minute) m
    group by 1`);
  for (const r of rowsOf<{ day: string; peak: number }>(peaks)) put(r.day, { live_peak: Number(r.peak) });
  for (const r of paid) put(r.day, { orders_paid: r.count, revenue_cents: r.amount });
  return out;
}

/** Writes the days' figures; a value that did not change is left alone, so writing twice changes nothing. */
export async function storeDays(db: DbOrTx, days: Map<string, ComputedDay>) {
  const rows = [...days].flatMap(([day, d]) => [
    ...METRICS.map((metric) => ({ day, metric, value: d.figures[metric] })),
    ...[...d.courses].map(([courseId, value]) => ({ day, metric: `${COURSE_METRIC}${courseId}`, value })),
  ]);
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(dailyFigures)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [dailyFigures.day, dailyFigures.metric],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        setWhere: sql`${dailyFigures.value} is distinct from excluded.value`,
      });
  }
}

/** Consecutive days grouped into runs, so each run is one pass over the records. */
function runsOf(days: string[]): { from: string; to: string }[] {
  const sorted = [...new Set(days)].sort();
  const runs: { from: string; to: string }[] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === d) last.to = d;
    else runs.push({ from: d, to: d });
  }
  return runs;
}

/** Computes and stores the given days, a run of consecutive days at a time. */
export async function refreshDays(db: DbOrTx, days: string[]) {
  for (const run of runsOf(days)) await storeDays(db, await computeDays(db, run.from, run.to));
}

/** The days of [from, to] that hold no complete set of figures yet. */
async function missingDays(db: DbOrTx, from: string, to: string): Promise<string[]> {
  const have = await db
    .select({ day: dailyFigures.day })
    .from(dailyFigures)
    .where(and(between(dailyFigures.day, from, to), inArray(dailyFigures.metric, [...METRICS])))
    .groupBy(dailyFigures.day)
    .having(sql`count(*) = ${METRICS.length}`);
  const done = new Set(have.map((r) => r.day));
  return daysBetween(from, to).filter((d) => !done.has(d));
}

/**
 * The sweep's tick: today and yesterday again (late records, a payment confirmed after midnight), and any
 * day of the last 90 that is missing. Answers the days it wrote.
 */
export async function sweepDailyFigures(db: DbOrTx, now = Date.now()): Promise<number> {
  const today = dayOf(now);
  const yesterday = addDays(today, -1);
  const days = [yesterday, today, ...(await missingDays(db, addDays(today, 1 - SWEEP_DAYS), today))];
  await refreshDays(db, days);
  return new Set(days).size;
}

export type Period = "today" | "7d" | "30d" | "custom";

/** The China-time days a period covers. */
export function periodRange(input: { period: Period; from?: string; to?: string }, now = Date.now()): { from: string; to: string } {
  const today = dayOf(now);
  if (input.period === "today") return { from: today, to: today };
  if (input.period === "7d") return { from: addDays(today, -6), to: today };
  if (input.period === "30d") return { from: addDays(today, -29), to: today };
  return { from: input.from!, to: input.to! };
}

/**
 * Each day's figures over [from, to] and the learners of each course summed over its days. Stored days
 * are read; a past day the sweep has not reached is computed and stored; today is the sweep's last tick
 * (at most five minutes old), or computed live while the sweep has not written it.
 */
export async function dailySeries(db: DbOrTx, from: string, to: string, now = Date.now()) {
  const today = dayOf(now);
  const last = to < today ? to : today;
  const byDay = new Map<string, Figures>(daysBetween(from, to).map((d) => [d, zero()]));
  const courseLearners = new Map<number, number>();
  if (from <= last) {
    const missing = await missingDays(db, from, last);
    const pastMissing = missing.filter((d) => d !== today);
    if (pastMissing.length) await refreshDays(db, pastMissing);
    const rows = await db
      .select({ day: dailyFigures.day, metric: dailyFigures.metric, value: dailyFigures.value })
      .from(dailyFigures)
      .where(between(dailyFigures.day, from, last));
    const liveToday = missing.includes(today);
    for (const r of rows) {
      if (liveToday && r.day === today) continue;
      const value = Number(r.value);
      if (r.metric.startsWith(COURSE_METRIC)) {
        const id = Number(r.metric.slice(COURSE_METRIC.length));
        courseLearners.set(id, (courseLearners.get(id) ?? 0) + value);
      } else {
        const f = byDay.get(r.day);
        if (f && r.metric in f) f[r.metric as Metric] = value;
      }
    }
    if (liveToday) {
      const computed = (await computeDays(db, today, today)).get(today)!;
      byDay.set(today, computed.figures);
      for (const [id, value] of computed.courses) courseLearners.set(id, (courseLearners.get(id) ?? 0) + value);
    }
  }
  return { days: [...byDay].map(([day, f]): DayFigures => ({ day, ...f })), courseLearners };
}

/**
 * The 10 courses with the most learners in the period, counted per day and added up (a learner who
 * studies a course on three days counts three times), so a long period reads stored figures only.
 */
export async function topCourses(db: DbOrTx, courseLearners: Map<number, number>, limit = 10) {
  const rows = [...courseLearners]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit);
  const names = rows.length ? await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, rows.map(([id]) => id))) : [];
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  return rows.map(([id, learners]) => ({ id, name: nameOf.get(id) ?? `课程${id}（已删除）`, learners }));
}

/** The 10 exams sat most in [from, to] (submitted attempts), with their pass rate. */
export async function topExams(db: DbOrTx, from: string, to: string, limit = 10) {
  const sittings = sql<number>`count(*)`.mapWith(Number);
  const rows = await db
    .select({ examId: examAttempts.examId, name: exams.name, sittings, passes: n(sql`count(*) filter (where ${examAttempts.isPass} = 1)`) })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(
      and(
        eq(examAttempts.status, ATTEMPT_SUBMITTED),
        gte(examAttempts.submittedAt, new Date(startOf(from))),
        lt(examAttempts.submittedAt, new Date(startOf(to) + DAY_MS)),
      ),
    )
    .groupBy(examAttempts.examId, exams.name)
    .orderBy(desc(sittings), examAttempts.examId)
    .limit(limit);
  return rows.map((r) => ({ id: r.examId, name: r.name, sittings: r.sittings, passes: r.passes, passRate: rate(r.passes, r.sittings) }));
}

/** A share in percent with one decimal; 0 of nothing is 0. */
export const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The whole dashboard of a period: totals, each day's figures and the two rankings. */
export async function dashboard(db: DbOrTx, input: { period: Period; from?: string; to?: string }, now = Date.now()) {
  const { from, to } = periodRange(input, now);
  const [{ days, courseLearners }, examRank] = await Promise.all([dailySeries(db, from, to, now), topExams(db, from, to)]);
  const courseRank = await topCourses(db, courseLearners);
  const sum = (m: Metric) => days.reduce((s, d) => s + d[m], 0);
  const peak = (m: Metric) => days.reduce<{ day: string; value: number }>((best, d) => (d[m] > best.value ? { day: d.day, value: d[m] } : best), { day: "", value: 0 });
  const sittings = sum("exam_sittings");
  const passes = sum("exam_passes");
  return {
    period: input.period,
    from,
    to,
    today: dayOf(now),
    totals: {
      /** Learners active on an average day of the period (distinct learners per day, averaged, one decimal). */
      activeAvg: Math.round((sum("active_learners") / days.length) * 10) / 10,
      activePeak: peak("active_learners"),
      registrations: sum("registrations"),
      learnSeconds: sum("learn_seconds"),
      courseCompletions: sum("course_completions"),
      examSittings: sittings,
      examPasses: passes,
      passRate: rate(passes, sittings),
      /** The busiest day's distinct live viewers. */
      liveViewersPeak: peak("live_viewers"),
      /** The most viewers watching at once in the period (the realtime processes' minute samples). */
      liveConcurrentPeak: peak("live_peak"),
      liveComments: sum("live_comments"),
      ordersPaid: sum("orders_paid"),
      revenueCents: sum("revenue_cents"),
    },
    days,
    topCourses: courseRank,
    topExams: examRank,
  };
}
export type Dashboard = Awaited<ReturnType<typeof dashboard>>;
