import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import {
  CERT_BUSINESS,
  certBindings,
  certTemplates,
  courses,
  exams,
  learningPathMembers,
  learningPathNodes,
  learningPathSections,
  learningPaths,
  lives,
  NODE_CONTENT,
  users,
} from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import { paginate, type PageRequest } from "@base/paging";
import { likePattern } from "@base/sql";
import { copyName } from "@base/copy-name";
import { formatDateTime, maskMobile } from "@base/format";
import { toXlsx } from "@base/xlsx";
import { bind, unbind } from "../cert/template.service";
import { mediaUrl } from "../course/view";
import { nodeContents, nodeCounts, nodeStates, progressPercent, sectionsAndNodes, type LearningPath } from "./path.service";
import type { NodeConfigInput, PathInput } from "./schemas";
import { priceColumns } from "@base/price";

export const PATH_NOT_FOUND = "学习地图不存在或已删除";
const STATUS_NAMES: Record<number, string> = { 0: "已下线", 1: "已上线" };

async function livePath(db: DbOrTx, id: number) {
  const [p] = await db.select().from(learningPaths).where(and(eq(learningPaths.id, id), isNull(learningPaths.deletedAt)));
  if (!p) throw notFound(PATH_NOT_FOUND);
  return p;
}

async function templateIdOf(db: DbOrTx, pathId: number) {
  const [b] = await db
    .select({ id: certBindings.templateId, name: certTemplates.name })
    .from(certBindings)
    .innerJoin(certTemplates, eq(certTemplates.id, certBindings.templateId))
    .where(and(eq(certBindings.businessType, CERT_BUSINESS.map), eq(certBindings.businessId, pathId)));
  return b ?? null;
}

function adminView(p: LearningPath, extra: { nodeNum?: number; memberNum?: number; completedNum?: number; certTemplateId?: number | null; certTemplateName?: string } = {}) {
  return {
    id: p.id,
    learningPathId: p.id,
    name: p.name,
    coverUrl: mediaUrl(p.coverUrl),
    description: p.description,
    status: p.status,
    statusName: STATUS_NAMES[p.status] ?? "",
    isCheckIn: p.checkInEnabled,
    checkInStartTime: p.checkInStart ? p.checkInStart.getTime() : null,
    checkInEndTime: p.checkInEnd ? p.checkInEnd.getTime() : null,
    isFree: p.isFree,
    price: p.price,
    scribingPrice: p.scribingPrice,
    learnHour: p.learnHour,
    certTemplateId: extra.certTemplateId ?? null,
    certTemplateName: extra.certTemplateName ?? "",
    nodeNum: extra.nodeNum ?? 0,
    memberNum: extra.memberNum ?? 0,
    completedNum: extra.completedNum ?? 0,
    sort: p.sort,
    createTime: p.createdAt.getTime(),
    updateTime: p.updatedAt.getTime(),
  };
}

export async function pagePaths(db: DbOrTx, input: PageRequest & { name?: string; keyword?: string; status?: number }) {
  const conds: SQL[] = [isNull(learningPaths.deletedAt)];
  const word = input.name ?? input.keyword;
  if (word) conds.push(ilike(learningPaths.name, likePattern(word)));
  if (input.status !== undefined) conds.push(eq(learningPaths.status, input.status));
  const where = and(...conds);
  const page = await paginate(input, db.select({ total: count() }).from(learningPaths).where(where), db.select().from(learningPaths).where(where).orderBy(asc(learningPaths.sort), desc(learningPaths.id)));
  const ids = page.list.map((p) => p.id);
  const nodes = await nodeCounts(db, ids);
  const members = ids.length
    ? await db
        .select({ id: learningPathMembers.pathId, n: count(), done: sql<number>`count(*) filter (where ${learningPathMembers.completedAt} is not null)`.mapWith(Number) })
        .from(learningPathMembers)
        .where(inArray(learningPathMembers.pathId, ids))
        .groupBy(learningPathMembers.pathId)
    : [];
  const byId = new Map(members.map((m) => [m.id, m]));
  const binds = ids.length
    ? await db
        .select({ id: certBindings.businessId, templateId: certBindings.templateId, name: certTemplates.name })
        .from(certBindings)
        .innerJoin(certTemplates, eq(certTemplates.id, certBindings.templateId))
        .where(and(eq(certBindings.businessType, CERT_BUSINESS.map), inArray(certBindings.businessId, ids)))
    : [];
  const bindOf = new Map(binds.map((b) => [b.id, b]));
  return {
    ...page,
    list: page.list.map((p) =>
      adminView(p, { nodeNum: nodes.get(p.id) ?? 0, memberNum: Number(byId.get(p.id)?.n ?? 0), completedNum: byId.get(p.id)?.done ?? 0, certTemplateId: bindOf.get(p.id)?.templateId ?? null, certTemplateName: bindOf.get(p.id)?.name ?? "" }),
    ),
  };
}

