// Study ranking latency with 100,000 learners and 1,000,000 study-day rows on a fresh PostgreSQL database.
// Run: npm run bench rank   (TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "@db/client";
import { firstTen, forgetRankCache, ownRank } from "@trpc-app/rank/rank.service";
import type { RankPeriod } from "@trpc-app/rank/schemas";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LEARNERS = 100_000;
const ROWS = 1_000_000;
/** Study days spread over the last 60 China-time days: a week holds about 120,000 rows, a month about 500,000. */
const DAYS = 60;
const RUNS = 1000;
const COLD_RUNS = 10;
const PERIODS: RankPeriod[] = ["week", "month", "all"];

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

async function time(runs: number, fn: (i: number) => Promise<unknown>, before?: () => void) {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return stats(out);
}

const name = `cy_bench_rank_${randomBytes(4).toString("hex")}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), migrate: true, max: 4 });
const db = handle.db;
const rows: string[] = [];
try {
  const t0 = Date.now();
  await db.execute(
    sql.raw(`
    insert into users (login_name, nick, learn_time, learn_hour)
    select 'rank_' || g, (array['王','李','张','刘','陈','杨','赵','黄'])[1 + g % 8] || '学员' || g, (g * 7919) % 360000, ((g * 7919) % 360000) / 3600
    from generate_series(1, ${LEARNERS}) g`),
  );
  // content_id = g keeps every row its own key; the seconds repeat often, so ties are common as in real data.
  await db.execute(
    sql.raw(`
    insert into user_study_days (user_id, day, content_type, content_id, seconds)
    select 1 + (g::bigint * 7919) % ${LEARNERS},
           to_char((now() at time zone 'Asia/Shanghai')::date - (g % ${DAYS}), 'YYYYMMDD'),
           1 + g % 3, g, 60 + (g * 37) % 3600
    from generate_series(1, ${ROWS}) g`),
  );
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze user_study_days`);
  console.log(`seeded ${LEARNERS.toLocaleString()} learners and ${ROWS.toLocaleString()} study days in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const f = (x: { median: number; p99: number }) => `${x.median.toFixed(2).padStart(8)} ms ${x.p99.toFixed(2).padStart(8)} ms`;
  for (const period of PERIODS) {
    // Cold: the board recomputed on every call (what one call a minute pays).
    const cold = await time(COLD_RUNS, () => firstTen(db, period), forgetRankCache);
    forgetRankCache();
    await firstTen(db, period);
    // Warm: within the minute the board is kept; the own place is a binary search over it.
    const top = await time(RUNS, () => firstTen(db, period));
    const own = await time(RUNS, (i) => ownRank(db, 1 + ((i * 104_729) % LEARNERS), period));
    rows.push(`${period.padEnd(6)} | getFirstTen, recomputed       ${f(cold)}`);
    rows.push(`${period.padEnd(6)} | getFirstTen                   ${f(top)}`);
    rows.push(`${period.padEnd(6)} | getUserStudyRankByUserId      ${f(own)}`);
  }
  const board = await firstTen(db, "week");
  console.log(`week's first: ${board[0]?.nick} ${board[0]?.learnHour} h; 10th: ${board[9]?.nick} ${board[9]?.learnHour} h`);
  console.log(`\nboard  | call                            median      p99   (${RUNS} calls each, ${COLD_RUNS} recomputed, PostgreSQL)`);
  for (const r of rows) console.log(r);
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
