import { legacyRows, pass } from "../legacy/types";

const F = "/api/elearning/caiyun/front/comment";
const B = "/api/elearning/back/comment";

export const commentLegacy = legacyRows([
  { method: "GET", path: "/api/elearning/front/comment/message/unReadCount", call: (c) => c.comment.unreadCount() },
  { method: "GET", path: "/api/elearning/front/comment/message/readReplyMessage", call: pass((c) => c.comment.readReply) },
  { method: "POST", path: `${F}/list`, call: pass((c) => c.comment.list) },
  { method: "POST", path: F, call: pass((c) => c.comment.add) },
  { method: "POST", path: `${F}/getUserNewReplyCount`, call: (c) => c.comment.unreadCount() },
  { method: "POST", path: `${F}/readReply`, call: pass((c) => c.comment.readReply) },
  { method: "POST", path: `${F}/message/replyMe`, call: pass((c) => c.comment.replyMe) },
  // One like call for comments and platform notices: a notice is named by noticeId, or by businessType
  // "notice" with its id (decision 037); anything else is a comment, as the old clients send it.
  {
    method: "POST",
    path: "/api/elearning/caiyun/front/praise",
    call: (c, i) => (i.noticeId !== undefined || i.businessType === "notice" ? pass((x) => x.operate.notice.praise)(c, i) : pass((x) => x.comment.praise)(c, i)),
  },

  // Back office (back-office.md 7.4).
  { method: "GET", path: `${B}/getCommentReply`, call: pass((c) => c.comment.admin.replies) },
  { method: "POST", path: `${B}/getCommentPage`, call: pass((c) => c.comment.admin.page) },
  { method: "POST", path: `${B}/delCommentBatch`, call: pass((c) => c.comment.admin.del) },
  { method: "POST", path: `${B}/ModifyStatusBatch`, call: pass((c) => c.comment.admin.setStatus) },
  { method: "POST", path: `${B}/reply`, call: pass((c) => c.comment.admin.reply) },
  { method: "POST", path: `${B}/addBanUser`, call: pass((c) => c.comment.admin.ban) },
  { method: "POST", path: `${B}/deleteCommentReply`, call: pass((c) => c.comment.admin.deleteReply) },
  { method: "POST", path: `${B}/deleteBanUser`, call: pass((c) => c.comment.admin.unban) },
  { method: "POST", path: `${B}/commentTop`, call: pass((c) => c.comment.admin.top) },
  { method: "POST", path: `${B}/getBanUserPage`, call: pass((c) => c.comment.admin.bans) },
  { method: "POST", path: `${B}/banUser/remark`, call: pass((c) => c.comment.admin.banRemark) },
]);
