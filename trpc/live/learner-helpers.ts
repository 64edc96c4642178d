import { forbidden } from "@base/errors";

export { EXPRESSIONS, checkSensitive, roomHiddenMessageIds, roomMessages, roomNotice, sendHostMessage } from "./message.service";

/** Only teachers and admins speak as the host. */
export function anchorMsgInputCheck(user: { isAdmin: number; isTeacher: number }) {
  if (user.isAdmin !== 1 && user.isTeacher !== 1) throw forbidden("仅讲师或管理员可以发送主播消息");
}
