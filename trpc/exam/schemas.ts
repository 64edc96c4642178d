import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idList, intWithin, pagingWith } from "@base/legacy-input";

// Inputs of the exam calls, shared by procedures, the legacy rows and the pages.

export const intField = (label: string, min = 0, max = 1_000_000_000) => intWithin(label, min, max);
export const idField = (label: string) => intField(label, 1, Number.MAX_SAFE_INTEGER);
const optInt = (label: string, min = 0, max = 1_000_000_000) => z.preprocess(blank, intField(label, min, max).optional()).optional();
const flag = (label: string) => z.preprocess((v) => (v === true ? 1 : v === false ? 0 : blank(v)), optInt(label, 0, 1)).optional();
const text = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不超过${max}个字符`).optional()).optional();
const requiredText = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不超过${max}个字符`);
/** Time given as ms timestamp, its string, or an ISO/date string. */
const timeField = (label: string) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      if (typeof b === "number") return new Date(b);
      if (typeof b === "string") return /^\d+$/.test(b) ? new Date(Number(b)) : new Date(parseChinaDateTime(b));
      return b;
    },
    z.date({ error: `${label}格式不正确` }).refine((d) => !Number.isNaN(d.getTime()), `${label}格式不正确`),
  );
/** A list of ids: an array or "1,2,3". */
const idsOf = (label: string, max = 500) => idList(label, { max, item: idField(label) });

export const paging = pagingWith(intWithin("页码", 1, 100_000), intWithin("每页条数", 1, 200));

// ---- learner ----

export const examIdInput = z
  .object({ examId: idField("考试ID").optional(), id: idField("考试ID").optional(), courseId: optInt("课程ID") })
  .transform((v, ctx) => {
    const examId = v.examId ?? v.id;
    if (!examId) {
      ctx.addIssue({ code: "custom", message: "缺少考试ID", path: ["examId"] });
      return z.NEVER;
    }
    return { examId, courseId: v.courseId };
  });
export const paperIdInput = z.object({ paperId: idField("试卷ID") });
export const questionRefInput = z.object({
  paperId: idField("试卷ID"),
  questionId: idField("试题ID"),
  examId: optInt("考试ID"),
});
/** An answer: choice keys, blanks of a fill-in, or the text of a short answer. */
const answerField = z.preprocess(
  (v) => (v === undefined || v === null ? [] : typeof v === "string" ? (v.includes(",") && /^[A-Z](,[A-Z])+$/.test(v) ? v.split(",") : [v]) : v),
  z.array(z.string({ error: "答案格式不正确" }).max(5000, "答案不超过5000个字符"), { error: "答案格式不正确" }).max(50, "答案格式不正确"),
);
export const submitQuestionInput = z.object({
  paperId: idField("试卷ID"),
  questionId: idField("试题ID"),
  answer: answerField,
  /** Client sequence number of this save; the highest wins. */
  seq: optInt("序号", 0, Number.MAX_SAFE_INTEGER),
});
export const submitPaperInput = z.object({
  paperId: idField("试卷ID"),
  /** true when the page submits because its countdown reached zero. */
  auto: z.preprocess((v) => (v === "true" || v === 1 || v === "1" ? true : v === "false" || v === 0 || v === "0" ? false : v), z.boolean({ error: "自动交卷标记格式不正确" }).optional()).optional(),
  /** Answers still in the browser's queue, saved before grading. */
  answers: z.array(z.object({ questionId: idField("试题ID"), answer: answerField, seq: optInt("序号", 0, Number.MAX_SAFE_INTEGER) })).max(500).optional(),
});
export const resultInput = z
  .object({ examId: optInt("考试ID", 1), id: optInt("考试ID", 1), paperId: optInt("试卷ID", 1) })
  .transform((v, ctx) => {
    const examId = v.examId ?? v.id;
    if (!examId && !v.paperId) {
      ctx.addIssue({ code: "custom", message: "缺少考试ID", path: ["examId"] });
      return z.NEVER;
    }
    return { examId, paperId: v.paperId };
  });
