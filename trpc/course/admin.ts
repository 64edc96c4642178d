import { adminProcedure, router } from "../init";
import {
  adminCoursePageInput,
  idInput,
  idsInput,
  moveInput,
  releaseInput,
  saveBaseInput,
  saveCoursewareInput,
  saveDetailInput,
  saveOpenInput,
  userCourseChangeInput,
  userCoursePageInput,
  userResultInput,
} from "./schemas";
import {
  checkIsExam,
  copyCourse,
  courseCount,
  deleteCourses,
  exportCourseList,
  getCourseForAdmin,
  lookups,
  moveCourses,
  pageCourses,
  releaseCourses,
  saveBase,
  saveCourseware,
  saveDetail,
  saveOpen,
} from "./admin.service";
import { openRange } from "./access.service";
import { chapterTree } from "./catalogue.service";
import { idOf } from "@base/legacy-input";
import { z } from "zod";
import {
  addCourseLearners,
  courseResult,
  exportCourseResult,
  exportUserResult,
  finishPay,
  pageCourseLearners,
  removeCourseLearners,
} from "./user-course.service";

/** Courses back office (back-office.md 7.9) and learners of a course (7.2 back/user/course). */
export const courseAdminRouter = router({
  page: adminProcedure.input(adminCoursePageInput).query(({ ctx, input }) => pageCourses(ctx.db, input)),
  getOne: adminProcedure.input(idInput).query(({ ctx, input }) => getCourseForAdmin(ctx.db, input.id)),
  chapters: adminProcedure.input(idInput).query(({ ctx, input }) => chapterTree(ctx.db, input.id, null, true)),
  openRange: adminProcedure.input(idInput).query(({ ctx, input }) => openRange(ctx.db, input.id)),
  count: adminProcedure.query(({ ctx }) => courseCount(ctx.db)),
  copy: adminProcedure.input(idInput).mutation(({ ctx, input }) => copyCourse(ctx.db, ctx.user.id, input.id)),
  move: adminProcedure.input(moveInput).mutation(({ ctx, input }) => moveCourses(ctx.db, input.ids, input.categoryId, input.sort)),
  release: adminProcedure.input(releaseInput).mutation(({ ctx, input }) => releaseCourses(ctx.db, input.ids, input.status)),
  del: adminProcedure.input(idsInput).mutation(({ ctx, input }) => deleteCourses(ctx.db, input.ids)),
  saveBase: adminProcedure.input(saveBaseInput).mutation(({ ctx, input }) => saveBase(ctx.db, ctx.user.id, input)),
  saveDetail: adminProcedure.input(saveDetailInput).mutation(({ ctx, input }) => saveDetail(ctx.db, input.id, input.description)),
  saveOpen: adminProcedure.input(saveOpenInput).mutation(({ ctx, input }) => saveOpen(ctx.db, input.id, input.ranges)),
  saveCourseware: adminProcedure.input(saveCoursewareInput).mutation(({ ctx, input }) => saveCourseware(ctx.db, input)),
  checkIsExam: adminProcedure.input(idInput).query(({ ctx, input }) => checkIsExam(ctx.db, input.id)),
  findAllTags: adminProcedure.query(({ ctx }) => lookups(ctx.db, "tags")),
  findAllRoles: adminProcedure.query(({ ctx }) => lookups(ctx.db, "roles")),
  findAllGroups: adminProcedure.query(({ ctx }) => lookups(ctx.db, "groups")),
  exportList: adminProcedure.input(adminCoursePageInput).query(({ ctx, input }) => exportCourseList(ctx.db, input)),
  learners: router({
    page: adminProcedure.input(userCoursePageInput).query(({ ctx, input }) => pageCourseLearners(ctx.db, input)),
    add: adminProcedure.input(userCourseChangeInput).mutation(({ ctx, input }) => addCourseLearners(ctx.db, input.courseId, input.userIds)),
    del: adminProcedure.input(userCourseChangeInput).mutation(({ ctx, input }) => removeCourseLearners(ctx.db, input.courseId, input.userIds)),
    finishPay: adminProcedure.input(userCourseChangeInput).mutation(({ ctx, input }) => finishPay(ctx.db, input.courseId, input.userIds)),
    result: adminProcedure.input(z.object({ courseId: idOf("课程ID") })).query(({ ctx, input }) => courseResult(ctx.db, input.courseId)),
    exportResult: adminProcedure.input(z.object({ courseId: idOf("课程ID") })).query(({ ctx, input }) => exportCourseResult(ctx.db, input.courseId)),
    exportUser: adminProcedure.input(userResultInput).query(({ ctx, input }) => exportUserResult(ctx.db, input.userId)),
  }),
});
