import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { QueryPager } from "~/components/course/pager";
import { examLoadError } from "~/components/exam/load-error.server";
import { lastTimeText, ProgressBar } from "~/components/exam/practice-parts";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: pageTitle("题库练习") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller } = await serverCaller(request);
  try {
    return await caller.exam.practice.list({ pageNo: Number(new URL(request.url).searchParams.get("pageNo")) || 1, pageSize: 12 });
  } catch (e) {
    examLoadError(e, request);
    throw e;
  }
}

/** Practices open to the learner, each with how far they got and how well. */
export default function PracticeCenter() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="rounded-lg bg-gradient-to-r from-primary-50 to-white px-8 py-6">
        <h1 className="text-2xl font-semibold text-[#1d2129]">题库练习</h1>
        <p className="mt-2 text-sm text-muted">顺序刷题、随机抽题、按题型专项练习，每题作答后即时判分并给出解析，答错的题自动收入错题本。</p>
      </div>
      {page.list.length ? (
        <div className="mt-4 grid grid-cols-3 gap-4">
          {page.list.map((p) => (
            <article key={p.id} className="flex flex-col rounded-lg bg-white p-5" data-testid="practice-card">
              <h2 className="text-base font-semibold text-[#1d2129]">
                <Link to={`/practice/detail?id=${p.id}`} className="hover:text-primary">
                  {p.name}
                </Link>
              </h2>
              <p className="mt-1 line-clamp-2 min-h-10 text-sm text-muted">{p.description || "政府采购从业知识练习"}</p>
              <div className="mt-3 flex flex-wrap gap-1.5">
                <span className="rounded bg-surface px-2 py-0.5 text-xs text-[#4e5969]">共{p.questionCount}题</span>
                {p.modes.map((m) => (
                  <span key={m.id} className="rounded bg-primary-50 px-2 py-0.5 text-xs text-primary">
                    {m.name}
                  </span>
                ))}
              </div>
              <div className="mt-4">
                <ProgressBar done={p.stats.doneQuestionCount} total={p.questionCount} label="已练题目" />
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-xs text-muted">
                <div>
                  <dt>答题数</dt>
                  <dd className="mt-0.5 text-sm text-[#1d2129]">{p.stats.answeredCount}</dd>
                </div>
                <div>
                  <dt>正确率</dt>
                  <dd className="mt-0.5 text-sm text-[#1d2129]">{p.stats.answeredCount ? `${p.stats.correctRate}%` : "--"}</dd>
                </div>
                <div>
                  <dt>错题</dt>
                  <dd className="mt-0.5 text-sm text-[#1d2129]">{p.stats.wrongCount}</dd>
                </div>
              </dl>
              <div className="mt-4 flex items-center justify-between border-t border-border pt-3">
                <span className="text-xs text-muted">最近练习：{lastTimeText(p.stats.lastPracticeTime)}</span>
                <Button asChild size="sm">
                  <Link to={`/practice/detail?id=${p.id}`}>{p.stats.answeredCount ? "继续练习" : "开始练习"}</Link>
                </Button>
              </div>
            </article>
          ))}
        </div>
      ) : (
        <div className="mt-4 rounded-lg bg-white">
          <EmptyState title="暂无可参加的练习" hint="管理员开放练习后会显示在这里" />
        </div>
      )}
      <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
    </div>
  );
}
