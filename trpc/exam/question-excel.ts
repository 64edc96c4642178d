import ExcelJS from "exceljs";
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { examQuestionImports, examQuestions } from "@db/schema";
import { AppError, fail, notFound } from "@base/errors";
import { requireQuestionFolder } from "../material/folder.service";
import { cellText, firstSheet } from "@base/xlsx";
import { DIFFICULTY_NAMES, QUESTION_TYPE_NAMES } from "./grading";
import { listQuestions, normaliseQuestion, type QuestionView } from "./question.service";
import { questionInput, type QuestionPageInput } from "./schemas";

/** Files are answered as base64 inside the envelope/tRPC, and as a download by the legacy rows. */
export interface ExcelFile {
  fileName: string;
  contentType: string;
  base64: string;
}
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const MAX_IMPORT_ROWS = 2000;

/** Format 1: one column per option. Format 2 (V2): options in one cell, one per line ("A.内容"). */
export const TEMPLATE_V1 = ["题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "解析"];
export const TEMPLATE_V2 = ["题型", "难度", "题干", "选项（每行一个，如 A.公开招标）", "正确答案", "解析"];

const TYPE_BY_NAME: Record<string, number> = { 单选题: 1, 单选: 1, 多选题: 2, 多选: 2, 判断题: 3, 判断: 3, 填空题: 4, 填空: 4, 简答题: 5, 简答: 5 };
const DIFF_BY_NAME: Record<string, number> = { 简单: 1, 易: 1, 中等: 2, 中: 2, 一般: 2, 困难: 3, 难: 3 };

export async function toFile(wb: ExcelJS.Workbook, fileName: string): Promise<ExcelFile> {
  const buf = await wb.xlsx.writeBuffer();
  return { fileName, contentType: XLSX, base64: Buffer.from(buf as ArrayBuffer).toString("base64") };
}

export function sheetWith(headers: string[], rows: (string | number)[][], name = "试题") {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => (c.width = 18));
  return wb;
}

export async function templateFile(version: 1 | 2): Promise<ExcelFile> {
  const rows =
    version === 1
      ? [
          ["单选题", "《政府采购法》规定的主要采购方式是？", "公开招标", "邀请招标", "竞争性谈判", "单一来源采购", "", "", "A", "简单", "公开招标应作为政府采购的主要采购方式。"],
          ["多选题", "下列属于政府采购方式的有？", "公开招标", "询价", "拍卖", "竞争性磋商", "", "", "A,B,D", "中等", ""],
          ["判断题", "采购人可以将应当以公开招标方式采购的货物化整为零规避公开招标。", "", "", "", "", "", "", "错误", "简单", ""],
          ["填空题", "政府采购合同应当采用____形式。", "", "", "", "", "", "", "书面|书面形式", "简单", "多个可接受答案用 | 分隔，多个空用英文逗号分隔。"],
          ["简答题", "简述质疑与投诉的区别。", "", "", "", "", "", "", "质疑向采购人或代理机构提出，投诉向财政部门提出。", "困难", ""],
        ]
      : [
          ["单选题", "简单", "政府采购信息应当在哪类媒体上公告？", "A.省级以上财政部门指定的媒体\nB.任意商业网站\nC.采购人内部网站", "A", ""],
          ["判断题", "中等", "投标有效期从提交投标文件的截止之日起算。", "", "正确", ""],
        ];
  return toFile(sheetWith(version === 1 ? TEMPLATE_V1 : TEMPLATE_V2, rows, "导入模板"), version === 1 ? "试题导入模板.xlsx" : "试题导入模板V2.xlsx");
}

/** One spreadsheet row turned into question input, or a Chinese reason it cannot be. */
function rowToQuestion(version: 1 | 2, cells: string[], folderId?: number) {
  let type: string, content: string, options: string[], answer: string, difficulty: string, analysis: string;
  if (version === 1) {
    [type = "", content = "", ...options] = cells.slice(0, 8);
    answer = cells[8] ?? "";
    difficulty = cells[9] ?? "";
    analysis = cells[10] ?? "";
  } else {
    type = cells[0] ?? "";
    difficulty = cells[1] ?? "";
    content = cells[2] ?? "";
    options = (cells[3] ?? "").split(/\r?\n/).map((l) => l.replace(/^[A-J][.．、:：]\s*/, "").trim());
    answer = cells[4] ?? "";
    analysis = cells[5] ?? "";
  }
  const questionType = TYPE_BY_NAME[type.trim()];
  if (!questionType) throw new Error(`题型「${type || "空"}」不正确，应为单选题、多选题、判断题、填空题或简答题`);
  const difficultyType = difficulty ? DIFF_BY_NAME[difficulty.trim()] : 2;
  if (!difficultyType) throw new Error(`难度「${difficulty}」不正确，应为简单、中等或困难`);
  const opts = options.filter((o) => o.trim()).map((c, i) => ({ key: "ABCDEFGHIJ"[i]!, content: c.trim() }));
  const ans =
    questionType === 1 || questionType === 2
      ? answer.toUpperCase().replace(/[^A-J]/g, "").split("")
      : questionType === 4
        ? answer.split(/[,，]/).map((s) => s.trim())
        : [answer.trim()];
  const parsed = questionInput.safeParse({ questionType, difficultyType, content, options: opts, answer: ans, analysis, folderId });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "内容格式不正确");
  try {
    return normaliseQuestion(parsed.data);
  } catch (e) {
    throw new Error(e instanceof AppError ? e.message : "内容格式不正确");
  }
}

