import { z } from "zod";
import { idOf, ids, intIn, listOf, numeric, opt, paging, withPaging } from "@base/legacy-input";

export const TITLE_MAX = 100;
export const TEXT_ANSWER_MAX = 500;
export const QUESTION_MAX = 50;
export const OPTION_MAX = 20;

const text = (label: string, max: number, required = true) => {
  const base = z.string({ error: `请输入${label}` }).transform((s) => s.trim());
  return required ? base.pipe(z.string().min(1, `请输入${label}`).max(max, `${label}不能超过${max}字`)) : base.pipe(z.string().max(max, `${label}不能超过${max}字`));
};
const flag = (label: string) => z.preprocess((v) => (typeof v === "boolean" ? (v ? 1 : 0) : numeric(v)), z.union([z.literal(0), z.literal(1)], { error: `${label}只能为0或1` }));

export const questionInput = z
  .object({
    type: z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "题型只能是单选、多选或填空" })),
    title: text("题目", 200),
    required: flag("是否必答").default(1),
    options: z.array(text("选项内容", 100), { error: "选项格式不正确" }).max(OPTION_MAX, `每题最多${OPTION_MAX}个选项`).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.type !== 3 && q.options.length < 2) ctx.addIssue({ code: "custom", message: `选择题「${q.title}」至少需要2个选项`, path: ["options"] });
    if (new Set(q.options).size !== q.options.length) ctx.addIssue({ code: "custom", message: `题目「${q.title}」的选项不能重复`, path: ["options"] });
  })
  .transform((q) => ({ ...q, options: q.type === 3 ? [] : q.options }));
export type QuestionInput = z.infer<typeof questionInput>;

const body = {
  title: text("问卷标题", TITLE_MAX),
  description: opt(text("问卷说明", 500, false)),
  anonymous: opt(flag("是否匿名")),
  questions: z.array(questionInput, { error: "题目格式不正确" }).min(1, "请至少添加一道题目").max(QUESTION_MAX, `最多${QUESTION_MAX}道题目`),
};
export const createInput = z.object(body);
export const modifyInput = z.object({ id: idOf("问卷ID"), ...body });
export type SaveInput = z.infer<typeof createInput>;

export const idInput = z.object({ id: idOf("问卷ID") });
export const idsInput = z.object({ ids: ids("问卷ID", "请选择问卷") });
export const statusBatchInput = z.object({ ids: ids("问卷ID", "请选择问卷"), status: z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: "状态只能为发布(1)或停止(2)" })) });
export const pageInput = z
  .object({ keyword: opt(z.string().trim().max(50, "关键词不能超过50字")), status: opt(intIn("问卷状态", 0, 2)), ...paging })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export const remarkInput = z.object({ id: idOf("问卷ID"), remark: z.string({ error: "备注格式不正确" }).trim().max(200, "备注不能超过200字") });
export const sceneInput = z.object({ templateCode: opt(z.string().trim().max(50, "场景编码不能超过50字")) }).optional().transform((v) => v ?? {});
const businessType = opt(z.preprocess(numeric, z.literal(1, { error: "业务类型只支持直播(1)" }))).transform((v) => v ?? 1);
export const bindInput = z.object({ questionnaireId: idOf("问卷ID"), businessId: idOf("业务ID"), businessType });
export const unbindInput = z.object({ businessId: idOf("业务ID"), businessType });
export const bindInfoInput = z
  .object({ questionnaireId: opt(idOf("问卷ID")), businessId: opt(idOf("业务ID")), businessType })
  .refine((v) => v.questionnaireId || v.businessId, { message: "请提供问卷ID或业务ID" });
export const unboundInput = z
  .object({ keyword: opt(z.string().trim().max(50, "关键词不能超过50字")), businessType, ...paging })
  .optional()
  .transform((v) => withPaging(v ?? { businessType: 1 as const }));

export const answerItem = z.object({
  questionId: idOf("题目ID"),
  choices: opt(z.preprocess(listOf, z.array(intIn("选项", 0, OPTION_MAX - 1), { error: "选项格式不正确" }).max(OPTION_MAX, "选项过多"))),
  text: opt(z.string({ error: "回答格式不正确" })),
});
export const submitInput = z.object({
  id: idOf("问卷ID"),
  answers: z.array(answerItem, { error: "请填写问卷" }).max(QUESTION_MAX, "回答过多"),
});
export type SubmitInput = z.infer<typeof submitInput>;
