import ExcelJS from "exceljs";

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

export const dateText = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 19).replace("T", " ") : "");
