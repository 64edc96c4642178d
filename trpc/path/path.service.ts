import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { idIn, prepared } from "@db/prepared";
import { sideBySide } from "@db/side-by-side";
import type { DbOrTx } from "@db/client";
import {
  CERT_BUSINESS,
  certBindings,
  courses,
  exams,
  learningPathCollections,
  learningPathMembers,
  learningPathNodeVisits,
  learningPathNodes,
  learningPathSections,
  learningPaths,
  lives,
  NODE_CONTENT,
  NODE_UNLOCK,
  userCerts,
} from "@db/schema";
import { AppError, fail, LegacyCode, notFound } from "@base/errors";
import { groupBy } from "@base/group";
import { pageOfArray, paginate, type PageRequest } from "@base/paging";
import { formatDateTime } from "@base/format";
import { likePattern } from "@base/sql";
import { isOpenTo, userScope } from "../org/membership";
import { inSiteScope, type SiteScope } from "../site/site.service";
import { issueCertificate } from "../cert/issue.service";
import { userCourseOf } from "../course/access.service";
import { joinCourse } from "../course/enrol.service";
import { mediaUrl } from "../course/view";
import { isBoughtPlace, openMapContent } from "../order/goods.service";
import { isPaid, priceView } from "@base/price";
import { contentProgress, progressOf, type ContentProgress } from "./progress.service";

export type LearningPath = typeof learningPaths.$inferSelect;
type NodeRow = typeof learningPathNodes.$inferSelect;
type SectionRow = typeof learningPathSections.$inferSelect;

export const PATH_GONE = "学习地图不存在或已下架";
export const PATH_NOT_OPEN = "该学习地图未对您开放";
export const PATH_NOT_BOUGHT = "该学习地图为付费内容，请先购买后学习";
export const LOCKED_PREVIOUS = "完成上一节内容才能解锁";
export const LOCKED_DATE = "未到学习时间";
export const NODE_GONE = "学习节点不存在或已删除";

/** A node's button (the spec's buttonType): 3 and 4 are the two locks. */
export const BUTTON = { start: 0, continue: 1, review: 2, lockedPrevious: 3, lockedDate: 4 } as const;
const BUTTON_TEXT: Record<number, string> = { 0: "开始学习", 1: "继续学习", 2: "已完成", 3: "未解锁", 4: "未开始" };
/** Node status: -1 locked, 0 not started, 1 in progress, 2 completed. */
const STATUS_TEXT: Record<number, string> = { [-1]: "未解锁", 0: "未开始", 1: "学习中", 2: "已完成" };
const CONTENT_NAMES: Record<number, string> = { 0: "外部链接", 1: "课程", 2: "直播", 3: "考试", 4: "证书" };

export interface Viewer {
  id: number;
  isAdmin: number;
}

/** The content a node points at: its name, cover and whether it still exists and is shown to learners. */
export interface NodeContent {
  name: string;
  coverUrl: string;
  available: boolean;
  startTime: number | null;
  endTime: number | null;
}

/** A map learners may open: online and not deleted (admins also see offline ones, for preview). */
export async function visiblePath(db: DbOrTx, id: number, viewer: Viewer | null) {
  const [p] = await db
    .select()
    .from(learningPaths)
    .where(and(eq(learningPaths.id, id), isNull(learningPaths.deletedAt)))
    .limit(1);
  if (!p || (p.status !== 1 && viewer?.isAdmin !== 1)) throw notFound(PATH_GONE);
  return p;
}

export async function sectionsAndNodes(db: DbOrTx, pathId: number) {
  const sections = await db.select().from(learningPathSections).where(eq(learningPathSections.pathId, pathId)).orderBy(asc(learningPathSections.sort), asc(learningPathSections.id));
  const order = new Map(sections.map((s, i) => [s.id, i]));
  const nodes = (await db.select().from(learningPathNodes).where(eq(learningPathNodes.pathId, pathId)))
    .filter((n) => order.has(n.sectionId))
    .sort((a, b) => order.get(a.sectionId)! - order.get(b.sectionId)! || a.sort - b.sort || a.id - b.id);
  return { sections, nodes };
}

