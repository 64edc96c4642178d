import { and, asc, desc, eq, ilike, inArray, isNull, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, exams, learningPaths, lives, settings, siteContents, sites } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";
import { env } from "@base/env.server";
import { afterCommit } from "@base/after-commit";
import type { SiteExt, SitePage } from "./schemas";
import { registerCache } from "@base/cache-registry";

/** The static-link calls old clients make (learner-front-end.md 7), each answered from a setting. */
export const STATIC_KEYS = [
  "getLink",
  "staticValue",
  "getMutedUserIds",
  "getDisabledCommentCourses",
  "getWhiteListLink",
  "getCourseOnlylecai",
  "liveDetailToLiveSeries",
  "MobileAppQrcode",
  "getAiKeys",
] as const;
export type StaticKey = (typeof STATIC_KEYS)[number];

/** What a key answers before an admin sets it: empty of the right shape. */
const emptyOf: Record<StaticKey, unknown> = {
  getLink: {},
  staticValue: {},
  getMutedUserIds: [],
  getDisabledCommentCourses: [],
  getWhiteListLink: "",
  getCourseOnlylecai: [],
  liveDetailToLiveSeries: [],
  MobileAppQrcode: "",
  getAiKeys: {},
};

export async function staticValue(db: DbOrTx, key: StaticKey) {
  const rows = await db.select().from(settings).where(eq(settings.key, `static.${key}`)).limit(1);
  return rows[0]?.value ?? emptyOf[key];
}

export async function setSetting(db: DbOrTx, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

export function normalisePathName(pathName: string | undefined | null) {
  return (pathName ?? "").trim().replace(/^\/+|\/+$/g, "");
}

type Site = typeof sites.$inferSelect;
const live = isNull(sites.deletedAt);

/** A site by path name, released or not (removed ones are gone). */
export async function siteByPath(db: DbOrTx, pathName: string | undefined | null): Promise<Site | null> {
  const rows = await db.select().from(sites).where(and(eq(sites.pathName, normalisePathName(pathName)), live)).limit(1);
  return rows[0] ?? null;
}

/** A released site by path name: what learners may see. */
export async function findSite(db: DbOrTx, pathName: string | undefined | null) {
  const site = await siteByPath(db, pathName);
  return site && site.status === 1 ? site : null;
}

export async function pathPrefix(db: DbOrTx, pathName: string | undefined | null) {
  const site = await findSite(db, pathName);
  return site && site.pathName ? `/${site.pathName}` : "";
}

/**
 * The config the learner shell follows. An unreleased extra site is shown only to admins (preview); for
 * everyone else it answers the maintenance state, and an unknown path name the main site's config.
 */
export async function siteConfig(db: DbOrTx, pathName: string | undefined | null, opts: { isAdmin?: boolean } = {}) {
  const wanted = normalisePathName(pathName) ? await siteByPath(db, pathName) : null;
  const site = wanted ?? (await findSite(db, ""));
  const hidden = !!wanted && wanted.status !== 1 && !opts.isAdmin;
  return {
    siteId: site?.id ?? null,
    pathName: site?.pathName ?? "",
    name: site?.name ?? "财云学院",
    description: site?.description ?? "",
    /** 1 released; 0 an extra site not yet released (admins preview it, learners get the maintenance page). */
    status: site?.status ?? 1,
    ...(hidden ? {} : (site?.config ?? {})),
  };
}

// ---------- the path prefixes the web server routes ----------

const PREFIX_TTL_MS = 5_000;
/** Per database (tests hold several in one process); a write through this process forgets at once, other processes within the TTL. */
let prefixCache = new WeakMap<object, { at: number; names: Set<string> }>();

/** Path names of the extra sites (released or not), cached a few seconds: the web server asks on every page. */
export async function extraSitePaths(db: DbOrTx): Promise<Set<string>> {
  const cached = prefixCache.get(db);
  if (cached && Date.now() - cached.at < PREFIX_TTL_MS) return cached.names;
  const rows = await db.select({ pathName: sites.pathName }).from(sites).where(and(live, ne(sites.pathName, "")));
  const names = new Set(rows.map((r) => r.pathName));
  prefixCache.set(db, { at: Date.now(), names });
  return names;
}
/**
 * Every database's names, once the write is committed: a back-office write runs in a transaction, whose
 * handle is not the database the web server asks with, and a read before the commit would cache the old list.
 */
const forgetPrefixes = () => {
  prefixCache = new WeakMap();
  afterCommit(() => {
    prefixCache = new WeakMap();
  });
};

registerCache({
  name: "site-paths",
  title: "站点路径前缀",
  description: `各扩展站点的路径名，按数据库连接缓存 ${PREFIX_TTL_MS / 1000} 秒；删除后下一次页面请求重新读取`,
  keys: () => ["*"],
  get: () => ({ key: "*", value: `按数据库连接分别缓存，${PREFIX_TTL_MS / 1000} 秒后自动过期，无法逐项列出` }),
  delete: () => {
    prefixCache = new WeakMap();
    return 1;
  },
});

/** The extra site a page address sits under ("/gdcg/course/center" -> "gdcg"), or "" for the main site. */
export async function sitePathOf(db: DbOrTx, pathname: string): Promise<string> {
  const first = pathname.split("/")[1] ?? "";
  if (!first) return "";
  return (await extraSitePaths(db)).has(first) ? first : "";
}

// ---------- back office (back-office.md 7.16) ----------

function siteUrl(pathName: string, origin: string) {
  return `${origin}/${pathName ? `${pathName}/` : ""}`;
}

const publicOrigin = (requestOrigin: string) => (env().PUBLIC_URL ? new URL(env().PUBLIC_URL!).origin : requestOrigin);

function siteRow(s: Site, origin: string) {
  return {
    id: s.id,
    name: s.name,
    pathName: s.pathName,
    description: s.description,
    status: s.status,
    isMainSite: s.pathName === "" ? 1 : 0,
    contentScope: s.contentScope,
    siteUrl: siteUrl(s.pathName, publicOrigin(origin)),
    releasedAt: s.releasedAt?.getTime() ?? null,
    createdAt: s.createdAt.getTime(),
    updatedAt: s.updatedAt.getTime(),
  };
}

async function loadSite(db: DbOrTx, id: number): Promise<Site> {
  const [s] = await db.select().from(sites).where(and(eq(sites.id, id), live)).limit(1);
  if (!s) throw notFound("站点不存在或已删除");
  return s;
}

export async function pageSites(db: DbOrTx, input: { pageNo: number; pageSize: number; name?: string; status?: 0 | 1 }, origin: string) {
  const conds: SQL[] = [live];
  if (input.name) conds.push(ilike(sites.name, likePattern(input.name)));
  if (input.status !== undefined) conds.push(eq(sites.status, input.status));
  const where = and(...conds);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(sites).where(where),
    db.select().from(sites).where(where).orderBy(asc(sql`${sites.pathName} <> ''`), desc(sites.id)),
  );
  return { ...page, list: page.list.map((s) => siteRow(s, origin)) };
}

