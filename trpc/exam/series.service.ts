import { and, count, desc, eq, ilike, isNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examSeries, exams } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { pageOf } from "@base/legacy-input";

type Paging = { pageNo?: number; pageSize?: number; page?: number; element?: number; keyword?: string; name?: string; status?: number };

// ---- exam series ----

const seriesView = (s: typeof examSeries.$inferSelect) => ({ id: s.id, examSeriesId: s.id, name: s.name, description: s.description, examIds: s.examIds, status: s.status, createdAt: s.createdAt.getTime() });

export async function pageSeries(db: DbOrTx, input: Paging) {
  const conds: SQL[] = [isNull(examSeries.deletedAt)];
  const kw = input.keyword ?? input.name;
  if (kw) conds.push(ilike(examSeries.name, likePattern(kw)));
  if (input.status !== undefined) conds.push(eq(examSeries.status, input.status));
  const where = and(...conds);
  const page = await paginate(pageOf(input, 20), db.select({ total: count() }).from(examSeries).where(where), db.select().from(examSeries).where(where).orderBy(desc(examSeries.id)));
  return { ...page, list: page.list.map(seriesView) };
}

export async function saveSeries(db: DbOrTx, input: { id?: number; examSeriesId?: number; name: string; description?: string; examIds: number[] }) {
  const id = input.examSeriesId ?? input.id;
  const values = { name: input.name, description: input.description ?? "", examIds: [...new Set(input.examIds)] };
  if (id) {
    const [row] = await db.update(examSeries).set(values).where(and(eq(examSeries.id, id), isNull(examSeries.deletedAt))).returning();
    if (!row) throw notFound("考试系列不存在");
    return seriesView(row);
  }
  const [row] = await db.insert(examSeries).values(values).returning();
  return seriesView(row!);
}

export async function getSeries(db: DbOrTx, id: number) {
  const [s] = await db.select().from(examSeries).where(and(eq(examSeries.id, id), isNull(examSeries.deletedAt)));
  if (!s) throw notFound("考试系列不存在");
  const list = s.examIds.length ? await db.select().from(exams).where(isNull(exams.deletedAt)) : [];
  const byId = new Map(list.map((e) => [e.id, e]));
  return {
    ...seriesView(s),
    exams: s.examIds.flatMap((eid) => {
      const e = byId.get(eid);
      return e ? [{ examId: e.id, name: e.name, startTime: e.startTime.getTime(), endTime: e.endTime.getTime(), status: e.status }] : [];
    }),
  };
}

export async function seriesStatus(db: DbOrTx, id: number, status: number) {
  const [row] = await db.update(examSeries).set({ status }).where(and(eq(examSeries.id, id), isNull(examSeries.deletedAt))).returning();
  if (!row) throw notFound("考试系列不存在");
  return seriesView(row);
}

export async function deleteSeries(db: DbOrTx, id: number) {
  await db.update(examSeries).set({ deletedAt: new Date() }).where(eq(examSeries.id, id));
  return { id, deleted: true };
}

// Practices: practice-admin.service.ts.

// Fraud checks: fraud.service.ts.
