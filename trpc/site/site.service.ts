import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { settings, sites } from "@db/schema";

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

export async function findSite(db: DbOrTx, pathName: string | undefined | null) {
  const name = normalisePathName(pathName);
  const rows = await db.select().from(sites).where(eq(sites.pathName, name)).limit(1);
  const site = rows[0];
  if (!site || site.status !== 1) return null;
  return site;
}

export async function pathPrefix(db: DbOrTx, pathName: string | undefined | null) {
  const site = await findSite(db, pathName);
  return site && site.pathName ? `/${site.pathName}` : "";
}

export async function siteConfig(db: DbOrTx, pathName: string | undefined | null) {
  const site = (await findSite(db, pathName)) ?? (await findSite(db, ""));
  return {
    siteId: site?.id ?? null,
    pathName: site?.pathName ?? "",
    name: site?.name ?? "财云学院",
    ...(site?.config ?? {}),
  };
}