/** Every site for pickers (banners, notices, recommendations, search words). */
export async function siteList(db: DbOrTx) {
  const rows = await db.select().from(sites).where(live).orderBy(asc(sql`${sites.pathName} <> ''`), asc(sites.id));
  return rows.map((s) => ({ id: s.id, name: s.name, pathName: s.pathName, status: s.status }));
}

export async function baseDetail(db: DbOrTx, id: number, origin: string) {
  return siteRow(await loadSite(db, id), origin);
}

const PATH_TAKEN = "站点路径已被其他站点使用";

/** A new extra site starts as a draft with account and phone login; the main site's path name never changes. */
export async function saveBase(db: DbOrTx, adminId: number, input: { id?: number; name: string; pathName: string; description?: string }) {
  try {
    if (!input.id) {
      const [row] = await db
        .insert(sites)
        .values({
          name: input.name,
          pathName: input.pathName,
          description: input.description ?? "",
          status: 0,
          createdBy: adminId,
          config: { sitePage: { siteTop: { noticeFunction: 1, searchFunction: 1, siteTopTabList: [] }, siteLogin: { supportMethod: [1, 2], authPlatformInfos: [] } } },
        })
        .returning();
      forgetPrefixes();
      return { id: row!.id };
    }
    const old = await loadSite(db, input.id);
    if (old.pathName === "" && input.pathName !== "") throw fail("主站点的路径不能修改");
    await db.update(sites).set({ name: input.name, pathName: old.pathName === "" ? "" : input.pathName, description: input.description ?? "" }).where(eq(sites.id, old.id));
    forgetPrefixes();
    return { id: old.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(PATH_TAKEN);
    throw e;
  }
}

const configOf = (s: Site) => (s.config ?? {}) as { sitePage?: SitePage; siteExt?: SiteExt } & Record<string, unknown>;

export async function pageConfig(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  return { id: s.id, sitePage: configOf(s).sitePage ?? null };
}

export async function savePageConfig(db: DbOrTx, input: { id: number; sitePage: SitePage }) {
  const s = await loadSite(db, input.id);
  await db.update(sites).set({ config: { ...configOf(s), sitePage: input.sitePage } }).where(eq(sites.id, s.id));
  return { id: s.id };
}

export async function extConfig(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  return { id: s.id, siteExt: configOf(s).siteExt ?? { siteDocumentLink: {} } };
}

export async function saveExtConfig(db: DbOrTx, input: { id: number; siteExt: SiteExt }) {
  const s = await loadSite(db, input.id);
  await db.update(sites).set({ config: { ...configOf(s), siteExt: input.siteExt } }).where(eq(sites.id, s.id));
  return { id: s.id };
}

/** Where sites are reached: this installation's address and how an extra site's address is formed. */
export function domainConfig(origin: string) {
  const base = publicOrigin(origin);
  return { domain: base, mainSiteUrl: `${base}/`, pathPattern: `${base}/{pathName}/`, configured: env().PUBLIC_URL ? 1 : 0 };
}

/** A page config that a learner can actually log in with is needed before anyone is let in. */
export async function release(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  if (!configOf(s).sitePage?.siteLogin?.supportMethod?.length) throw fail("请先完成页面配置（至少一种登录方式）再发布");
  if (s.status === 1) return { id: s.id, status: 1 };
  await db.update(sites).set({ status: 1, releasedAt: new Date() }).where(eq(sites.id, s.id));
  return { id: s.id, status: 1 };
}

export async function cancelRelease(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  if (s.pathName === "") throw fail("主站点不能取消发布");
  await db.update(sites).set({ status: 0 }).where(eq(sites.id, s.id));
  return { id: s.id, status: 0 };
}

/** Removal frees the path name; a released site is taken down first so no learner meets it vanishing. */
export async function removeSite(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  if (s.pathName === "") throw fail("主站点不能删除");
  if (s.status === 1) throw fail("站点已发布，请先取消发布再删除");
  await db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, s.id));
  forgetPrefixes();
  return { id: s.id };
}

