import { and, inArray, ne, or } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { users } from "@db/schema";
import { fail } from "@base/errors";
import { readByHeaders } from "@base/xlsx";
import { ensureNodesExist } from "./tree.service";
import { assign, DELETED_STATUS } from "./users-admin.service";

// Diagnostic tool batchImportUserToGroup: learners named in a sheet join one organisation group.

/** Rows one sheet may hold. */
export const GROUP_IMPORT_MAX_ROWS = 5000;
const HEADERS = ["登录名", "手机号"] as const;
const LOOKUP_CHUNK = 500;

export interface GroupImportError {
  row: number;
  value: string;
  reason: string;
}

/**
 * Reads the sheet (a 登录名 or 手机号 column, any order), finds each account and adds the found ones to
 * the group through the back office's assign (an existing membership stays as it is, so a second run
 * adds nobody). Rows naming no account are reported with their row number; nothing is created.
 */
export async function importUsersToGroup(db: DbOrTx, groupId: number, data: ArrayBuffer) {
  await ensureNodesExist(db, "group", [groupId]);
  const sheet = await readByHeaders(data);
  if (!HEADERS.some((h) => sheet.has(h))) throw fail("表格第一行须有“登录名”或“手机号”列");
  if (sheet.rows.length > GROUP_IMPORT_MAX_ROWS) throw fail(`一次最多导入${GROUP_IMPORT_MAX_ROWS}行`);
  const wanted = sheet.rows.map((r) => ({ row: r.row, value: (r.get("登录名") || r.get("手机号")).trim() }));
  const errors: GroupImportError[] = wanted.filter((w) => !w.value).map((w) => ({ row: w.row, value: "", reason: "登录名和手机号均为空" }));
  const values = [...new Set(wanted.map((w) => w.value).filter(Boolean))];
  const byValue = new Map<string, number>();
  for (let i = 0; i < values.length; i += LOOKUP_CHUNK) {
    const chunk = values.slice(i, i + LOOKUP_CHUNK);
    const found = await db
      .select({ id: users.id, loginName: users.loginName, mobile: users.mobile })
      .from(users)
      .where(and(ne(users.status, DELETED_STATUS), or(inArray(users.loginName, chunk), inArray(users.mobile, chunk))));
    for (const u of found) {
      byValue.set(u.loginName, u.id);
      if (u.mobile) byValue.set(u.mobile, u.id);
    }
  }
  const userIds = new Set<number>();
  for (const w of wanted) {
    if (!w.value) continue;
    const id = byValue.get(w.value);
    if (id) userIds.add(id);
    else errors.push({ row: w.row, value: w.value, reason: "未找到该登录名或手机号对应的用户" });
  }
  const ids = [...userIds];
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) await assign(db, { userIds: ids.slice(i, i + LOOKUP_CHUNK), groupIds: [groupId], roleIds: [], tagIds: [] }, "add");
  errors.sort((a, b) => a.row - b.row);
  return { groupId, rows: wanted.length, matched: ids.length, failed: errors.length, errors: errors.slice(0, 200) };
}
