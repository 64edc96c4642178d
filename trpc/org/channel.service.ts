// Promotion channels: a link carries ?channel=CODE; visits count once per visitor, channel and China-time
// day; a visitor who registers within 30 days of a visit is a sign-up of that channel (docs/decisions/031).
import { createHash } from "node:crypto";
import { and, count, desc, eq, gte, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { CHANNEL_TARGET_TYPE, channels, channelSignups, channelVisits, courses, learningPaths, lives, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { chinaDateKey } from "@base/china-time";
import { paginate } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";
import { detailUrlOf } from "../order/goods-links";
import { CHANNEL_TARGETS, type ChannelInput, type ChannelPageInput, type ChannelUpdateInput } from "./units-schemas";

type Channel = typeof channels.$inferSelect;

export const CHANNEL_NOT_FOUND = "渠道不存在或已删除";
export const CHANNEL_CODE_TAKEN = "渠道编码已存在";
export const CODE_LOCKED = "该渠道已有访问记录，渠道编码不能修改";
export const TARGET_GONE = "推广内容不存在或已删除";
/** A visit brings a sign-up when the visitor registers within this long. */
export const SIGNUP_WINDOW_MS = 30 * 86_400_000;
/** The anonymous visitor's cookie: a random id kept a year. */
export const VISITOR_COOKIE = "cy_vid";
const VISITOR_TTL_S = 365 * 86_400;

const targetName = (type: number) => CHANNEL_TARGETS.find((t) => t.code === type)?.name ?? "";
/** The content's detail page carrying the channel code, as the platform's routes open it. */
export const channelLink = (c: Pick<Channel, "code" | "targetType" | "targetId">) => `${detailUrlOf(c.targetType, c.targetId)}&channel=${encodeURIComponent(c.code)}`;

/** The name of the content a channel promotes; it must exist and not be deleted. */
async function targetOf(db: DbOrTx, type: number, id: number) {
  const table = type === CHANNEL_TARGET_TYPE.course ? courses : type === CHANNEL_TARGET_TYPE.live ? lives : learningPaths;
  const [row] = await db.select({ name: table.name }).from(table).where(and(eq(table.id, id), isNull(table.deletedAt)));
  if (!row) throw fail(TARGET_GONE);
  return row.name;
}

async function targetNames(db: DbOrTx, list: Channel[]) {
  const ids = (type: number) => [...new Set(list.filter((c) => c.targetType === type).map((c) => c.targetId))];
  const read = async (table: typeof courses | typeof lives | typeof learningPaths, wanted: number[]) =>
    wanted.length ? db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, wanted)) : [];
  const [c, l, m] = await Promise.all([read(courses, ids(1)), read(lives, ids(2)), read(learningPaths, ids(4))]);
  const out = new Map<string, string>();
  for (const [type, rows] of [[1, c], [2, l], [4, m]] as const) for (const r of rows) out.set(`${type}:${r.id}`, r.name);
  return out;
}

/** Visits, distinct visitors, today's visits and sign-ups of each channel. */
async function statsOf(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { visitCount: number; visitorCount: number; todayVisitCount: number; signupCount: number }>();
  if (!ids.length) return out;
  const today = chinaDay();
  const [visits, signups] = await Promise.all([
    db
      .select({
        id: channelVisits.channelId,
        visits: count(),
        visitors: sql<number>`count(distinct ${channelVisits.visitorKey})`.mapWith(Number),
        today: sql<number>`count(*) filter (where ${channelVisits.day} = ${today})`.mapWith(Number),
      })
      .from(channelVisits)
      .where(inArray(channelVisits.channelId, ids))
      .groupBy(channelVisits.channelId),
    db.select({ id: channelSignups.channelId, n: count() }).from(channelSignups).where(inArray(channelSignups.channelId, ids)).groupBy(channelSignups.channelId),
  ]);
  for (const id of ids) out.set(id, { visitCount: 0, visitorCount: 0, todayVisitCount: 0, signupCount: 0 });
  for (const v of visits) Object.assign(out.get(v.id)!, { visitCount: v.visits, visitorCount: v.visitors, todayVisitCount: v.today });
  for (const s of signups) out.get(s.id)!.signupCount = s.n;
  return out;
}

