import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { COURSE_STATUS, courses, exams, lives } from "@db/schema";
import type { Db } from "@db/client";
import { rowsOf } from "@db/prepared";
import { fail, notFound } from "@base/errors";
import { idOf } from "@base/legacy-input";
import { defineTool } from "../tool";

// The platform's search is PostgreSQL itself: ILIKE served by trigram GIN indexes (trpc/search/,
// trpc/course/search.service.ts). The old search-engine tools read and rebuild those indexes.

interface SearchIndex {
  name: string;
  table: string;
  size: number;
  definition: string;
}

async function searchIndexes(db: Db): Promise<SearchIndex[]> {
  const res = await db.execute(sql`
    select i.indexname as name, i.tablename as "table", pg_relation_size(c.oid)::bigint as size, i.indexdef as definition
    from pg_indexes i
    join pg_namespace n on n.nspname = i.schemaname
    join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
    where i.schemaname = current_schema() and (i.indexdef ilike '%gin_trgm_ops%' or i.indexdef ilike '%tsvector%')
    order by i.tablename, i.indexname`);
  return rowsOf<{ name: string; table: string; size: number | string; definition: string }>(res).map((r) => ({ ...r, size: Number(r.size) }));
}

const sizeText = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const operateEsIndexTool = defineTool({
  code: "operateEsIndex",
  group: "search",
  title: "搜索索引",
  description: "查看站内搜索所用的数据库索引（课程、直播、考试名称与讲师的三元组索引）及其大小；重建会依次 REINDEX 这些索引，期间相关搜索稍慢。",
  danger: true,
  input: z.object({ action: z.enum(["status", "rebuild"], { error: "操作须为 status（查看）或 rebuild（重建）" }).default("status") }),
  fields: [{ name: "action", label: "操作", kind: "select", required: true, options: [{ value: "status", label: "查看状态" }, { value: "rebuild", label: "重建索引" }] }],
  run: async (ctx, i) => {
    const before = await searchIndexes(ctx.db);
    const view = (list: SearchIndex[]) => list.map((x) => ({ name: x.name, table: x.table, size: sizeText(x.size), bytes: x.size }));
    if (i.action === "status") return { action: "status", count: before.length, indexes: view(before) };
    const started = Date.now();
    for (const x of before) {
      try {
        // A savepoint: a refused REINDEX must not spoil the surrounding (audited) transaction.
        await ctx.db.transaction((tx) => tx.execute(sql.raw(`reindex index ${quoted(x.name)}`)));
      } catch {
        throw fail(`索引 ${x.name} 重建失败：内嵌数据库（PGlite）的索引随数据即时维护，无需重建`);
      }
    }
    return { action: "rebuild", count: before.length, tookMs: Date.now() - started, indexes: view(await searchIndexes(ctx.db)) };
  },
});

const TYPES = { course: "课程", live: "直播", exam: "考试" } as const;

export const esOperateDataTool = defineTool({
  code: "esOperateData",
  group: "search",
  title: "查看搜索数据",
  description: "查看一门课程、一场直播或一场考试被站内搜索检索的文字（名称、讲师）以及它此刻能否被搜到。",
  readOnly: true,
  input: z.object({ type: z.enum(["course", "live", "exam"], { error: "类型须为 course、live 或 exam" }), id: idOf("内容ID") }),
  fields: [
    { name: "type", label: "类型", kind: "select", required: true, options: Object.entries(TYPES).map(([value, label]) => ({ value, label })) },
    { name: "id", label: "内容ID", kind: "number", required: true },
  ],
  run: async (ctx, i) => {
    const answer = (row: { name: string; teacherName?: string; deletedAt: Date | null }, shown: boolean, hidden: string) => {
      const reasons = [...(row.deletedAt ? ["已删除"] : []), ...(!shown ? [hidden] : [])];
      return {
        type: i.type,
        typeName: TYPES[i.type],
        id: i.id,
        searchableText: { name: row.name, ...(row.teacherName !== undefined ? { teacherName: row.teacherName } : {}) },
        searchable: reasons.length === 0,
        reason: reasons.length ? `搜不到：${reasons.join("、")}` : "能被搜到：关键词出现在名称" + (row.teacherName !== undefined ? "或讲师" : "") + "中即可",
      };
    };
    if (i.type === "course") {
      const [c] = await ctx.db.select().from(courses).where(eq(courses.id, i.id));
      if (!c) throw notFound("课程不存在");
      return answer(c, c.status === COURSE_STATUS.released, "课程未发布");
    }
    if (i.type === "live") {
      const [l] = await ctx.db.select().from(lives).where(eq(lives.id, i.id));
      if (!l) throw notFound("直播不存在");
      return answer(l, l.status === 1, "直播已下架");
    }
    const [e] = await ctx.db.select().from(exams).where(eq(exams.id, i.id));
    if (!e) throw notFound("考试不存在");
    return answer(e, e.status === 1, "考试未启用");
  },
});
