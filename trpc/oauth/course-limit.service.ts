import type { DbOrTx } from "@db/client";
import { WHITE_BUSINESS_TYPE } from "@db/schema";
import { fail } from "@base/errors";
import { isWhite } from "../org/whitelist.service";
import { staticValue } from "../site/site.service";
import { listPlatforms } from "./platform.service";

// Courses "only 乐采云" (learner-front-end.md 6: some courses limit platform choices to the cloud regions
// lcy or lecaiyun). The course ids are the static value getCourseOnlylecai; a learner on the type 2
// whitelist (课程仅乐采云) for the course, or for all courses, may choose any platform (decision 031).

export const LECAI_REGIONS = ["lcy", "lecaiyun"] as const;
export const LECAI_ONLY = "该课程仅支持通过乐采云平台授权登录";

/** The cloud regions a course allows this learner to authorise with, or null: every platform. */
export async function regionsAllowed(db: DbOrTx, userId: number | null | undefined, courseId: number | null | undefined): Promise<readonly string[] | null> {
  if (!courseId) return null;
  const listed = await staticValue(db, "getCourseOnlylecai");
  if (!Array.isArray(listed) || !listed.some((v) => Number(v) === courseId)) return null;
  if (userId && (await isWhite(db, userId, WHITE_BUSINESS_TYPE.courseOnlyLecai, courseId))) return null;
  return LECAI_REGIONS;
}

export const regionAllowed = (allowed: readonly string[] | null, cloudRegion: string) => !allowed || allowed.includes(cloudRegion.toLowerCase());

/** Refuses a platform the course does not allow (the authorisation start checks it, whatever the page showed). */
export async function assertPlatformAllowed(db: DbOrTx, userId: number | null | undefined, courseId: number | null | undefined, cloudRegion: string) {
  if (!regionAllowed(await regionsAllowed(db, userId, courseId), cloudRegion)) throw fail(LECAI_ONLY);
}

/** The picker's platforms for this learner: every enabled one, or for a course only 乐采云 the ones it allows. */
export async function platformsFor(db: DbOrTx, userId: number | null | undefined, courseId: number | null | undefined) {
  const [all, allowed] = await Promise.all([listPlatforms(db), regionsAllowed(db, userId, courseId)]);
  return all.filter((p) => regionAllowed(allowed, p.cloudRegion));
}
