import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import { QueryPager } from "~/components/course/pager";
import { examLoadError } from "~/components/exam/load-error.server";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { formatDateTime } from "@base/format";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const id = Number(q.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("练习不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    return { book: await caller.exam.practice.wrong.page({ id, pageNo: Number(q.get("pageNo")) || 1, pageSize: 10 }), noPermission: null };
  } catch (e) {
    return { book: null, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle("错题本", d?.book?.practiceName ?? "题库练习") }];

/** The wrong-question book: each mistake with the learner's last answer, the right one and the analysis. */
export default function PracticeWrongBook() {
  const { book, noPermission } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!book) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  async function run<T>(call: () => Promise<T>, then: (r: T) => void) {
    setBusy(true);
    try {
      then(await call());
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <nav className="mb-3 text-sm text-muted">
        <Link to="/practice/center" className="hover:text-primary">题库练习</Link> <span className="mx-1">/</span>
        <Link to={`/practice/detail?id=${book.practiceId}`} className="hover:text-primary">{book.practiceName}</Link> <span className="mx-1">/</span>
        <span className="text-[#4e5969]">错题本</span>
      </nav>
      <div className="flex items-center justify-between rounded-lg bg-white px-6 py-4">
        <div>
          <h1 className="text-lg font-semibold text-[#1d2129]">错题本</h1>
          <p className="text-sm text-muted">共 {book.total} 题 · 重练答对后自动移出</p>
        </div>
        <Button disabled={busy || book.total === 0} onClick={() => run(() => trpc.exam.practice.wrong.start.mutate({ id: book.practiceId }), (r) => navigate(`/practice/test?sessionId=${r.sessionId}`))}>
          错题重练
        </Button>
      </div>
      {book.list.length ? (
        <ol className="mt-4 space-y-4">
          {book.list.map((w) => (
            <li key={w.questionId} className="rounded-lg bg-white p-6" data-testid="wrong-item">
              <header className="flex items-start justify-between gap-4">
                <div className="flex items-start gap-2">
                  <span className="shrink-0 rounded bg-primary-50 px-2 py-0.5 text-xs text-primary">{w.questionTypeName}</span>
                  <h2 className="text-base leading-7 text-[#1d2129]">
                    {w.sort}. {w.content}
                  </h2>
                </div>
                <span className="shrink-0 rounded bg-[#fff2f0] px-2 py-0.5 text-xs text-danger">错{w.wrongCount}次</span>
              </header>
              {w.options.length > 0 && w.questionType !== 3 && (
                <ul className="mt-3 grid grid-cols-2 gap-2 text-sm text-[#4e5969]">
                  {w.options.map((o) => (
                    <li key={o.key}>
                      {o.key}. {o.content}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-4 rounded-md bg-surface px-4 py-3 text-sm leading-7">
                <p>
                  <span className="text-danger">你的答案：{w.lastAnswerText || "未作答"}</span>
                  <span className="ml-6 text-[#00b42a]">正确答案：{w.rightAnswerText}</span>
                </p>
                <p className="text-[#4e5969]">
                  <span className="font-medium text-[#1d2129]">答案解析：</span>
                  {w.analysis || "暂无解析"}
                </p>
              </div>
              <footer className="mt-3 flex items-center justify-between text-xs text-muted">
                <span>最近答错：{formatDateTime(w.lastWrongTime)}</span>
                <Button
                  variant="link"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    run(
                      () => trpc.exam.practice.wrong.remove.mutate({ id: book.practiceId, questionId: w.questionId }),
                      () => {
                        toast.success("已移出错题本");
                        refresh();
                      },
                    )
                  }
                >
                  移出错题本
                </Button>
              </footer>
            </li>
          ))}
        </ol>
      ) : (
        <div className="mt-4 rounded-lg bg-white">
          <EmptyState
            title="错题本是空的"
            hint="练习中答错的题会自动收入这里"
            action={
              <Button asChild variant="outline">
                <Link to={`/practice/detail?id=${book.practiceId}`}>去练习</Link>
              </Button>
            }
          />
        </div>
      )}
      <QueryPager pageNo={book.pageNo} pageSize={book.pageSize} total={book.total} />
    </div>
  );
}
