import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { ADMIN_MESSAGE_STATUS as S, ADMIN_MESSAGE_TARGET as T, adminMessageImports, adminMessages, adminMessageUsers, stationMessages, users, type MessageKind } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { RANGE_REQUIRED, type MessagePageInput, type RecipientsInput, type SaveMessageInput } from "./schemas";
import { missingRangeTargets, resolveRecipients } from "./recipients";
import { pushUnreadLater, sendToUsers } from "./message.service";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";

/** businessType of the copies a back-office message sends; businessId is the message id. */
export const STATION_BUSINESS = "station";
export const STATUS_TEXT: Record<number, string> = { 0: "草稿", 1: "已发送", 2: "已撤回" };
export const TARGET_TEXT: Record<number, string> = { 1: "全部用户", 2: "开放范围", 3: "指定用户" };
export const KIND_TEXT: Record<number, string> = { 1: "站内信", 2: "邮件" };

type Message = typeof adminMessages.$inferSelect;
const ms = (d: Date | null) => (d ? d.getTime() : null);
const copiesOf = (id: number) => and(eq(stationMessages.businessType, STATION_BUSINESS), eq(stationMessages.businessId, String(id)))!;

export async function loadMessage(db: DbOrTx, id: number): Promise<Message> {
  const [row] = await db.select().from(adminMessages).where(eq(adminMessages.id, id)).limit(1);
  if (!row) throw notFound("站内信不存在或已删除");
  return row;
}

export function requireDraft(m: Message) {
  if (m.status === S.sent) throw fail("站内信已发送，不能再修改；如需更正，请撤回后复制一份重新发送");
  if (m.status === S.withdrawn) throw fail("站内信已撤回，不能再修改；可复制后重新编辑发送");
}

/** Bound users only count for messages sent to 指定用户. */
export function requireUserTarget(m: Message) {
  if (m.targetType !== T.users) throw fail("接收对象不是「指定用户」，请先将接收对象改为指定用户并保存");
}

/** Delivered and read copies per message. */
async function copyCounts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { total: number; read: number }>();
  const rows = await db
    .select({ businessId: stationMessages.businessId, total: count(), read: count(stationMessages.readAt) })
    .from(stationMessages)
    .where(and(eq(stationMessages.businessType, STATION_BUSINESS), inArray(stationMessages.businessId, ids.map(String))))
    .groupBy(stationMessages.businessId);
  return new Map(rows.map((r) => [Number(r.businessId), { total: Number(r.total), read: Number(r.read) }]));
}

async function boundCounts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ messageId: adminMessageUsers.messageId, n: count() })
    .from(adminMessageUsers)
    .where(inArray(adminMessageUsers.messageId, ids))
    .groupBy(adminMessageUsers.messageId);
  return new Map(rows.map((r) => [r.messageId, Number(r.n)]));
}

function view(m: Message, copies: { total: number; read: number } | undefined, bound: number, creatorName: string | null) {
  const total = copies?.total ?? 0;
  const read = copies?.read ?? 0;
  return {
    id: m.id,
    title: m.title,
    content: m.content,
    linkUrl: m.link ?? "",
    kind: m.kind,
    kindText: KIND_TEXT[m.kind] ?? "",
    status: m.status,
    statusText: STATUS_TEXT[m.status] ?? "",
    targetType: m.targetType,
    targetText: TARGET_TEXT[m.targetType] ?? "",
    openRange: m.openRange,
    boundCount: bound,
    recipientCount: total,
    readCount: read,
    unreadCount: total - read,
    sentTime: ms(m.sentAt),
    withdrawnTime: ms(m.withdrawnAt),
    createTime: m.createdAt.getTime(),
    updateTime: m.updatedAt.getTime(),
    creatorName: creatorName ?? "",
  };
}
export type AdminMessageView = ReturnType<typeof view>;

