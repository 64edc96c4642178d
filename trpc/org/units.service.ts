// Organisations (机构): the back office's registry, and the learner's link to one (user_identities.organization_id).
import { and, asc, count, countDistinct, desc, eq, ilike, isNotNull, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { ORG_SOURCE, ORG_SOURCE_NAMES, organizations, userIdentities, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate, type Page } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";
import { regionName, resolveRegion } from "./district.service";
import type { OrganizationInput, OrganizationPageInput, OrganizationUpdateInput } from "./units-schemas";

type Organization = typeof organizations.$inferSelect;

export const ORG_NOT_FOUND = "机构不存在或已删除";
export const ORG_NAME_TAKEN = "该地区已存在同名机构";
export const CREDIT_CODE_TAKEN = "统一社会信用代码已被其他机构使用";
export const linkedRefusal = (n: number) => `该机构下还有${n}名学员，不能删除；请先停用机构，或让学员更换所在单位后再删除`;

export function organizationView(o: Organization, learnerCount?: number, creatorName?: string | null) {
  return {
    id: o.id,
    organizationId: o.id,
    name: o.name,
    orgName: o.name,
    creditCode: o.creditCode ?? "",
    provinceCode: o.provinceCode,
    provinceName: o.provinceName,
    cityCode: o.cityCode ?? "",
    cityName: o.cityName ?? "",
    districtCode: o.districtCode ?? "",
    districtName: o.districtName ?? "",
    regionCode: o.regionCode,
    regionName: regionName(o),
    source: o.source,
    sourceName: ORG_SOURCE_NAMES[o.source] ?? "",
    contactName: o.contactName ?? "",
    contactPhone: o.contactPhone ?? "",
    status: o.status,
    remark: o.remark ?? "",
    ...(learnerCount === undefined ? {} : { learnerCount }),
    ...(creatorName === undefined ? {} : { creatorName: creatorName ?? "" }),
    createTime: o.createdAt.getTime(),
    updateTime: o.updatedAt.getTime(),
  };
}

/** The name is free in the region, and the credit code in the registry (other than `exceptId`). */
async function assertFree(db: DbOrTx, name: string, regionCode: string, creditCode: string | undefined, exceptId?: number) {
  const other = exceptId ? ne(organizations.id, exceptId) : undefined;
  const [sameName] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.regionCode, regionCode), eq(organizations.name, name), other)).limit(1);
  if (sameName) throw fail(ORG_NAME_TAKEN);
  if (!creditCode) return;
  const [sameCode] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.creditCode, creditCode), other)).limit(1);
  if (sameCode) throw fail(CREDIT_CODE_TAKEN);
}

/** The unique index a refused write hit (postgres.js says constraint_name, PGlite constraint; Drizzle wraps either). */
function constraintOf(e: unknown): string {
  const own = e as { constraint_name?: string; constraint?: string; cause?: unknown } | null;
  const cause = own?.cause as { constraint_name?: string; constraint?: string } | undefined;
  return own?.constraint_name ?? own?.constraint ?? cause?.constraint_name ?? cause?.constraint ?? "";
}

/** A write that lost a race to the same name or code reads like the check before it. */
function refusedDuplicate(e: unknown): never {
  if (isUniqueViolation(e)) throw fail(constraintOf(e).includes("credit") ? CREDIT_CODE_TAKEN : ORG_NAME_TAKEN);
  throw e;
}

function rowOf(input: OrganizationInput) {
  const region = resolveRegion(input);
  return {
    name: input.name,
    creditCode: input.creditCode ?? null,
    ...region,
    contactName: input.contactName ?? null,
    contactPhone: input.contactPhone ?? null,
    remark: input.remark ?? null,
  };
}

/** save: a new organisation (手工创建 unless the caller says otherwise). */
export async function createOrganization(db: DbOrTx, adminId: number, input: OrganizationInput) {
  const row = rowOf(input);
  await assertFree(db, row.name, row.regionCode, input.creditCode);
  try {
    const [o] = await db
      .insert(organizations)
      .values({ ...row, source: input.source ?? ORG_SOURCE.manual, status: input.status ?? 1, createdBy: adminId })
      .returning();
    return organizationView(o!, 0);
  } catch (e) {
    refusedDuplicate(e);
  }
}

/** update: every field; a new name is copied to the linked learners' orgName in the same transaction. */
export async function updateOrganization(db: DbOrTx, input: OrganizationUpdateInput) {
  const row = rowOf(input);
  return db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(organizations).where(eq(organizations.id, input.id)).for("update");
      if (!current) throw notFound(ORG_NOT_FOUND);
      await assertFree(tx, row.name, row.regionCode, input.creditCode, input.id);
      const [o] = await tx
        .update(organizations)
        .set({ ...row, source: input.source ?? current.source, status: input.status ?? current.status, updatedAt: new Date() })
        .where(eq(organizations.id, input.id))
        .returning();
      if (current.name !== row.name) await tx.update(userIdentities).set({ orgName: row.name }).where(eq(userIdentities.organizationId, input.id));
      return organizationView(o!, await learnerCount(tx, input.id));
    })
    .catch(refusedDuplicate);
}

async function learnerCount(db: DbOrTx, organizationId: number) {
  const [r] = await db.select({ n: count() }).from(userIdentities).where(eq(userIdentities.organizationId, organizationId));
  return r?.n ?? 0;
}