export const remindResultInput = z.object({ examId: idField("考试ID"), remindResult: optInt("提醒结果", 0, 9) });
export const userExamPageInput = z.object({ status: optInt("状态", 0, 3), keyword: text("关键词", 32), ...paging });
export const faceVerifyInput = z.object({
  examId: idField("考试ID"),
  paperId: optInt("试卷ID", 1),
  faceImg: z.string({ error: "请上传人脸照片" }).min(1, "请上传人脸照片").max(8_000_000, "照片过大"),
});
export const snapVerifyInput = z.object({
  examId: idField("考试ID"),
  paperId: optInt("试卷ID", 1),
  img: z.string({ error: "请上传抓拍照片" }).min(1, "请上传抓拍照片").max(8_000_000, "照片过大").optional(),
  faceImg: z.string().max(8_000_000, "照片过大").optional(),
});
export const whiteInfoInput = z.object({ examId: idField("考试ID"), whiteBusinessType: optInt("白名单类型", 0, 9) });
export const previewSubmitInput = z.object({
  examId: idField("考试ID"),
  answers: z.array(z.object({ questionId: idField("试题ID"), answer: answerField })).max(500).default([]),
});
export const appealInput = z.object({ id: idField("记录ID"), appeal: requiredText("申诉理由", 500).pipe(z.string().min(5, "申诉理由不少于5个字符")) });

// ---- question bank ----

const optionList = z
  .array(z.object({ key: z.string().trim().min(1).max(2), content: requiredText("选项内容", 500) }), { error: "选项格式不正确" })
  .max(10, "选项最多10个");
/** A question's folder: an id of the question bank's folders; null (or 0) takes it out of its folder. */
const questionFolderField = z
  .preprocess((v) => (v === null || v === 0 || v === "0" ? null : blank(v)), optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER).nullable())
  .optional();
export const questionFields = {
  questionType: intField("题型", 1, 5),
  difficultyType: optInt("难度", 1, 3),
  folderId: questionFolderField,
  materialLibFolderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
  content: requiredText("题干", 2000),
  options: optionList.optional(),
  answer: z.preprocess((v) => (typeof v === "string" ? v.split(/[,，]/).map((s) => s.trim()).filter(Boolean) : v), z.array(z.string().trim().max(2000)).max(20)),
  analysis: text("解析", 2000),
  status: flag("状态"),
};
export const questionInput = z.object(questionFields);
export type QuestionInput = z.output<typeof questionInput>;
export const questionUpdateInput = z.object({ id: idField("试题ID"), ...questionFields });
export const idInput = z.object({ id: idField("ID") });
export const idsInput = z.object({ ids: idsOf("试题") });
export const questionBatchUpdateInput = z.object({
  ids: idsOf("试题"),
  difficultyType: optInt("难度", 1, 3),
  folderId: questionFolderField,
  materialLibFolderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
  status: flag("状态"),
});
export const questionPageInput = z.object({
  ...paging,
  keyword: text("关键词", 50),
  questionType: optInt("题型", 1, 5),
  difficultyType: optInt("难度", 1, 3),
  /** The folder and its sub-folders. */
  folderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
  materialLibFolderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
  /** 1: only questions in no folder (ignored when a folder is given). */
  noFolder: flag("未分类"),
  status: flag("状态"),
  /** Ids to leave out (already on the paper being edited). */
  excludeIds: z.preprocess(blank, z.array(idField("试题ID")).max(1000).optional()).optional(),
});
export type QuestionPageInput = z.output<typeof questionPageInput>;
export const importInput = z.object({
  file: z.custom<Blob>((v) => typeof Blob !== "undefined" && v instanceof Blob, { message: "请上传 Excel 文件" }),
  folderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
  materialLibFolderId: optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER),
});
export const importIdInput = z.object({ importId: optInt("导入任务ID", 1, Number.MAX_SAFE_INTEGER), id: optInt("导入任务ID", 1, Number.MAX_SAFE_INTEGER) });