export async function pageAdminMessages(db: DbOrTx, input: MessagePageInput) {
  const conds: SQL[] = [];
  if (input.keyword) conds.push(or(ilike(adminMessages.title, likePattern(input.keyword)), ilike(adminMessages.content, likePattern(input.keyword)))!);
  if (input.status !== undefined) conds.push(eq(adminMessages.status, input.status));
  if (input.kind !== undefined) conds.push(eq(adminMessages.kind, input.kind));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(
    input,
    db.select({ total: count() }).from(adminMessages).where(where),
    db.select({ m: adminMessages, creator: users.nick }).from(adminMessages).leftJoin(users, eq(users.id, adminMessages.createdBy)).where(where).orderBy(desc(adminMessages.id)),
  );
  const ids = page.list.map((r) => r.m.id);
  const [copies, bound] = await Promise.all([copyCounts(db, ids), boundCounts(db, ids)]);
  return { ...page, list: page.list.map((r) => view(r.m, copies.get(r.m.id), bound.get(r.m.id) ?? 0, r.creator)) };
}

/** One message with its counts and the newest recipient import. */
export async function messageDetail(db: DbOrTx, id: number) {
  const m = await loadMessage(db, id);
  const [creator] = m.createdBy ? await db.select({ nick: users.nick }).from(users).where(eq(users.id, m.createdBy)) : [];
  const [copies, bound, [job]] = await Promise.all([
    copyCounts(db, [id]),
    boundCounts(db, [id]),
    db.select().from(adminMessageImports).where(eq(adminMessageImports.messageId, id)).orderBy(desc(adminMessageImports.id)).limit(1),
  ]);
  return {
    ...view(m, copies.get(id), bound.get(id) ?? 0, creator?.nick ?? null),
    /** A draft: how many enabled users it would reach if sent now. */
    expectedCount: m.status === S.draft ? (await resolveRecipients(db, m)).length : null,
    lastImport: job ? { jobId: job.id, status: job.status, fileName: job.fileName ?? "", total: job.total, succeeded: job.succeeded, failed: job.failed } : null,
  };
}

/** What a save stores: the target (new: 全部用户; edit: as it was) and, for 开放范围, a range whose nodes all exist. */
async function resolveTarget(db: DbOrTx, input: SaveMessageInput, before?: Message) {
  const targetType = input.targetType ?? before?.targetType ?? T.all;
  if (targetType !== T.range) return { targetType, openRange: [] };
  const openRange = input.openRange ?? before?.openRange ?? [];
  if (!openRange.length) throw fail(RANGE_REQUIRED);
  const missing = await missingRangeTargets(db, openRange);
  if (missing) throw fail(missing);
  return { targetType, openRange };
}

export async function createMessage(db: DbOrTx, actorId: number, input: SaveMessageInput) {
  const target = await resolveTarget(db, input);
  const [row] = await db
    .insert(adminMessages)
    .values({ title: input.title, content: input.content, link: input.link, kind: input.kind ?? 1, ...target, createdBy: actorId })
    .returning({ id: adminMessages.id });
  return messageDetail(db, row!.id);
}

/** Only a draft changes; bound users stay when the target changes, so switching back keeps the list. */
export async function modifyMessage(db: DbOrTx, input: SaveMessageInput) {
  if (!input.id) throw fail("缺少站内信ID");
  const before = await loadMessage(db, input.id);
  requireDraft(before);
  const target = await resolveTarget(db, input, before);
  const [row] = await db
    .update(adminMessages)
    .set({ title: input.title, content: input.content, link: input.link, kind: input.kind ?? before.kind, ...target })
    .where(and(eq(adminMessages.id, input.id), eq(adminMessages.status, S.draft)))
    .returning({ id: adminMessages.id });
  if (!row) throw fail("站内信已发送，不能再修改；如需更正，请撤回后复制一份重新发送");
  return messageDetail(db, input.id);
}

