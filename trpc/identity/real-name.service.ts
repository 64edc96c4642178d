// When a business asks for real name first (learner-front-end.md 2 "Real-name confirmation modal", 6;
// docs/decisions/003-real-name-and-platforms.md).
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, lives, settings, users } from "@db/schema";
import { BUSINESS_TYPE, identityFormHref, REAL_NAME_TEXT, REAL_NAME_TITLE, type BusinessType } from "@base/real-name";
import { visibleCourse } from "../course/access.service";
import { AppError, badInput, LegacyCode, notFound } from "@base/errors";
import { loadExam } from "../exam/access";
import { setSetting } from "../site/site.service";

export const REAL_NAME_RULE_KEY = "identity.realNameRule";

/** Site-wide switches (every course / every live) plus single courses and lives that ask for it. */
export interface RealNameRule {
  course: 0 | 1;
  live: 0 | 1;
  courseIds: number[];
  liveIds: number[];
}
export const DEFAULT_REAL_NAME_RULE: RealNameRule = { course: 0, live: 0, courseIds: [], liveIds: [] };

const ids = (v: unknown) => (Array.isArray(v) ? [...new Set(v.map(Number).filter((n) => Number.isInteger(n) && n > 0))] : []);
const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);

export async function realNameRule(db: DbOrTx): Promise<RealNameRule> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, REAL_NAME_RULE_KEY)).limit(1);
  const v = (row?.value ?? {}) as Record<string, unknown>;
  return { course: flag(v.course), live: flag(v.live), courseIds: ids(v.courseIds), liveIds: ids(v.liveIds) };
}

export async function saveRealNameRule(db: DbOrTx, input: Partial<RealNameRule>) {
  const current = await realNameRule(db);
  const next: RealNameRule = {
    course: input.course ?? current.course,
    live: input.live ?? current.live,
    courseIds: input.courseIds ? ids(input.courseIds) : current.courseIds,
    liveIds: input.liveIds ? ids(input.liveIds) : current.liveIds,
  };
  // A listed id must name content that exists, or the rule would silently protect nothing.
  const known = await realNameTargets(db, next);
  const missingCourse = next.courseIds.find((id) => !known.courses.some((c) => c.id === id));
  if (missingCourse) throw badInput(`课程ID ${missingCourse} 不存在或已删除`);
  const missingLive = next.liveIds.find((id) => !known.lives.some((l) => l.id === id));
  if (missingLive) throw badInput(`直播ID ${missingLive} 不存在或已删除`);
  await setSetting(db, REAL_NAME_RULE_KEY, next);
  return next;
}

/** Names of the courses and lives a rule lists (content deleted since is left out), in the rule's order. */
export async function realNameTargets(db: DbOrTx, rule?: Pick<RealNameRule, "courseIds" | "liveIds">) {
  const r = rule ?? (await realNameRule(db));
  const [courseRows, liveRows] = await Promise.all([
    r.courseIds.length ? db.select({ id: courses.id, name: courses.name }).from(courses).where(and(inArray(courses.id, r.courseIds), isNull(courses.deletedAt))) : [],
    r.liveIds.length ? db.select({ id: lives.id, name: lives.name }).from(lives).where(and(inArray(lives.id, r.liveIds), isNull(lives.deletedAt))) : [],
  ]);
  const inOrder = <T extends { id: number }>(order: number[], rows: T[]) => order.flatMap((id) => rows.filter((x) => x.id === id));
  return { courses: inOrder(r.courseIds, courseRows), lives: inOrder(r.liveIds, liveRows) };
}

/**
 * Whether this business asks for real name. Unknown or removed content answers its domain's
 * not-found message; an exam asks for it exactly when face verification is on.
 */
export async function businessRequiresRealName(db: DbOrTx, type: BusinessType, id: number, viewer: { id: number; isAdmin: number }) {
  if (type === BUSINESS_TYPE.exam) return (await loadExam(db, id)).isFaceVerify === 1;
  if (type === BUSINESS_TYPE.course) {
    await visibleCourse(db, id, viewer);
    const rule = await realNameRule(db);
    return rule.course === 1 || rule.courseIds.includes(id);
  }
  if (type === BUSINESS_TYPE.live) {
    // Read here rather than through the live service, which itself asks this rule before a reservation.
    const [live] = await db.select({ status: lives.status }).from(lives).where(and(eq(lives.id, id), isNull(lives.deletedAt))).limit(1);
    if (!live || (live.status !== 1 && viewer.isAdmin !== 1)) throw notFound("直播不存在或已下线");
    const rule = await realNameRule(db);
    return rule.live === 1 || rule.liveIds.includes(id);
  }
  throw badInput("学习地图暂不支持实名校验");
}

export async function isAuthenticated(db: DbOrTx, userId: number) {
  const [user] = await db.select({ source: users.identitySource }).from(users).where(eq(users.id, userId)).limit(1);
  return [1, 2, 3].includes(user?.source ?? 0);
}

/**
 * checkNeedAuth: with a business, whether it asks for real name and the learner lacks it;
 * without one, simply whether the learner still has to authenticate.
 */
export async function checkNeedAuth(
  db: DbOrTx,
  viewer: { id: number; isAdmin: number },
  business: { checkBusinessType?: BusinessType; checkBusinessId?: number } = {},
) {
  const { checkBusinessType: type, checkBusinessId: id } = business;
  const required = type !== undefined && id !== undefined ? await businessRequiresRealName(db, type, id, viewer) : true;
  const isAuth = await isAuthenticated(db, viewer.id);
  return { isNeedAuth: required && !isAuth ? 1 : 0, isAuth: isAuth ? 1 : 0, isRequired: required ? 1 : 0 };
}

/**
 * The server side of the modal: refuses with 108, whose JSON message old clients show as a dialog
 * whose 立即前往 opens the identity form and comes back to `from`.
 */
export async function assertRealName(db: DbOrTx, viewer: { id: number; isAdmin: number }, type: BusinessType, id: number, from: string) {
  const { isNeedAuth } = await checkNeedAuth(db, viewer, { checkBusinessType: type, checkBusinessId: id });
  if (isNeedAuth !== 1) return;
  throw new AppError(LegacyCode.jsonDialog, JSON.stringify({ title: REAL_NAME_TITLE, content: REAL_NAME_TEXT, jumpUrl: identityFormHref(from) }));
}
