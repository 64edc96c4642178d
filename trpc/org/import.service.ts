import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { userImportJobs, userGroups, userRoles, users, type ImportErrorRow } from "@db/schema";
import { loginNameField, mobileField, newPasswordField, nickField } from "../auth/schemas";
import { hashPassword } from "../auth/password";
import { fail, notFound } from "@base/errors";
import { readByHeaders } from "@base/xlsx";
import { afterCommit, committedDb } from "@base/after-commit";
import { nodeIdsByName } from "./tree.service";

export const IMPORT_HEADERS = ["登录名", "昵称", "手机号", "初始密码", "组织", "角色"] as const;
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const PROGRESS_EVERY = 20;

interface ParsedRow {
  row: number;
  loginName: string;
  nick: string;
  mobile: string;
  password: string;
  group: string;
  role: string;
}

/** Reads the first sheet; columns are found by their header names, so their order may vary. */
export async function readImportSheet(data: ArrayBuffer): Promise<ParsedRow[]> {
  const sheet = await readByHeaders(data);
  const missing = IMPORT_HEADERS.filter((h) => h !== "组织" && h !== "角色" && !sheet.has(h));
  if (missing.length) throw fail(`表头缺少：${missing.join("、")}（应为 ${IMPORT_HEADERS.join("、")}）`);
  const rows = sheet.rows.map((r) => ({
    row: r.row,
    loginName: r.get("登录名"),
    nick: r.get("昵称"),
    mobile: r.get("手机号"),
    password: r.get("初始密码"),
    group: r.get("组织"),
    role: r.get("角色"),
  }));
  if (rows.length > MAX_IMPORT_ROWS) throw fail(`一次最多导入${MAX_IMPORT_ROWS}行`);
  return rows;
}