// ---- papers ----

export const paperRuleInput = z.object({
  questionType: intField("题型", 1, 5),
  difficultyType: z.preprocess(blank, optInt("难度", 1, 3).nullable()).optional(),
  folderId: z.preprocess(blank, optInt("文件夹ID", 1, Number.MAX_SAFE_INTEGER).nullable()).optional(),
  count: intField("抽题数量", 1, 500),
  score: intField("每题分值", 1, 100),
});
export const paperSaveInput = z
  .object({
    id: optInt("试卷ID", 1, Number.MAX_SAFE_INTEGER),
    name: requiredText("试卷名称", 100),
    paperType: intField("组卷方式", 1, 2),
    questions: z.array(z.object({ questionId: idField("试题ID"), score: intField("分值", 1, 100) })).max(500, "试题最多500道").optional(),
    rules: z.array(paperRuleInput).max(50, "规则最多50条").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.paperType === 1 && !v.questions?.length) ctx.addIssue({ code: "custom", message: "请选择试题", path: ["questions"] });
    if (v.paperType === 2 && !v.rules?.length) ctx.addIssue({ code: "custom", message: "请添加抽题规则", path: ["rules"] });
  });
export type PaperSaveInput = z.output<typeof paperSaveInput>;
export const paperPageInput = z.object({ ...paging, keyword: text("关键词", 50), paperType: optInt("组卷方式", 1, 2) });

// ---- exams (back office) ----

export const examPageInput = z.object({
  ...paging,
  keyword: text("关键词", 50),
  name: text("考试名称", 100),
  status: optInt("状态", 0, 1),
  examStatus: optInt("考试状态", 0, 2),
});
export const examBaseInput = z
  .object({
    id: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
    examId: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
    name: requiredText("考试名称", 100),
    coverUrl: text("封面", 500),
    description: text("考试介绍", 5000),
    startTime: timeField("开始时间"),
    endTime: timeField("结束时间"),
    courseId: optInt("课程ID", 1, Number.MAX_SAFE_INTEGER),
  })
  .refine((v) => v.endTime.getTime() > v.startTime.getTime(), { message: "结束时间须晚于开始时间", path: ["endTime"] });
export const examAdvancedInput = z
  .object({
    id: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
    examId: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
    limitTime: optInt("考试时长", 0, 1440),
    makeupCount: optInt("补考次数", 0, 99),
    passScore: optInt("及格分", 0, 10000),
    showAnswers: flag("是否允许查看答案"),
    forcedReadTime: optInt("强制阅读时间", 0, 600),
    instructions: text("考试须知", 5000),
    isEnableScreenCutting: flag("切屏限制"),
    isScreenCuttingRemind: flag("切屏提醒"),
    screenCuttingTimes: optInt("切屏次数", 0, 100),
    isFaceVerify: flag("人脸核验"),
    faceVerifyCount: optInt("人脸核验次数", 0, 20),
    faceVerifyThreshold: optInt("人脸比对通过分", 0, 100),
    isEnableVideoRecording: flag("视频录制"),
    isSnapVerify: flag("抓拍"),
    isOpenSoftMonitor: flag("软件监控"),
    winDownloadUrl: text("Windows 下载地址", 500),
    macInterDownloadUrl: text("Mac Intel 下载地址", 500),
    macM1DownloadUrl: text("Mac Apple 芯片下载地址", 500),
    isPartialScore: flag("少选得分"),
    partialScoreRate: optInt("少选得分比例", 1, 99),
    isBlankScore: flag("填空题按空给分"),
  })
  // An id alone would set nothing (an empty SET clause the database refuses).
  .refine((v) => Object.entries(v).some(([k, x]) => k !== "id" && k !== "examId" && x !== undefined), "没有要修改的内容");