function channelView(c: Channel, extra: { targetName?: string; creatorName?: string; stats?: Awaited<ReturnType<typeof statsOf>> extends Map<number, infer S> ? S : never; origin?: string } = {}) {
  const link = channelLink(c);
  return {
    id: c.id,
    channelCode: c.code,
    code: c.code,
    name: c.name,
    channelName: c.name,
    targetType: c.targetType,
    targetTypeName: targetName(c.targetType),
    targetId: c.targetId,
    targetName: extra.targetName ?? "",
    remark: c.remark ?? "",
    status: c.status,
    link,
    url: extra.origin ? `${extra.origin}${link}` : link,
    visitCount: extra.stats?.visitCount ?? 0,
    visitorCount: extra.stats?.visitorCount ?? 0,
    todayVisitCount: extra.stats?.todayVisitCount ?? 0,
    signupCount: extra.stats?.signupCount ?? 0,
    creatorName: extra.creatorName ?? "",
    createTime: c.createdAt.getTime(),
    updateTime: c.updatedAt.getTime(),
  };
}

async function codeTaken(db: DbOrTx, code: string, exceptId?: number) {
  const [hit] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(sql`lower(${channels.code}) = lower(${code})`, exceptId ? ne(channels.id, exceptId) : undefined))
    .limit(1);
  return !!hit;
}

const duplicateCode = (e: unknown): never => {
  if (isUniqueViolation(e)) throw fail(CHANNEL_CODE_TAKEN);
  throw e;
};

/** save: a new channel; its code is unique whatever the case. */
export async function createChannel(db: DbOrTx, adminId: number, input: ChannelInput, origin?: string) {
  if (await codeTaken(db, input.code)) throw fail(CHANNEL_CODE_TAKEN);
  const name = await targetOf(db, input.targetType, input.targetId);
  const [c] = await db
    .insert(channels)
    .values({ code: input.code, name: input.name, targetType: input.targetType, targetId: input.targetId, remark: input.remark ?? null, status: input.status ?? 1, createdBy: adminId })
    .returning()
    .catch(duplicateCode);
  return channelView(c!, { targetName: name, origin });
}

/** update: every field; the code only while no visit has been counted (links already shared keep working). */
export async function updateChannel(db: DbOrTx, input: ChannelUpdateInput, origin?: string) {
  const [current] = await db.select().from(channels).where(eq(channels.id, input.id));
  if (!current) throw notFound(CHANNEL_NOT_FOUND);
  if (current.code !== input.code) {
    const [visited] = await db.select({ id: channelVisits.id }).from(channelVisits).where(eq(channelVisits.channelId, input.id)).limit(1);
    if (visited && current.code.toLowerCase() !== input.code.toLowerCase()) throw fail(CODE_LOCKED);
    if (await codeTaken(db, input.code, input.id)) throw fail(CHANNEL_CODE_TAKEN);
  }
  const name = await targetOf(db, input.targetType, input.targetId);
  const [c] = await db
    .update(channels)
    .set({ code: input.code, name: input.name, targetType: input.targetType, targetId: input.targetId, remark: input.remark ?? null, status: input.status ?? current.status, updatedAt: new Date() })
    .where(eq(channels.id, input.id))
    .returning()
    .catch(duplicateCode);
  return channelView(c!, { targetName: name, origin, stats: (await statsOf(db, [c!.id])).get(c!.id) });
}

/** del: the channel and its visit and sign-up records. */
export async function deleteChannel(db: DbOrTx, id: number) {
  const gone = await db.delete(channels).where(eq(channels.id, id)).returning({ id: channels.id });
  if (!gone.length) throw notFound(CHANNEL_NOT_FOUND);
  return { id, deleted: true };
}

export async function channelDetail(db: DbOrTx, id: number, origin?: string) {
  const [r] = await db.select({ c: channels, creator: users.nick }).from(channels).leftJoin(users, eq(users.id, channels.createdBy)).where(eq(channels.id, id));
  if (!r) throw notFound(CHANNEL_NOT_FOUND);
  const names = await targetNames(db, [r.c]);
  return channelView(r.c, { targetName: names.get(`${r.c.targetType}:${r.c.targetId}`), creatorName: r.creator ?? "", stats: (await statsOf(db, [id])).get(id), origin });
}

