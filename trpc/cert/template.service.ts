import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { CERT_BUSINESS, certBindings, certTemplates, courses, examSeries, exams, learningPaths, userCerts } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { copyName } from "@base/copy-name";
import { paginate, type PageRequest } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";
import { keyOfFileUrl, readObject } from "../upload/object.service";
import { BUSINESS_NAMES, verifyUrlOf, type CertTemplate } from "./issue.service";
import { defaultFields, sampleFace } from "@base/cert-layout";
import { renderPng } from "./render";
import { PREFIX_HINT, PREFIX_RULE, type TemplateInput } from "./schemas";

export const TEMPLATE_NOT_FOUND = "证书模板不存在或已删除";
export const PREFIX_TAKEN = "该证书编号前缀已被其他模板使用";
export const TEMPLATE_BOUND = "证书模板已绑定内容，请先解除绑定后再删除";

export function templateView(t: CertTemplate, extra: { bindCount?: number; issuedCount?: number } = {}) {
  return {
    id: t.id,
    certId: t.id,
    name: t.name,
    certName: t.certName,
    prefix: t.prefix,
    backgroundUrl: t.backgroundUrl ?? "",
    width: t.width,
    height: t.height,
    orientation: t.width >= t.height ? "landscape" : "portrait",
    fields: t.fields,
    issuerName: t.issuerName,
    sealUrl: t.sealUrl ?? "",
    validityMonths: t.validityMonths,
    status: t.status,
    sort: t.sort,
    bindCount: extra.bindCount ?? 0,
    issuedCount: extra.issuedCount ?? 0,
    createTime: t.createdAt.getTime(),
    updateTime: t.updatedAt.getTime(),
  };
}

async function liveTemplate(db: DbOrTx, id: number) {
  const [t] = await db.select().from(certTemplates).where(and(eq(certTemplates.id, id), isNull(certTemplates.deletedAt)));
  if (!t) throw notFound(TEMPLATE_NOT_FOUND);
  return t;
}

/** Whether a prefix is free (another live template may not hold it). */
export async function checkPrefix(db: DbOrTx, prefix: string, exceptId?: number) {
  if (!PREFIX_RULE.test(prefix)) return { available: false, usable: false, message: PREFIX_HINT };
  const conds: SQL[] = [eq(certTemplates.prefix, prefix), isNull(certTemplates.deletedAt)];
  if (exceptId) conds.push(sql`${certTemplates.id} <> ${exceptId}`);
  const [hit] = await db.select({ id: certTemplates.id }).from(certTemplates).where(and(...conds)).limit(1);
  return hit ? { available: false, usable: false, message: PREFIX_TAKEN } : { available: true, usable: true, message: "" };
}

export async function pageTemplates(db: DbOrTx, input: PageRequest & { name?: string; keyword?: string; status?: number }) {
  const conds: SQL[] = [isNull(certTemplates.deletedAt)];
  const kw = input.name ?? input.keyword;
  if (kw) conds.push(ilike(certTemplates.name, likePattern(kw)));
  if (input.status !== undefined) conds.push(eq(certTemplates.status, input.status));
  const where = and(...conds);
  const page = await paginate(input, db.select({ total: count() }).from(certTemplates).where(where), db.select().from(certTemplates).where(where).orderBy(asc(certTemplates.sort), desc(certTemplates.id)));
  const ids = page.list.map((t) => t.id);
  const binds = ids.length ? await db.select({ id: certBindings.templateId, n: count() }).from(certBindings).where(inArray(certBindings.templateId, ids)).groupBy(certBindings.templateId) : [];
  const issued = ids.length ? await db.select({ id: userCerts.templateId, n: count() }).from(userCerts).where(inArray(userCerts.templateId, ids)).groupBy(userCerts.templateId) : [];
  const b = new Map(binds.map((r) => [r.id, r.n]));
  const i = new Map(issued.map((r) => [r.id!, r.n]));
  return { ...page, list: page.list.map((t) => templateView(t, { bindCount: b.get(t.id) ?? 0, issuedCount: i.get(t.id) ?? 0 })) };
}

export async function getTemplate(db: DbOrTx, id: number) {
  const t = await liveTemplate(db, id);
  return { ...templateView(t), bindings: await bindingsOf(db, id) };
}

/** Places a field may not leave: every field stays on the canvas. */
function fitFields(input: TemplateInput, width: number, height: number) {
  const fields = input.fields ?? defaultFields(width, height);
  for (const f of fields) if (f.x > width || f.y > height) throw fail("字段位置超出证书画布，请拖回证书内");
  return fields;
}