const checkInFields = (input: PathInput) =>
  input.isCheckIn === 1
    ? { checkInEnabled: 1, checkInStart: new Date(input.checkInStartTime!), checkInEnd: new Date(input.checkInEndTime!) }
    : { checkInEnabled: 0, checkInStart: input.checkInStartTime !== undefined ? new Date(input.checkInStartTime) : null, checkInEnd: input.checkInEndTime !== undefined ? new Date(input.checkInEndTime) : null };

async function setTemplate(tx: DbOrTx, pathId: number, templateId: number | undefined) {
  if (templateId === undefined) return;
  if (templateId === 0) await unbind(tx, { businessType: CERT_BUSINESS.map, businessId: pathId });
  else await bind(tx, { templateId, businessType: CERT_BUSINESS.map, businessId: pathId });
}

/** A new map starts offline, at the top of the list, with one empty section to fill. */
export async function createPath(db: DbOrTx, adminId: number, input: PathInput) {
  return db.transaction(async (tx) => {
    const [top] = await tx.select({ s: sql<number>`coalesce(min(${learningPaths.sort}), 1)`.mapWith(Number) }).from(learningPaths).where(isNull(learningPaths.deletedAt));
    const [p] = await tx
      .insert(learningPaths)
      .values({ name: input.name, coverUrl: input.coverUrl ?? null, description: input.description ?? "", ...checkInFields(input), ...priceColumns(input), status: 0, sort: (top?.s ?? 1) - 1, createdBy: adminId })
      .returning();
    await tx.insert(learningPathSections).values({ pathId: p!.id, title: "第一阶段", sort: 1 });
    await setTemplate(tx, p!.id, input.certTemplateId);
    return { id: p!.id, learningPathId: p!.id };
  });
}

export async function editPath(db: DbOrTx, input: PathInput & { id: number }) {
  return db.transaction(async (tx) => {
    await livePath(tx, input.id);
    await tx
      .update(learningPaths)
      .set({ name: input.name, ...(input.coverUrl !== undefined ? { coverUrl: input.coverUrl } : {}), ...(input.description !== undefined ? { description: input.description } : {}), ...checkInFields(input), ...priceColumns(input) })
      .where(eq(learningPaths.id, input.id));
    await setTemplate(tx, input.id, input.certTemplateId);
    return { id: input.id, learningPathId: input.id, success: true };
  });
}

export async function pathAdminDetail(db: DbOrTx, id: number) {
  const p = await livePath(db, id);
  const t = await templateIdOf(db, id);
  const { nodes } = await sectionsAndNodes(db, id);
  const [m] = await db
    .select({ n: count(), done: sql<number>`count(*) filter (where ${learningPathMembers.completedAt} is not null)`.mapWith(Number) })
    .from(learningPathMembers)
    .where(eq(learningPathMembers.pathId, id));
  return { ...adminView(p, { nodeNum: nodes.length, memberNum: Number(m?.n ?? 0), completedNum: m?.done ?? 0, certTemplateId: t?.id ?? null, certTemplateName: t?.name ?? "" }), openRange: p.openRange };
}

