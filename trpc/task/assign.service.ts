import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { taskNodeProgress, taskNodes, taskUsers, userIdentities, users } from "@db/schema";
import { fail } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { cellText, dateText, firstSheet, toXlsx } from "@base/xlsx";
import { inOrgNode } from "../org/membership";
import { MAX_IMPORT_BYTES, type AddUsersInput, type TaskUserPageInput } from "./schemas";
import { liveTask } from "./task.service";

// Who a task is assigned to: chosen accounts, every member of a group or role (sub-units included, as open
// ranges read them), or a spreadsheet of login names or mobiles. The unique index keeps one row per learner.

const MAX_IMPORT_ROWS = 5000;
const HEADER_WORDS = new Set(["登录名", "手机号", "账号", "用户名", "登录名/手机号", "账号/手机号"]);

export interface RefusedRow {
  row: number;
  account: string;
  reason: string;
}

/** Enabled users by login name (any case) or mobile. */
async function findAccounts(db: DbOrTx, accounts: string[]) {
  const out = new Map<string, { id: number; status: number }>();
  for (let i = 0; i < accounts.length; i += 1000) {
    const chunk = accounts.slice(i, i + 1000);
    const rows = await db
      .select({ id: users.id, loginName: users.loginName, mobile: users.mobile, status: users.status })
      .from(users)
      .where(
        or(
          inArray(
            sql`lower(${users.loginName})`,
            chunk.map((a) => a.toLowerCase()),
          ),
          inArray(users.mobile, chunk),
        ),
      );
    for (const r of rows) {
      out.set(r.loginName.toLowerCase(), r);
      if (r.mobile && !out.has(r.mobile)) out.set(r.mobile, r);
    }
  }
  return out;
}

/** The first column of the first sheet; a header cell (登录名, 手机号 …) in row 1 is skipped. */
async function readAccountSheet(file: Blob) {
  if (file.size === 0) throw fail("请选择要导入的文件");
  if (file.size > MAX_IMPORT_BYTES) throw fail("文件不能超过5MB");
  const ws = await firstSheet(await file.arrayBuffer());
  const rows: { row: number; account: string }[] = [];
  for (let i = 1; i <= ws.rowCount; i++) {
    const account = cellText(ws.getRow(i).getCell(1).value);
    if (!account || (i === 1 && HEADER_WORDS.has(account))) continue;
    rows.push({ row: i, account });
  }
  if (!rows.length) throw fail("文件中没有可导入的账号");
  if (rows.length > MAX_IMPORT_ROWS) throw fail(`一次最多导入${MAX_IMPORT_ROWS}行`);
  return rows;
}

/** Checks named accounts (known, enabled, not repeated); answers the users found and the refused rows. */
async function resolveAccounts(db: DbOrTx, rows: { row: number; account: string }[]) {
  const hits = await findAccounts(
    db,
    rows.map((r) => r.account),
  );
  const firstRow = new Map<number, number>();
  const ids: number[] = [];
  const refused: RefusedRow[] = [];
  for (const r of rows) {
    const u = hits.get(r.account.toLowerCase()) ?? hits.get(r.account);
    if (!u) refused.push({ ...r, reason: /^1\d{10}$/.test(r.account) ? "手机号未注册" : "账号不存在" });
    else if (u.status !== 1) refused.push({ ...r, reason: "用户已停用" });
    else if (firstRow.has(u.id)) refused.push({ ...r, reason: `与第${firstRow.get(u.id)}行重复` });
    else {
      firstRow.set(u.id, r.row);
      ids.push(u.id);
    }
  }
  return { ids, refused };
}

/** Enabled members of groups or roles, sub-units included. */
async function membersOf(db: DbOrTx, kind: "group" | "role", nodeIds: number[]) {
  if (!nodeIds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 1), or(...nodeIds.map((id) => inOrgNode(kind, id, users.id)))));
  return rows.map((r) => r.id);
}

