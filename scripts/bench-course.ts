// Course-centre search and course detail latency at 1,000 and 100,000 courses on a fresh PostgreSQL database.
// Run: npx tsx scripts/bench-course.ts   (TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Db } from "@db/client";
import { courseDetail } from "@trpc-app/course/catalogue.service";
import { searchCourses } from "@trpc-app/course/search.service";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SIZES = [1_000, 100_000];
const RUNS = 300;
const KEYWORDS = ["采购", "框架协议", "质疑投诉", "电子化采购", "需求管理", "实施条例", "合同履约", "王建明", "中小企业", "评审专家"];

const TOPICS = ["政府采购法", "实施条例", "采购需求管理", "框架协议采购", "电子化采购", "质疑投诉处理", "合同履约验收", "评审专家管理", "中小企业扶持", "绿色采购政策", "采购意向公开", "竞争性磋商", "单一来源论证", "代理机构监管", "内控制度建设"];
const KINDS = ["解读", "实务", "精讲", "案例分析", "操作指引", "常见问题", "专题培训", "入门"];
const TEACHERS = ["王建明", "刘晓华", "陈志远", "赵立新", "孙丽萍", "周文斌", "李海燕", "何明杰", "吴静", "杨国栋", "郑宏"];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;

/** Adds courses up to `target`, each with two chapters of two sections, in set-based SQL. */
async function grow(db: Db, from: number, target: number) {
  const n = target - from;
  if (n <= 0) return;
  await db.execute(
    sql.raw(`
    insert into courses (name, teacher_name, intro, description, cover_url, status, is_free, price, joined_count, sort, category_id, released_at)
    select (${arr(TOPICS)})[1 + (g * 7) % ${TOPICS.length}] || (${arr(KINDS)})[1 + (g * 13) % ${KINDS.length}] || '（第' || g || '期）',
           (${arr(TEACHERS)})[1 + (g * 5) % ${TEACHERS.length}],
           '面向采购人和代理机构的实务课程', '<p>课程介绍</p>', '/storage/file/course-covers/cover-1.png',
           case when g % 20 = 0 then 0 else 1 end, case when g % 10 = 0 then 0 else 1 end,
           case when g % 10 = 0 then 9900 else 0 end, (g * 37) % 20000, g % 1000, 1 + g % 7, now() - (g || ' minutes')::interval
    from generate_series(${from + 1}, ${target}) g`),
  );
  await db.execute(
    sql.raw(`
    insert into course_chapters (course_id, parent_id, name, sort, type, duration)
    select c.id, null, '第' || k || '章', k * 10, 1, 0 from courses c, generate_series(1, 2) k where c.id > ${from}`),
  );
  await db.execute(
    sql.raw(`
    insert into course_chapters (course_id, parent_id, name, sort, type, duration)
    select ch.course_id, ch.id, ch.name || '第' || k || '节', ch.sort + k, 1, 600 from course_chapters ch, generate_series(1, 2) k
    where ch.parent_id is null and ch.course_id > ${from}`),
  );
  await db.execute(sql`analyze courses`);
  await db.execute(sql`analyze course_chapters`);
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

async function time(fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return stats(out);
}

const name = `cy_bench_course_${randomBytes(4).toString("hex")}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const handle = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), migrate: true, max: 4 });
const rows: string[] = [];
try {
  let have = 0;
  for (const size of SIZES) {
    const t0 = Date.now();
    await grow(handle.db, have, size);
    have = size;
    console.log(`seeded ${size.toLocaleString()} courses in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const kw = await time((i) => searchCourses(handle.db, { keyword: KEYWORDS[i % KEYWORDS.length], pageNo: 1 + (i % 3), pageSize: 16 }));
    const list = await time((i) => searchCourses(handle.db, { categoryId: undefined, pageNo: 1 + (i % 10), pageSize: 16, sort: (["default", "new", "hot"] as const)[i % 3] }));
    // Every 20th course is a draft: pick released ones.
    const detail = await time((i) => {
      const id = 1 + ((i * 7919) % size);
      return courseDetail(handle.db, null, id % 20 === 0 ? id + 1 : id);
    });
    const f = (x: { median: number; p99: number }) => `${x.median.toFixed(1).padStart(7)} ms ${x.p99.toFixed(1).padStart(8)} ms`;
    rows.push(`${size.toLocaleString().padStart(8)} | keyword search ${f(kw)}`);
    rows.push(`${size.toLocaleString().padStart(8)} | centre listing ${f(list)}`);
    rows.push(`${size.toLocaleString().padStart(8)} | course detail  ${f(detail)}`);
  }
  console.log(`\n courses | call            median       p99   (${RUNS} calls each, PostgreSQL)`);
  for (const r of rows) console.log(r);
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