/** Names and covers of the nodes' courses, lives and exams, one query per kind. */
export async function nodeContents(db: DbOrTx, nodes: readonly Pick<NodeRow, "contentType" | "contentId">[]) {
  const ids = (t: number) => [...new Set(nodes.filter((n) => n.contentType === t && n.contentId).map((n) => n.contentId!))];
  const out = new Map<string, NodeContent>();
  const c = ids(NODE_CONTENT.course);
  if (c.length)
    for (const r of await db.select({ id: courses.id, name: courses.name, cover: courses.coverUrl, status: courses.status, del: courses.deletedAt }).from(courses).where(inArray(courses.id, c)))
      out.set(`1:${r.id}`, { name: r.name, coverUrl: mediaUrl(r.cover), available: !r.del && r.status === 1, startTime: null, endTime: null });
  const l = ids(NODE_CONTENT.live);
  if (l.length)
    for (const r of await db.select({ id: lives.id, name: lives.name, cover: lives.coverUrl, status: lives.status, del: lives.deletedAt, start: lives.startTime, end: lives.endTime }).from(lives).where(inArray(lives.id, l)))
      out.set(`2:${r.id}`, { name: r.name, coverUrl: mediaUrl(r.cover), available: !r.del && r.status === 1, startTime: r.start.getTime(), endTime: r.end.getTime() });
  const e = ids(NODE_CONTENT.exam);
  if (e.length)
    for (const r of await db.select({ id: exams.id, name: exams.name, cover: exams.coverUrl, status: exams.status, del: exams.deletedAt, start: exams.startTime, end: exams.endTime }).from(exams).where(inArray(exams.id, e)))
      out.set(`3:${r.id}`, { name: r.name, coverUrl: mediaUrl(r.cover), available: !r.del && r.status === 1, startTime: r.start.getTime(), endTime: r.end.getTime() });
  return out;
}

/** Where a node's content opens for a learner of the map (learningPathId rides along). */
export function contentUrl(n: Pick<NodeRow, "contentType" | "contentId" | "linkUrl" | "isExamJump" | "pathId">, userCertId: number | null) {
  const p = `learningPathId=${n.pathId}`;
  switch (n.contentType) {
    case NODE_CONTENT.link:
      return n.linkUrl ?? "";
    case NODE_CONTENT.course:
      return `/study/platform?id=${n.contentId}&${p}`;
    case NODE_CONTENT.live:
      return `/live/detail?roomId=${n.contentId}&${p}`;
    case NODE_CONTENT.exam:
      return n.isExamJump ? `/exam/detail?id=${n.contentId}&${p}` : `/exam/result?id=${n.contentId}&${p}`;
    default:
      return userCertId ? `/certificate/view?id=${userCertId}` : "";
  }
}

export interface NodeState {
  node: NodeRow;
  status: -1 | 0 | 1 | 2;
  buttonType: number;
  rate: number;
}

/**
 * Each node's state for a learner (null: a visitor), in map order. A node is completed from the
 * learner's real progress in its content (course completed, live watched, exam passed), a link by its
 * first visit, the certificate once issued; completion stands whatever the lock. Otherwise a node is
 * locked (-1) while the node before it is not completed (unlock in order; buttonType 3) or before its
 * date (buttonType 4); the certificate node waits for every other node.
 */
