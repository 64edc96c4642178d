import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { dailyFigures, examAttempts, liveMessages, ORDER_STATUS, orders, STUDY_CONTENT, userCourses, userStudyDays, users } from "@db/schema";
import { parseChinaDateTime } from "@base/china-time";
import { addDays, dayOf, METRICS, sweepDailyFigures } from "@trpc-app/tool/dashboard.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const HOUR = 3600_000;
/** A moment of a China-time day: `at("2026-03-01", 23.5)` is 23:30 Beijing time that day. */
const at = (day: string, hours: number) => new Date(parseChinaDateTime(day) + hours * HOUR);
const today = () => dayOf(Date.now());
const ago = (n: number) => addDays(today(), -n);

let orderSeq = 0;
async function order(db: Db, userId: number, status: number, paidAt: Date | null, payAmount: number) {
  orderSeq += 1;
  await db.insert(orders).values({
    tradeNo: `T${Date.now()}${orderSeq}`,
    userId,
    goodsType: 1,
    goodsId: 1,
    goodsName: "政府采购实务专题",
    originalPrice: payAmount,
    payAmount,
    status,
    expiresAt: new Date(Date.now() + HOUR),
    paidAt,
  });
}

/** A small platform over the last few days, with records on both sides of China-time midnights. */
async function seed(db: Db) {
  const adminUser = await createUser(db, { isAdmin: 1, nick: "李建国" });
  const learners = [];
  // Registered at 23:30 China time two days ago (16:30 UTC): that day, not the next.
  learners.push(await createUser(db, { nick: "王晓雯", createdAt: at(ago(2), 23.5) }));
  learners.push(await createUser(db, { nick: "赵子龙", createdAt: at(ago(1), 0.25) }));
  learners.push(await createUser(db, { nick: "陈思远", createdAt: at(ago(1), 10) }));
  learners.push(await createUser(db, { nick: "刘芳", createdAt: at(ago(5), 8) }));
  const [a, b, c, d] = learners.map((l) => l.id) as [number, number, number, number];

  const { course: courseA } = await createCourse(db, { name: "政府采购法律法规精讲" });
  const { course: courseB } = await createCourse(db, { name: "招标文件编制实务" });
  const live = await createLive(db, { liveStatus: 2 });
  const study = (userId: number, day: string, contentType: number, contentId: number, seconds: number) => ({ userId, day: day.replaceAll("-", ""), contentType, contentId, seconds });
  await db.insert(userStudyDays).values([
    study(a, ago(1), STUDY_CONTENT.course, courseA.id, 600),
    study(a, ago(1), STUDY_CONTENT.course, courseB.id, 300),
    study(b, ago(1), STUDY_CONTENT.course, courseA.id, 1200),
    study(b, ago(1), STUDY_CONTENT.live, live.id, 1800),
    study(c, ago(1), STUDY_CONTENT.live, live.id, 900),
    study(a, ago(2), STUDY_CONTENT.course, courseA.id, 60),
    study(d, ago(3), STUDY_CONTENT.course, courseB.id, 3600),
    study(c, today(), STUDY_CONTENT.course, courseB.id, 120),
  ]);
  await db.insert(userCourses).values([
    { userId: a, courseId: courseA.id, completed: 1, completedAt: at(ago(1), 23.5), progress: 100 },
    { userId: b, courseId: courseA.id, completed: 0, progress: 40 },
    { userId: d, courseId: courseB.id, completed: 1, completedAt: at(ago(3), 9), progress: 100 },
  ]);

  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
  const examA = await createExam(db, { name: "政府采购法规知识考试", paperId: paper.id, makeupCount: 3 });
  const examB = await createExam(db, { name: "评审专家年度考核", paperId: paper.id, makeupCount: 3 });
  let attemptNo = 0;
  const sitting = (examId: number, userId: number, submittedAt: Date | null, isPass: number | null) => ({
    examId,
    userId,
    attemptNo: ++attemptNo,
    items: [],
    status: submittedAt ? 2 : 1,
    startedAt: new Date(Date.now() - 10 * 24 * HOUR),
    submittedAt,
    isPass,
    score: isPass ? 90 : 40,
  });
  await db.insert(examAttempts).values([
    sitting(examA.id, a, at(ago(1), 23.5), 1),
    sitting(examA.id, b, at(ago(1), 11), 0),
    sitting(examA.id, c, at(ago(2), 9), 1),
    sitting(examB.id, d, at(ago(2), 16), 0),
    // Still answering: not a sitting yet.
    sitting(examB.id, a, null, null),
  ]);

  await db.insert(liveMessages).values([
    { msgId: "m1", liveId: live.id, userId: b, content: "老师讲得好", sentAt: at(ago(1), 20) },
    { msgId: "m2", liveId: live.id, userId: c, content: "请问评审流程", sentAt: at(ago(1), 23.9) },
    { msgId: "m3", liveId: live.id, userId: null, content: "欢迎大家", kind: "anchor", sentAt: at(ago(1), 20) },
  ]);

  await order(db, a, ORDER_STATUS.paid, at(ago(1), 23.5), 19900);
  await order(db, b, ORDER_STATUS.paid, at(ago(1), 9), 4990);
  await order(db, c, ORDER_STATUS.paid, at(ago(4), 9), 10000);
  await order(db, d, ORDER_STATUS.refunded, at(ago(1), 9), 8800);
  await order(db, d, ORDER_STATUS.unpaid, null, 5000);

  return {
    admin: await signedInClient(db, adminUser.id),
    learner: await signedInClient(db, a),
    courseA,
    courseB,
    examA,
    examB,
  };
}