/** The address an admin opens to see the site as learners will, with the preview banner and tour. */
export async function previewSite(db: DbOrTx, id: number, origin: string) {
  const s = await loadSite(db, id);
  return { id: s.id, previewUrl: `${siteUrl(s.pathName, publicOrigin(origin))}?ELEARNING_SITE_PREVIEW=1` };
}

// ---------- content a site shows ----------

export async function siteContentsOf(db: DbOrTx, id: number) {
  const s = await loadSite(db, id);
  const rows = await db.select().from(siteContents).where(eq(siteContents.siteId, s.id)).orderBy(asc(siteContents.sort));
  const names = new Map<string, string>();
  const tables = { 1: courses, 2: lives, 3: exams, 4: learningPaths } as const;
  for (const [type, table] of Object.entries(tables)) {
    const ids = rows.filter((r) => r.contentType === Number(type)).map((r) => r.contentId);
    if (!ids.length) continue;
    for (const n of await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids))) names.set(`${type}:${n.id}`, n.name);
  }
  return {
    id: s.id,
    contentScope: s.contentScope,
    contents: rows.map((r) => ({ contentType: r.contentType, contentId: r.contentId, name: names.get(`${r.contentType}:${r.contentId}`) ?? "（内容已删除）" })),
  };
}

export async function saveSiteContents(db: DbOrTx, input: { id: number; contentScope: 0 | 1; contents: { contentType: number; contentId: number }[] }) {
  const s = await loadSite(db, input.id);
  if (s.pathName === "" && input.contentScope === 1) throw fail("主站点展示全部内容，不能指定内容范围");
  const seen = new Set<string>();
  const rows = input.contents.filter((c) => {
    const key = `${c.contentType}:${c.contentId}`;
    return !seen.has(key) && seen.add(key);
  });
  await db.transaction(async (tx) => {
    await tx.update(sites).set({ contentScope: input.contentScope }).where(eq(sites.id, s.id));
    await tx.delete(siteContents).where(eq(siteContents.siteId, s.id));
    if (rows.length) await tx.insert(siteContents).values(rows.map((c, i) => ({ siteId: s.id, contentType: c.contentType, contentId: c.contentId, sort: i })));
  });
  return { id: s.id, contentScope: input.contentScope, count: rows.length };
}

/** A released extra site that lists only chosen content, or null where everything is listed. */
export interface SiteScope {
  siteId: number;
}
export async function contentScopeOf(db: DbOrTx, pathName: string | undefined | null): Promise<SiteScope | null> {
  if (!normalisePathName(pathName)) return null;
  const site = await siteByPath(db, pathName);
  return site && site.contentScope === 1 ? { siteId: site.id } : null;
}

/** The condition a learner list adds for a scoped site: the row's id is among the site's chosen content. */
export function inSiteScope(scope: SiteScope | null | undefined, contentType: 1 | 2 | 3 | 4, idColumn: AnyColumn | SQL): SQL | undefined {
  if (!scope) return undefined;
  return sql`${idColumn} in (select ${siteContents.contentId} from ${siteContents} where ${siteContents.siteId} = ${scope.siteId} and ${siteContents.contentType} = ${contentType})`;
}
