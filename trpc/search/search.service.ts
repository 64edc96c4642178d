import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { exams, lives } from "@db/schema";
import { likePattern } from "@base/sql";
import { searchCourses } from "../course/search.service";
import { highlight } from "../course/view";
import { openPaths } from "../path/path.service";
import { inSiteScope, type SiteScope } from "../site/site.service";

/** Lives and exams shown beside the paged course results; their own centres list the rest. */
export const SIDE_LIMIT = 6;

export interface SearchAllInput {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

/**
 * One keyword over courses (paged), lives, exams and learning maps (first few of each): title matches come first,
 * trigram GIN indexes serve the ILIKE on both databases. On an extra site that lists chosen content, only that.
 */
export async function searchAll(db: DbOrTx, input: SearchAllInput, userId: number | null = null, scope: SiteScope | null = null) {
  const keyword = input.keyword.trim();
  const like = likePattern(keyword);
  const liveTitle = sql`${lives.name} ilike ${like}`;
  const examTitle = sql`${exams.name} ilike ${like}`;
  const liveWhere = and(eq(lives.status, 1), isNull(lives.deletedAt), or(liveTitle, sql`${lives.teacherName} ilike ${like}`), inSiteScope(scope, 2, lives.id));
  const examWhere = and(eq(exams.status, 1), isNull(exams.deletedAt), examTitle, inSiteScope(scope, 3, exams.id));
  const [courses, liveRows, liveTotal, examRows, examTotal] = await Promise.all([
    searchCourses(db, { keyword, pageNo: input.pageNo, pageSize: input.pageSize }, scope),
    db.select().from(lives).where(liveWhere).orderBy(sql`(${liveTitle}) desc`, desc(lives.startTime)).limit(SIDE_LIMIT),
    db.$count(lives, liveWhere),
    db.select().from(exams).where(examWhere).orderBy(desc(exams.startTime)).limit(SIDE_LIMIT),
    db.$count(exams, examWhere),
  ]);
  // Learning maps the searcher may open (their open range applies), as many as the other side lists.
  const maps = await openPaths(db, userId, { keyword, pageNo: 1, pageSize: SIDE_LIMIT }, scope);
  return {
    keyword,
    courses,
    maps: { total: maps.total, list: maps.list.map((m) => ({ ...m, highlightName: highlight(m.name, keyword) })) },
    lives: {
      total: liveTotal,
      list: liveRows.map((l) => ({
        id: l.id,
        roomId: l.roomId,
        name: l.name,
        highlightName: highlight(l.name, keyword),
        liveCoverUrl: l.coverUrl ?? "",
        teacherName: l.teacherName,
        liveStatus: l.liveStatus,
        isPause: l.isPause,
        isPlayback: l.isPlayback,
        startTime: l.startTime.getTime(),
      })),
    },
    exams: {
      total: examTotal,
      list: examRows.map((e) => ({
        id: e.id,
        name: e.name,
        highlightName: highlight(e.name, keyword),
        coverUrl: e.coverUrl,
        startTime: e.startTime.getTime(),
        endTime: e.endTime.getTime(),
        limitTime: e.limitTime,
      })),
    },
  };
}