export type ExamAdvancedInput = z.output<typeof examAdvancedInput>;
export const examQuestionInfoInput = z.object({
  id: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
  examId: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
  paperId: idField("试卷ID"),
});
const rangeEntry = z.object({ kind: z.enum(["role", "group", "tag", "region"], { error: "开放范围类型不正确" }), target: z.coerce.string().trim().min(1).max(40) });
export const openRangeInput = z.object({
  id: optInt("ID", 1, Number.MAX_SAFE_INTEGER),
  examId: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER),
  entries: z.array(rangeEntry).max(500).optional(),
  roleIds: z.array(z.coerce.string()).max(500).optional(),
  groupIds: z.array(z.coerce.string()).max(500).optional(),
  tagIds: z.array(z.coerce.string()).max(500).optional(),
});
export type OpenRangeInput = z.output<typeof openRangeInput>;
export const examRefInput = z
  .object({ id: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER), examId: optInt("考试ID", 1, Number.MAX_SAFE_INTEGER) })
  .transform((v, ctx) => {
    const examId = v.examId ?? v.id;
    if (!examId) {
      ctx.addIssue({ code: "custom", message: "缺少考试ID", path: ["examId"] });
      return z.NEVER;
    }
    return { examId };
  });
export const examIdsInput = z.object({ ids: idsOf("考试") });
export const examMoveInput = z.object({ id: idField("考试ID"), sort: intField("排序", 0, 1_000_000) });
export const resultPageInput = z.object({
  ...paging,
  examId: idField("考试ID"),
  userId: optInt("用户ID", 1, Number.MAX_SAFE_INTEGER),
  /** Member search: name, login name or mobile. */
  keyword: text("关键词", 40),
  userName: text("用户名", 40),
  name: text("姓名", 40),
  mobile: text("手机号", 12),
  orgName: text("单位", 50),
  roleId: optInt("角色ID", 1, Number.MAX_SAFE_INTEGER),
  groupId: optInt("分组ID", 1, Number.MAX_SAFE_INTEGER),
  joinType: optInt("参加方式", 1, 2),
  relatedCourseId: optInt("关联课程ID", 1, Number.MAX_SAFE_INTEGER),
  lastTimeStart: z.preprocess(blank, timeField("交卷开始时间").optional()).optional(),
  lastTimeEnd: z.preprocess(blank, timeField("交卷结束时间").optional()).optional(),
  isPassed: optInt("是否及格", 0, 1),
  minScore: optInt("最低分", 0),
  maxScore: optInt("最高分", 0),
  paperCount: optInt("交卷次数", 0),
  // member list extras
  finishExamStart: z.preprocess(blank, timeField("完成开始时间").optional()).optional(),
  finishExamEnd: z.preprocess(blank, timeField("完成结束时间").optional()).optional(),
  score: optInt("分数", 0),
  joinStatus: optInt("参加状态", 0, 2),
});
export type ResultPageInput = z.output<typeof resultPageInput>;
export const memberAddInput = z.object({ examId: idField("考试ID"), userIds: idsOf("用户") });
export const correctInput = z.object({
  paperId: idField("答卷ID"),
  scores: z.array(z.object({ questionId: idField("试题ID"), score: intField("得分", 0, 100) })).min(1, "请填写得分").max(200),
});
export const groupInput = z.object({
  examId: idField("考试ID"),
  roleIds: z.array(z.coerce.string()).max(500).optional(),
  groupIds: z.array(z.coerce.string()).max(500).optional(),
  roleId: z.preprocess(blank, z.coerce.string().optional()).optional(),
  groupId: z.preprocess(blank, z.coerce.string().optional()).optional(),
});

// ---- series, practice, fraud check ----

