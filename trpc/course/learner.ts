import { z } from "zod";
import { learnerProcedure, publicProcedure } from "../init";
import { contentScopeOf } from "../site/site.service";
import { courseChapterList, courseDetail, courseTags, courseFiles, courseLearnDetail, latestLearning, recommendCourses } from "./catalogue.service";
import { checkLearnCourse, collectCourse, joinCourse, learningContentAccess, uncollectCourse } from "./enrol.service";
import { backlogCourses, myCollections, myCourses, recentCourses, userLearnInfo } from "./mine.service";
import { compensateProgress, reportLearning } from "./progress.service";
import { optionalId } from "@base/legacy-input";
import { compensationInput, courseIdInput, learnInput, pageInput, searchInput } from "./schemas";
import { searchCourses } from "./search.service";
import { tagInfo, trainInfo } from "./ipaas.service";

const optionalCourse = z.object({ courseId: optionalId("课程ID"), id: optionalId("课程ID") }).transform((v) => ({ courseId: v.courseId ?? v.id }));

/** Learner calls of courses (learner-calls.md Courses, Search, User course calls). */
export const courseLearnerProcedures = {
  search: publicProcedure.input(searchInput).query(async ({ ctx, input }) => searchCourses(ctx.db, input, await contentScopeOf(ctx.db, ctx.sitePath))),
  detail: publicProcedure.input(courseIdInput).query(({ ctx, input }) => courseDetail(ctx.db, ctx.user, input.courseId)),
  chapters: publicProcedure.input(courseIdInput).query(({ ctx, input }) => courseChapterList(ctx.db, ctx.user, input.courseId)),
  files: publicProcedure.input(courseIdInput).query(({ ctx, input }) => courseFiles(ctx.db, ctx.user, input.courseId)),
  trainInfo: publicProcedure.input(courseIdInput).query(({ ctx, input }) => trainInfo(ctx.db, ctx.user, input.courseId)),
  tagInfo: publicProcedure.input(courseIdInput).query(({ ctx, input }) => tagInfo(ctx.db, ctx.user, input.courseId)),
  tags: publicProcedure.query(({ ctx }) => courseTags(ctx.db)),
  recommend: publicProcedure.input(optionalCourse).query(({ ctx, input }) => recommendCourses(ctx.db, input.courseId)),
  join: learnerProcedure.input(courseIdInput).mutation(({ ctx, input }) => joinCourse(ctx.db, ctx.user, input.courseId)),
  access: learnerProcedure.input(courseIdInput).mutation(({ ctx, input }) => learningContentAccess(ctx.db, ctx.user, input.courseId)),
  checkLearn: learnerProcedure.input(courseIdInput).query(({ ctx, input }) => checkLearnCourse(ctx.db, ctx.user, input.courseId)),
  collect: learnerProcedure.input(courseIdInput).mutation(({ ctx, input }) => collectCourse(ctx.db, ctx.user, input.courseId)),
  uncollect: learnerProcedure.input(courseIdInput).mutation(({ ctx, input }) => uncollectCourse(ctx.db, ctx.user, input.courseId)),
  learnDetail: learnerProcedure.input(courseIdInput).query(({ ctx, input }) => courseLearnDetail(ctx.db, ctx.user, input.courseId)),
  latest: learnerProcedure.input(courseIdInput).query(({ ctx, input }) => latestLearning(ctx.db, ctx.user, input.courseId)),
  learn: learnerProcedure.input(learnInput).mutation(({ ctx, input }) => reportLearning(ctx.db, ctx.user, input)),
  compensate: learnerProcedure
    .input(compensationInput)
    .mutation(({ ctx, input }) => compensateProgress(ctx.db, ctx.user, input.courseId, input.list)),
  mine: learnerProcedure.input(pageInput).query(({ ctx, input }) => myCourses(ctx.db, ctx.user.id, input)),
  recent: learnerProcedure.query(({ ctx }) => recentCourses(ctx.db, ctx.user.id)),
  backlog: learnerProcedure.input(pageInput).query(({ ctx, input }) => backlogCourses(ctx.db, ctx.user.id, input)),
  collections: learnerProcedure.input(pageInput).query(({ ctx, input }) => myCollections(ctx.db, ctx.user.id, input)),
  learnInfo: learnerProcedure.query(({ ctx }) => userLearnInfo(ctx.db, ctx.user.id)),
};
