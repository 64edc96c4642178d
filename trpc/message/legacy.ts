import { xlsxResponse } from "@base/xlsx";
import { legacyRows, mapped, pass } from "../legacy/types";

const F = "/api/elearning/caiyun/front";
const M = `${F}/message`;
const B = "/api/elearning/caiyun/back/message";
const G = "/api/elearning/back/caiyun/message";

// sendUserMessage (the learner writing to the platform) is served by the help domain: trpc/help/legacy.ts.
export const messageLegacy = legacyRows([
  { method: "GET", path: `${M}/pageUserStationMessageList`, call: pass((c) => c.message.page) },
  { method: "GET", path: `${M}/getMessageUnreadCount`, call: (c) => c.message.unreadCount() },
  { method: "POST", path: `${M}/modifyMessageStatus`, call: pass((c) => c.message.markRead) },
  // Mails (docs/decisions/037-ranking-mail-notices.md): list and detail are POSTs; detail marks the mail read.
  { method: "POST", path: `${F}/mail/unRead`, call: (c) => c.message.mail.unread() },
  { method: "POST", path: `${F}/mail/list`, call: pass((c) => c.message.mail.list) },
  { method: "POST", path: `${F}/mail/detail`, call: pass((c) => c.message.mail.detail) },

  // Back office (back-office.md 7.7): station messages written by admins.
  { method: "GET", path: `${G}/getStationMessageDetail`, call: pass((c) => c.message.admin.detail) },
  { method: "GET", path: `${G}/downloadErrorMessage`, call: pass((c) => c.message.admin.importErrors), respond: xlsxResponse as (data: never) => Response },
  { method: "POST", path: `${B}/pageStationMessageList`, call: pass((c) => c.message.admin.page) },
  { method: "POST", path: `${B}/addStationMessage`, call: pass((c) => c.message.admin.add) },
  { method: "POST", path: `${B}/modifyStationMessage`, call: pass((c) => c.message.admin.modify) },
  { method: "POST", path: `${B}/delStationMessage`, call: pass((c) => c.message.admin.del) },
  { method: "POST", path: `${B}/bindStationMessage`, call: pass((c) => c.message.admin.bind) },
  { method: "POST", path: `${B}/bindStationMessage/new`, call: pass((c) => c.message.admin.bindAccounts) },
  { method: "POST", path: `${B}/delBindStationMessage`, call: pass((c) => c.message.admin.unbind) },
  // Old clients wait for the whole import; the answer carries the job id for the error download.
  { method: "POST", path: `${B}/importStationMessage`, call: mapped((c) => c.message.admin.importExcel, (i) => ({ ...i, wait: true })), files: true },
  { method: "POST", path: `${B}/search`, call: pass((c) => c.message.admin.recipients) },
  { method: "POST", path: `${B}/operateMessageStatus`, call: pass((c) => c.message.admin.operate) },

  // Message tasks (docs/decisions/014-message-tasks.md).
  { method: "GET", path: `${B}/getNoticeMessageRuleSceneTypeEnum`, call: (c) => c.message.admin.task.scenes() },
  { method: "GET", path: `${B}/getNoticeMessageRuleSceneParamEnum`, call: pass((c) => c.message.admin.task.sceneParams) },
  { method: "GET", path: `${B}/getNoticeMessageTaskDetail`, call: pass((c) => c.message.admin.task.detail) },
  { method: "POST", path: `${B}/createNoticeMessageTask`, call: pass((c) => c.message.admin.task.create) },
  { method: "POST", path: `${B}/updateNoticeMessageTask`, call: pass((c) => c.message.admin.task.update) },
  { method: "POST", path: `${B}/setMessageContentTemplate`, call: pass((c) => c.message.admin.task.setTemplate) },
  { method: "POST", path: `${B}/copyMessageTask`, call: pass((c) => c.message.admin.task.copy) },
  { method: "POST", path: `${B}/operateMessageTaskStatus`, call: pass((c) => c.message.admin.task.operate) },
]);