export async function nodeStates(db: DbOrTx, userId: number | null, nodes: readonly NodeRow[], now = new Date()) {
  const progress = userId ? await contentProgress(db, userId, nodes) : new Map<string, ContentProgress>();
  const visited = new Set<number>();
  let cert: { id: number } | undefined;
  if (userId && nodes.length) {
    for (const v of await db
      .select({ nodeId: learningPathNodeVisits.nodeId })
      .from(learningPathNodeVisits)
      .where(and(eq(learningPathNodeVisits.userId, userId), inArray(learningPathNodeVisits.nodeId, nodes.map((n) => n.id)))))
      visited.add(v.nodeId);
    [cert] = await db
      .select({ id: userCerts.id })
      .from(userCerts)
      .where(and(eq(userCerts.userId, userId), eq(userCerts.businessType, CERT_BUSINESS.map), eq(userCerts.businessId, nodes[0]!.pathId), isNull(userCerts.revokedAt)))
      .limit(1);
  }
  const states: NodeState[] = [];
  let previousDone = true;
  let othersDone = true;
  for (const n of nodes) {
    let rate = 0;
    let started = false;
    if (n.contentType === NODE_CONTENT.link) {
      started = visited.has(n.id);
      rate = started ? 100 : 0;
    } else if (n.contentType === NODE_CONTENT.cert) {
      rate = cert ? 100 : 0;
    } else {
      const p = progressOf(progress, n.contentType, n.contentId);
      rate = p.rate;
      started = p.started || visited.has(n.id);
    }
    const done = rate >= 100;
    let status: NodeState["status"];
    let buttonType: number;
    if (done) {
      status = 2;
      buttonType = BUTTON.review;
    } else if (n.contentType === NODE_CONTENT.cert ? !othersDone : n.unlockType === NODE_UNLOCK.inOrder && !previousDone) {
      status = -1;
      buttonType = BUTTON.lockedPrevious;
    } else if (n.unlockType === NODE_UNLOCK.byDate && n.unlockAt && n.unlockAt.getTime() > now.getTime()) {
      status = -1;
      buttonType = BUTTON.lockedDate;
    } else if (started) {
      status = 1;
      buttonType = BUTTON.continue;
    } else {
      status = 0;
      buttonType = BUTTON.start;
    }
    states.push({ node: n, status, buttonType, rate });
    previousDone = done;
    if (n.contentType !== NODE_CONTENT.cert && !done) othersDone = false;
  }
  return { states, userCertId: cert?.id ?? null, allDone: othersDone };
}

/** Completed nodes over all nodes, 0-100 (the certificate node counts like the others). */
export const progressPercent = (states: readonly NodeState[]) => (states.length ? Math.floor((states.filter((s) => s.status === 2).length * 100) / states.length) : 0);

/** `mayEnter`: whether the viewer may join the map; a link node's URL is the content itself, so outsiders get none. */
export function nodeView(s: NodeState, content: NodeContent | undefined, section: SectionRow | undefined, userCertId: number | null, mayEnter: boolean, unlockAtText?: string) {
  const n = s.node;
  const name = content?.name ?? (n.contentType === NODE_CONTENT.cert ? "结业证书" : n.contentType === NODE_CONTENT.link ? n.nodeName : "内容已下架");
  return {
    id: n.id,
    learningPathNodeId: n.id,
    learningPathId: n.pathId,
    sectionId: n.sectionId,
    sectionName: section?.title ?? "",
    nodeName: n.nodeName,
    coverUrl: mediaUrl(n.coverUrl) || content?.coverUrl || "",
    status: s.status,
    statusName: STATUS_TEXT[s.status],
    buttonType: s.buttonType,
    buttonName: BUTTON_TEXT[s.buttonType],
    lockTip: s.buttonType === BUTTON.lockedPrevious ? LOCKED_PREVIOUS : s.buttonType === BUTTON.lockedDate ? (unlockAtText ? `${LOCKED_DATE}，${unlockAtText}开放` : LOCKED_DATE) : "",
    rate: s.rate,
    relationContentType: n.contentType,
    relationContentTypeName: CONTENT_NAMES[n.contentType] ?? "",
    relationContentId: n.contentId,
    relationContentName: name,
    // Course, live, exam and certificate addresses are pages that apply their own rules; a link is not.
    relationContentLinkUrl: s.status === -1 || (n.contentType === NODE_CONTENT.link && !mayEnter) ? "" : contentUrl(n, userCertId),
    contentAvailable: n.contentType === NODE_CONTENT.link || n.contentType === NODE_CONTENT.cert ? 1 : content?.available ? 1 : 0,
    isExamJump: n.isExamJump,
    unlockType: n.unlockType,
    unlockTime: n.unlockAt ? n.unlockAt.getTime() : null,
    contentStartTime: content?.startTime ?? null,
    contentEndTime: content?.endTime ?? null,
  };
}

async function memberOf(db: DbOrTx, pathId: number, userId: number) {
  const [m] = await db
    .select()
    .from(learningPathMembers)
    .where(and(eq(learningPathMembers.pathId, pathId), eq(learningPathMembers.userId, userId)))
    .limit(1);
  return m ?? null;
}

async function templateOf(db: DbOrTx, pathId: number) {
  const [b] = await db.select({ templateId: certBindings.templateId }).from(certBindings).where(and(eq(certBindings.businessType, CERT_BUSINESS.map), eq(certBindings.businessId, pathId)));
  return b?.templateId ?? null;
}