/** What each day should show, counted straight from the records (JavaScript, not SQL). */
async function expectedByDay(db: Db) {
  const by = new Map<string, Record<string, number>>();
  const add = (day: string, key: string, v = 1) => {
    const f = by.get(day) ?? {};
    f[key] = (f[key] ?? 0) + v;
    by.set(day, f);
  };
  for (const u of await db.select().from(users)) add(dayOf(u.createdAt.getTime()), "registrations");
  const study = await db.select().from(userStudyDays);
  const dash = (k: string) => `${k.slice(0, 4)}-${k.slice(4, 6)}-${k.slice(6)}`;
  for (const day of new Set(study.map((s) => s.day))) {
    const rows = study.filter((s) => s.day === day);
    add(dash(day), "active_learners", new Set(rows.map((r) => r.userId)).size);
    add(dash(day), "learn_seconds", rows.reduce((s, r) => s + r.seconds, 0));
    add(dash(day), "live_viewers", new Set(rows.filter((r) => r.contentType === STUDY_CONTENT.live).map((r) => r.userId)).size);
  }
  for (const t of await db.select().from(examAttempts)) {
    if (t.status !== 2 || !t.submittedAt) continue;
    add(dayOf(t.submittedAt.getTime()), "exam_sittings");
    add(dayOf(t.submittedAt.getTime()), "exam_passes", t.isPass === 1 ? 1 : 0);
  }
  for (const o of await db.select().from(orders)) {
    if (o.status !== ORDER_STATUS.paid || !o.paidAt) continue;
    add(dayOf(o.paidAt.getTime()), "orders_paid");
    add(dayOf(o.paidAt.getTime()), "revenue_cents", o.payAmount);
  }
  for (const m of await db.select().from(liveMessages)) if (m.kind === "comment") add(dayOf(m.sentAt.getTime()), "live_comments");
  for (const u of await db.select().from(userCourses)) if (u.completed === 1 && u.completedAt) add(dayOf(u.completedAt.getTime()), "course_completions");
  return by;
}

