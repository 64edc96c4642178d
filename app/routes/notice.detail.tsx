import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@base/format";
import { pageTitle } from "~/components/layout/page-title";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { LikeButton } from "~/components/message/message-center";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { openLoginDialog } from "~/lib/login-dialog";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.notice?.title ?? "公告") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, resHeaders } = await serverCaller(request);
  const id = Number(new URL(request.url).searchParams.get("id"));
  const notice = Number.isSafeInteger(id) && id > 0 ? await caller.operate.notice.detail({ id }).catch(() => null) : null;
  return data({ notice }, { headers: resHeaders, status: notice ? 200 : 404 });
}

/** One platform notice (/notice/detail?id=): its text, and a like per learner. */
export default function NoticeDetail() {
  const { notice } = useLoaderData<typeof loader>();
  const loggedIn = isLoggedIn(useRootData()?.user);
  const refresh = useRefresh();
  const like = async () => {
    if (!notice) return;
    if (!loggedIn) return openLoginDialog();
    try {
      await trpc.operate.notice.praise.mutate({ id: notice.id, status: notice.isPraise ? 0 : 1 });
      refresh();
    } catch (e) {
      handleApiError(e);
    }
  };
  return (
    <div className="mx-auto max-w-[960px] px-4 py-6">
      <nav className="mb-3 text-sm text-muted" aria-label="位置">
        <Link to="/" className="hover:text-primary">
          首页
        </Link>
        {" / "}
        <Link to="/notice/list" className="hover:text-primary">
          平台公告
        </Link>
      </nav>
      <article className="rounded-lg bg-white px-10 py-8">
        {notice ? (
          <>
            <h1 className="text-2xl font-semibold text-[#1d2129]">{notice.title}</h1>
            <p className="mt-2 text-sm text-muted">发布时间：{formatDateTime(notice.startTime)}</p>
            <div className="mt-6 whitespace-pre-wrap text-[15px] leading-7 text-[#1d2129]" data-testid="notice-content">
              {notice.content || "（无正文）"}
            </div>
            {notice.linkUrl && (
              <a href={notice.linkUrl} className="mt-4 inline-block text-sm text-primary">
                查看详情
              </a>
            )}
            <div className="mt-8 flex justify-center">
              <LikeButton liked={notice.isPraise === 1} text={notice.praiseCountText} onClick={like} />
            </div>
          </>
        ) : (
          <EmptyState title="公告不存在或已下线" action={<Link to="/notice/list" className="text-primary">查看全部公告</Link>} />
        )}
      </article>
    </div>
  );
}
