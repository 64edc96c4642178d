// Dashboard figures on a fresh PostgreSQL database: 100,000 learners registered over 90 days and
// 10,000,000 study records (user_study_days) spread over those days, with exam sittings, paid orders and
// live comments beside them; then the sweep's first run (every day of the last 90) and a later tick, and
// the dashboard procedure for 近7天 and 近30天 (p50/p99 over 20 calls each).
// Run: npx tsx scripts/bench-dashboard.ts [studyRecords] [learners]   (TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "cy-bench-dashboard-"));
const { openDatabase } = await import("@db/client");
const { dayOf, sweepDailyFigures } = await import("@trpc-app/tool/dashboard.service");
const { createUser } = await import("../tests/factories/user");
const { createExam, createFixedPaper, createQuestion } = await import("../tests/factories/exam");
const { signedInClient } = await import("../tests/helpers/auth");

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RECORDS = Number(process.argv[2] ?? 10_000_000);
const LEARNERS = Number(process.argv[3] ?? 100_000);
const DAYS = 90;
const COURSES = 200;
const EXAMS = 20;
const CALLS = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

const name = `cy_bench_dashboard_${randomBytes(4).toString("hex")}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), migrate: true, max: 10 });
const db = handle.db;
const run = (text: string) => db.execute(sql.raw(text));
try {
  const boss = await createUser(db, { loginName: "demo_admin", nick: "李建国", isAdmin: 1 });
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
  const examIds: number[] = [];
  for (let i = 1; i <= EXAMS; i++) examIds.push((await createExam(db, { name: `2026年政府采购业务考核第${i}场`, paperId: paper.id })).id);

  let t = performance.now();
  // Learners registered at any second of the last 90 days; ids follow the admin's.
  await run(
    `insert into users (login_name, nick, mobile, password_hash, created_at)
     select 'bench_' || g, '学员' || g, '138' || lpad(g::text, 8, '0'), 'x', now() - (g % ${DAYS}) * interval '1 day' - (g % 86400) * interval '1 second'
     from generate_series(1, ${LEARNERS}) g`,
  );
  await run(`insert into courses (name, status) select '政府采购实务专题' || g, 1 from generate_series(1, ${COURSES}) g`);
  const first = boss.id + 1;
  console.log(`${LEARNERS} learners, ${COURSES} courses: ${secs(t)}`);

  // Record g: learner g % L on day (g / L) % 90 back from today; every tenth round is a live, the rest a
  // course, so (learner, day, content) stays unique. A million rows a statement.
  t = performance.now();
  const today = dayOf(Date.now()).replaceAll("-", "");
  const CHUNK = 1_000_000;
  for (let from = 0; from < RECORDS; from += CHUNK) {
    const to = Math.min(RECORDS, from + CHUNK) - 1;
    await run(
      `insert into user_study_days (user_id, day, content_type, content_id, seconds)
       select ${first} + g % ${LEARNERS},
              to_char(to_date('${today}', 'YYYYMMDD') - ((g / ${LEARNERS}) % ${DAYS})::int, 'YYYYMMDD'),
              case when (g / ${LEARNERS}) % 10 = 0 then 2 else 1 end,
              case when (g / ${LEARNERS}) % 10 = 0 then (g / ${LEARNERS}) % 20 + 1 else 1 + ((g / ${LEARNERS}) * 7 + g % ${LEARNERS}) % ${COURSES} end,
              60 + (g % 1800)
       from generate_series(${from}, ${to}) g`,
    );
    process.stdout.write(`\r${to + 1} study records…`);
  }
  console.log(`\r${RECORDS} study records over ${DAYS} days: ${secs(t)}`);

  t = performance.now();
  const sittings = Math.round(RECORDS / 50);
  await run(
    `insert into exam_attempts (exam_id, user_id, attempt_no, items, status, started_at, submitted_at, score, is_pass)
     select (array[${examIds.join(",")}])[1 + g % ${EXAMS}], ${first} + g % ${LEARNERS}, g, '[]', 2,
            now() - (g % ${DAYS}) * interval '1 day' - interval '1 hour', now() - (g % ${DAYS}) * interval '1 day' - (g % 3600) * interval '1 second',
            g % 100, case when g % 100 >= 60 then 1 else 0 end
     from generate_series(1, ${sittings}) g`,
  );
  const paid = Math.round(RECORDS / 200);
  await run(
    `insert into orders (trade_no, user_id, goods_type, goods_id, goods_name, original_price, pay_amount, status, expires_at, paid_at)
     select 'B' || g, ${first} + g % ${LEARNERS}, 1, 1 + g % ${COURSES}, '政府采购实务专题', 19900, 9900 + (g % 10) * 1000, case when g % 10 = 0 then 4 else 1 end,
            now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day' - (g % 7200) * interval '1 second'
     from generate_series(1, ${paid}) g`,
  );
  await run(`insert into lives (name, room_id, start_time, end_time) select '政府采购法实施条例解读' || g, 'bench-room-' || g, now(), now() + interval '2 hours' from generate_series(1, 20) g`);
  await run(
    `insert into live_messages (msg_id, live_id, user_id, content, sent_at)
     select 'bench-' || g, (select min(id) from lives) + g % 20, ${first} + g % ${LEARNERS}, '老师讲得好', now() - (g % ${DAYS}) * interval '1 day' - (g % 5400) * interval '1 second'
     from generate_series(1, ${paid}) g`,
  );
  await run("analyze");
  console.log(`${sittings} exam sittings, ${paid} orders (a tenth refunded), ${paid} live comments: ${secs(t)}`);

  t = performance.now();
  const filled = await sweepDailyFigures(db);
  console.log(`sweep, first run (${filled} days computed and stored): ${secs(t)}`);
  const ticks: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await sweepDailyFigures(db);
    ticks.push(performance.now() - s);
  }
  console.log(`sweep, a later tick (today and yesterday again, 5 runs): ${fmt(ticks)}`);

  const client = await signedInClient(db, boss.id);
  for (const period of ["7d", "30d"] as const) {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof figuresOf>> | undefined;
    for (let i = 0; i < CALLS + 1; i++) {
      const s = performance.now();
      last = await figuresOf(period);
      // The first call warms the connection and plans.
      if (i > 0) times.push(performance.now() - s);
    }
    const x = last!.totals;
    console.log(`tool.admin.dashboard.figures ${period} (${CALLS} calls): ${fmt(times)}`);
    console.log(
      `  ${last!.from}..${last!.to}: active/day avg ${x.activeAvg} (peak ${x.activePeak.value}), registrations ${x.registrations}, learn hours ${Math.round(x.learnSeconds / 3600)}, ` +
        `sittings ${x.examSittings} (pass ${x.passRate}%), live viewers peak ${x.liveViewersPeak.value}, comments ${x.liveComments}, paid orders ${x.ordersPaid}, revenue ¥${(x.revenueCents / 100).toFixed(2)}`,
    );
    console.log(`  top course: ${last!.topCourses[0]?.name} (${last!.topCourses[0]?.learners} learners); top exam: ${last!.topExams[0]?.name} (${last!.topExams[0]?.sittings} sittings)`);
  }

  function figuresOf(period: "7d" | "30d") {
    return client.call((c) => c.tool.admin.dashboard.figures({ period }));
  }
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