/**
 * Records the learner's progress on the map and, when every node but the certificate is completed,
 * marks the map completed and issues its certificate (once: the certificates domain's one issue
 * function, in this transaction). Returns the states after it.
 */
export async function settleMember(db: DbOrTx, path: LearningPath, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const { nodes } = await sectionsAndNodes(tx, path.id);
    let result = await nodeStates(tx, userId, nodes, now);
    const [m] = await tx
      .select()
      .from(learningPathMembers)
      .where(and(eq(learningPathMembers.pathId, path.id), eq(learningPathMembers.userId, userId)))
      .for("update");
    if (!m) return result;
    const hasContent = nodes.some((n) => n.contentType !== NODE_CONTENT.cert);
    if (result.allDone && hasContent && !result.userCertId) {
      const issued = await issueCertificate(tx, { userId, businessType: CERT_BUSINESS.map, businessId: path.id, contentName: path.name });
      if (issued?.created) result = await nodeStates(tx, userId, nodes, now);
    }
    const progress = progressPercent(result.states);
    const completedAt = m.completedAt ?? (result.allDone && hasContent ? now : null);
    if (progress !== m.progress || completedAt !== m.completedAt) await tx.update(learningPathMembers).set({ progress, completedAt }).where(eq(learningPathMembers.id, m.id));
    return result;
  });
}

/** Maps holding this content where the learner is a member: settle each (a course completed, an exam passed). */
export async function settleMapsWithContent(tx: DbOrTx, userId: number, contentType: number, contentId: number) {
  await settleMapsWithContentAll(tx, [userId], contentType, contentId);
}

/** The same for several learners completing one content in one transaction: one read, then each learner's maps beside the others'. */
export async function settleMapsWithContentAll(tx: DbOrTx, userIds: number[], contentType: number, contentId: number) {
  if (!userIds.length) return;
  // Prepared (one text whatever the number of learners): sent with a closing transaction's writes.
  const rows = await prepared(tx, "path_maps_with_content", (t) =>
    t
      .selectDistinct({ p: learningPaths, userId: learningPathMembers.userId })
      .from(learningPathNodes)
      .innerJoin(learningPaths, eq(learningPaths.id, learningPathNodes.pathId))
      .innerJoin(learningPathMembers, and(eq(learningPathMembers.pathId, learningPaths.id), idIn(learningPathMembers.userId, "users")))
      .where(
        and(
          eq(learningPathNodes.contentType, sql.placeholder("contentType")),
          eq(learningPathNodes.contentId, sql.placeholder("contentId")),
          isNull(learningPaths.deletedAt),
          eq(learningPaths.status, 1),
        ),
      )
      .prepare("path_maps_with_content"),
  ).execute({ users: userIds.join(","), contentType, contentId });
  // Each learner's chain ends before a failure is thrown, so none sends after the transaction's rollback.
  await sideBySide(
    [...groupBy(rows, (r) => r.userId)].map(async ([userId, paths]) => {
      for (const { p } of paths) await settleMember(tx, p, userId);
    }),
  );
}

function pathCard(p: LearningPath, extra: { nodeNum?: number; joinNum?: number } = {}) {
  return {
    id: p.id,
    learningPathId: p.id,
    name: p.name,
    coverUrl: mediaUrl(p.coverUrl),
    description: p.description,
    contentType: 4,
    ...priceView(p),
    learnHour: p.learnHour,
    nodeNum: extra.nodeNum ?? 0,
    joinNum: extra.joinNum ?? 0,
    isCheckIn: p.checkInEnabled,
    checkInStartTime: p.checkInStart ? p.checkInStart.getTime() : null,
    checkInEndTime: p.checkInEnd ? p.checkInEnd.getTime() : null,
    detailUrl: `/map/detail?id=${p.id}`,
  };
}

async function joinCount(db: DbOrTx, pathId: number) {
  const [r] = await db.select({ n: count() }).from(learningPathMembers).where(eq(learningPathMembers.pathId, pathId));
  return r?.n ?? 0;
}

/** The open-range refusal (code 102, as for courses), or null. */
async function rangeRefusal(db: DbOrTx, p: LearningPath, userId: number) {
  if (isOpenTo(p.openRange, await userScope(db, userId))) return null;
  return new AppError(LegacyCode.noOpenPermission, PATH_NOT_OPEN);
}

