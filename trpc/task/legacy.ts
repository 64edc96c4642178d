import { xlsxResponse, type XlsxFile } from "@base/xlsx";
import { legacyRows, pass } from "../legacy/types";

const B = "/api/elearning/caiyun/back/task";
const F = "/api/elearning/caiyun/front/task";
const download = (data: never) => xlsxResponse(data as XlsxFile);

export const taskLegacy = legacyRows([
  // Back office (back-office.md 7.8). create with an id saves that task: old clients have no update call.
  { method: "POST", path: `${B}/create`, call: pass((c) => c.task.admin.save) },
  { method: "POST", path: `${B}/pageTaskList`, call: pass((c) => c.task.admin.page) },
  { method: "POST", path: `${B}/copy`, call: pass((c) => c.task.admin.copy) },
  { method: "POST", path: `${B}/move`, call: pass((c) => c.task.admin.move) },
  { method: "POST", path: `${B}/del`, call: pass((c) => c.task.admin.del) },
  { method: "POST", path: `${B}/addTaskNode`, call: pass((c) => c.task.admin.addNode) },
  { method: "POST", path: `${B}/modifyTaskNode`, call: pass((c) => c.task.admin.modifyNode) },
  { method: "POST", path: `${B}/sortTaskNode`, call: pass((c) => c.task.admin.sortNodes) },
  { method: "POST", path: `${B}/delTaskNode`, call: pass((c) => c.task.admin.delNode) },
  { method: "POST", path: `${B}/pageTaskUserList`, call: pass((c) => c.task.admin.users) },
  // JSON (userIds, groupIds, roleIds, accounts) or multipart with an .xlsx `file` of login names or mobiles.
  { method: "POST", path: `${B}/addTaskUser`, call: pass((c) => c.task.admin.addUsers), files: true },
  { method: "POST", path: `${B}/delTaskUser`, call: pass((c) => c.task.admin.delUsers) },
  { method: "POST", path: `${B}/taskScore`, call: pass((c) => c.task.admin.score) },
  { method: "GET", path: `${B}/getTaskDetail`, call: pass((c) => c.task.admin.detail) },
  { method: "GET", path: `${B}/getTaskNodeList`, call: pass((c) => c.task.admin.nodes) },
  // Not in the catalogue: the learners' progress as a file, for the back office's 导出 button.
  { method: "POST", path: `${B}/exportTaskUser`, call: pass((c) => c.task.admin.exportUsers), respond: download },

  // Learner (learner-calls.md Tasks).
  { method: "GET", path: `${F}/getUserTaskList`, call: pass((c) => c.task.list) },
  { method: "GET", path: `${F}/getUnfinishedNum`, call: pass((c) => c.task.unfinishedNum) },
  { method: "GET", path: `${F}/getUserTaskDetail`, call: pass((c) => c.task.detail) },
  { method: "GET", path: `${F}/saveNodeRate`, call: pass((c) => c.task.saveNodeRate) },
  { method: "GET", path: `${F}/getTaskResult`, call: pass((c) => c.task.result) },
]);