/** del: refused while any learner is linked (the foreign key refuses too, should one link meanwhile). */
export async function deleteOrganization(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, id)).for("update");
    if (!current) throw notFound(ORG_NOT_FOUND);
    const linked = await learnerCount(tx, id);
    if (linked > 0) throw fail(linkedRefusal(linked));
    await tx.delete(organizations).where(eq(organizations.id, id));
    return { id, deleted: true };
  });
}

export async function organizationDetail(db: DbOrTx, id: number) {
  const [r] = await db.select({ o: organizations, creator: users.nick }).from(organizations).leftJoin(users, eq(users.id, organizations.createdBy)).where(eq(organizations.id, id));
  if (!r) throw notFound(ORG_NOT_FOUND);
  return organizationView(r.o, await learnerCount(db, id), r.creator);
}

/** page: filters by name (any part), region (a province, city or district and everything in it), source, status. */
export async function pageOrganizations(db: DbOrTx, input: OrganizationPageInput) {
  const conds: (SQL | undefined)[] = [
    input.name ? ilike(organizations.name, likePattern(input.name)) : undefined,
    input.provinceCode ? eq(organizations.provinceCode, input.provinceCode) : undefined,
    input.cityCode ? eq(organizations.cityCode, input.cityCode) : undefined,
    input.districtCode ? eq(organizations.districtCode, input.districtCode) : undefined,
    input.source ? eq(organizations.source, input.source) : undefined,
    input.status !== undefined ? eq(organizations.status, input.status) : undefined,
  ];
  const where = and(...conds);
  const linked = db
    .select({ organizationId: userIdentities.organizationId, n: count().as("n") })
    .from(userIdentities)
    .where(isNotNull(userIdentities.organizationId))
    .groupBy(userIdentities.organizationId)
    .as("linked");
  const page = await paginate(
    input,
    db.select({ total: count() }).from(organizations).where(where),
    db
      .select({ o: organizations, n: linked.n, creator: users.nick })
      .from(organizations)
      .leftJoin(linked, eq(linked.organizationId, organizations.id))
      .leftJoin(users, eq(users.id, organizations.createdBy))
      .where(where)
      .orderBy(desc(organizations.createdAt), desc(organizations.id)),
  );
  return { ...page, list: page.list.map((r) => organizationView(r.o, Number(r.n ?? 0), r.creator)) };
}

// ---- the learner's side ----

type OrgSearchItem = { orgName: string; organizationId?: number; regionName?: string };

/**
 * orgSearch: registered organisations (enabled ones) whose name matches, then the names learners typed
 * that no registered organisation carries, for the autocomplete of the organisation field.
 */
export async function searchOrganizations(db: DbOrTx, input: { orgName?: string; pageNo: number; pageSize: number }): Promise<Page<OrgSearchItem>> {
  const pattern = input.orgName ? likePattern(input.orgName) : undefined;
  const orgWhere = and(eq(organizations.status, 1), pattern ? ilike(organizations.name, pattern) : undefined);
  const typedWhere = and(
    isNotNull(userIdentities.orgName),
    ne(userIdentities.orgName, ""),
    pattern ? ilike(userIdentities.orgName, pattern) : undefined,
    notExists(db.select({ one: sql`1` }).from(organizations).where(and(eq(organizations.status, 1), eq(organizations.name, userIdentities.orgName)))),
  );
  const [[orgTotal], [typedTotal]] = await Promise.all([
    db.select({ n: count() }).from(organizations).where(orgWhere),
    db.select({ n: countDistinct(userIdentities.orgName) }).from(userIdentities).where(typedWhere),
  ]);
  const nOrgs = orgTotal?.n ?? 0;
  const from = (input.pageNo - 1) * input.pageSize;
  const list: OrgSearchItem[] = [];
  if (from < nOrgs) {
    const rows = await db.select().from(organizations).where(orgWhere).orderBy(asc(organizations.name), asc(organizations.id)).limit(input.pageSize).offset(from);
    list.push(...rows.map((o) => ({ orgName: o.name, organizationId: o.id, regionName: regionName(o) })));
  }
  const left = input.pageSize - list.length;
  if (left > 0) {
    const names = await db
      .selectDistinct({ orgName: userIdentities.orgName })
      .from(userIdentities)
      .where(typedWhere)
      .orderBy(asc(userIdentities.orgName))
      .limit(left)
      .offset(Math.max(0, from - nOrgs));
    list.push(...names.map((r) => ({ orgName: r.orgName ?? "" })));
  }
  return { list, total: nOrgs + (typedTotal?.n ?? 0), pageNo: input.pageNo, pageSize: input.pageSize };
}

/**
 * The organisation a learner's identity links to: the one picked (it must be enabled; its name becomes
 * the learner's orgName), else the only enabled organisation carrying exactly the typed name, else none.
 */
export async function organizationFor(db: DbOrTx, picked: { organizationId?: number; orgName?: string | null }) {
  if (picked.organizationId) {
    const [o] = await db.select().from(organizations).where(and(eq(organizations.id, picked.organizationId), eq(organizations.status, 1)));
    if (!o) throw notFound(ORG_NOT_FOUND);
    return { organizationId: o.id, orgName: o.name };
  }
  const name = picked.orgName?.trim();
  if (!name) return { organizationId: null, orgName: null };
  const same = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.name, name), eq(organizations.status, 1))).limit(2);
  return { organizationId: same.length === 1 ? same[0]!.id : null, orgName: name };
}
