import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { auditLogs } from "@db/schema";

// The audit log (decision 034): every back-office write and every security event, once, with who,
// when, from where, what and the fields given. Back-office writes are recorded by the procedure layer
// (trpc/init.ts, `audited`) in the transaction of the change; security events by the services that
// decide them (login, lockout, password and phone changes).

export const AUDIT_CATEGORIES = {
  create: "新增",
  edit: "修改",
  delete: "删除",
  status: "状态变更",
  import: "导入",
  export: "导出",
  send: "发送",
  tool: "工具",
  security: "安全",
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;

/** Security events and what they are called on the audit page. */
export const SECURITY_EVENTS = {
  "auth.login.success": "登录成功",
  "auth.login.failed": "登录失败",
  "auth.lockout": "账号锁定",
  "auth.password.changed": "修改密码",
  "auth.password.reset": "找回密码",
  "auth.phone.changed": "更换手机号",
  "admin.granted": "授予管理员",
  "admin.revoked": "取消管理员",
} as const;
export type SecurityEvent = keyof typeof SECURITY_EVENTS;

export interface AuditActor {
  id: number | null;
  name: string;
  ip: string;
}

export interface AuditEntry {
  category: AuditCategory;
  action: string;
  entity?: string;
  entityId?: string | number | null;
  changes?: unknown;
  outcome?: 0 | 1;
  message?: string;
}

/** Keys whose values never reach the log: passwords, secrets, tokens, codes, identity numbers. */
const SENSITIVE = /pass(word)?|pwd|secret|token|ticket|captcha|smscode|^code$|verifycode|privatekey|apikey|idcard|idno|idnumber|certno|cardno|identitynumber|signature|^sign$/i;
const MAX_STRING = 500;
const MAX_ITEMS = 50;
const MAX_DEPTH = 4;

/** The given fields as they may be kept: sensitive values replaced, long texts and lists cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…（共${value.length}字）` : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return String(value);
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…（共${value.length}项）`] : items;
  }
  if (typeof value === "object") {
    if (typeof Blob !== "undefined" && value instanceof Blob) return `（文件 ${value.size} 字节）`;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SENSITIVE.test(k) ? "***" : redact(v, depth + 1);
    return out;
  }
  return String(value);
}

/** What kind of write a procedure's name says it is. */
export function categoryOf(procedure: string, input: unknown): AuditCategory {
  const name = procedure.split(".").pop() ?? procedure;
  const has = (re: RegExp) => re.test(name);
  if (has(/import|upload/i)) return "import";
  if (has(/export|download/i)) return "export";
  if (has(/^(del|delete|remove|clear|drop|destroy)|Remove$|Delete$/i)) return "delete";
  if (has(/send|push|notify|remind|broadcast|report|resend/i)) return "send";
  if (has(/status|enable|disable|release|publish|online|offline|lock|unlock|revoke|restore|cancel|close|open|stop|start|expire|top|pin|hide|show|ban|mute|refund|issue/i)) return "status";
  const hasId = typeof input === "object" && input !== null && ("id" in input ? (input as { id?: unknown }).id !== undefined && (input as { id?: unknown }).id !== null && (input as { id?: unknown }).id !== "" : false);
  if (has(/^(create|add|new|insert|copy|bind)/i)) return "create";
  if (has(/^save/i)) return hasId ? "edit" : "create";
  return "edit";
}

/** The id of the thing written: the input's id, else the answer's. */
export function entityIdOf(input: unknown, output: unknown): string {
  const pick = (v: unknown, ...keys: string[]) => {
    if (typeof v !== "object" || v === null) return undefined;
    for (const k of keys) {
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === "number" || (typeof x === "string" && x !== "")) return String(x);
      if (Array.isArray(x) && x.length && x.every((i) => typeof i === "number" || typeof i === "string")) return x.slice(0, 20).join(",");
    }
    return undefined;
  };
  return (pick(input, "id", "ids", "userId", "userIds", "examId", "courseId", "liveId") ?? pick(output, "id") ?? "").slice(0, 100);
}

/** Who acts in a request: the signed-in account (its name then) and the client's address. */
export function auditActor(ctx: { user: { id: number; nick: string; loginName: string } | null; ip: string }): AuditActor {
  return { id: ctx.user?.id ?? null, name: ctx.user?.nick || ctx.user?.loginName || "", ip: ctx.ip };
}

