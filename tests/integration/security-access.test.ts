// Access rules, table-driven: learner B asking for learner A's personal objects by id is refused and
// nothing of A's changes; every back-office procedure refuses a learner and a visitor.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { commentReplies, examAnswers, examAttempts, examFraudChecks, examPracticeSessions, liveAwardRecords, liveRaffles, stationMessages } from "@db/schema";
import { appRouter } from "@trpc-app/router";
import { createAppCaller } from "@trpc-app/caller";
import { createContext } from "@trpc-app/context";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createAdminMessage } from "../factories/message";
import { createPractice, createQuestionFolder } from "../factories/practice";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createIdentity } from "../factories/identity";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;
type C = Parameters<Parameters<Client["call"]>[0]>[0];

/** A's objects: an exam attempt with a saved answer and a fraud finding, a practice round, a message, a reply, a prize, an identity. */
async function world(db: Db, opts: { submitted?: boolean } = {}) {
  const admin = await createUser(db, { isAdmin: 1, nick: "运营管理员" });
  const a = await createUser(db, { nick: "采购专员甲" });
  const b = await createUser(db, { nick: "采购专员乙" });
  const ac = await signedInClient(db, a.id);
  const bc = await signedInClient(db, b.id);
  const adminC = await signedInClient(db, admin.id);

  const q1 = await createQuestion(db, { questionType: 1, content: "政府采购应当采用的主要方式是？", options: ["公开招标", "询价", "单一来源"], answer: ["A"] });
  const q2 = await createQuestion(db, { questionType: 1, content: "质疑应当在几个工作日内提出？", options: ["3", "7", "15"], answer: ["B"] });
  const paper = await createFixedPaper(db, "权限测试卷", [
    { questionId: q1.id, score: 50 },
    { questionId: q2.id, score: 50 },
  ]);
  const exam = await createExam(db, { paperId: paper.id, passScore: 60, maxScore: 100 });
  await ac.call((c) => c.exam.register({ examId: exam.id }));
  const { paperId } = await ac.call((c) => c.exam.start({ examId: exam.id }));
  await ac.call((c) => c.exam.saveAnswer({ paperId, questionId: q1.id, answer: ["A"], seq: 1 }));
  if (opts.submitted) await ac.call((c) => c.exam.submit({ paperId }));
  await db.insert(examFraudChecks).values({ examId: exam.id, attemptId: paperId, userId: a.id, reason: "答题期间多次切屏" });

  const folder = await createQuestionFolder(db, "权限练习题库");
  await createQuestion(db, { questionType: 1, content: "采购文件的发售期不得少于几日？", options: ["3", "5", "7"], answer: ["B"], folderId: folder.id });
  await createQuestion(db, { questionType: 1, content: "投标有效期从何时起算？", options: ["提交投标文件截止之日", "开标之日", "中标之日"], answer: ["A"], folderId: folder.id });
  const practice = await createPractice(db, { name: "权限练习", folderIds: [folder.id], userIds: [a.id, b.id] });
  const { sessionId } = await ac.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));

  await createAdminMessage(db, { title: "年度培训通知", createdBy: admin.id, userIds: [a.id], send: true, pushUnread: false });
  const [message] = await db.select().from(stationMessages).where(eq(stationMessages.userId, a.id));

  const { course } = await createCourse(db, { name: "政府采购法实务", status: 1 });
  const comment = await ac.call((c) => c.comment.add({ courseId: course.id, content: "第三章的案例很实用" }));
  const reply = await adminC.call((c) => c.comment.admin.reply({ commentId: (comment as { id: number }).id, content: "谢谢，后续会补充更多案例。" }));

  const live = await createLive(db, { name: "采购实务直播", liveStatus: 1 });
  const [raffle] = await db.insert(liveRaffles).values({ liveId: live.id, name: "幸运抽奖", awardName: "采购实务手册", winnerCount: 1, status: 2 }).returning();
  const [award] = await db.insert(liveAwardRecords).values({ liveId: live.id, raffleId: raffle!.id, userId: a.id, awardName: "采购实务手册" }).returning();

  await createIdentity(db, a.id);
  return { admin, a, b, ac, bc, exam, paperId, q1, q2, sessionId, message: message!, reply: reply as { id: number }, award, course };
}

