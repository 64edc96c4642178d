import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { formatDateTime } from "~/lib/format";
import { trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: pageTitle("消息中心", "个人中心") }];

const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE, unreadNum: 0 };
  return caller.message.page({ pageNo: Number(new URL(request.url).searchParams.get("pageNo")) || 1, pageSize: PAGE_SIZE });
}

type Message = Awaited<ReturnType<typeof loader>>["list"][number];

/** Station messages, newest first: unread ones marked, opening one marks it read and follows its link. */
export default function PersonMessage() {
  const enabled = useRootData()?.shell.noticeEnabled ?? true;
  const { list, total, pageNo, pageSize, unreadNum } = useLoaderData<typeof loader>();
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
  const open = async (m: Message) => {
    if (!m.isRead) await markRead({ id: m.id });
    if (!m.linkUrl) return;
    if (/^https?:\/\//.test(m.linkUrl)) window.open(m.linkUrl, "_blank", "noopener");
    else navigate(m.linkUrl);
  };

  if (!enabled)
    return (
      <PersonPage title="消息中心">
        <EmptyState title="当前站点未开启消息功能" hint="如需接收通知，请前往财云学院主站查看" />
      </PersonPage>
    );
  return (
    <PersonPage
      title="消息中心"
      extra={
        unreadNum > 0 && (
          <Button variant="outline" size="sm" onClick={() => markRead({ readAll: 1 })}>
            全部已读（{unreadNum}）
          </Button>
        )
      }
    >
      {list.length ? (
        <>
          <ul className="divide-y divide-border" data-testid="station-messages">
            {list.map((m) => (
              <li key={m.id}>
                <button type="button" onClick={() => open(m)} className="flex w-full gap-3 py-4 text-left hover:bg-[#f7f8fa]" data-read={m.isRead}>
                  <span aria-label={m.isRead ? "已读" : "未读"} className={cn("mt-2 h-2 w-2 shrink-0 rounded-full", m.isRead ? "bg-transparent" : "bg-danger")} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-3">
                      <span className={cn("truncate text-[15px]", m.isRead ? "text-[#4e5969]" : "font-semibold text-[#1d2129]")}>{m.title}</span>
                      <span className="ml-auto shrink-0 text-xs text-muted">{formatDateTime(m.createTime)}</span>
                    </span>
                    <span className="mt-1 block text-sm leading-6 text-[#4e5969]">{m.content}</span>
                    {m.linkUrl && <span className="mt-1 block text-sm text-primary">查看详情</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <QueryPager pageNo={pageNo} pageSize={pageSize} total={total} />
        </>
      ) : (
        <EmptyState title="暂无消息" hint="系统通知、学习提醒和直播预约提醒会显示在这里" />
      )}
    </PersonPage>
  );
}