/** Why the learner may not join the map (outside its range 102, a sold map not bought 106), or null; members are not asked. */
async function joinRefusal(db: DbOrTx, p: LearningPath, userId: number) {
  return (await rangeRefusal(db, p, userId)) ?? (isPaid(p) ? new AppError(LegacyCode.noStudyPermission, PATH_NOT_BOUGHT) : null);
}

/** The map page (detail): the map, the learner's progress and place, certificate and collection. */
export async function pathDetail(db: DbOrTx, viewer: Viewer | null, id: number, now = new Date()) {
  const p = await visiblePath(db, id, viewer);
  const member = viewer ? await memberOf(db, p.id, viewer.id) : null;
  const result = member ? await settleMember(db, p, viewer!.id, now) : await nodeStates(db, viewer?.id ?? null, (await sectionsAndNodes(db, p.id)).nodes, now);
  const states = result.states;
  const current = states.find((s) => s.status !== 2 && s.status !== -1) ?? states.find((s) => s.status !== 2) ?? states.at(-1);
  const [collected] = viewer
    ? await db.select({ u: learningPathCollections.userId }).from(learningPathCollections).where(and(eq(learningPathCollections.userId, viewer.id), eq(learningPathCollections.pathId, p.id)))
    : [];
  const refusal = viewer && !member ? await rangeRefusal(db, p, viewer.id) : null;
  return {
    ...pathCard(p, { nodeNum: states.length, joinNum: await joinCount(db, p.id) }),
    status: p.status,
    progress: progressPercent(states),
    completedNodeNum: states.filter((s) => s.status === 2).length,
    isJoin: member ? 1 : 0,
    /** 1 when the learner holds a place on a sold map (free maps answer 1). */
    isBuy: isPaid(p) ? (member ? 1 : 0) : 1,
    isOpen: refusal ? 0 : 1,
    isCollect: collected ? 1 : 0,
    isComplete: member?.completedAt || result.allDone ? 1 : 0,
    completeTime: member?.completedAt ? member.completedAt.getTime() : null,
    currentNodeId: current?.node.id ?? null,
    certTemplateId: await templateOf(db, p.id),
    userCertId: result.userCertId,
    currentTime: now.getTime(),
  };
}

/** The node carousel: every node with its state, in map order, with the section titles. */
export async function pathNodeList(db: DbOrTx, viewer: Viewer | null, id: number, now = new Date()) {
  const p = await visiblePath(db, id, viewer);
  const { sections, nodes } = await sectionsAndNodes(db, p.id);
  const member = viewer ? await memberOf(db, p.id, viewer.id) : null;
  const result = member ? await settleMember(db, p, viewer!.id, now) : await nodeStates(db, viewer?.id ?? null, nodes, now);
  // Outsiders may see the map (decision 026) but not what only entering it opens.
  const mayEnter = member !== null || (viewer !== null && !(await joinRefusal(db, p, viewer.id)));
  const contents = await nodeContents(db, nodes);
  const bySection = new Map(sections.map((s) => [s.id, s]));
  const list = result.states.map((s) => nodeView(s, contents.get(`${s.node.contentType}:${s.node.contentId}`), bySection.get(s.node.sectionId), result.userCertId, mayEnter, s.node.unlockAt ? formatDateTime(s.node.unlockAt.getTime()) : undefined));
  const currentIndex = Math.max(0, list.findIndex((n) => n.status !== 2 && n.status !== -1));
  return {
    id: p.id,
    learningPathId: p.id,
    name: p.name,
    total: list.length,
    currentIndex: list.every((n) => n.status === 2) ? Math.max(0, list.length - 1) : currentIndex,
    sections: sections.map((s) => ({ id: s.id, title: s.title, nodeNum: list.filter((n) => n.sectionId === s.id).length })),
    list,
  };
}


/**
 * Joins the learner to the map (entry); refused outside its open range (102) and, for a sold map, without
 * buying or redeeming it (106). Joining twice is harmless.
 */
export async function enterPath(db: DbOrTx, viewer: Viewer, id: number) {
  const p = await visiblePath(db, id, viewer);
  if (!(await memberOf(db, p.id, viewer.id))) {
    const refusal = await joinRefusal(db, p, viewer.id);
    if (refusal) throw refusal;
    await db.insert(learningPathMembers).values({ pathId: p.id, userId: viewer.id, source: "entry" }).onConflictDoNothing();
  }
  return { success: true, learningPathId: p.id, isJoin: 1 };
}

