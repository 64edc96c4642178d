import { legacyRows, pass } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front";
const C = `${F}/course`;
const B = "/api/elearning/back/course";
const BU = "/api/elearning/back/user/course";
const download = (data: never) => xlsxResponse(data as XlsxFile);

const learn = pass((c) => c.course.learn);
const detailLearn = pass((c) => c.course.learnDetail);
const myLearn = pass((c) => c.course.mine);
const search = pass((c) => c.course.search);

/** Course, course centre, search and user course calls of the old clients. */
export const courseLegacy = legacyRows([
  { method: "POST", path: `${C}/getDetail`, call: pass((c) => c.course.detail) },
  { method: "POST", path: `${C}/getChapter`, call: pass((c) => c.course.chapters) },
  { method: "POST", path: `${C}/getFiles`, call: pass((c) => c.course.files) },
  { method: "POST", path: `${C}/add`, call: pass((c) => c.course.join) },
  { method: "POST", path: `${C}/collection`, call: pass((c) => c.course.collect) },
  { method: "POST", path: `${C}/collection/cancel`, call: pass((c) => c.course.uncollect) },
  { method: "POST", path: `${C}/learn`, call: learn },
  { method: "POST", path: `${C}/record`, call: learn },
  { method: "POST", path: `${C}/learnVod`, call: learn },
  { method: "POST", path: `${C}/getLatestLearning`, call: pass((c) => c.course.latest) },
  { method: "POST", path: `${C}/getCourseDetaillearn`, call: detailLearn },
  { method: "POST", path: `${C}/getCourseDetailLearn`, call: detailLearn },
  { method: "POST", path: `${C}/learnProgressCompensation`, call: pass((c) => c.course.compensate) },
  // Partner platform: a course's training summary and its category and tags (docs/decisions/004).
  { method: "POST", path: `${C}/ipaasGetTrainInfo`, call: pass((c) => c.course.trainInfo) },
  { method: "POST", path: `${C}/ipaasGetTagInfo`, call: pass((c) => c.course.tagInfo) },
  { method: "GET", path: `${C}/ipaasGetTagInfo`, call: pass((c) => c.course.tagInfo) },
  { method: "GET", path: `${C}/checkLearnCourse`, call: pass((c) => c.course.checkLearn) },
  { method: "GET", path: `${C}/getRecommendCourse`, call: pass((c) => c.course.recommend) },
  { method: "POST", path: `${C}/center/search`, call: search },
  { method: "GET", path: `${C}/center/getRecommendCourse`, call: pass((c) => c.course.recommend) },
  { method: "POST", path: `${F}/search`, call: search },
  { method: "POST", path: `${F}/search/dump`, call: search },
  { method: "POST", path: `${F}/search/ipaas`, call: search },
  { method: "POST", path: `${F}/user/myRecentCourse`, call: (c) => c.course.recent() },
  { method: "POST", path: `${F}/user/getUserLearnInfo`, call: (c) => c.course.learnInfo() },
  { method: "POST", path: `${F}/user/getLearningContentAccess`, call: pass((c) => c.course.access) },
  { method: "POST", path: `${F}/user/collection/add`, call: pass((c) => c.course.collect) },
  { method: "POST", path: `${F}/user/collection/cancel`, call: pass((c) => c.course.uncollect) },
  { method: "POST", path: `${F}/user/course/learn`, call: myLearn },
  { method: "POST", path: `${F}/user/course/learn/ipaas`, call: myLearn },
  { method: "POST", path: `${F}/user/course/collection`, call: pass((c) => c.course.collections) },
  { method: "POST", path: `${F}/user/course/userBacklogCourse`, call: pass((c) => c.course.backlog) },

  { method: "POST", path: `${B}/page`, call: pass((c) => c.course.admin.page) },
  { method: "POST", path: `${B}/getOne`, call: pass((c) => c.course.admin.getOne) },
  { method: "POST", path: `${B}/getCourseChapter`, call: pass((c) => c.course.admin.chapters) },
  { method: "POST", path: `${B}/getOpenRange`, call: pass((c) => c.course.admin.openRange) },
  { method: "POST", path: `${B}/courseCount`, call: (c) => c.course.admin.count() },
  { method: "POST", path: `${B}/copy`, call: pass((c) => c.course.admin.copy) },
  { method: "POST", path: `${B}/moveTo`, call: pass((c) => c.course.admin.move) },
  { method: "POST", path: `${B}/release`, call: pass((c) => c.course.admin.release) },
  { method: "POST", path: `${B}/del`, call: pass((c) => c.course.admin.del) },
  { method: "POST", path: `${B}/saveBase`, call: pass((c) => c.course.admin.saveBase) },
  { method: "POST", path: "/api/elearning/neixun/back/course/saveBase", call: pass((c) => c.course.admin.saveBase) },
  { method: "POST", path: `${B}/saveDetail`, call: pass((c) => c.course.admin.saveDetail) },
  { method: "POST", path: `${B}/saveOpen`, call: pass((c) => c.course.admin.saveOpen) },
  { method: "POST", path: `${B}/saveCoursewareInfo`, call: pass((c) => c.course.admin.saveCourseware) },
  { method: "POST", path: `${B}/checkIsExam`, call: pass((c) => c.course.admin.checkIsExam) },
  { method: "POST", path: `${B}/findAllTags`, call: (c) => c.course.admin.findAllTags() },
  { method: "POST", path: `${B}/findAllRoles`, call: (c) => c.course.admin.findAllRoles() },
  { method: "POST", path: `${B}/findAllGroups`, call: (c) => c.course.admin.findAllGroups() },
  { method: "POST", path: `${B}/exportCourseList`, call: pass((c) => c.course.admin.exportList), respond: download },

  { method: "POST", path: `${BU}/page`, call: pass((c) => c.course.admin.learners.page) },
  { method: "POST", path: `${BU}/add`, call: pass((c) => c.course.admin.learners.add) },
  { method: "POST", path: `${BU}/del`, call: pass((c) => c.course.admin.learners.del) },
  { method: "POST", path: `${BU}/finishPay`, call: pass((c) => c.course.admin.learners.finishPay) },
  { method: "POST", path: `${BU}/courseResult`, call: pass((c) => c.course.admin.learners.result) },
  { method: "POST", path: `${BU}/exportCourseResult`, call: pass((c) => c.course.admin.learners.exportResult), respond: download },
  { method: "POST", path: `${BU}/exportUserResult`, call: pass((c) => c.course.admin.learners.exportUser), respond: download },
]);