describeEachDb("the operations dashboard", (getDb) => {
  it("each day's figures and the period's totals equal counts taken from the records", async () => {
    const db = getDb();
    const { admin, courseA, courseB, examA, examB } = await seed(db);
    const d = await admin.call((c) => c.tool.admin.dashboard.figures({ period: "7d" }));
    expect(d.from).toBe(ago(6));
    expect(d.to).toBe(today());
    expect(d.days.map((x) => x.day)).toEqual(Array.from({ length: 7 }, (_, i) => ago(6 - i)));
    const expected = await expectedByDay(db);
    for (const day of d.days) {
      const want = expected.get(day.day) ?? {};
      for (const m of ["registrations", "active_learners", "learn_seconds", "live_viewers", "exam_sittings", "exam_passes", "orders_paid", "revenue_cents", "live_comments", "course_completions"] as const)
        expect(day[m], `${m} on ${day.day}`).toBe(want[m] ?? 0);
    }
    // The figures spelled out, so a shared mistake in both countings still shows.
    const y = d.days.find((x) => x.day === ago(1))!;
    expect(y).toMatchObject({ active_learners: 3, learn_seconds: 4800, live_viewers: 2, registrations: 2, exam_sittings: 2, exam_passes: 1, orders_paid: 2, revenue_cents: 24890, live_comments: 2, course_completions: 1 });
    expect(d.days.find((x) => x.day === ago(2))).toMatchObject({ registrations: 1, exam_sittings: 2, exam_passes: 1 });
    expect(d.totals).toMatchObject({
      registrations: 5, // four learners in the past days, the admin today
      examSittings: 4,
      examPasses: 2,
      passRate: 50,
      ordersPaid: 3,
      revenueCents: 34890,
      liveComments: 2,
      courseCompletions: 2,
      learnSeconds: 600 + 300 + 1200 + 1800 + 900 + 60 + 3600 + 120,
    });
    expect(d.totals.liveViewersPeak).toEqual({ day: ago(1), value: 2 });
    expect(d.totals.activePeak).toEqual({ day: ago(1), value: 3 });
    expect(d.topCourses.map((x) => [x.id, x.learners])).toEqual([
      // Learners per day added up: A has a and b on one day and a again the day before.
      [courseA.id, 3],
      [courseB.id, 3],
    ]);
    expect(d.topExams.map((x) => [x.id, x.sittings, x.passRate])).toEqual([
      [examA.id, 3, 66.7],
      [examB.id, 1, 0],
    ]);

    // 今日 reads today's records live.
    const t = await admin.call((c) => c.tool.admin.dashboard.figures({ period: "today" }));
    expect(t.days).toHaveLength(1);
    expect(t.days[0]).toMatchObject({ day: today(), active_learners: 1, learn_seconds: 120 });
    expect(t.topCourses.map((x) => x.id)).toEqual([courseB.id]);
  });

  it("a record at 23:30 China time belongs to that day, not the next", async () => {
    const db = getDb();
    const { admin } = await seed(db);
    const day = ago(2);
    const d = await admin.call((c) => c.tool.admin.dashboard.figures({ period: "custom", from: day, to: day }));
    expect(d.days).toEqual([expect.objectContaining({ day, registrations: 1 })]);
    const next = await admin.call((c) => c.tool.admin.dashboard.figures({ period: "custom", from: ago(1), to: ago(1) }));
    // The paid order of 23:30 and the one of 09:00; the 23:30 sitting passed.
    expect(next.totals).toMatchObject({ ordersPaid: 2, revenueCents: 24890, examSittings: 2, examPasses: 1, registrations: 2 });
  });

  it("the sweep fills the last 90 days, and running it twice changes nothing", async () => {
    const db = getDb();
    await seed(db);
    const rows = () => db.select().from(dailyFigures).orderBy(dailyFigures.day, dailyFigures.metric);
    await sweepDailyFigures(db);
    const first = await rows();
    expect(first.filter((r) => !r.metric.startsWith("course:"))).toHaveLength(90 * METRICS.length);
    expect(first.filter((r) => r.metric.startsWith("course:"))).toHaveLength(5);
    expect(new Set(first.map((r) => r.day)).size).toBe(90);
    await sweepDailyFigures(db);
    expect(await rows()).toEqual(first);
    // A stored day is read back as it was computed.
    const stored = first.filter((r) => r.day === ago(1));
    expect(Object.fromEntries(stored.map((r) => [r.metric, r.value]))).toMatchObject({ registrations: 2, revenue_cents: 24890, exam_sittings: 2 });
  });

  it("a period before the sweep's reach is computed on first read and kept", async () => {
    const db = getDb();
    const { admin } = await seed(db);
    await createUser(db, { createdAt: at(ago(200), 12) });
    const d = await admin.call((c) => c.tool.admin.dashboard.figures({ period: "custom", from: ago(205), to: ago(195) }));
    expect(d.days).toHaveLength(11);
    expect(d.totals.registrations).toBe(1);
    expect(await db.select().from(dailyFigures)).toHaveLength(11 * METRICS.length);
  });

  it("a chart exports as .xlsx with the figures it draws", async () => {
    const db = getDb();
    const { admin } = await seed(db);
    const file = await admin.call((c) => c.tool.admin.dashboard.export({ period: "7d", chart: "orders" }));
    expect(file.fileName).toMatch(/^订单与收入_.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, "日期", "支付订单（笔）", "收入（元）"]);
    const row = ws.getRows(2, 7)!.find((r) => r.getCell(1).value === ago(1))!;
    expect([row.getCell(2).value, row.getCell(3).value]).toEqual([2, 248.9]);
    const top = await admin.call((c) => c.tool.admin.dashboard.export({ period: "30d", chart: "topExams" }));
    expect(top.fileName).toMatch(/^热门考试_.*\.xlsx$/);
  });

  it("learners are refused", async () => {
    const db = getDb();
    const { learner } = await seed(db);
    expect((await rejection(learner.call((c) => c.tool.admin.dashboard.figures({ period: "7d" })))).code).toBe("FORBIDDEN");
    expect((await rejection(learner.call((c) => c.tool.admin.dashboard.export({ period: "7d", chart: "learning" })))).code).toBe("FORBIDDEN");
  });

  it("bad input answers a clear Chinese message", async () => {
    const db = getDb();
    const { admin } = await seed(db);
    const message = async (input: unknown) => (await rejection(admin.call((c) => c.tool.admin.dashboard.figures(input as never)))).message;
    expect(await message({ period: "custom", from: "2026-03-10", to: "2026-03-01" })).toBe("结束日期不能早于开始日期");
    expect(await message({ period: "custom", from: "2024-01-01", to: "2025-06-30" })).toBe("统计周期最长366天");
    expect(await message({ period: "custom", from: "2026-02-30", to: "2026-03-01" })).toBe("开始日期不是有效日期");
    expect(await message({ period: "custom", from: "昨天", to: "2026-03-01" })).toBe("开始日期格式不正确，应为YYYY-MM-DD");
    expect(await message({ period: "custom", from: "2026-03-01" })).toBe("自定义周期须选择开始日期和结束日期");
    expect(await message({ period: "custom", from: today(), to: addDays(today(), 1) })).toBe("结束日期不能晚于今天");
    expect(await message({ period: "year" })).toBe("统计周期须为今日、近7天、近30天或自定义");
    expect(await message("garbage")).toBe("统计参数格式不正确");
    expect((await rejection(admin.call((c) => c.tool.admin.dashboard.export({ period: "7d", chart: "pie" } as never)))).message).toBe("要导出的图表不存在");
  });
});