type World = Awaited<ReturnType<typeof world>>;

type Case = {
  name: string;
  call: (w: World) => (c: C) => Promise<unknown>;
  /** What of A's must be the same after B's call, and must change when A makes the same call. */
  state?: (db: Db, w: World) => Promise<unknown>;
  /** A has handed the paper in (answers are shown only after). */
  submitted?: boolean;
} & (
  | { /** The owner check's own refusal, so a refusal by any other rule does not pass for it. */ refused: string }
  | { /** Calls scoped to the caller answer B's own (empty) view instead of refusing: this is that answer. */ empty: unknown }
);

const PAPER = "答卷不存在";
const SESSION = "练习记录不存在";

const attempt = (db: Db, w: World) => db.select({ status: examAttempts.status, score: examAttempts.score, screenCutCount: examAttempts.screenCutCount }).from(examAttempts).where(eq(examAttempts.id, w.paperId));
const answers = (db: Db, w: World) => db.select({ q: examAnswers.questionId, answer: examAnswers.answer }).from(examAnswers).where(eq(examAnswers.attemptId, w.paperId));

const CASES: Case[] = [
  { name: "exam paper", refused: PAPER, call: (w) => (c) => c.exam.paper({ paperId: w.paperId }) },
  { name: "exam question", refused: PAPER, call: (w) => (c) => c.exam.question({ paperId: w.paperId, questionId: w.q1.id }) },
  { name: "save an answer into A's paper", refused: PAPER, call: (w) => (c) => c.exam.saveAnswer({ paperId: w.paperId, questionId: w.q1.id, answer: ["C"], seq: 99 }), state: answers },
  { name: "submit A's paper", refused: PAPER, call: (w) => (c) => c.exam.submit({ paperId: w.paperId }), state: attempt },
  { name: "exam result by paper", refused: PAPER, call: (w) => (c) => c.exam.result({ paperId: w.paperId }) },
  { name: "exam result of a handed-in paper", refused: PAPER, submitted: true, call: (w) => (c) => c.exam.result({ paperId: w.paperId }) },
  { name: "exam answers by paper", refused: PAPER, submitted: true, call: (w) => (c) => c.exam.viewAnswers({ paperId: w.paperId }) },
  { name: "one question's answer", refused: PAPER, submitted: true, call: (w) => (c) => c.exam.questionAnswer({ paperId: w.paperId, questionId: w.q1.id }) },
  { name: "screen switch on A's paper", refused: PAPER, call: (w) => (c) => c.exam.screenCut({ paperId: w.paperId }), state: attempt },
  { name: "fraud detail of A's paper", empty: null, call: (w) => (c) => c.exam.fraudDetail({ paperId: w.paperId }) },
  { name: "practice round", refused: SESSION, call: (w) => (c) => c.exam.practice.session({ sessionId: w.sessionId }) },
  {
    name: "practice position",
    refused: SESSION,
    call: (w) => (c) => c.exam.practice.position({ sessionId: w.sessionId, position: 1 }),
    state: (db, w) => db.select().from(examPracticeSessions).where(eq(examPracticeSessions.id, w.sessionId)),
  },
  {
    name: "finish A's practice",
    refused: SESSION,
    call: (w) => (c) => c.exam.practice.finish({ sessionId: w.sessionId }),
    state: (db, w) => db.select().from(examPracticeSessions).where(eq(examPracticeSessions.id, w.sessionId)),
  },
  { name: "identity of another user", refused: "无权查看其他用户的实名信息", call: (w) => (c) => c.identity.getInfo({ userId: w.a.id } as never) },
  {
    name: "reply to A's comment marked read",
    empty: { count: 0, unReadCount: 0 },
    call: (w) => (c) => c.comment.readReply({ id: w.reply.id }),
    state: (db, w) => db.select().from(commentReplies).where(eq(commentReplies.id, w.reply.id)),
  },
];