/**
 * Imports a spreadsheet: each valid row becomes a question; invalid rows are recorded with their
 * reason for downloadErrorQuestions. Progress is written every 20 rows for the progress call.
 */
export async function importQuestions(db: Db, input: { file: Blob; version: 1 | 2; folderId?: number; userId: number }) {
  if (input.folderId) await requireQuestionFolder(db, input.folderId);
  const fileName = (input.file as File).name ?? "试题.xlsx";
  const ws = await firstSheet(Buffer.from(await input.file.arrayBuffer()));
  const rows: { row: number; cells: string[] }[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const width = input.version === 1 ? TEMPLATE_V1.length : TEMPLATE_V2.length;
    const cells = Array.from({ length: width }, (_, i) => cellText(r.getCell(i + 1).value));
    if (cells.some((c) => c)) rows.push({ row: n, cells });
  });
  if (!rows.length) throw fail("文件中没有试题");
  if (rows.length > MAX_IMPORT_ROWS) throw fail(`一次最多导入${MAX_IMPORT_ROWS}道试题`);
  const [job] = await db.insert(examQuestionImports).values({ fileName: fileName.slice(0, 200), total: rows.length, createdBy: input.userId }).returning();
  const errors: { row: number; message: string; values: string[] }[] = [];
  let imported = 0;
  for (let i = 0; i < rows.length; i++) {
    const { row, cells } = rows[i]!;
    try {
      const values = rowToQuestion(input.version, cells, input.folderId);
      await db.insert(examQuestions).values({ ...values, createdBy: input.userId });
      imported += 1;
    } catch (e) {
      errors.push({ row, message: (e as Error).message, values: cells });
    }
    if ((i + 1) % 20 === 0) await db.update(examQuestionImports).set({ done: i + 1, imported }).where(eq(examQuestionImports.id, job!.id));
  }
  await db.update(examQuestionImports).set({ status: 1, done: rows.length, imported, errors }).where(eq(examQuestionImports.id, job!.id));
  return { importId: job!.id, total: rows.length, imported, failed: errors.length, errors: errors.slice(0, 50).map(({ row, message }) => ({ row, message })) };
}

export async function importProgress(db: DbOrTx, importId?: number) {
  const [job] = importId
    ? await db.select().from(examQuestionImports).where(eq(examQuestionImports.id, importId))
    : await db.select().from(examQuestionImports).orderBy(desc(examQuestionImports.id)).limit(1);
  if (!job) throw notFound("导入任务不存在");
  return { importId: job.id, status: job.status, total: job.total, done: job.done, imported: job.imported, failed: job.errors.length, percent: job.total ? Math.round((job.done / job.total) * 100) : 100 };
}

/** The rows an import refused, with the reason in the last column, in the uploaded format. */
export async function errorFile(db: DbOrTx, importId?: number): Promise<ExcelFile> {
  const { importId: id } = await importProgress(db, importId);
  const [job] = await db.select().from(examQuestionImports).where(eq(examQuestionImports.id, id));
  const width = job!.errors[0]?.values.length ?? TEMPLATE_V1.length;
  const headers = [...(width === TEMPLATE_V2.length ? TEMPLATE_V2 : TEMPLATE_V1), "行号", "错误原因"];
  return toFile(sheetWith(headers, job!.errors.map((e) => [...e.values, e.row, e.message]), "导入失败的试题"), "导入失败的试题.xlsx");
}

function optionsCell(q: QuestionView) {
  return q.questionType === 1 || q.questionType === 2 ? q.options.map((o) => `${o.key}.${o.content}`).join("\n") : "";
}

export async function exportQuestions(db: DbOrTx, filter: QuestionPageInput): Promise<ExcelFile> {
  const list = await listQuestions(db, filter);
  const rows = list.map((q) => [
    QUESTION_TYPE_NAMES[q.questionType],
    DIFFICULTY_NAMES[q.difficultyType] ?? "",
    q.content,
    optionsCell(q),
    q.questionType === 3 ? (q.answer[0] === "A" ? "正确" : "错误") : q.answer.join(","),
    q.analysis,
  ]);
  return toFile(sheetWith(TEMPLATE_V2, rows), "试题列表.xlsx");
}

/** The legacy rows answer files as downloads. */
export function fileResponse(file: ExcelFile) {
  return new Response(Buffer.from(file.base64, "base64"), {
    headers: { "content-type": file.contentType, "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}` },
  });
}
