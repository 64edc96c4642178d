import { legacyRows } from "../legacy/types";

const F = "/api/elearning/caiyun/front/comment";
const B = "/api/elearning/back/comment";

export const commentLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/front/comment/message/unReadCount", call: (c) => c.comment.unreadCount() },
  { method: "GET", path: "/api/elearning/front/comment/message/readReplyMessage", call: (c, i) => c.comment.readReply(i as never) },
  { method: "POST", path: `${F}/list`, call: (c, i) => c.comment.list(i as never) },
  { method: "POST", path: F, call: (c, i) => c.comment.add(i as never) },
  { method: "POST", path: `${F}/getUserNewReplyCount`, call: (c) => c.comment.unreadCount() },
  { method: "POST", path: `${F}/readReply`, call: (c, i) => c.comment.readReply(i as never) },
  { method: "POST", path: `${F}/message/replyMe`, call: (c, i) => c.comment.replyMe(i as never) },
  { method: "POST", path: "/api/elearning/caiyun/front/praise", call: (c, i) => c.comment.praise(i as never) },

  // Back office (back-office.md 7.4).
  { method: "GET", path: `${B}/getCommentReply`, call: (c, i) => c.comment.admin.replies(i as never) },
  { method: "POST", path: `${B}/getCommentPage`, call: (c, i) => c.comment.admin.page(i as never) },
  { method: "POST", path: `${B}/delCommentBatch`, call: (c, i) => c.comment.admin.del(i as never) },
  { method: "POST", path: `${B}/ModifyStatusBatch`, call: (c, i) => c.comment.admin.setStatus(i as never) },
  { method: "POST", path: `${B}/reply`, call: (c, i) => c.comment.admin.reply(i as never) },
  { method: "POST", path: `${B}/addBanUser`, call: (c, i) => c.comment.admin.ban(i as never) },
  { method: "POST", path: `${B}/deleteCommentReply`, call: (c, i) => c.comment.admin.deleteReply(i as never) },
  { method: "POST", path: `${B}/deleteBanUser`, call: (c, i) => c.comment.admin.unban(i as never) },
  { method: "POST", path: `${B}/commentTop`, call: (c, i) => c.comment.admin.top(i as never) },
  { method: "POST", path: `${B}/getBanUserPage`, call: (c, i) => c.comment.admin.bans(i as never) },
  { method: "POST", path: `${B}/banUser/remark`, call: (c, i) => c.comment.admin.banRemark(i as never) },
]);