export async function addTemplate(db: DbOrTx, adminId: number, input: TemplateInput) {
  if (!(await checkPrefix(db, input.prefix)).available) throw fail(PREFIX_TAKEN);
  const width = input.width ?? 1123;
  const height = input.height ?? 794;
  const [first] = await db.select({ min: sql<number>`coalesce(min(${certTemplates.sort}), 0)`.mapWith(Number) }).from(certTemplates).where(isNull(certTemplates.deletedAt));
  try {
    const [t] = await db
      .insert(certTemplates)
      .values({
        name: input.name,
        certName: input.certName,
        prefix: input.prefix,
        backgroundUrl: input.backgroundUrl || null,
        width,
        height,
        fields: fitFields(input, width, height),
        issuerName: input.issuerName ?? "",
        sealUrl: input.sealUrl || null,
        validityMonths: input.validityMonths ?? 0,
        sort: (first?.min ?? 0) - 1,
        createdBy: adminId,
      })
      .returning();
    return templateView(t!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(PREFIX_TAKEN);
    throw e;
  }
}

export async function updateTemplate(db: DbOrTx, input: TemplateInput & { id: number }) {
  const old = await liveTemplate(db, input.id);
  if (!(await checkPrefix(db, input.prefix, input.id)).available) throw fail(PREFIX_TAKEN);
  const width = input.width ?? old.width;
  const height = input.height ?? old.height;
  try {
    const [t] = await db
      .update(certTemplates)
      .set({
        name: input.name,
        certName: input.certName,
        prefix: input.prefix,
        backgroundUrl: input.backgroundUrl === undefined ? old.backgroundUrl : input.backgroundUrl || null,
        width,
        height,
        fields: input.fields === undefined ? old.fields : fitFields(input, width, height),
        issuerName: input.issuerName ?? old.issuerName,
        sealUrl: input.sealUrl === undefined ? old.sealUrl : input.sealUrl || null,
        validityMonths: input.validityMonths ?? old.validityMonths,
      })
      .where(eq(certTemplates.id, input.id))
      .returning();
    return templateView(t!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(PREFIX_TAKEN);
    throw e;
  }
}

export async function setTemplateStatus(db: DbOrTx, ids: number[], status: 0 | 1) {
  const rows = await db.update(certTemplates).set({ status }).where(and(inArray(certTemplates.id, ids), isNull(certTemplates.deletedAt))).returning({ id: certTemplates.id });
  if (!rows.length) throw notFound(TEMPLATE_NOT_FOUND);
  return { count: rows.length };
}

/** What a template is bound to, with the contents' names. */
export async function bindingsOf(db: DbOrTx, templateId: number) {
  const rows = await db
    .select({ businessType: certBindings.businessType, businessId: certBindings.businessId, examName: exams.name, courseName: courses.name, seriesName: examSeries.name, mapName: learningPaths.name })
    .from(certBindings)
    .leftJoin(exams, and(eq(certBindings.businessType, CERT_BUSINESS.exam), eq(exams.id, certBindings.businessId)))
    .leftJoin(courses, and(eq(certBindings.businessType, CERT_BUSINESS.course), eq(courses.id, certBindings.businessId)))
    .leftJoin(examSeries, and(eq(certBindings.businessType, CERT_BUSINESS.series), eq(examSeries.id, certBindings.businessId)))
    .leftJoin(learningPaths, and(eq(certBindings.businessType, CERT_BUSINESS.map), eq(learningPaths.id, certBindings.businessId)))
    .where(eq(certBindings.templateId, templateId));
  return rows.map((r) => ({ businessType: r.businessType, businessTypeName: BUSINESS_NAMES[r.businessType] ?? "", businessId: r.businessId, name: r.examName ?? r.courseName ?? r.seriesName ?? r.mapName ?? "" }));
}

export async function checkBindStatus(db: DbOrTx, id: number) {
  await liveTemplate(db, id);
  const bindings = await bindingsOf(db, id);
  return { bound: bindings.length > 0, isBind: bindings.length > 0 ? 1 : 0, bindings };
}

export async function deleteTemplates(db: DbOrTx, ids: number[]) {
  return db.transaction(async (tx) => {
    const bound = await tx.select({ id: certBindings.templateId }).from(certBindings).where(inArray(certBindings.templateId, ids)).limit(1);
    if (bound.length) throw fail(TEMPLATE_BOUND);
    const rows = await tx.update(certTemplates).set({ deletedAt: new Date() }).where(and(inArray(certTemplates.id, ids), isNull(certTemplates.deletedAt))).returning({ id: certTemplates.id });
    if (!rows.length) throw notFound(TEMPLATE_NOT_FOUND);
    return { count: rows.length };
  });
}

/** A copy: 「名称（副本）」, disabled, with the first free prefix made from the original's. */
export async function copyTemplate(db: DbOrTx, adminId: number, id: number) {
  const t = await liveTemplate(db, id);
  const base = t.prefix.slice(0, 10);
  let prefix = "";
  for (let n = 2; n < 100 && !prefix; n++) if ((await checkPrefix(db, `${base}${n}`)).available) prefix = `${base}${n}`;
  if (!prefix) throw fail("没有可用的编号前缀，请先修改原模板的前缀");
  const [c] = await db
    .insert(certTemplates)
    .values({ ...t, id: undefined, name: copyName(t.name, 60), prefix, status: 0, createdBy: adminId, deletedAt: null, createdAt: undefined, updatedAt: undefined })
    .returning();
  return templateView(c!);
}

/** Moves a template one place up or down the list (swaps with its neighbour). */
export async function moveTemplate(db: DbOrTx, id: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    const t = await liveTemplate(tx, id);
    const before = direction === "up";
    const [n] = await tx
      .select()
      .from(certTemplates)
      .where(
        and(
          isNull(certTemplates.deletedAt),
          before ? sql`(${certTemplates.sort}, -${certTemplates.id}) < (${t.sort}, ${-t.id})` : sql`(${certTemplates.sort}, -${certTemplates.id}) > (${t.sort}, ${-t.id})`,
        ),
      )
      .orderBy(before ? desc(certTemplates.sort) : asc(certTemplates.sort), before ? asc(certTemplates.id) : desc(certTemplates.id))
      .limit(1);
    if (!n) throw fail(before ? "已经是第一个" : "已经是最后一个");
    const [a, b] = n.sort === t.sort ? (before ? [t.sort - 1, t.sort] : [t.sort + 1, t.sort]) : [n.sort, t.sort];
    await tx.update(certTemplates).set({ sort: a }).where(eq(certTemplates.id, t.id));
    await tx.update(certTemplates).set({ sort: b }).where(eq(certTemplates.id, n.id));
    return { id, sort: a };
  });
}