/** Drafts and withdrawn messages can be deleted (with their hidden copies); a sent one must be withdrawn first. */
export async function deleteMessages(db: Db, ids: number[]) {
  const rows = await db.select().from(adminMessages).where(inArray(adminMessages.id, ids));
  if (rows.length < ids.length) throw notFound("站内信不存在或已删除，请刷新后重试");
  const sent = rows.find((r) => r.status === S.sent);
  if (sent) throw fail(`「${sent.title}」已发送，请先撤回再删除`);
  await db.transaction(async (tx) => {
    const withdrawn = rows.filter((r) => r.status === S.withdrawn).map((r) => String(r.id));
    if (withdrawn.length) await tx.delete(stationMessages).where(and(eq(stationMessages.businessType, STATION_BUSINESS), inArray(stationMessages.businessId, withdrawn)));
    await tx.delete(adminMessages).where(and(inArray(adminMessages.id, ids), inArray(adminMessages.status, [S.draft, S.withdrawn])));
  });
  return { deleted: ids.length };
}

/** A new draft with the same title, content, link, target and bound users. */
export async function copyMessage(db: Db, actorId: number, id: number) {
  const m = await loadMessage(db, id);
  const title = copyName(m.title, 100);
  const newId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminMessages)
      .values({ title, content: m.content, link: m.link, kind: m.kind, targetType: m.targetType, openRange: m.openRange, createdBy: actorId })
      .returning({ id: adminMessages.id });
    await tx.execute(
      sql`insert into ${adminMessageUsers} (message_id, user_id, source) select ${row!.id}, user_id, source from ${adminMessageUsers} where message_id = ${id}`,
    );
    return row!.id;
  });
  return messageDetail(db, newId);
}

const touch = (db: DbOrTx, id: number) => db.update(adminMessages).set({ updatedAt: new Date() }).where(eq(adminMessages.id, id));
const boundCount = async (db: DbOrTx, id: number) => (await boundCounts(db, [id])).get(id) ?? 0;

/** A bindable draft: draft state and 指定用户 target. */
export async function bindableMessage(db: DbOrTx, id: number) {
  const m = await loadMessage(db, id);
  requireDraft(m);
  requireUserTarget(m);
  return m;
}

/** Adds users to the list; users already on it are skipped. */
export async function addBoundUsers(db: DbOrTx, id: number, userIds: number[], source: "pick" | "account" | "import") {
  if (!userIds.length) return 0;
  let added = 0;
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .insert(adminMessageUsers)
      .values(userIds.slice(i, i + 1000).map((userId) => ({ messageId: id, userId, source })))
      .onConflictDoNothing()
      .returning({ userId: adminMessageUsers.userId });
    added += rows.length;
  }
  if (added) await touch(db, id);
  return added;
}

export async function bindUsers(db: DbOrTx, id: number, userIds: number[]) {
  await bindableMessage(db, id);
  const found = await db.select({ id: users.id, nick: users.nick, status: users.status }).from(users).where(inArray(users.id, userIds));
  if (found.length < userIds.length) throw fail("所选用户不存在，请刷新后重试");
  const disabled = found.filter((u) => u.status !== 1);
  if (disabled.length) throw fail(`所选用户中有已停用的账号：${disabled.slice(0, 5).map((u) => u.nick).join("、")}${disabled.length > 5 ? " 等" : ""}`);
  const added = await addBoundUsers(db, id, userIds, "pick");
  return { added, boundCount: await boundCount(db, id) };
}

export async function unbindUsers(db: DbOrTx, id: number, userIds: number[]) {
  requireDraft(await loadMessage(db, id));
  const removed = await db
    .delete(adminMessageUsers)
    .where(and(eq(adminMessageUsers.messageId, id), inArray(adminMessageUsers.userId, userIds)))
    .returning({ userId: adminMessageUsers.userId });
  if (removed.length) await touch(db, id);
  return { removed: removed.length, boundCount: await boundCount(db, id) };
}

export interface AccountHit {
  id: number;
  loginName: string;
  mobile: string | null;
  nick: string;
  status: number;
}

