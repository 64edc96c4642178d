import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { examLoadError } from "~/components/exam/load-error.server";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { trpc } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    const result = await caller.exam.learner.result({ examId: id });
    const review = result.canViewAnswer ? await caller.exam.learner.viewAnswers({ examId: id, paperId: result.paperId }) : null;
    return { result, review, noPermission: null };
  } catch (e) {
    return { result: null, review: null, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("考试结果") }];

const SUBMIT_TYPES: Record<number, string> = { 1: "主动交卷", 2: "考试时间到，系统自动交卷", 3: "切屏次数超限，系统自动交卷", 4: "考试时间到，系统自动交卷" };

export default function ExamResult() {
  const { result, review, noPermission } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [showReview, setShowReview] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!result) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无成绩" hint={noPermission ?? ""} /></div>;

  async function retake() {
    setBusy(true);
    try {
      const r = await trpc.exam.learner.start.mutate({ examId: result!.examId });
      navigate(`/exam/test?paperId=${r.paperId}`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  const pending = result.pendingCount > 0;
  const verdict = pending ? "待阅卷" : result.isPass === 1 ? "考试通过" : "未通过";
  return (
    <div className="mx-auto max-w-[1000px] px-4 py-8">
      <section className="rounded-lg bg-white p-10 text-center">
        <h1 className="text-xl font-semibold">{result.examName}</h1>
        <div data-testid="result-score" className={`mt-6 text-6xl font-bold ${result.isPass === 1 ? "text-[#00b42a]" : pending ? "text-primary" : "text-danger"}`}>
          {result.score ?? "--"}
          <span className="ml-1 text-xl font-normal text-muted">分</span>
        </div>
        <div data-testid="result-verdict" className="mt-3 text-lg">{verdict}</div>
        {pending && <p className="mt-1 text-sm text-muted">主观题待老师阅卷，阅卷完成后公布最终成绩</p>}
        <dl className="mx-auto mt-6 grid max-w-[560px] grid-cols-3 gap-4 text-sm">
          <div><dt className="text-muted">及格分</dt><dd className="mt-1 text-base">{result.passScore}分</dd></div>
          <div><dt className="text-muted">最高成绩</dt><dd className="mt-1 text-base">{result.bestScore ?? "--"}分</dd></div>
          <div><dt className="text-muted">剩余考试次数</dt><dd data-testid="result-remain" className="mt-1 text-base">{result.remainCount}次</dd></div>
        </dl>
        {result.submitType && <p className="mt-4 text-xs text-muted">{SUBMIT_TYPES[result.submitType]}</p>}
        <div className="mt-8 flex justify-center gap-3">
          <Button variant="outline" asChild>
            <Link to={`/exam/detail?id=${result.examId}`}>返回考试详情</Link>
          </Button>
          {review && <Button variant="outline" onClick={() => setShowReview((v) => !v)}>{showReview ? "收起答案" : "查看答案"}</Button>}
          {result.remainCount > 0 && <Button disabled={busy} onClick={retake}>再次考试</Button>}
        </div>
      </section>
      {showReview && review && (
        <section className="mt-4 space-y-3">
          {review.questions.map((q) => (
            <article key={q.questionId} className="rounded-lg bg-white p-5 text-sm">
              <h3 className="text-base">
                {q.sort}. {q.content}（{q.score}分）
              </h3>
              {q.options.length > 0 && (
                <ul className="mt-2 space-y-1 text-[#4e5969]">
                  {q.options.map((o) => <li key={o.key}>{o.key}. {o.content}</li>)}
                </ul>
              )}
              <p className="mt-2">
                你的答案：<span className={q.isCorrect ? "text-[#00b42a]" : "text-danger"}>{q.userAnswer.join("，") || "未作答"}</span>
                <span className="ml-4">正确答案：{q.questionType === 3 ? (q.rightAnswer[0] === "A" ? "正确" : "错误") : q.rightAnswer.join("，").replace(/\|/g, " / ")}</span>
                <span className="ml-4 text-muted">得分：{q.userScore ?? "待阅"}</span>
              </p>
              {q.analysis && <p className="mt-1 text-muted">解析：{q.analysis}</p>}
            </article>
          ))}
        </section>
      )}
    </div>
  );
}
