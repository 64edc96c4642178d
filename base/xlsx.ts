import ExcelJS from "exceljs";
import { fail } from "./errors";

export interface XlsxFile {
  fileName: string;
  contentType: string;
  /** The workbook, base64 (tRPC answers JSON; the legacy row and the admin page turn it into a download). */
  base64: string;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** One sheet with a bold header row. */
export async function toXlsx(fileName: string, sheet: string, columns: { header: string; key: string; width?: number }[], rows: Record<string, unknown>[]): Promise<XlsxFile> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName, contentType: XLSX_TYPE, base64: buf.toString("base64") };
}

/** The legacy answer of an export: the file itself. */
export function xlsxResponse(file: XlsxFile): Response {
  return new Response(Buffer.from(file.base64, "base64"), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    },
  });
}

/** A date-time cell in China time (YYYY-MM-DD HH:mm:ss), whatever the host's zone. */
export const dateText = (d: Date | null | undefined) => (d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ") : "");

// Reading uploaded spreadsheets (user, recipient and question imports): one place for what a cell
// holds and for the messages a file that cannot be read gets.

/** The text a cell shows: rich text joined, formula results, hyperlink text; trimmed. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") {
    if (v instanceof Date) return v.toISOString();
    if ("richText" in v) return v.richText.map((r) => r.text).join("").trim();
    if ("text" in v && typeof v.text === "string") return v.text.trim();
    if ("result" in v) return String(v.result ?? "").trim();
  }
  return String(v).trim();
}

/** The first worksheet of an .xlsx upload, or a Chinese reason it cannot be read. */
export async function firstSheet(data: ArrayBuffer | Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as never);
  } catch {
    throw fail("文件无法读取，请上传 .xlsx 格式的 Excel 文件");
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fail("Excel 文件中没有工作表");
  return ws;
}

export interface HeaderedRow {
  /** The row number in the sheet (the header is row 1), for error reports. */
  row: number;
  /** The cell under a header, "" when the column is missing. */
  get: (header: string) => string;
}

/**
 * The first sheet read by its header row, so columns may come in any order: which headers are there,
 * and every later row that is not empty.
 */
export async function readByHeaders(data: ArrayBuffer | Buffer): Promise<{ has: (header: string) => boolean; rows: HeaderedRow[] }> {
  const ws = await firstSheet(data);
  const col = new Map<string, number>();
  ws.getRow(1).eachCell((cell, n) => col.set(cellText(cell.value), n));
  const rows: HeaderedRow[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const r = ws.getRow(i);
    const get = (h: string) => (col.has(h) ? cellText(r.getCell(col.get(h)!).value) : "");
    if ([...col.keys()].some((h) => get(h))) rows.push({ row: i, get });
  }
  return { has: (h) => col.has(h), rows };
}