/** A bought or redeemed place on a sold map opens the map's sold courses and lives (content added since too). */
async function openBoughtContent(db: DbOrTx, p: LearningPath, userId: number) {
  if (!isPaid(p)) return;
  const member = await memberOf(db, p.id, userId);
  if (member && isBoughtPlace(member.source)) await openMapContent(db, userId, p.id);
}

/**
 * A click on a node (entry/node): joins the map if needed, refuses a locked node with its reason,
 * records the visit (a link node is then completed) and answers where the content opens.
 */
export async function enterNode(db: DbOrTx, viewer: Viewer, nodeId: number, now = new Date()) {
  const [n] = await db.select().from(learningPathNodes).where(eq(learningPathNodes.id, nodeId)).limit(1);
  if (!n) throw notFound(NODE_GONE);
  const p = await visiblePath(db, n.pathId, viewer);
  await enterPath(db, viewer, p.id);
  const { nodes } = await sectionsAndNodes(db, p.id);
  const before = await nodeStates(db, viewer.id, nodes, now);
  const s = before.states.find((x) => x.node.id === n.id);
  if (!s) throw notFound(NODE_GONE);
  if (s.buttonType === BUTTON.lockedPrevious) throw fail(LOCKED_PREVIOUS);
  if (s.buttonType === BUTTON.lockedDate) throw fail(LOCKED_DATE);
  if (n.contentType === NODE_CONTENT.cert && !before.userCertId) throw fail("完成全部学习内容后即可获得证书");
  await db
    .insert(learningPathNodeVisits)
    .values({ userId: viewer.id, nodeId: n.id, lastAt: now })
    .onConflictDoUpdate({ target: [learningPathNodeVisits.userId, learningPathNodeVisits.nodeId], set: { visits: sql`${learningPathNodeVisits.visits} + 1`, lastAt: now } });
  await db
    .update(learningPathMembers)
    .set({ lastNodeId: n.id, lastVisitAt: now })
    .where(and(eq(learningPathMembers.pathId, p.id), eq(learningPathMembers.userId, viewer.id)));
  if (n.contentType === NODE_CONTENT.course || n.contentType === NODE_CONTENT.live) await openBoughtContent(db, p, viewer.id);
  const after = await settleMember(db, p, viewer.id, now);
  let url = contentUrl(n, after.userCertId);
  if (n.contentType === NODE_CONTENT.course && n.contentId && !(await userCourseOf(db, viewer.id, n.contentId))) {
    // Starting a course node joins a free course open to the learner; otherwise its detail page says
    // what is missing (payment, real name, open range).
    try {
      await joinCourse(db, viewer, n.contentId);
    } catch {
      url = `/course/detail?id=${n.contentId}&learningPathId=${p.id}`;
    }
  }
  return {
    success: true,
    learningPathId: p.id,
    learningPathNodeId: n.id,
    relationContentType: n.contentType,
    relationContentId: n.contentId,
    relationContentLinkUrl: url,
    isExamJump: n.isExamJump,
  };
}

/** Collects or un-collects a map (user/collection): isCollect 1/0, or a toggle when omitted. */
export async function collectPath(db: DbOrTx, viewer: Viewer, id: number, isCollect?: number) {
  const p = await visiblePath(db, id, viewer);
  const key = and(eq(learningPathCollections.userId, viewer.id), eq(learningPathCollections.pathId, p.id));
  const [had] = await db.select({ u: learningPathCollections.userId }).from(learningPathCollections).where(key);
  const want = isCollect === undefined ? !had : isCollect === 1;
  if (want) await db.insert(learningPathCollections).values({ userId: viewer.id, pathId: p.id }).onConflictDoNothing();
  else await db.delete(learningPathCollections).where(key);
  return { success: true, learningPathId: p.id, isCollect: want ? 1 : 0 };
}