/** The node editor's view (node/detail): sections with their nodes and each node's content. */
export async function nodeDetail(db: DbOrTx, id: number) {
  const p = await livePath(db, id);
  const { sections, nodes } = await sectionsAndNodes(db, id);
  const contents = await nodeContents(db, nodes);
  return {
    learningPathId: p.id,
    name: p.name,
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      nodes: nodes
        .filter((n) => n.sectionId === s.id)
        .map((n) => {
          const c = contents.get(`${n.contentType}:${n.contentId}`);
          return {
            id: n.id,
            nodeName: n.nodeName,
            relationContentType: n.contentType,
            relationContentId: n.contentId,
            relationContentName: c?.name ?? (n.contentType === NODE_CONTENT.cert ? "结业证书" : n.contentType === NODE_CONTENT.link ? n.nodeName : "内容已删除"),
            relationContentLinkUrl: n.linkUrl ?? "",
            contentAvailable: n.contentType === NODE_CONTENT.link || n.contentType === NODE_CONTENT.cert ? 1 : c?.available ? 1 : 0,
            coverUrl: n.coverUrl ?? "",
            unlockType: n.unlockType,
            unlockTime: n.unlockAt ? n.unlockAt.getTime() : null,
            isExamJump: n.isExamJump,
          };
        }),
    })),
  };
}

/** The names of the chosen courses, lives and exams; refuses one that does not exist or is deleted. */
async function contentNames(db: DbOrTx, input: NodeConfigInput) {
  const nodes = input.sections.flatMap((s) => s.nodes);
  const want = (t: number) => [...new Set(nodes.filter((n) => n.relationContentType === t).map((n) => n.relationContentId!))];
  const names = new Map<string, string>();
  const check = async (t: number, label: string, rows: { id: number; name: string }[], ids: number[]) => {
    for (const r of rows) names.set(`${t}:${r.id}`, r.name);
    const missing = ids.find((id) => !names.has(`${t}:${id}`));
    if (missing) throw badInput(`${label}（ID ${missing}）不存在或已删除`);
  };
  const c = want(1);
  if (c.length) await check(1, "课程", await db.select({ id: courses.id, name: courses.name }).from(courses).where(and(inArray(courses.id, c), isNull(courses.deletedAt))), c);
  const l = want(2);
  if (l.length) await check(2, "直播", await db.select({ id: lives.id, name: lives.name }).from(lives).where(and(inArray(lives.id, l), isNull(lives.deletedAt))), l);
  const e = want(3);
  if (e.length) await check(3, "考试", await db.select({ id: exams.id, name: exams.name }).from(exams).where(and(inArray(exams.id, e), isNull(exams.deletedAt))), e);
  return names;
}

/**
 * Saves the whole node configuration (nodeConfig): sections and nodes in the order given. Rows sent
 * with their id are updated in place (learners' visits stay attached), new ones inserted, the rest
 * removed. A certificate node needs a certificate template chosen for the map.
 */
