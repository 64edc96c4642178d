import { Link, useNavigate } from "@remix-run/react";
import { useState, type ComponentType, type ReactNode } from "react";
import { formatDateTime } from "@base/format";
import { QueryPager } from "~/components/course/pager";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { useRefresh } from "~/lib/use-refresh";
import type { MessageCenterData, MessageTab } from "./message-center.server";

type Message = MessageCenterData["messages"]["list"][number];
type Reply = MessageCenterData["replies"]["list"][number];
type Mail = MessageCenterData["mails"]["list"][number];
type Announcement = MessageCenterData["announcements"]["list"][number];

export interface FrameProps {
  extra?: ReactNode;
  children: ReactNode;
}

const TAB_LABEL: Record<MessageTab, string> = { notice: "站内通知", reply: "回复我的", mail: "邮件", announcement: "平台公告" };

/**
 * The message centre, shared by /person/message and /message/center: station messages (opening one marks it
 * read and follows its link), 回复我的 (admins' replies to the learner's course comments), mails (opening one
 * reads it, once) and the platform notices with their likes. The page gives the frame.
 */
export function MessageCenter({ data, basePath, Frame }: { data: MessageCenterData; basePath: string; Frame: ComponentType<FrameProps> }) {
  const { tab, messages, replies, mails, announcements, unread } = data;
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [openMail, setOpenMail] = useState<number | null>(null);
  const href = (t: MessageTab) => (t === "notice" ? basePath : `${basePath}?tab=${t}`);

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  };
  const markRead = (input: { id: number } | { readAll: 1 }) => run(() => trpc.message.markRead.mutate(input));
  const readReply = (id?: number) => run(() => trpc.comment.readReply.mutate(id ? { id } : {}));
  const open = async (m: Message) => {
    if (!m.isRead) await markRead({ id: m.id });
    if (!m.linkUrl) return;
    if (/^https?:\/\//.test(m.linkUrl)) window.open(m.linkUrl, "_blank", "noopener");
    else navigate(m.linkUrl);
  };
  const openReply = async (r: Reply) => {
    if (!r.isRead) await readReply(r.id);
    navigate(`/course/detail?id=${r.courseId}&tab=comments`);
  };
  const toggleMail = async (m: Mail) => {
    setOpenMail(openMail === m.id ? null : m.id);
    if (!m.isRead) await run(() => trpc.message.mail.detail.mutate({ id: m.id }));
  };
  const like = (n: Announcement) => run(() => trpc.operate.notice.praise.mutate({ id: n.id, status: n.isPraise ? 0 : 1 }));

  const extra =
    tab === "notice" && unread.notice > 0 ? (
      <Button variant="outline" size="sm" onClick={() => markRead({ readAll: 1 })}>
        全部已读（{unread.notice}）
      </Button>
    ) : tab === "reply" && unread.reply > 0 ? (
      <Button variant="outline" size="sm" onClick={() => readReply()}>
        全部已读（{unread.reply}）
      </Button>
    ) : null;

  return (
    <Frame extra={extra}>
      <nav className="mb-2 flex gap-6 border-b border-border text-sm" aria-label="消息分类">
        {(["notice", "reply", "mail", "announcement"] as const).map((t) => (
          <TabLink key={t} to={href(t)} active={tab === t} label={TAB_LABEL[t]} count={t === "announcement" ? 0 : unread[t]} />
        ))}
      </nav>
      {tab === "reply" ? (
        replies.list.length ? (
          <>
            <ul className="divide-y divide-border" data-testid="comment-replies">
              {replies.list.map((r) => (
                <MessageRow key={r.id} read={r.isRead} title={`${r.nick}回复了您在《${r.courseName}》的评论`} time={r.createTime} onOpen={() => openReply(r)}>
                  <span className="mt-1 block text-sm leading-6 text-[#1d2129]">{r.content}</span>
                  <span className="mt-2 block truncate rounded bg-[#f7f8fa] px-3 py-1.5 text-xs text-muted">我的评论：{r.commentContent}</span>
                </MessageRow>
              ))}
            </ul>
            <QueryPager pageNo={replies.pageNo} pageSize={replies.pageSize} total={replies.total} />
          </>
        ) : (
          <EmptyState title="暂无回复" hint="您在课程下发表的评论收到回复后会显示在这里" />
        )
      ) : tab === "mail" ? (
        mails.list.length ? (
          <>
            <ul className="divide-y divide-border" data-testid="mails">
              {mails.list.map((m) => (
                <MessageRow key={m.id} read={m.isRead} title={m.title} time={m.createTime} onOpen={() => toggleMail(m)}>
                  <span className={cn("mt-1 block whitespace-pre-wrap text-sm leading-6 text-[#4e5969]", openMail !== m.id && "line-clamp-1")} data-testid={openMail === m.id ? "mail-open" : undefined}>
                    {m.content}
                  </span>
                  {openMail === m.id && m.linkUrl && (
                    <Link to={m.linkUrl} className="mt-1 block text-sm text-primary" onClick={(e) => e.stopPropagation()}>
                      查看详情
                    </Link>
                  )}
                </MessageRow>
              ))}
            </ul>
            <QueryPager pageNo={mails.pageNo} pageSize={mails.pageSize} total={mails.total} />
          </>
        ) : (
          <EmptyState title="暂无邮件" hint="平台发给您的学习报告、培训安排等邮件会显示在这里" />
        )
      ) : tab === "announcement" ? (
        announcements.list.length ? (
          <>
            <ul className="divide-y divide-border" data-testid="announcements">
              {announcements.list.map((n) => (
                <li key={n.id} className="flex items-center gap-3 py-4">
                  <Link to={`/notice/detail?id=${n.id}`} className="min-w-0 flex-1">
                    <span className="block truncate text-[15px] text-[#1d2129] hover:text-primary">{n.title}</span>
                    <span className="mt-1 block text-xs text-muted">{formatDateTime(n.startTime)}</span>
                  </Link>
                  <LikeButton liked={n.isPraise === 1} text={n.praiseCountText} onClick={() => like(n)} />
                </li>
              ))}
            </ul>
            <QueryPager pageNo={announcements.pageNo} pageSize={announcements.pageSize} total={announcements.total} />
          </>
        ) : (
          <EmptyState title="暂无公告" />
        )
      ) : messages.list.length ? (
        <>
          <ul className="divide-y divide-border" data-testid="station-messages">
            {messages.list.map((m) => (
              <MessageRow key={m.id} read={m.isRead} title={m.title} time={m.createTime} onOpen={() => open(m)}>
                <span className="mt-1 block text-sm leading-6 text-[#4e5969]">{m.content}</span>
                {m.linkUrl && <span className="mt-1 block text-sm text-primary">查看详情</span>}
              </MessageRow>
            ))}
          </ul>
          <QueryPager pageNo={messages.pageNo} pageSize={messages.pageSize} total={messages.total} />
        </>
      ) : (
        <EmptyState title="暂无消息" hint="系统通知、学习提醒和直播预约提醒会显示在这里" />
      )}
    </Frame>
  );
}

