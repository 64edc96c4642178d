import { xlsxResponse } from "@base/xlsx";
import { legacyRows } from "../legacy/types";

const M = "/api/elearning/caiyun/front/message";
const B = "/api/elearning/caiyun/back/message";
const G = "/api/elearning/back/caiyun/message";

// sendUserMessage is left unserved: the spec gives neither its payload nor its sender.
export const messageLegacy = legacyRows([
  { method: "GET", path: `${M}/pageUserStationMessageList`, call: (c, i) => c.message.page(i as never) },
  { method: "GET", path: `${M}/getMessageUnreadCount`, call: (c) => c.message.unreadCount() },
  { method: "POST", path: `${M}/modifyMessageStatus`, call: (c, i) => c.message.markRead(i as never) },

  // Back office (back-office.md 7.7): station messages written by admins.
  { method: "GET", path: `${G}/getStationMessageDetail`, call: (c, i) => c.message.admin.detail(i as never) },
  { method: "GET", path: `${G}/downloadErrorMessage`, call: (c, i) => c.message.admin.importErrors(i as never), respond: xlsxResponse as (data: never) => Response },
  { method: "POST", path: `${B}/pageStationMessageList`, call: (c, i) => c.message.admin.page(i as never) },
  { method: "POST", path: `${B}/addStationMessage`, call: (c, i) => c.message.admin.add(i as never) },
  { method: "POST", path: `${B}/modifyStationMessage`, call: (c, i) => c.message.admin.modify(i as never) },
  { method: "POST", path: `${B}/delStationMessage`, call: (c, i) => c.message.admin.del(i as never) },
  { method: "POST", path: `${B}/bindStationMessage`, call: (c, i) => c.message.admin.bind(i as never) },
  { method: "POST", path: `${B}/bindStationMessage/new`, call: (c, i) => c.message.admin.bindAccounts(i as never) },
  { method: "POST", path: `${B}/delBindStationMessage`, call: (c, i) => c.message.admin.unbind(i as never) },
  // Old clients wait for the whole import; the answer carries the job id for the error download.
  { method: "POST", path: `${B}/importStationMessage`, call: (c, i) => c.message.admin.importExcel({ ...(i as object), wait: true } as never), files: true },
  { method: "POST", path: `${B}/search`, call: (c, i) => c.message.admin.recipients(i as never) },
  { method: "POST", path: `${B}/operateMessageStatus`, call: (c, i) => c.message.admin.operate(i as never) },

  // Message tasks (docs/decisions/014-message-tasks.md).
  { method: "GET", path: `${B}/getNoticeMessageRuleSceneTypeEnum`, call: (c) => c.message.admin.task.scenes() },
  { method: "GET", path: `${B}/getNoticeMessageRuleSceneParamEnum`, call: (c, i) => c.message.admin.task.sceneParams(i as never) },
  { method: "GET", path: `${B}/getNoticeMessageTaskDetail`, call: (c, i) => c.message.admin.task.detail(i as never) },
  { method: "POST", path: `${B}/createNoticeMessageTask`, call: (c, i) => c.message.admin.task.create(i as never) },
  { method: "POST", path: `${B}/updateNoticeMessageTask`, call: (c, i) => c.message.admin.task.update(i as never) },
  { method: "POST", path: `${B}/setMessageContentTemplate`, call: (c, i) => c.message.admin.task.setTemplate(i as never) },
  { method: "POST", path: `${B}/copyMessageTask`, call: (c, i) => c.message.admin.task.copy(i as never) },
  { method: "POST", path: `${B}/operateMessageTaskStatus`, call: (c, i) => c.message.admin.task.operate(i as never) },
]);