export async function configureNodes(db: DbOrTx, input: NodeConfigInput) {
  return db.transaction(async (tx) => {
    await livePath(tx, input.id);
    const names = await contentNames(tx, input);
    const all = input.sections.flatMap((s) => s.nodes);
    if (all.some((n) => n.relationContentType === NODE_CONTENT.cert) && !(await templateIdOf(tx, input.id))) throw badInput("请先在基本信息中选择证书模板，再添加证书节点");
    const { sections: oldSections, nodes: oldNodes } = await sectionsAndNodes(tx, input.id);
    const oldSectionIds = new Set(oldSections.map((s) => s.id));
    const oldNodeIds = new Set(oldNodes.map((n) => n.id));
    for (const s of input.sections) if (s.id && !oldSectionIds.has(s.id)) throw badInput(`章节（ID ${s.id}）不属于该学习地图`);
    for (const n of all) if (n.id && !oldNodeIds.has(n.id)) throw badInput(`学习节点（ID ${n.id}）不属于该学习地图`);
    const keptSections = new Set<number>();
    const keptNodes = new Set<number>();
    let sort = 0;
    for (const [i, s] of input.sections.entries()) {
      let sectionId = s.id;
      if (sectionId) await tx.update(learningPathSections).set({ title: s.title, sort: i + 1 }).where(eq(learningPathSections.id, sectionId));
      else sectionId = (await tx.insert(learningPathSections).values({ pathId: input.id, title: s.title, sort: i + 1 }).returning({ id: learningPathSections.id }))[0]!.id;
      keptSections.add(sectionId);
      for (const n of s.nodes) {
        sort += 1;
        const t = n.relationContentType;
        const row = {
          pathId: input.id,
          sectionId,
          nodeName: n.nodeName || (t === NODE_CONTENT.cert ? "结业证书" : names.get(`${t}:${n.relationContentId}`) ?? "学习节点").slice(0, 60),
          coverUrl: n.coverUrl ?? null,
          contentType: t,
          contentId: t >= 1 && t <= 3 ? n.relationContentId! : null,
          linkUrl: t === NODE_CONTENT.link ? n.relationContentLinkUrl! : null,
          unlockType: n.unlockType ?? 1,
          unlockAt: n.unlockType === 2 && n.unlockTime !== undefined ? new Date(n.unlockTime) : null,
          isExamJump: n.isExamJump ?? 1,
          sort,
        };
        if (n.id) {
          await tx.update(learningPathNodes).set(row).where(eq(learningPathNodes.id, n.id));
          keptNodes.add(n.id);
        } else keptNodes.add((await tx.insert(learningPathNodes).values(row).returning({ id: learningPathNodes.id }))[0]!.id);
      }
    }
    const dropNodes = oldNodes.filter((n) => !keptNodes.has(n.id)).map((n) => n.id);
    if (dropNodes.length) await tx.delete(learningPathNodes).where(inArray(learningPathNodes.id, dropNodes));
    const dropSections = oldSections.filter((s) => !keptSections.has(s.id)).map((s) => s.id);
    if (dropSections.length) await tx.delete(learningPathSections).where(inArray(learningPathSections.id, dropSections));
    await tx.update(learningPaths).set({ updatedAt: new Date() }).where(eq(learningPaths.id, input.id));
    return nodeDetail(tx, input.id);
  });
}

export async function deleteNode(db: DbOrTx, nodeId: number) {
  const [n] = await db.select().from(learningPathNodes).where(eq(learningPathNodes.id, nodeId));
  if (!n) throw notFound("学习节点不存在或已删除");
  await livePath(db, n.pathId);
  await db.delete(learningPathNodes).where(eq(learningPathNodes.id, nodeId));
  return { success: true, id: nodeId };
}

/** Moves a node one place up or down in the map (across a section boundary it joins the next section). */
export async function moveNode(db: DbOrTx, nodeId: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    const [n] = await tx.select().from(learningPathNodes).where(eq(learningPathNodes.id, nodeId));
    if (!n) throw notFound("学习节点不存在或已删除");
    await livePath(tx, n.pathId);
    const { sections, nodes } = await sectionsAndNodes(tx, n.pathId);
    const i = nodes.findIndex((x) => x.id === nodeId);
    const j = direction === "up" ? i - 1 : i + 1;
    const other = nodes[j];
    if (!other) {
      // At the edge of its section but not of the map: move into the neighbouring section.
      const si = sections.findIndex((s) => s.id === n.sectionId);
      const target = sections[direction === "up" ? si - 1 : si + 1];
      if (!target) throw fail(direction === "up" ? "已经是第一个节点" : "已经是最后一个节点");
      await tx.update(learningPathNodes).set({ sectionId: target.id }).where(eq(learningPathNodes.id, nodeId));
      return { success: true };
    }
    if (other.sectionId !== n.sectionId) {
      await tx.update(learningPathNodes).set({ sectionId: other.sectionId }).where(eq(learningPathNodes.id, nodeId));
    } else {
      await tx.update(learningPathNodes).set({ sort: other.sort }).where(eq(learningPathNodes.id, n.id));
      await tx.update(learningPathNodes).set({ sort: n.sort === other.sort ? n.sort + (direction === "up" ? 1 : -1) : n.sort }).where(eq(learningPathNodes.id, other.id));
    }
    // Renumber in the new order so sorts stay distinct.
    const after = await sectionsAndNodes(tx, n.pathId);
    for (const [k, x] of after.nodes.entries()) if (x.sort !== k + 1) await tx.update(learningPathNodes).set({ sort: k + 1 }).where(eq(learningPathNodes.id, x.id));
    return { success: true };
  });
}