/** A like toggle with its count as the display rules show counts. */
export function LikeButton({ liked, text, onClick }: { liked: boolean; text: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={liked}
      aria-label={liked ? `取消点赞，${text}人点赞` : `点赞，${text}人点赞`}
      className={cn("flex shrink-0 items-center gap-1 rounded-full border px-3 py-1 text-sm", liked ? "border-primary bg-primary-50 text-primary" : "border-border text-[#4e5969] hover:text-primary")}
    >
      <span aria-hidden>👍</span>
      {text}
    </button>
  );
}

/** One message of a list: the unread dot, the title (bold while unread) with its time, then the body. */
function MessageRow({ read, title, time, onOpen, children }: { read: number; title: string; time: number | null; onOpen: () => void; children: ReactNode }) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="flex w-full gap-3 py-4 text-left hover:bg-[#f7f8fa]" data-read={read}>
        <span aria-label={read ? "已读" : "未读"} className={cn("mt-2 h-2 w-2 shrink-0 rounded-full", read ? "bg-transparent" : "bg-danger")} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-3">
            <span className={cn("truncate text-[15px]", read ? "text-[#4e5969]" : "font-semibold text-[#1d2129]")}>{title}</span>
            <span className="ml-auto shrink-0 text-xs text-muted">{formatDateTime(time)}</span>
          </span>
          {children}
        </span>
      </button>
    </li>
  );
}

function TabLink({ to, active, label, count }: { to: string; active: boolean; label: string; count: number }) {
  return (
    <Link to={to} aria-current={active ? "page" : undefined} className={cn("-mb-px flex items-center gap-1.5 border-b-2 pb-2.5", active ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}>
      {label}
      {count > 0 && <span className="min-w-[18px] rounded-full bg-danger px-1.5 text-center text-xs leading-[18px] text-white">{count > 99 ? "99+" : count}</span>}
    </Link>
  );
}
