import { legacyRows, type LegacyRow } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const F = "/api/elearning/caiyun/front";
const C = `${F}/course`;
const B = "/api/elearning/back/course";
const BU = "/api/elearning/back/user/course";
const download = (data: never) => xlsxResponse(data as XlsxFile);

type Call = LegacyRow["call"];
const learn: Call = (c, i) => c.course.learn(i as never);
const detailLearn: Call = (c, i) => c.course.learnDetail(i as never);
const myLearn: Call = (c, i) => c.course.mine(i as never);
const search: Call = (c, i) => c.course.search(i as never);

/** Course, course centre, search and user course calls of the old clients. */
export const courseLegacy = legacyRows([
  { method: "POST", path: `${C}/getDetail`, call: (c, i) => c.course.detail(i as never) },
  { method: "POST", path: `${C}/getChapter`, call: (c, i) => c.course.chapters(i as never) },
  { method: "POST", path: `${C}/getFiles`, call: (c, i) => c.course.files(i as never) },
  { method: "POST", path: `${C}/add`, call: (c, i) => c.course.join(i as never) },
  { method: "POST", path: `${C}/collection`, call: (c, i) => c.course.collect(i as never) },
  { method: "POST", path: `${C}/collection/cancel`, call: (c, i) => c.course.uncollect(i as never) },
  { method: "POST", path: `${C}/learn`, call: learn },
  { method: "POST", path: `${C}/record`, call: learn },
  { method: "POST", path: `${C}/learnVod`, call: learn },
  { method: "POST", path: `${C}/getLatestLearning`, call: (c, i) => c.course.latest(i as never) },
  { method: "POST", path: `${C}/getCourseDetaillearn`, call: detailLearn },
  { method: "POST", path: `${C}/getCourseDetailLearn`, call: detailLearn },
  { method: "POST", path: `${C}/learnProgressCompensation`, call: (c, i) => c.course.compensate(i as never) },
  // Partner platform: a course's training summary and its category and tags (docs/decisions/004).
  { method: "POST", path: `${C}/ipaasGetTrainInfo`, call: (c, i) => c.course.trainInfo(i as never) },
  { method: "POST", path: `${C}/ipaasGetTagInfo`, call: (c, i) => c.course.tagInfo(i as never) },
  { method: "GET", path: `${C}/ipaasGetTagInfo`, call: (c, i) => c.course.tagInfo(i as never) },
  { method: "GET", path: `${C}/checkLearnCourse`, call: (c, i) => c.course.checkLearn(i as never) },
  { method: "GET", path: `${C}/getRecommendCourse`, call: (c, i) => c.course.recommend(i as never) },
  { method: "POST", path: `${C}/center/search`, call: search },
  { method: "GET", path: `${C}/center/getRecommendCourse`, call: (c, i) => c.course.recommend(i as never) },
  { method: "POST", path: `${F}/search`, call: search },
  { method: "POST", path: `${F}/search/dump`, call: search },
  { method: "POST", path: `${F}/search/ipaas`, call: search },
  { method: "POST", path: `${F}/user/myRecentCourse`, call: (c) => c.course.recent() },
  { method: "POST", path: `${F}/user/getUserLearnInfo`, call: (c) => c.course.learnInfo() },
  { method: "POST", path: `${F}/user/getLearningContentAccess`, call: (c, i) => c.course.access(i as never) },
  { method: "POST", path: `${F}/user/collection/add`, call: (c, i) => c.course.collect(i as never) },
  { method: "POST", path: `${F}/user/collection/cancel`, call: (c, i) => c.course.uncollect(i as never) },
  { method: "POST", path: `${F}/user/course/learn`, call: myLearn },
  { method: "POST", path: `${F}/user/course/learn/ipaas`, call: myLearn },
  { method: "POST", path: `${F}/user/course/collection`, call: (c, i) => c.course.collections(i as never) },
  { method: "POST", path: `${F}/user/course/userBacklogCourse`, call: (c, i) => c.course.backlog(i as never) },

  { method: "POST", path: `${B}/page`, call: (c, i) => c.course.admin.page(i as never) },
  { method: "POST", path: `${B}/getOne`, call: (c, i) => c.course.admin.getOne(i as never) },
  { method: "POST", path: `${B}/getCourseChapter`, call: (c, i) => c.course.admin.chapters(i as never) },
  { method: "POST", path: `${B}/getOpenRange`, call: (c, i) => c.course.admin.openRange(i as never) },
  { method: "POST", path: `${B}/courseCount`, call: (c) => c.course.admin.count() },
  { method: "POST", path: `${B}/copy`, call: (c, i) => c.course.admin.copy(i as never) },
  { method: "POST", path: `${B}/moveTo`, call: (c, i) => c.course.admin.move(i as never) },
  { method: "POST", path: `${B}/release`, call: (c, i) => c.course.admin.release(i as never) },
  { method: "POST", path: `${B}/del`, call: (c, i) => c.course.admin.del(i as never) },
  { method: "POST", path: `${B}/saveBase`, call: (c, i) => c.course.admin.saveBase(i as never) },
  { method: "POST", path: "/api/elearning/neixun/back/course/saveBase", call: (c, i) => c.course.admin.saveBase(i as never) },
  { method: "POST", path: `${B}/saveDetail`, call: (c, i) => c.course.admin.saveDetail(i as never) },
  { method: "POST", path: `${B}/saveOpen`, call: (c, i) => c.course.admin.saveOpen(i as never) },
  { method: "POST", path: `${B}/saveCoursewareInfo`, call: (c, i) => c.course.admin.saveCourseware(i as never) },
  { method: "POST", path: `${B}/checkIsExam`, call: (c, i) => c.course.admin.checkIsExam(i as never) },
  { method: "POST", path: `${B}/findAllTags`, call: (c) => c.course.admin.findAllTags() },
  { method: "POST", path: `${B}/findAllRoles`, call: (c) => c.course.admin.findAllRoles() },
  { method: "POST", path: `${B}/findAllGroups`, call: (c) => c.course.admin.findAllGroups() },
  { method: "POST", path: `${B}/exportCourseList`, call: (c, i) => c.course.admin.exportList(i as never), respond: download },

  { method: "POST", path: `${BU}/page`, call: (c, i) => c.course.admin.learners.page(i as never) },
  { method: "POST", path: `${BU}/add`, call: (c, i) => c.course.admin.learners.add(i as never) },
  { method: "POST", path: `${BU}/del`, call: (c, i) => c.course.admin.learners.del(i as never) },
  { method: "POST", path: `${BU}/finishPay`, call: (c, i) => c.course.admin.learners.finishPay(i as never) },
  { method: "POST", path: `${BU}/courseResult`, call: (c, i) => c.course.admin.learners.result(i as never) },
  { method: "POST", path: `${BU}/exportCourseResult`, call: (c, i) => c.course.admin.learners.exportResult(i as never), respond: download },
  { method: "POST", path: `${BU}/exportUserResult`, call: (c, i) => c.course.admin.learners.exportUser(i as never), respond: download },
]);