/** addTaskUser: any mix of user ids, groups, roles, accounts and an .xlsx; adding someone twice adds nothing. */
export async function addUsers(db: DbOrTx, input: AddUsersInput) {
  await liveTask(db, input.taskId);
  const refused: RefusedRow[] = [];
  const wanted = new Set<number>();
  if (input.userIds?.length) {
    const ok = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, input.userIds), eq(users.status, 1)));
    const okIds = new Set(ok.map((u) => u.id));
    for (const id of input.userIds) if (okIds.has(id)) wanted.add(id);
    else refused.push({ row: 0, account: String(id), reason: "用户不存在或已停用" });
  }
  for (const id of await membersOf(db, "group", input.groupIds ?? [])) wanted.add(id);
  for (const id of await membersOf(db, "role", input.roleIds ?? [])) wanted.add(id);
  const named = [...(input.accounts ?? []).map((a, i) => ({ row: i + 1, account: a.trim() })).filter((a) => a.account), ...(input.file ? await readAccountSheet(input.file) : [])];
  if (named.length) {
    const r = await resolveAccounts(db, named);
    for (const id of r.ids) wanted.add(id);
    refused.push(...r.refused);
  }
  const ids = [...wanted];
  let added = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .insert(taskUsers)
      .values(ids.slice(i, i + 500).map((userId) => ({ taskId: input.taskId, userId })))
      .onConflictDoNothing()
      .returning({ id: taskUsers.id });
    added += rows.length;
  }
  if (!ids.length && !refused.length) throw fail("所选组织或角色下没有可分配的学员");
  return { taskId: input.taskId, matched: ids.length, added, existed: ids.length - added, failNum: refused.length, failList: refused.slice(0, 500), userNum: await userCount(db, input.taskId) };
}

async function userCount(db: DbOrTx, taskId: number) {
  const [r] = await db.select({ n: count() }).from(taskUsers).where(eq(taskUsers.taskId, taskId));
  return Number(r?.n ?? 0);
}

/** delTaskUser: the learners lose the task and their node rates in it. */
export async function removeUsers(db: DbOrTx, taskId: number, userIds: number[]) {
  await liveTask(db, taskId);
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(taskUsers)
      .where(and(eq(taskUsers.taskId, taskId), inArray(taskUsers.userId, userIds)))
      .returning({ id: taskUsers.id });
    await tx.delete(taskNodeProgress).where(and(inArray(taskNodeProgress.userId, userIds), inArray(taskNodeProgress.nodeId, tx.select({ id: taskNodes.id }).from(taskNodes).where(eq(taskNodes.taskId, taskId)))));
    return { taskId, removed: rows.length, userNum: await userCount(tx, taskId) };
  });
}

const realName = sql<string>`coalesce(${userIdentities.realName}, '')`;
/** Nodes the learner has reached, and the sum of each node's share (up to its required rate). */
const reached = sql<number>`(select count(*) from ${taskNodes} n join ${taskNodeProgress} p on p.node_id = n.id and p.user_id = ${taskUsers.userId} where n.task_id = ${taskUsers.taskId} and p.rate >= n.required_rate)`.mapWith(Number);
const shares = sql<number>`(select coalesce(sum(least(1.0, p.rate::numeric / n.required_rate)), 0) from ${taskNodes} n join ${taskNodeProgress} p on p.node_id = n.id and p.user_id = ${taskUsers.userId} where n.task_id = ${taskUsers.taskId})`.mapWith(Number);

function userWhere(input: Pick<TaskUserPageInput, "taskId" | "keyword" | "isComplete">) {
  const conds: (SQL | undefined)[] = [eq(taskUsers.taskId, input.taskId)];
  if (input.keyword) {
    const p = likePattern(input.keyword);
    conds.push(or(ilike(users.nick, p), ilike(users.loginName, p), ilike(users.mobile, p), ilike(userIdentities.realName, p)));
  }
  if (input.isComplete === 1) conds.push(isNotNull(taskUsers.completedAt));
  if (input.isComplete === 0) conds.push(isNull(taskUsers.completedAt));
  return and(...conds);
}