export async function saveOpenRange(db: DbOrTx, id: number, openRange: { kind: "role" | "group" | "tag" | "region"; target: string }[]) {
  await livePath(db, id);
  const unique = [...new Map(openRange.map((e) => [`${e.kind}:${e.target}`, e])).values()];
  await db.update(learningPaths).set({ openRange: unique }).where(eq(learningPaths.id, id));
  return { success: true, id, openRange: unique };
}

export async function getOpenRange(db: DbOrTx, id: number) {
  const p = await livePath(db, id);
  return { id, learningPathId: id, openRange: p.openRange };
}

/** Online needs at least one course, live, exam or link node. */
export async function setStatus(db: DbOrTx, id: number, status: 0 | 1) {
  await livePath(db, id);
  if (status === 1) {
    const [n] = await db.select({ n: count() }).from(learningPathNodes).where(and(eq(learningPathNodes.pathId, id), sql`${learningPathNodes.contentType} <> ${NODE_CONTENT.cert}`));
    if (!n?.n) throw fail("请先添加学习节点再上线");
  }
  await db.update(learningPaths).set({ status }).where(eq(learningPaths.id, id));
  return { success: true, id, status };
}

export async function movePath(db: DbOrTx, id: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    const p = await livePath(tx, id);
    const before = direction === "up";
    const [n] = await tx
      .select()
      .from(learningPaths)
      .where(and(isNull(learningPaths.deletedAt), before ? sql`(${learningPaths.sort}, -${learningPaths.id}) < (${p.sort}, ${-p.id})` : sql`(${learningPaths.sort}, -${learningPaths.id}) > (${p.sort}, ${-p.id})`))
      .orderBy(before ? desc(learningPaths.sort) : asc(learningPaths.sort), before ? asc(learningPaths.id) : desc(learningPaths.id))
      .limit(1);
    if (!n) throw fail(before ? "已经是第一个" : "已经是最后一个");
    const [a, b] = n.sort === p.sort ? (before ? [p.sort - 1, p.sort] : [p.sort + 1, p.sort]) : [n.sort, p.sort];
    await tx.update(learningPaths).set({ sort: a }).where(eq(learningPaths.id, p.id));
    await tx.update(learningPaths).set({ sort: b }).where(eq(learningPaths.id, n.id));
    return { success: true, id, sort: a };
  });
}

/** Deleting keeps learners' certificates; an online map must be taken offline first. */
export async function deletePath(db: DbOrTx, id: number) {
  const p = await livePath(db, id);
  if (p.status === 1) throw fail("学习地图已上线，请先下线再删除");
  await db.update(learningPaths).set({ deletedAt: new Date() }).where(eq(learningPaths.id, id));
  await unbind(db, { businessType: CERT_BUSINESS.map, businessId: id });
  return { success: true, id };
}

/** A copy: same settings, sections and nodes, offline, no members. */
export async function copyPath(db: DbOrTx, adminId: number, id: number) {
  return db.transaction(async (tx) => {
    const p = await livePath(tx, id);
    const [c] = await tx
      .insert(learningPaths)
      .values({ name: copyName(p.name, 60), coverUrl: p.coverUrl, description: p.description, openRange: p.openRange, checkInEnabled: p.checkInEnabled, checkInStart: p.checkInStart, checkInEnd: p.checkInEnd, status: 0, sort: p.sort, createdBy: adminId })
      .returning();
    const { sections, nodes } = await sectionsAndNodes(tx, id);
    for (const s of sections) {
      const [ns] = await tx.insert(learningPathSections).values({ pathId: c!.id, title: s.title, sort: s.sort }).returning();
      const mine = nodes.filter((n) => n.sectionId === s.id);
      if (mine.length) await tx.insert(learningPathNodes).values(mine.map(({ id: _id, createdAt: _c, ...n }) => ({ ...n, pathId: c!.id, sectionId: ns!.id })));
    }
    const t = await templateIdOf(tx, id);
    if (t) await tx.insert(certBindings).values({ businessType: CERT_BUSINESS.map, businessId: c!.id, templateId: t.id }).onConflictDoNothing();
    return { id: c!.id, learningPathId: c!.id, name: c!.name };
  });
}