export const seriesSaveInput = z.object({
  id: optInt("系列ID", 1, Number.MAX_SAFE_INTEGER),
  examSeriesId: optInt("系列ID", 1, Number.MAX_SAFE_INTEGER),
  name: requiredText("系列名称", 100),
  description: text("系列介绍", 2000),
  examIds: z.array(idField("考试ID")).max(100).default([]),
});
export const seriesRefInput = z
  .object({ id: optInt("系列ID", 1, Number.MAX_SAFE_INTEGER), examSeriesId: optInt("系列ID", 1, Number.MAX_SAFE_INTEGER) })
  .transform((v, ctx) => {
    const id = v.examSeriesId ?? v.id;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少系列ID", path: ["examSeriesId"] });
      return z.NEVER;
    }
    return { id };
  });
export const seriesStatusInput = z.object({ id: idField("系列ID"), status: intField("状态", 0, 1) });
export const simplePageInput = z.object({ ...paging, keyword: text("关键词", 50), name: text("名称", 100), status: optInt("状态", 0, 1) });
export const practiceBaseInput = z.object({
  id: optInt("练习ID", 1, Number.MAX_SAFE_INTEGER),
  name: requiredText("练习名称", 100),
  description: text("练习介绍", 2000),
  folderIds: z.preprocess((v) => v ?? [], idsOf("题目文件夹", 100)),
});
export const practiceModeInput = z.object({
  id: idField("练习ID"),
  /** Given: edit that mode; absent: add one, or edit the mode of the same type. */
  modeId: optInt("模式ID", 1, Number.MAX_SAFE_INTEGER),
  modeType: intField("练习类型", 1, 3),
  name: requiredText("模式名称", 40),
  questionCount: intField("每轮题数", 1, 1000),
});
/** Folders being picked in the editor: how many questions they would offer. */
export const practicePoolInput = z.object({ folderIds: z.preprocess((v) => v ?? [], z.array(idField("文件夹ID"), { error: "文件夹列表格式不正确" }).max(100, "一次最多100个")) });
export const practiceModeRemoveInput = z.object({ id: idField("练习ID"), modeId: idField("模式ID") });
export const practiceRangeInput = z.object({ id: idField("练习ID"), entries: z.array(rangeEntry).max(500).default([]) });
export const practiceUsersInput = z.object({ id: idField("练习ID"), userIds: idsOf("用户") });
export const practiceUserPageInput = z.object({ id: idField("练习ID"), ...paging, keyword: text("关键词", 50), source: optInt("来源", 1, 2) });
export const fraudSearchInput = z.object({
  ...paging,
  examId: optInt("考试ID", 1),
  status: optInt("状态", 0, 2),
  /** The learner's nick or login name. */
  name: text("考生姓名", 50),
  keyword: text("关键词", 50),
  examName: text("考试名称", 100),
});
export const fraudRemarkInput = z.object({ id: idField("记录ID"), remark: requiredText("备注", 500) });
/** 1 确认作弊, 2 排除作弊. */
export const fraudCheckInput = z.object({
  id: idField("记录ID"),
  status: z.preprocess(blank, z.coerce.number({ error: "请选择核查结果" }).refine((v) => v === 1 || v === 2, "核查结果只能为1（确认作弊）或2（排除作弊）")),
  remark: text("备注", 500),
});

// ---- the learner's practice calls (docs/decisions/009-learner-practice.md).

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

// ---- proctoring ----

export const recordingInput = z.object({
  paperId: idField("试卷ID"),
  seq: z.coerce.number({ error: "录像序号不正确" }).int("录像序号不正确").min(0, "录像序号不正确").max(100_000, "录像序号不正确"),
  fileId: z.string({ error: "请上传录像文件" }).trim().min(1, "请上传录像文件").max(400, "录像文件ID过长"),
  durationMs: z.coerce.number().int().min(0).max(24 * 3600_000).optional(),
});

export const attemptRefInput = z.object({ paperId: idField("答卷ID") });
/** Proctor console: mark a snapshot as suspicious (flagged 1) or take the mark back (0). */
export const snapFlagInput = z.object({
  snapId: idField("抓拍ID"),
  flagged: z.preprocess((v) => (v === true ? 1 : v === false ? 0 : blank(v)), intField("标记", 0, 1).optional()).optional(),
  note: text("标记说明", 200),
});