// ---- binding ----

async function contentExists(db: DbOrTx, type: number, id: number) {
  if (type === CERT_BUSINESS.course) return (await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id))).length > 0;
  if (type === CERT_BUSINESS.exam) return (await db.select({ id: exams.id }).from(exams).where(and(eq(exams.id, id), isNull(exams.deletedAt)))).length > 0;
  if (type === CERT_BUSINESS.series) return (await db.select({ id: examSeries.id }).from(examSeries).where(and(eq(examSeries.id, id), isNull(examSeries.deletedAt)))).length > 0;
  return true; // learning maps check their own ids
}

export async function bind(db: DbOrTx, input: { templateId: number; businessType: number; businessId: number }) {
  const t = await liveTemplate(db, input.templateId);
  if (t.status !== 1) throw fail("证书模板已停用，请先启用");
  if (!(await contentExists(db, input.businessType, input.businessId))) throw notFound(`${BUSINESS_NAMES[input.businessType] ?? "内容"}不存在或已删除`);
  await db
    .insert(certBindings)
    .values(input)
    .onConflictDoUpdate({ target: [certBindings.businessType, certBindings.businessId], set: { templateId: input.templateId } });
  return bindingOf(db, input);
}

export async function unbind(db: DbOrTx, input: { businessType: number; businessId: number }) {
  await db.delete(certBindings).where(and(eq(certBindings.businessType, input.businessType), eq(certBindings.businessId, input.businessId)));
  return { businessType: input.businessType, businessId: input.businessId, templateId: null, templateName: "" };
}

export async function bindingOf(db: DbOrTx, input: { businessType: number; businessId: number }) {
  const [b] = await db
    .select({ templateId: certBindings.templateId, name: certTemplates.name, certName: certTemplates.certName })
    .from(certBindings)
    .innerJoin(certTemplates, eq(certTemplates.id, certBindings.templateId))
    .where(and(eq(certBindings.businessType, input.businessType), eq(certBindings.businessId, input.businessId)));
  return { businessType: input.businessType, businessId: input.businessId, templateId: b?.templateId ?? null, templateName: b?.name ?? "", certName: b?.certName ?? "" };
}

/** Enabled templates, for the binding pickers. */
export async function templateOptions(db: DbOrTx) {
  const rows = await db
    .select({ id: certTemplates.id, name: certTemplates.name, certName: certTemplates.certName })
    .from(certTemplates)
    .where(and(isNull(certTemplates.deletedAt), eq(certTemplates.status, 1)))
    .orderBy(asc(certTemplates.sort), desc(certTemplates.id));
  return { list: rows };
}

// ---- preview ----


async function imageBytes(url: string | undefined) {
  const key = url ? keyOfFileUrl(url) : null;
  return key ? readObject(key) : null;
}

/** The template drawn by the server with sample data, exactly as certificates will be: a PNG data URL. */
export async function previewTemplate(input: { backgroundUrl?: string; sealUrl?: string; width: number; height: number; certName?: string; issuerName?: string; validityMonths?: number; prefix?: string; fields: CertTemplate["fields"] }) {
  const now = Date.now();
  const [background, seal] = await Promise.all([imageBytes(input.backgroundUrl), imageBytes(input.sealUrl)]);
  const png = await renderPng({ width: input.width, height: input.height, fields: input.fields }, sampleFace(input, now, verifyUrlOf("00000000-0000-4000-8000-000000000000")), { background, seal }, { placeholders: true });
  return { dataUrl: `data:image/png;base64,${png.toString("base64")}` };
}
