import { asc, inArray, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { examQuestions } from "@db/schema";
import { PROCUREMENT_BANK } from "../../tests/factories/exam-bank";
import { createPractice, createQuestionFolder } from "../../tests/factories/practice";
import { createUser } from "../../tests/factories/user";

/** A learner of its own for the practice browser test (other specs' accounts stay untouched). */
export const PRACTICE_ACCOUNT = { account: "practice_learner", password: "Practice@2026learn", nick: "钱思远" };
export const PRACTICE_NAMES = { main: "政府采购法律法规每日一练", complaint: "质疑与投诉专项练习" };

/**
 * Demo practices on the exam seed's question bank: the bank goes into a folder of the question bank (kind 3)
 * (complaint questions into a sub-folder), one practice covers the whole folder in all three modes and
 * one the sub-folder; both are enabled and open to every learner.
 */
export async function seedPractice(db: Db) {
  // The exam seed's bank: its first questions without a folder, matched by stem.
  const stems = new Set(PROCUREMENT_BANK.map((r) => r[2]));
  const loose = await db.select().from(examQuestions).where(isNull(examQuestions.folderId)).orderBy(asc(examQuestions.id)).limit(PROCUREMENT_BANK.length);
  const bank = loose.filter((q) => stems.has(q.content));
  if (!bank.length) return;
  const root = await createQuestionFolder(db, "政府采购法律法规题库");
  const complaint = await createQuestionFolder(db, "质疑与投诉", root.id);
  const aboutComplaint = (q: { content: string }) => /质疑|投诉/.test(q.content);
  await db.update(examQuestions).set({ folderId: root.id }).where(inArray(examQuestions.id, bank.filter((q) => !aboutComplaint(q)).map((q) => q.id)));
  await db.update(examQuestions).set({ folderId: complaint.id }).where(inArray(examQuestions.id, bank.filter(aboutComplaint).map((q) => q.id)));

  await createPractice(db, {
    name: PRACTICE_NAMES.main,
    description: "覆盖《政府采购法》及其实施条例、87号令等核心规定。顺序练习逐题刷完题库，随机练习模拟考前自测，题型练习专项突破薄弱题型。",
    folderIds: [root.id],
    modes: [
      [1, 20],
      [2, 10],
      [3, 10],
    ],
  });
  await createPractice(db, {
    name: PRACTICE_NAMES.complaint,
    description: "聚焦供应商质疑与投诉的期限、程序和处理要求。",
    folderIds: [complaint.id],
    modes: [
      [1, 10],
      [2, 5],
    ],
  });
  await createUser(db, { loginName: PRACTICE_ACCOUNT.account, password: PRACTICE_ACCOUNT.password, nick: PRACTICE_ACCOUNT.nick, mobile: null });
}