/** The entry of a back-office procedure: its kind from its name, its domain, the id written and the fields given. */
export function procedureEntry(path: string, input: unknown, output: unknown, refused?: string): AuditEntry {
  return { category: categoryOf(path, input), action: path, entity: path.split(".")[0], entityId: entityIdOf(input, output), changes: input, ...(refused ? { outcome: 0 as const, message: refused } : {}) };
}

export async function recordAudit(db: DbOrTx, actor: AuditActor, e: AuditEntry) {
  const changes = redact(e.changes ?? {});
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorName: actor.name.slice(0, 60),
    ip: actor.ip.slice(0, 64),
    category: e.category,
    action: e.action.slice(0, 120),
    entity: (e.entity ?? e.action.split(".")[0] ?? "").slice(0, 40),
    entityId: e.entityId === null || e.entityId === undefined ? "" : String(e.entityId).slice(0, 100),
    changes: (typeof changes === "object" && changes !== null && !Array.isArray(changes) ? changes : { value: changes }) as Record<string, unknown>,
    outcome: e.outcome ?? 1,
    message: (e.message ?? "").slice(0, 300),
  });
}

/** A security event (login, lockout, password, phone, admin rights). */
export function recordSecurityEvent(db: DbOrTx, actor: AuditActor, event: SecurityEvent, detail: { entityId?: string | number | null; changes?: unknown; outcome?: 0 | 1; message?: string } = {}) {
  return recordAudit(db, actor, { category: "security", action: event, entity: "user", ...detail });
}

// ---- reading ----

export interface AuditFilter {
  actor?: string;
  category?: AuditCategory;
  entity?: string;
  action?: string;
  outcome?: 0 | 1;
  from?: number;
  to?: number;
}

function conditions(f: AuditFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.actor) {
    const n = Number(f.actor);
    c.push(Number.isInteger(n) && n > 0 ? or(eq(auditLogs.actorId, n), ilike(auditLogs.actorName, `%${f.actor}%`)) : ilike(auditLogs.actorName, `%${f.actor}%`));
  }
  if (f.category) c.push(eq(auditLogs.category, f.category));
  if (f.entity) c.push(eq(auditLogs.entity, f.entity));
  if (f.action) c.push(ilike(auditLogs.action, `%${f.action}%`));
  if (f.outcome !== undefined) c.push(eq(auditLogs.outcome, f.outcome));
  if (f.from) c.push(gte(auditLogs.createdAt, new Date(f.from)));
  if (f.to) c.push(lt(auditLogs.createdAt, new Date(f.to)));
  return and(...c);
}

const view = (r: typeof auditLogs.$inferSelect) => ({
  id: r.id,
  actorId: r.actorId,
  actorName: r.actorName,
  ip: r.ip,
  category: r.category,
  categoryName: AUDIT_CATEGORIES[r.category as AuditCategory] ?? r.category,
  action: r.action,
  actionName: SECURITY_EVENTS[r.action as SecurityEvent] ?? "",
  entity: r.entity,
  entityId: r.entityId,
  changes: r.changes,
  outcome: r.outcome,
  message: r.message,
  createdAt: r.createdAt.getTime(),
});
export type AuditView = ReturnType<typeof view>;

export async function pageAudit(db: DbOrTx, f: AuditFilter & { pageNo: number; pageSize: number }) {
  const where = conditions(f);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(f.pageSize)
      .offset((f.pageNo - 1) * f.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  return { list: rows.map(view), total: Number(counted[0]?.total ?? 0), pageNo: f.pageNo, pageSize: f.pageSize };
}

/** The entries of a filter for export, newest first, at most `limit`. */
export async function auditRows(db: DbOrTx, f: AuditFilter, limit = 50_000) {
  const rows = await db.select().from(auditLogs).where(conditions(f)).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit);
  return rows.map(view);
}

/** The domains seen in the log, for the filter's options. */
export async function auditEntities(db: DbOrTx) {
  const rows = await db.selectDistinct({ entity: auditLogs.entity }).from(auditLogs).orderBy(auditLogs.entity);
  return rows.map((r) => r.entity).filter(Boolean);
}
