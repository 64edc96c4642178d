import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courseOpenRanges, courses, orgGroups, userGroups } from "@db/schema";
import { courseCard } from "../course/view";
import { userScope } from "../org/membership";

const COURSES_SHOWN = 12;

/**
 * The learner's own unit for the school centre (/school/center): the unit the provider put them in, else
 * any group they belong to, with the path of units above it; and the released courses opened to that unit
 * or a unit above it.
 */
export async function schoolCenter(db: DbOrTx, userId: number) {
  const memberships = await db
    .select({ id: orgGroups.id, name: orgGroups.name, parentId: orgGroups.parentId, source: orgGroups.source })
    .from(userGroups)
    .innerJoin(orgGroups, eq(orgGroups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(sql`(${orgGroups.source} = 'sso') desc`, orgGroups.id);
  const own = memberships[0];
  const path: string[] = [];
  for (let parentId = own?.parentId ?? null, hops = 0; parentId !== null && hops < 20; hops++) {
    const [parent] = await db.select({ name: orgGroups.name, parentId: orgGroups.parentId }).from(orgGroups).where(eq(orgGroups.id, parentId)).limit(1);
    if (!parent) break;
    path.unshift(parent.name);
    parentId = parent.parentId;
  }
  const { groupIds } = await userScope(db, userId);
  const opened = groupIds.length
    ? await db
        .select()
        .from(courses)
        .where(
          and(
            eq(courses.status, COURSE_STATUS.released),
            isNull(courses.deletedAt),
            inArray(
              courses.id,
              db
                .select({ id: courseOpenRanges.courseId })
                .from(courseOpenRanges)
                .where(and(eq(courseOpenRanges.kind, "group"), inArray(courseOpenRanges.target, groupIds.map(String)))),
            ),
          ),
        )
        .orderBy(desc(courses.releasedAt), desc(courses.id))
        .limit(COURSES_SHOWN)
    : [];
  return {
    organization: own ? { id: own.id, name: own.name, path, fromSso: own.source === "sso" } : null,
    courses: opened.map(courseCard),
  };
}