export async function addMembers(db: DbOrTx, id: number, userIds: number[]) {
  await livePath(db, id);
  const known = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  if (known.length !== new Set(userIds).size) throw badInput("部分学员不存在，请重新选择");
  const rows = await db
    .insert(learningPathMembers)
    .values(known.map((u) => ({ pathId: id, userId: u.id, source: "admin" })))
    .onConflictDoNothing()
    .returning({ id: learningPathMembers.id });
  return { success: true, addedNum: rows.length, existedNum: known.length - rows.length };
}

export async function removeMembers(db: DbOrTx, id: number, userIds: number[]) {
  await livePath(db, id);
  const rows = await db
    .delete(learningPathMembers)
    .where(and(eq(learningPathMembers.pathId, id), inArray(learningPathMembers.userId, userIds)))
    .returning({ id: learningPathMembers.id });
  return { success: true, removedNum: rows.length };
}

/** Members with their progress, computed from their real learning (memberList). status 1 learning, 2 completed. */
export async function memberPage(db: DbOrTx, input: PageRequest & { id: number; keyword?: string; status?: number }) {
  const p = await livePath(db, input.id);
  const conds: SQL[] = [eq(learningPathMembers.pathId, p.id)];
  if (input.keyword) {
    const like = likePattern(input.keyword);
    conds.push(or(ilike(users.nick, like), ilike(users.loginName, like), ilike(users.mobile, like))!);
  }
  if (input.status === 1) conds.push(isNull(learningPathMembers.completedAt));
  if (input.status === 2) conds.push(isNotNull(learningPathMembers.completedAt));
  const where = and(...conds);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(learningPathMembers).innerJoin(users, eq(users.id, learningPathMembers.userId)).where(where),
    db
      .select({ m: learningPathMembers, nick: users.nick, loginName: users.loginName, mobile: users.mobile })
      .from(learningPathMembers)
      .innerJoin(users, eq(users.id, learningPathMembers.userId))
      .where(where)
      .orderBy(desc(learningPathMembers.joinedAt), desc(learningPathMembers.id)),
  );
  const { nodes } = await sectionsAndNodes(db, p.id);
  const list = [];
  for (const r of page.list) {
    const { states } = await nodeStates(db, r.m.userId, nodes);
    const completedNodeNum = states.filter((s) => s.status === 2).length;
    list.push({
      id: r.m.id,
      userId: r.m.userId,
      nick: r.nick,
      loginName: r.loginName,
      mobile: maskMobile(r.mobile),
      source: r.m.source,
      sourceName: r.m.source === "admin" ? "后台添加" : "自主加入",
      progress: progressPercent(states),
      completedNodeNum,
      nodeNum: states.length,
      joinStatus: r.m.completedAt ? 2 : 1,
      joinStatusName: r.m.completedAt ? "已完成" : "学习中",
      joinTime: r.m.joinedAt.getTime(),
      lastVisitTime: r.m.lastVisitAt ? r.m.lastVisitAt.getTime() : null,
      completeTime: r.m.completedAt ? r.m.completedAt.getTime() : null,
    });
  }
  return { ...page, list };
}

export async function exportMembers(db: DbOrTx, input: { id: number; keyword?: string; status?: number }) {
  const p = await livePath(db, input.id);
  const rows = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await memberPage(db, { ...input, pageNo, pageSize: 100 });
    rows.push(...page.list);
    if (page.list.length < 100) break;
  }
  return toXlsx(
    `${p.name}-学员学习情况.xlsx`,
    "学员",
    [
      { header: "昵称", key: "nick", width: 16 },
      { header: "账号", key: "loginName", width: 18 },
      { header: "手机号", key: "mobile", width: 16 },
      { header: "加入方式", key: "sourceName", width: 10 },
      { header: "学习进度", key: "progressText", width: 10 },
      { header: "完成节点", key: "nodesText", width: 10 },
      { header: "状态", key: "joinStatusName", width: 10 },
      { header: "加入时间", key: "joinText", width: 18 },
      { header: "完成时间", key: "completeText", width: 18 },
    ],
    rows.map((r) => ({ ...r, loginName: r.loginName ?? "", progressText: `${r.progress}%`, nodesText: `${r.completedNodeNum}/${r.nodeNum}`, joinText: formatDateTime(r.joinTime), completeText: formatDateTime(r.completeTime) })),
  );
}
