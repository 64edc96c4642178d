import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { adminMessageImports, type MessageImportErrorRow } from "@db/schema";
import { toXlsx, type XlsxFile } from "@base/xlsx";
import { fail, notFound } from "@base/errors";
import { readByHeaders } from "@base/xlsx";
import { afterCommit, committedDb } from "@base/after-commit";
import { addBoundUsers, bindableMessage, findAccounts } from "./admin.service";

export const IMPORT_HEADERS = ["登录名", "手机号"] as const;
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const CHUNK = 200;

interface ParsedRow {
  row: number;
  loginName: string;
  mobile: string;
}

/** First sheet; the 登录名 and 手机号 columns are found by their headers (either may be missing, not both). */
export async function readRecipientSheet(data: ArrayBuffer): Promise<ParsedRow[]> {
  const sheet = await readByHeaders(data);
  if (!sheet.has("登录名") && !sheet.has("手机号")) throw fail("表头须包含「登录名」或「手机号」列");
  const rows = sheet.rows.map((r) => ({ row: r.row, loginName: r.get("登录名"), mobile: r.get("手机号") })).filter((r) => r.loginName || r.mobile);
  if (rows.length > MAX_IMPORT_ROWS) throw fail(`一次最多导入${MAX_IMPORT_ROWS}行`);
  return rows;
}

/** Starts an import into a draft's user list; the job row is written first so its progress can be polled. */
export async function startRecipientImport(db: Db, actorId: number, messageId: number, file: Blob & { name?: string }, opts: { wait?: boolean } = {}) {
  await bindableMessage(db, messageId);
  if (file.size === 0) throw fail("请选择要导入的文件");
  if (file.size > MAX_IMPORT_BYTES) throw fail("文件不能超过5MB");
  const rows = await readRecipientSheet(await file.arrayBuffer());
  if (!rows.length) throw fail("文件中没有可导入的数据");
  const [job] = await db
    .insert(adminMessageImports)
    .values({ messageId, fileName: (file.name || "import.xlsx").slice(0, 200), total: rows.length, createdBy: actorId })
    .returning();
  const run = (d: Db) =>
    runImport(d, job!.id, messageId, rows).catch(async (error: unknown) => {
      await d
        .update(adminMessageImports)
        .set({ status: "failed", message: error instanceof Error ? error.message.slice(0, 500) : "导入失败" })
        .where(eq(adminMessageImports.id, job!.id));
    });
  // Waiting, the rows are written in the caller's transaction; else the import runs once the job row is
  // committed (after the back office's audited transaction), on the database outside it.
  if (opts.wait) {
    await run(db);
    return { jobId: job!.id, total: rows.length, done: Promise.resolve() };
  }
  const root = committedDb(db);
  const done = new Promise<void>((resolve) =>
    afterCommit(() => {
      void run(root).then(resolve);
    }),
  );
  return { jobId: job!.id, total: rows.length, done };
}

/** Checks each row (account known, enabled, not repeated, login name and mobile of one person) and binds the good ones. */
async function runImport(db: Db, jobId: number, messageId: number, rows: ParsedRow[]) {
  const errors: MessageImportErrorRow[] = [];
  const firstRowOf = new Map<number, number>();
  let succeeded = 0;
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const hits = await findAccounts(db, [...new Set(chunk.flatMap((r) => [r.loginName, r.mobile].filter(Boolean)))]);
    const good: number[] = [];
    for (const r of chunk) {
      const byName = r.loginName ? hits.get(r.loginName.toLowerCase()) : undefined;
      const byMobile = r.mobile ? hits.get(r.mobile) : undefined;
      let error = "";
      if (r.mobile && !/^1\d{10}$/.test(r.mobile)) error = "手机号格式不正确";
      else if (r.loginName && !byName) error = "登录名不存在";
      else if (r.mobile && !byMobile) error = "手机号未注册";
      else if (byName && byMobile && byName.id !== byMobile.id) error = "登录名与手机号不属于同一用户";
      const user = byName ?? byMobile;
      if (!error && user && user.status !== 1) error = "用户已停用";
      if (!error && user && firstRowOf.has(user.id)) error = `与第${firstRowOf.get(user.id)}行重复`;
      if (error || !user) errors.push({ row: r.row, loginName: r.loginName, mobile: r.mobile, error: error || "用户不存在" });
      else {
        firstRowOf.set(user.id, r.row);
        good.push(user.id);
      }
    }
    // The message may have been sent meanwhile: stop instead of changing a sent list.
    await bindableMessage(db, messageId);
    added += await addBoundUsers(db, messageId, good, "import");
    succeeded += good.length;
    await db
      .update(adminMessageImports)
      .set({ processed: Math.min(i + CHUNK, rows.length) })
      .where(eq(adminMessageImports.id, jobId));
  }
  await db
    .update(adminMessageImports)
    .set({ status: "done", processed: rows.length, succeeded, added, failed: errors.length, errorRows: errors })
    .where(eq(adminMessageImports.id, jobId));
}

async function findJob(db: DbOrTx, jobId: number) {
  const [job] = await db.select().from(adminMessageImports).where(eq(adminMessageImports.id, jobId)).limit(1);
  if (!job) throw notFound("导入记录不存在");
  return job;
}

/** What the progress bar polls. */
export async function recipientImportProgress(db: DbOrTx, jobId: number) {
  const job = await findJob(db, jobId);
  return {
    jobId: job.id,
    messageId: job.messageId,
    status: job.status,
    fileName: job.fileName ?? "",
    total: job.total,
    processed: job.processed,
    succeeded: job.succeeded,
    added: job.added,
    failed: job.failed,
    percent: job.total ? Math.floor((job.processed * 100) / job.total) : 100,
    message: job.status === "failed" ? job.message : null,
    errorRows: job.status === "done" ? job.errorRows.slice(0, 200) : [],
  };
}

/** downloadErrorMessage: the refused rows of the message's newest import (or of the given one) with the reason. */
export async function recipientImportErrors(db: DbOrTx, messageId: number, jobId?: number): Promise<XlsxFile> {
  const [job] = jobId
    ? await db.select().from(adminMessageImports).where(and(eq(adminMessageImports.id, jobId), eq(adminMessageImports.messageId, messageId))).limit(1)
    : await db.select().from(adminMessageImports).where(eq(adminMessageImports.messageId, messageId)).orderBy(desc(adminMessageImports.id)).limit(1);
  if (!job) throw notFound("该站内信还没有导入记录");
  if (job.status === "running") throw fail("导入尚未完成，请稍后下载");
  return toXlsx(
    `站内信导入失败数据-${job.id}.xlsx`,
    "错误数据",
    [
      { header: "行号", key: "row", width: 8 },
      { header: "登录名", key: "loginName", width: 20 },
      { header: "手机号", key: "mobile", width: 16 },
      { header: "错误原因", key: "error", width: 40 },
    ],
    job.errorRows.map((r) => ({ ...r })),
  );
}

/** The file to fill in: the two headers and an example row. */
export const recipientTemplate = () =>
  toXlsx("站内信接收用户导入模板.xlsx", "接收用户", [
    { header: "登录名", key: "loginName", width: 20 },
    { header: "手机号", key: "mobile", width: 16 },
  ], [{ loginName: "zhangsan_cg", mobile: "" }, { loginName: "", mobile: "13800000000" }]);
