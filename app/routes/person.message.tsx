import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { formatDateTime } from "@base/format";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: pageTitle("消息中心", "个人中心") }];

const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  const sp = new URL(request.url).searchParams;
  const tab = sp.get("tab") === "reply" ? "reply" : "notice";
  const paging = { pageNo: Number(sp.get("pageNo")) || 1, pageSize: PAGE_SIZE };
  const empty = { list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE, unreadNum: 0 };
  if (!ctx.user) return { tab, messages: empty, replies: { list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE }, unreadReplies: 0 };
  const [messages, replies, unread] = await Promise.all([
    tab === "notice" ? caller.message.page(paging) : caller.message.unreadCount().then((n) => ({ ...empty, unreadNum: n.unreadNum ?? 0 })),
    tab === "reply" ? caller.comment.replyMe(paging) : Promise.resolve({ list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE }),
    caller.comment.unreadCount(),
  ]);
  return { tab, messages, replies, unreadReplies: unread.count };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type Message = LoaderData["messages"]["list"][number];
type Reply = LoaderData["replies"]["list"][number];

/**
 * The message centre: station messages, newest first (unread ones marked, opening one marks it read and
 * follows its link), and 回复我的: admins' replies to the learner's course comments, opening one marks it
 * read and shows the course's comments.
 */
export default function PersonMessage() {
  const enabled = useRootData()?.shell.noticeEnabled ?? true;
  const { tab, messages, replies, unreadReplies } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const navigate = useNavigate();

  const markRead = async (input: { id: number } | { readAll: 1 }) => {
    try {
      await trpc.message.markRead.mutate(input);
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  };
  const readReply = async (id?: number) => {
    try {
      await trpc.comment.readReply.mutate(id ? { id } : {});
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  };
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

  if (!enabled)
    return (
      <PersonPage title="消息中心">
        <EmptyState title="当前站点未开启消息功能" hint="如需接收通知，请前往财云学院主站查看" />
      </PersonPage>
    );
  const unreadNotices = messages.unreadNum;
  return (
    <PersonPage
      title="消息中心"
      extra={
        tab === "notice"
          ? unreadNotices > 0 && (
              <Button variant="outline" size="sm" onClick={() => markRead({ readAll: 1 })}>
                全部已读（{unreadNotices}）
              </Button>
            )
          : unreadReplies > 0 && (
              <Button variant="outline" size="sm" onClick={() => readReply()}>
                全部已读（{unreadReplies}）
              </Button>
            )
      }
    >
      <nav className="mb-2 flex gap-6 border-b border-border text-sm" aria-label="消息分类">
        <TabLink to="/person/message" active={tab === "notice"} label="站内通知" count={unreadNotices} />
        <TabLink to="/person/message?tab=reply" active={tab === "reply"} label="回复我的" count={unreadReplies} />
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
    </PersonPage>
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
