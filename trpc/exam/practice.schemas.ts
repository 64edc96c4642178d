import { z } from "zod";
import { idField, intField, paging } from "./schemas";

// Inputs of the learner's practice calls (docs/decisions/009-learner-practice.md).

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const practicePageInput = z.object({ ...paging }).optional();
export const practiceRefInput = z.object({ id: idField("练习ID") });
export const practiceStartInput = z.object({
  id: idField("练习ID"),
  modeId: idField("练习模式"),
  /** By-type mode: the question type to practise (1 single, 2 multiple, 3 true/false, 4 fill-in). */
  questionType: z.preprocess(blank, intField("题型", 1, 4).optional()).optional(),
  /** Give up the unfinished round of this mode and start a fresh one. */
  restart: z.boolean({ error: "重新开始标记格式不正确" }).optional(),
});
export const sessionRefInput = z.object({ sessionId: idField("练习记录ID") });
export const practiceAnswerInput = z.object({
  sessionId: idField("练习记录ID"),
  questionId: idField("题目ID"),
  answer: z
    .array(z.string({ error: "答案格式不正确" }).max(500, "答案不超过500个字符"), { error: "答案格式不正确" })
    .max(20, "答案格式不正确"),
});
export const practicePositionInput = z.object({ sessionId: idField("练习记录ID"), position: intField("题目序号", 0, 10_000) });
export const wrongPageInput = z.object({ id: idField("练习ID"), ...paging });
export const wrongRemoveInput = z.object({ id: idField("练习ID"), questionId: idField("题目ID") });