/** Users by login name (any case) or mobile; the key is the account as written, lower-cased. */
export async function findAccounts(db: DbOrTx, accounts: string[]): Promise<Map<string, AccountHit>> {
  const out = new Map<string, AccountHit>();
  for (let i = 0; i < accounts.length; i += 1000) {
    const chunk = accounts.slice(i, i + 1000);
    const lowered = chunk.map((a) => a.toLowerCase());
    const rows = await db
      .select({ id: users.id, loginName: users.loginName, mobile: users.mobile, nick: users.nick, status: users.status })
      .from(users)
      .where(or(inArray(sql`lower(${users.loginName})`, lowered), inArray(users.mobile, chunk)));
    for (const r of rows) {
      out.set(r.loginName.toLowerCase(), r);
      if (r.mobile && !out.has(r.mobile)) out.set(r.mobile, r);
    }
  }
  return out;
}

/** bindStationMessage/new: adds users named by login name or mobile; unknown and disabled ones are listed back. */
export async function bindAccounts(db: DbOrTx, id: number, accounts: string[]) {
  await bindableMessage(db, id);
  const hits = await findAccounts(db, accounts);
  const notFound: string[] = [];
  const disabled: string[] = [];
  const ids = new Set<number>();
  for (const a of accounts) {
    const u = hits.get(a.toLowerCase());
    if (!u) notFound.push(a);
    else if (u.status !== 1) disabled.push(a);
    else ids.add(u.id);
  }
  const added = await addBoundUsers(db, id, [...ids], "account");
  return { added, matched: ids.size, notFound, disabled, boundCount: await boundCount(db, id) };
}

/** Hides a message's copies from their learners and tells those who lose an unread one their new count. */
async function hideCopies(db: DbOrTx, id: number) {
  const hidden = await db
    .update(stationMessages)
    .set({ withdrawnAt: new Date() })
    .where(and(copiesOf(id), isNull(stationMessages.withdrawnAt)))
    .returning({ userId: stationMessages.userId, readAt: stationMessages.readAt });
  const unread = hidden.filter((h) => !h.readAt).map((h) => h.userId);
  pushUnreadLater(db, unread);
  return { hidden: hidden.length, unread: unread.length };
}

/**
 * Sends a draft (or sends a sent message again): one copy per recipient through sendToUsers, keyed by
 * businessType "station" and the message id, so a repeated send reaches only users without a copy.
 */
export async function sendMessage(db: Db, id: number, opts: { pushUnread?: boolean } = {}) {
  const m = await loadMessage(db, id);
  if (m.status === S.withdrawn) throw fail("站内信已撤回，不能再次发送；可复制后重新发送");
  if (!(await resolveRecipients(db, m)).length) throw fail(m.targetType === T.users ? "请先添加接收用户" : "没有符合条件的接收用户，请检查接收对象");
  // Sent before the copies go out, so nobody edits it meanwhile.
  const [claimed] = await db
    .update(adminMessages)
    .set({ status: S.sent, sentAt: m.sentAt ?? new Date() })
    .where(and(eq(adminMessages.id, id), inArray(adminMessages.status, [S.draft, S.sent])))
    .returning();
  if (!claimed) throw fail("站内信状态已变化，请刷新后重试");
  const recipients = await resolveRecipients(db, claimed);
  const delivered = await sendToUsers(db, recipients, { title: claimed.title, content: claimed.content, link: claimed.link, kind: claimed.kind as MessageKind, businessType: STATION_BUSINESS, businessId: id }, opts);
  const [after] = await db.select({ status: adminMessages.status }).from(adminMessages).where(eq(adminMessages.id, id));
  // Withdrawn while the copies were going out: those written late are hidden too.
  if (after?.status === S.withdrawn) await hideCopies(db, id);
  const total = (await copyCounts(db, [id])).get(id)?.total ?? 0;
  await db.update(adminMessages).set({ recipientCount: total }).where(eq(adminMessages.id, id));
  const status = after?.status ?? S.sent;
  return { id, status, statusText: STATUS_TEXT[status]!, delivered: delivered.length, recipientCount: total, withdrawn: 0 };
}