const splitNames = (s: string) =>
  s
    .split(/[,，;；、]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Starts an import: the job row is written first so its progress can be polled at once. */
export async function startImport(db: Db, actorId: number, file: Blob & { name?: string }, opts: { wait?: boolean } = {}) {
  if (file.size === 0) throw fail("请选择要导入的文件");
  if (file.size > MAX_IMPORT_BYTES) throw fail("文件不能超过5MB");
  const rows = await readImportSheet(await file.arrayBuffer());
  if (!rows.length) throw fail("文件中没有可导入的数据");
  const [job] = await db
    .insert(userImportJobs)
    .values({ fileName: (file.name ?? "import.xlsx").slice(0, 200), total: rows.length, createdBy: actorId })
    .returning();
  const run = (d: Db) =>
    runImport(d, job!.id, rows).catch(async (error: unknown) => {
      await d
        .update(userImportJobs)
        .set({ status: "failed", message: error instanceof Error ? error.message.slice(0, 500) : "导入失败" })
        .where(eq(userImportJobs.id, job!.id));
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

/** Validates every row with the registration field rules, then writes the good rows in one transaction. */
async function runImport(db: Db, jobId: number, rows: ParsedRow[]) {
  const groupNames = await nodeIdsByName(db, "group");
  const roleNames = await nodeIdsByName(db, "role");
  const errors: ImportErrorRow[] = [];
  const good: Array<ParsedRow & { hash: string; groupIds: number[]; roleIds: number[] }> = [];
  const seenLogin = new Set<string>();
  const seenMobile = new Set<string>();
  const existing = await db.select({ loginName: users.loginName, mobile: users.mobile }).from(users);
  const takenLogin = new Set(existing.map((u) => u.loginName.toLowerCase()));
  const takenMobile = new Set(existing.map((u) => u.mobile).filter(Boolean) as string[]);

  for (const [i, r] of rows.entries()) {
    const problems: string[] = [];
    const check = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, v: string) => {
      const res = schema.safeParse(v);
      if (!res.success) problems.push(res.error!.issues[0]!.message);
    };
    check(loginNameField, r.loginName);
    check(nickField, r.nick);
    if (r.mobile) check(mobileField, r.mobile);
    check(newPasswordField, r.password);
    const key = r.loginName.toLowerCase();
    if (r.loginName && (takenLogin.has(key) || seenLogin.has(key))) problems.push("登录名已存在");
    if (r.mobile && (takenMobile.has(r.mobile) || seenMobile.has(r.mobile))) problems.push("手机号已被注册");
    const resolve = (names: string, map: Map<string, number[]>, label: string) => {
      const ids: number[] = [];
      for (const n of splitNames(names)) {
        const hit = map.get(n);
        if (!hit) problems.push(`${label}“${n}”不存在`);
        else if (hit.length > 1) problems.push(`${label}“${n}”有重名，请写完整路径（如 上级/下级）`);
        else ids.push(hit[0]!);
      }
      return ids;
    };
    const groupIds = resolve(r.group, groupNames, "组织");
    const roleIds = resolve(r.role, roleNames, "角色");
    // Passwords are never kept in the job record.
    if (problems.length) errors.push({ ...r, password: "", error: problems.join("；") });
    else {
      seenLogin.add(key);
      if (r.mobile) seenMobile.add(r.mobile);
      good.push({ ...r, hash: await hashPassword(r.password), groupIds, roleIds });
    }
    if ((i + 1) % PROGRESS_EVERY === 0 || i === rows.length - 1) {
      await db.update(userImportJobs).set({ processed: i + 1 }).where(eq(userImportJobs.id, jobId));
    }
  }

  await db.transaction(async (tx) => {
    let succeeded = 0;
    for (const r of good) {
      const [row] = await tx
        .insert(users)
        .values({ loginName: r.loginName, nick: r.nick, mobile: r.mobile || null, passwordHash: r.hash, registerSource: "import" })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) {
        // Taken between validation and writing.
        errors.push({ ...stripRow(r), password: "", error: "登录名或手机号已被注册" });
        continue;
      }
      succeeded++;
      if (r.groupIds.length) await tx.insert(userGroups).values(r.groupIds.map((groupId) => ({ userId: row.id, groupId }))).onConflictDoNothing();
      if (r.roleIds.length) await tx.insert(userRoles).values(r.roleIds.map((roleId) => ({ userId: row.id, roleId }))).onConflictDoNothing();
    }
    errors.sort((a, b) => a.row - b.row);
    await tx
      .update(userImportJobs)
      .set({ status: "done", processed: rows.length, succeeded, failed: errors.length, errorRows: errors })
      .where(eq(userImportJobs.id, jobId));
  });
}

const stripRow = (r: ParsedRow): ParsedRow => ({
  row: r.row,
  loginName: r.loginName,
  nick: r.nick,
  mobile: r.mobile,
  password: r.password,
  group: r.group,
  role: r.role,
});

async function findJob(db: DbOrTx, id: number) {
  const [job] = await db.select().from(userImportJobs).where(eq(userImportJobs.id, id)).limit(1);
  if (!job) throw notFound("导入记录不存在");
  return job;
}

/** What the progress bar polls. */
export async function importProgress(db: DbOrTx, id: number) {
  const job = await findJob(db, id);
  return {
    jobId: job.id,
    id: job.id,
    status: job.status,
    fileName: job.fileName,
    total: job.total,
    processed: job.processed,
    succeeded: job.succeeded,
    failed: job.failed,
    percent: job.total ? Math.floor((job.processed * 100) / job.total) : 100,
    message: job.message,
    errorRows: job.status === "done" ? job.errorRows.slice(0, 200) : [],
  };
}

/** The refused rows as an .xlsx with the reason in the last column; passwords are not written back. */
export async function errorWorkbook(db: DbOrTx, id: number) {
  const job = await findJob(db, id);
  if (job.status === "running") throw fail("导入尚未完成，请稍后下载");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("错误数据");
  ws.addRow(["行号", ...IMPORT_HEADERS, "错误原因"]);
  for (const r of job.errorRows) ws.addRow([r.row, r.loginName, r.nick, r.mobile, "", r.group, r.role, r.error]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => (c.width = i === 7 ? 40 : 16));
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: `导入失败数据-${job.id}.xlsx`, base64: buf.toString("base64"), count: job.errorRows.length };
}

export const importJobsOf = (db: DbOrTx) => db.select().from(userImportJobs).orderBy(sql`${userImportJobs.id} desc`).limit(20);