/** The learner's maps (user/learn/list), most recently visited first; status 1 in progress, 2 completed. */
export async function myPaths(db: DbOrTx, userId: number, input: PageRequest & { status?: number }) {
  const conds: SQL[] = [eq(learningPathMembers.userId, userId), isNull(learningPaths.deletedAt), eq(learningPaths.status, 1)];
  if (input.status === 1) conds.push(isNull(learningPathMembers.completedAt));
  if (input.status === 2) conds.push(sql`${learningPathMembers.completedAt} is not null`);
  const where = and(...conds);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(learningPathMembers).innerJoin(learningPaths, eq(learningPaths.id, learningPathMembers.pathId)).where(where),
    db
      .select({ p: learningPaths, m: learningPathMembers })
      .from(learningPathMembers)
      .innerJoin(learningPaths, eq(learningPaths.id, learningPathMembers.pathId))
      .where(where)
      .orderBy(sql`${learningPathMembers.lastVisitAt} desc nulls last`, desc(learningPathMembers.joinedAt), desc(learningPathMembers.id)),
  );
  const nodeNums = await nodeCounts(db, page.list.map((r) => r.p.id));
  return {
    ...page,
    list: page.list.map((r) => ({
      ...pathCard(r.p, { nodeNum: nodeNums.get(r.p.id) ?? 0 }),
      progress: r.m.progress,
      isComplete: r.m.completedAt ? 1 : 0,
      completeTime: r.m.completedAt ? r.m.completedAt.getTime() : null,
      joinTime: r.m.joinedAt.getTime(),
      lastVisitTime: r.m.lastVisitAt ? r.m.lastVisitAt.getTime() : null,
    })),
  };
}

/** The learner's collected maps, newest first. */
export async function collectedPaths(db: DbOrTx, userId: number, input: PageRequest) {
  const where = and(eq(learningPathCollections.userId, userId), isNull(learningPaths.deletedAt));
  const page = await paginate(
    input,
    db.select({ total: count() }).from(learningPathCollections).innerJoin(learningPaths, eq(learningPaths.id, learningPathCollections.pathId)).where(where),
    db.select({ p: learningPaths, at: learningPathCollections.createdAt }).from(learningPathCollections).innerJoin(learningPaths, eq(learningPaths.id, learningPathCollections.pathId)).where(where).orderBy(desc(learningPathCollections.createdAt)),
  );
  const nodeNums = await nodeCounts(db, page.list.map((r) => r.p.id));
  return { ...page, list: page.list.map((r) => ({ ...pathCard(r.p, { nodeNum: nodeNums.get(r.p.id) ?? 0 }), collectTime: r.at.getTime(), available: r.p.status === 1 ? 1 : 0 })) };
}

export async function nodeCounts(db: DbOrTx, pathIds: number[]) {
  if (!pathIds.length) return new Map<number, number>();
  const rows = await db.select({ id: learningPathNodes.pathId, n: count() }).from(learningPathNodes).where(inArray(learningPathNodes.pathId, pathIds)).groupBy(learningPathNodes.pathId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/**
 * Online maps open to the learner (visitors: open to all), for the home page, search and the personal centre;
 * an extra site that lists chosen content lists only its maps.
 */
export async function openPaths(db: DbOrTx, userId: number | null, input: PageRequest & { keyword?: string }, siteScope?: SiteScope | null) {
  const conds: SQL[] = [isNull(learningPaths.deletedAt), eq(learningPaths.status, 1)];
  if (input.keyword) conds.push(ilike(learningPaths.name, likePattern(input.keyword)));
  const scoped = inSiteScope(siteScope, 4, learningPaths.id);
  if (scoped) conds.push(scoped);
  const all = await db.select().from(learningPaths).where(and(...conds)).orderBy(asc(learningPaths.sort), desc(learningPaths.id));
  const scope = userId ? await userScope(db, userId) : null;
  const open = all.filter((p) => (scope ? isOpenTo(p.openRange, scope) : p.openRange.length === 0));
  const page = pageOfArray(open, input);
  const slice = page.list;
  const nodeNums = await nodeCounts(db, slice.map((p) => p.id));
  const joins = slice.length
    ? new Map((await db.select({ id: learningPathMembers.pathId, n: count() }).from(learningPathMembers).where(inArray(learningPathMembers.pathId, slice.map((p) => p.id))).groupBy(learningPathMembers.pathId)).map((r) => [r.id, Number(r.n)]))
    : new Map<number, number>();
  return { ...page, list: slice.map((p) => pathCard(p, { nodeNum: nodeNums.get(p.id) ?? 0, joinNum: joins.get(p.id) ?? 0 })) };
}