describeEachDb("access: a learner never reaches another learner's objects", (getDb) => {
  it.each(CASES)("$name: refused (or B's own empty view), nothing changes", async (tc) => {
    const db = getDb();
    const w = await world(db, { submitted: tc.submitted });
    const before = tc.state ? await tc.state(db, w) : undefined;
    if ("empty" in tc) expect(await w.bc.call(tc.call(w))).toEqual(tc.empty);
    else expect(await rejection(w.bc.call(tc.call(w)))).toMatchObject({ message: tc.refused });
    if (tc.state) expect(await tc.state(db, w)).toEqual(before);
    // The same call by the owner goes through and does what B's could not: the refusal is about the caller.
    const mine = await w.ac.call(tc.call(w));
    if ("empty" in tc) expect(mine).not.toEqual(tc.empty);
    if (tc.state) expect(await tc.state(db, w)).not.toEqual(before);
  });

  it("marking A's message read as B changes nothing", async () => {
    const db = getDb();
    const w = await world(db);
    const answer = await w.bc.call((c) => c.message.markRead({ id: w.message.id }));
    expect(answer).toMatchObject({ updated: 0 });
    const [row] = await db.select().from(stationMessages).where(eq(stationMessages.id, w.message.id));
    expect(row!.readAt ?? null).toBeNull();
    expect(await w.ac.call((c) => c.message.markRead({ id: w.message.id }))).toMatchObject({ updated: 1 });
  });

  it("A's prize address is neither read nor written by B", async () => {
    const db = getDb();
    const w = await world(db);
    const id = w.award!.id;
    const address = (c: C) => c.live.receiveAddress({ liveUserAwardRecordId: id });
    const receive = (c: C) => c.live.receiveAward({ liveUserAwardRecordId: id, receiverName: "冒领人", receiverMobile: "13900000000", receiverAddress: "别处" });
    expect(await rejection(w.bc.call(address))).toMatchObject({ legacyCode: "404", message: "中奖记录不存在" });
    expect(await rejection(w.bc.call(receive))).toMatchObject({ legacyCode: "404", message: "中奖记录不存在" });
    const receiver = async () => (await db.select().from(liveAwardRecords).where(and(eq(liveAwardRecords.id, id), eq(liveAwardRecords.userId, w.a.id))))[0]!.receiverName ?? null;
    expect(await receiver()).toBeNull();
    // The same two calls by the winner go through.
    await w.ac.call(address);
    await w.ac.call(receive);
    expect(await receiver()).toBe("冒领人");
  });
});

/**
 * Procedures of the back office: every `*.admin.*` path, the users/groups/roles/tags area (not the org
 * domain's learner calls at its root) and the material library.
 */
const BACK_OFFICE = /(^|\.)admin(\.|$)|^org\.(?!(promote|whiteInfo|districtTree|orgSearch|updateOrgInfo)$)|^material\./;
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures);

describeEachDb("access: the back office refuses learners and visitors", (getDb) => {
  it("every back-office procedure answers 403 to a learner and 281 to a visitor, before reading its input", async () => {
    const db = getDb();
    const learner = await createUser(db, { nick: "普通学员" });
    const lc = await signedInClient(db, learner.id);
    const { caller: learnerCaller } = await lc.caller();
    const visitorCaller = createAppCaller(await createContext({ db, request: new Request("http://127.0.0.1:3000/api/trpc") }));
    const adminPaths = procedures.map(([path]) => path).filter((p) => BACK_OFFICE.test(p));
    expect(adminPaths.length).toBeGreaterThan(250);
    const leaks: string[] = [];
    for (const path of adminPaths) {
      const pick = (root: unknown) => path.split(".").reduce<any>((node, key) => node[key], root) as (input: unknown) => Promise<unknown>;
      for (const [who, caller, code] of [["learner", learnerCaller, "403"], ["visitor", visitorCaller, "281"]] as const) {
        try {
          await pick(caller)({});
          leaks.push(`${who} ${path}: answered`);
        } catch (error) {
          const got = (error as { legacyCode?: string }).legacyCode;
          if (got !== code) leaks.push(`${who} ${path}: ${got} ${(error as Error).message}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