function userRows(db: DbOrTx, input: Pick<TaskUserPageInput, "taskId" | "keyword" | "isComplete">) {
  return db
    .select({ a: taskUsers, loginName: users.loginName, nick: users.nick, mobile: users.mobile, realName, reached, shares })
    .from(taskUsers)
    .innerJoin(users, eq(users.id, taskUsers.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, taskUsers.userId))
    .where(userWhere(input))
    .orderBy(asc(taskUsers.id));
}

type UserRow = Awaited<ReturnType<typeof userRows>>[number];

function userView(r: UserRow, nodeNum: number, deadline: Date) {
  const done = !!r.a.completedAt;
  return {
    id: r.a.id,
    taskId: r.a.taskId,
    userId: r.a.userId,
    loginName: r.loginName,
    nick: r.nick,
    realName: r.realName,
    mobile: r.mobile ?? "",
    nodeNum,
    completeNodeNum: Math.min(r.reached, nodeNum),
    rate: done ? 100 : nodeNum ? Math.min(99, Math.floor((r.shares / nodeNum) * 100)) : 0,
    isComplete: done ? 1 : 0,
    completeTime: r.a.completedAt ? r.a.completedAt.getTime() : null,
    isOverdue: !done && deadline.getTime() < Date.now() ? 1 : 0,
    score: done ? r.a.score ?? 0 : null,
    remindTime: r.a.remindedAt ? r.a.remindedAt.getTime() : null,
    createTime: r.a.createdAt.getTime(),
  };
}

async function nodeCount(db: DbOrTx, taskId: number) {
  const [r] = await db.select({ n: count() }).from(taskNodes).where(eq(taskNodes.taskId, taskId));
  return Number(r?.n ?? 0);
}

/** pageTaskUserList: learners of a task with their progress. */
export async function pageUsers(db: DbOrTx, input: TaskUserPageInput) {
  const task = await liveTask(db, input.taskId);
  const nodeNum = await nodeCount(db, input.taskId);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(taskUsers).innerJoin(users, eq(users.id, taskUsers.userId)).leftJoin(userIdentities, eq(userIdentities.userId, taskUsers.userId)).where(userWhere(input)),
    userRows(db, input),
  );
  return { ...page, list: page.list.map((r) => userView(r, nodeNum, task.deadline)) };
}

/** The learners and their progress as a spreadsheet (the filters of the list apply). */
export async function exportUsers(db: DbOrTx, input: Pick<TaskUserPageInput, "taskId" | "keyword" | "isComplete">) {
  const task = await liveTask(db, input.taskId);
  const nodeNum = await nodeCount(db, input.taskId);
  const rows = (await userRows(db, input).limit(50_000)).map((r) => userView(r, nodeNum, task.deadline));
  const state = (v: ReturnType<typeof userView>) => (v.isComplete ? "已完成" : v.isOverdue ? "已逾期" : "进行中");
  return toXlsx(
    `${task.name.replace(/[\\/:*?"<>|]/g, "_")}-学员进度.xlsx`,
    "学员进度",
    [
      { header: "登录名", key: "loginName" },
      { header: "昵称", key: "nick" },
      { header: "姓名", key: "realName" },
      { header: "手机号", key: "mobile" },
      { header: "已完成节点", key: "nodes", width: 12 },
      { header: "进度", key: "rate", width: 10 },
      { header: "状态", key: "state", width: 10 },
      { header: "完成时间", key: "completeTime", width: 20 },
      { header: "获得积分", key: "score", width: 10 },
    ],
    rows.map((v) => ({
      loginName: v.loginName,
      nick: v.nick,
      realName: v.realName,
      mobile: v.mobile,
      nodes: `${v.completeNodeNum}/${v.nodeNum}`,
      rate: `${v.rate}%`,
      state: state(v),
      completeTime: dateText(v.completeTime === null ? null : new Date(v.completeTime)),
      score: v.score ?? "",
    })),
  );
}