/** Withdraws a sent message: learners no longer see it and their unread counts drop; read state is kept. */
export async function withdrawMessage(db: Db, id: number) {
  const m = await loadMessage(db, id);
  if (m.status === S.draft) throw fail("草稿尚未发送，无需撤回");
  if (m.status === S.withdrawn) throw fail("站内信已撤回");
  const [row] = await db
    .update(adminMessages)
    .set({ status: S.withdrawn, withdrawnAt: new Date() })
    .where(and(eq(adminMessages.id, id), eq(adminMessages.status, S.sent)))
    .returning({ id: adminMessages.id });
  if (!row) throw fail("站内信状态已变化，请刷新后重试");
  const { hidden } = await hideCopies(db, id);
  const [counted] = await db.select({ n: count() }).from(stationMessages).where(copiesOf(id));
  return { id, status: S.withdrawn as number, statusText: STATUS_TEXT[S.withdrawn]!, delivered: 0, recipientCount: Number(counted?.n ?? 0), withdrawn: hidden };
}

/**
 * search: a draft's bound users, or a sent/withdrawn message's recipients with their read state,
 * filtered by name, login name or mobile and (for recipients) read or unread.
 */
export async function pageRecipients(db: DbOrTx, input: RecipientsInput) {
  const m = await loadMessage(db, input.id);
  const who = input.keyword ? or(ilike(users.nick, likePattern(input.keyword)), ilike(users.loginName, likePattern(input.keyword)), ilike(users.mobile, likePattern(input.keyword))) : undefined;
  const base = { loginName: users.loginName, nick: users.nick, mobile: users.mobile, userStatus: users.status };
  if (m.status === S.draft) {
    const where = and(eq(adminMessageUsers.messageId, m.id), who);
    const page = await paginate(
      input,
      db.select({ total: count() }).from(adminMessageUsers).innerJoin(users, eq(users.id, adminMessageUsers.userId)).where(where),
      db
        .select({ userId: adminMessageUsers.userId, source: adminMessageUsers.source, at: adminMessageUsers.createdAt, ...base })
        .from(adminMessageUsers)
        .innerJoin(users, eq(users.id, adminMessageUsers.userId))
        .where(where)
        .orderBy(desc(adminMessageUsers.createdAt), asc(adminMessageUsers.userId)),
    );
    return {
      kind: "bound" as const,
      ...page,
      list: page.list.map((r) => ({ userId: r.userId, loginName: r.loginName, nick: r.nick, mobile: r.mobile ?? "", userStatus: r.userStatus, source: r.source, bindTime: r.at.getTime(), isRead: null, readTime: null, receiveTime: null })),
    };
  }
  const readCond = input.isRead === 1 ? sql`${stationMessages.readAt} is not null` : input.isRead === 0 ? isNull(stationMessages.readAt) : undefined;
  const where = and(copiesOf(m.id), who, readCond);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(stationMessages).innerJoin(users, eq(users.id, stationMessages.userId)).where(where),
    db
      .select({ userId: stationMessages.userId, readAt: stationMessages.readAt, at: stationMessages.createdAt, ...base })
      .from(stationMessages)
      .innerJoin(users, eq(users.id, stationMessages.userId))
      .where(where)
      .orderBy(asc(stationMessages.id)),
  );
  return {
    kind: "delivered" as const,
    ...page,
    list: page.list.map((r) => ({ userId: r.userId, loginName: r.loginName, nick: r.nick, mobile: r.mobile ?? "", userStatus: r.userStatus, source: "", bindTime: null, isRead: r.readAt ? 1 : 0, readTime: ms(r.readAt), receiveTime: r.at.getTime() })),
  };
}
