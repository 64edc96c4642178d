import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { inSiteScope, type SiteScope } from "../site/site.service";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courses, operateCategories } from "@db/schema";
import { paginate, pageOffset } from "@base/paging";
import { likePattern } from "@base/sql";
import type { CourseSort } from "./schemas";
import { courseCard, highlight } from "./view";

export interface CourseSearch {
  keyword?: string;
  pageNo: number;
  pageSize: number;
  categoryId?: number;
  tagId?: number;
  sort?: CourseSort;
}

/** Counting stops here: "10000" reads as "at least that many", and deep counts cost more than they tell. */
export const COUNT_CAP = 10_000;
/** Below this many title matches, the closest titles (trigram similarity) come first. */
const SIMILARITY_RANK_LIMIT = 2_000;

// Orders written as the partial indexes of db/schema/course.ts are built (desc nulls last), so they serve them.
function orderOf(sort: CourseSort): SQL[] {
  if (sort === "new") return [sql`${courses.releasedAt} desc nulls last`, sql`${courses.id} desc nulls last`];
  if (sort === "hot") return [sql`${courses.joinedCount} desc nulls last`, sql`${courses.id} desc nulls last`];
  if (sort === "priceAsc") return [sql`${courses.price} asc`, sql`${courses.id} desc`];
  if (sort === "priceDesc") return [sql`${courses.price} desc`, sql`${courses.id} desc`];
  return [sql`${courses.sort} desc nulls last`, sql`${courses.id} desc nulls last`];
}

async function cappedCount(db: DbOrTx, where: SQL | undefined) {
  const inner = db.select({ one: sql`1`.as("one") }).from(courses).where(where).limit(COUNT_CAP).as("t");
  const [row] = await db.select({ n: count() }).from(inner);
  return row?.n ?? 0;
}

function ordered(db: DbOrTx, where: SQL | undefined, order: SQL[]) {
  return db.select().from(courses).where(where).orderBy(...order);
}

/**
 * Released courses matching a keyword in the name or teacher (trigram GIN indexes serve the ILIKE):
 * every title match ranks before a teacher-only match; or the course centre listing without a keyword.
 */
export async function searchCourses(db: DbOrTx, input: CourseSearch, scope?: SiteScope | null) {
  const keyword = (input.keyword ?? "").trim();
  const base: SQL[] = [eq(courses.status, COURSE_STATUS.released), isNull(courses.deletedAt)];
  // An extra site that lists chosen content lists only its courses.
  const scoped = inSiteScope(scope, 1, courses.id);
  if (scoped) base.push(scoped);
  // A top category also lists the courses filed under its sub-categories.
  if (input.categoryId)
    base.push(
      sql`${courses.categoryId} in (select ${operateCategories.id} from ${operateCategories} where ${operateCategories.id} = ${input.categoryId} or ${operateCategories.parentId} = ${input.categoryId})`,
    );
  if (input.tagId) base.push(sql`${courses.tagIds} @> array[${input.tagId}]::integer[]`);
  const order = orderOf(input.sort ?? "default");
  const offset = pageOffset(input);

  let rows: (typeof courses.$inferSelect)[];
  let total: number;
  if (!keyword) {
    const where = and(...base);
    ({ list: rows, total } = await paginate(input, cappedCount(db, where), ordered(db, where, order)));
  } else {
    const like = likePattern(keyword);
    const titleWhere = and(...base, sql`${courses.name} ilike ${like}`);
    const teacherWhere = and(...base, sql`${courses.name} not ilike ${like}`, sql`${courses.teacherName} ilike ${like}`);
    const [titles, teachers] = await Promise.all([cappedCount(db, titleWhere), cappedCount(db, teacherWhere)]);
    total = Math.min(COUNT_CAP, titles + teachers);
    rows = [];
    if (offset < titles) {
      const titleOrder = titles < SIMILARITY_RANK_LIMIT ? [sql`similarity(${courses.name}, ${keyword}) desc`, ...order] : order;
      rows = await ordered(db, titleWhere, titleOrder).limit(input.pageSize).offset(offset);
    }
    if (rows.length < input.pageSize && teachers > 0) {
      rows = [...rows, ...(await ordered(db, teacherWhere, order).limit(input.pageSize - rows.length).offset(Math.max(0, offset - titles)))];
    }
  }
  const list = rows.map((c) => ({
    ...courseCard(c),
    highlightName: highlight(c.name, keyword),
    highlightTeacher: highlight(c.teacherName, keyword),
  }));
  return { list, total, pageNo: input.pageNo, pageSize: input.pageSize, keyword };
}