/** page: by code or name, target type and status, with each channel's visits and sign-ups. */
export async function pageChannels(db: DbOrTx, input: ChannelPageInput, origin?: string) {
  const kw = input.keyword ? likePattern(input.keyword) : undefined;
  const where = and(
    kw ? or(ilike(channels.code, kw), ilike(channels.name, kw)) : undefined,
    input.targetType ? eq(channels.targetType, input.targetType) : undefined,
    input.status !== undefined ? eq(channels.status, input.status) : undefined,
  );
  const page = await paginate(
    input,
    db.select({ total: count() }).from(channels).where(where),
    db.select({ c: channels, creator: users.nick }).from(channels).leftJoin(users, eq(users.id, channels.createdBy)).where(where).orderBy(desc(channels.createdAt), desc(channels.id)),
  );
  const [names, stats] = await Promise.all([targetNames(db, page.list.map((r) => r.c)), statsOf(db, page.list.map((r) => r.c.id))]);
  return {
    ...page,
    list: page.list.map((r) => channelView(r.c, { targetName: names.get(`${r.c.targetType}:${r.c.targetId}`) ?? "（已删除）", creatorName: r.creator ?? "", stats: stats.get(r.c.id), origin })),
  };
}

/** jump/link: the promotion address of a channel, as a path and as a full URL of this site. */
export async function jumpLink(db: DbOrTx, code: string, origin?: string) {
  const [c] = await db.select().from(channels).where(sql`lower(${channels.code}) = lower(${code})`);
  if (!c) throw notFound(CHANNEL_NOT_FOUND);
  const link = channelLink(c);
  return { channelCode: c.code, channelName: c.name, link, url: origin ? `${origin}${link}` : link, jumpUrl: origin ? `${origin}${link}` : link };
}

// ---- visits and sign-ups ----

/** Today in China time as YYYY-MM-DD. */
const chinaDay = (now: number = Date.now()) => chinaDateKey(now).replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3");

export interface VisitorSource {
  userId?: number | null;
  cookies: Record<string, string>;
  ip: string;
  userAgent: string;
}

const validVisitorId = (v: string | undefined) => (v && /^[a-z0-9]{16,64}$/.test(v) ? v : undefined);

/**
 * Who an anonymous visitor is: the visitor cookie; without one, a hash of the address and browser, which
 * becomes the cookie, so the same browser is one visitor whether or not it kept the cookie.
 */
export function anonymousVisitor(source: VisitorSource) {
  const cookie = validVisitorId(source.cookies[VISITOR_COOKIE]);
  if (cookie) return { id: cookie, fresh: false };
  const id = createHash("sha256").update(`cy-visitor|${source.ip}|${source.userAgent}`).digest("hex").slice(0, 32);
  return { id, fresh: true };
}

export const visitorCookie = (id: string, secure: boolean) =>
  [`${VISITOR_COOKIE}=${id}`, "HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${VISITOR_TTL_S}`, ...(secure ? ["Secure"] : [])].join("; ");

/**
 * promote: counts the visit once per visitor, channel and China-time day (a signed-in visitor by user id,
 * else by visitor id). An unknown channel answers null; a stopped one counts nothing and says so; the page goes on.
 */
export async function recordVisit(db: DbOrTx, code: string, source: VisitorSource, content: { type?: number; objectId?: number }, now = Date.now()) {
  const [c] = await db.select().from(channels).where(sql`lower(${channels.code}) = lower(${code})`);
  // An unknown code answers null, as old clients read "no channel" (their pages carry any ?channel=).
  if (!c) return null;
  const base = { channel: c.code, channelName: c.name, counted: 0 };
  if (c.status !== 1) return { ...base, reason: "推广渠道已停用" };
  const visitorKey = source.userId ? `u:${source.userId}` : `v:${anonymousVisitor(source).id}`;
  const inserted = await db
    .insert(channelVisits)
    .values({ channelId: c.id, day: chinaDay(now), visitorKey, userId: source.userId ?? null, contentType: content.type ?? null, contentId: content.objectId ?? null, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: channelVisits.id });
  return { ...base, counted: inserted.length ? 1 : 0, reason: inserted.length ? "" : "今日已记录" };
}

/**
 * Registration: credits the channel of the visitor's latest visit in the last 30 days, once per learner.
 * Answers the channel id, or null when the learner did not come through one.
 */
export async function creditSignup(db: DbOrTx, userId: number, source: VisitorSource, now = Date.now()) {
  const anon = anonymousVisitor(source);
  const [visit] = await db
    .select({ channelId: channelVisits.channelId, at: channelVisits.createdAt })
    .from(channelVisits)
    .where(and(eq(channelVisits.visitorKey, `v:${anon.id}`), gte(channelVisits.createdAt, new Date(now - SIGNUP_WINDOW_MS))))
    .orderBy(desc(channelVisits.createdAt), desc(channelVisits.id))
    .limit(1);
  if (!visit) return null;
  const credited = await db.insert(channelSignups).values({ userId, channelId: visit.channelId, visitedAt: visit.at, createdAt: new Date(now) }).onConflictDoNothing().returning();
  return credited.length ? visit.channelId : null;
}
