import { serverCaller } from "~/lib/caller.server";

export const MESSAGE_TABS = ["notice", "reply", "mail", "announcement"] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
const PAGE_SIZE = 10;

/**
 * The message centre's data (/person/message and /message/center): the open tab's page, and the unread
 * counts every tab shows. 站内通知 are station messages, 回复我的 comment replies, 邮件 mails, 平台公告 the
 * home page's notices.
 */
export async function loadMessageCenter(request: Request) {
  const { caller, ctx, resHeaders } = await serverCaller(request);
  const sp = new URL(request.url).searchParams;
  const asked = sp.get("tab") as MessageTab;
  const tab: MessageTab = MESSAGE_TABS.includes(asked) ? asked : "notice";
  const paging = { pageNo: Number(sp.get("pageNo")) || 1, pageSize: PAGE_SIZE };
  const none = { list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE };
  if (!ctx.user) return { data: { tab, loggedIn: false, messages: { ...none, unreadNum: 0 }, mails: { ...none, unreadNum: 0 }, replies: none, announcements: none, unread: { notice: 0, reply: 0, mail: 0 } }, headers: resHeaders };
  const [messages, mails, replies, announcements, replyCount, all, mailCount] = await Promise.all([
    tab === "notice" ? caller.message.page(paging) : null,
    tab === "mail" ? caller.message.mail.list(paging) : null,
    tab === "reply" ? caller.comment.replyMe(paging) : null,
    tab === "announcement" ? caller.operate.notice.list(paging) : null,
    caller.comment.unreadCount(),
    caller.message.unreadCount(),
    caller.message.mail.unread(),
  ]);
  const unread = { notice: all.unreadNum - mailCount.unReadCount, reply: replyCount.count, mail: mailCount.unReadCount };
  return {
    data: {
      tab,
      loggedIn: true,
      messages: messages ?? { ...none, unreadNum: unread.notice },
      mails: mails ?? { ...none, unreadNum: unread.mail },
      replies: replies ?? none,
      announcements: announcements ?? none,
      unread,
    },
    headers: resHeaders,
  };
}
export type MessageCenterData = Awaited<ReturnType<typeof loadMessageCenter>>["data"];
