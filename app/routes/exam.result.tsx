import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PathCheckInWidget } from "~/components/checkin/check-in-widget";
import { ExamCertPopup } from "~/components/cert/cert-popup";
import { examLoadError } from "~/components/exam/load-error.server";
import { FraudNotice } from "~/components/exam/fraud-notice";
import { useExamActions } from "~/components/exam/use-exam-actions";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { formatDateTime } from "@base/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    const result = await caller.exam.result({ examId: id });
    const [review, check] = await Promise.all([
      result.canViewAnswer ? caller.exam.viewAnswers({ examId: id, paperId: result.paperId }) : null,
      // 再次考试 is offered only when the server's start rule allows it (an exam taken off the shelf: no retake).
      caller.exam.check({ examId: id }).catch(() => null),
    ]);
    return { result, review, canRetake: check?.canStart === 1, noPermission: null };
  } catch (e) {
    return { result: null, review: null, canRetake: false, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("考试结果") }];

const SUBMIT_TYPES: Record<number, string> = { 1: "主动交卷", 2: "考试时间到，系统自动交卷", 3: "切屏次数超限，系统自动交卷", 4: "考试时间到，系统自动交卷" };

/** Time spent as 1小时5分20秒 / 25分30秒 / 40秒. */
function formatUsed(total: number | null | undefined): string {
  if (total === null || total === undefined) return "--";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return `${h ? `${h}小时` : ""}${h || m ? `${m}分` : ""}${sec}秒`;
}

const JUDGE_NAMES: Record<string, string> = { A: "正确", B: "错误" };
/** An answer as the learner reads it: 正确/错误 for true/false, blanks with their accepted variants. */
function answerText(questionType: number, answer: string[]): string {
  if (questionType === 3) return answer.map((a) => JUDGE_NAMES[a] ?? a).join("，");
  return answer.join("，").replace(/\|/g, " / ");
}

export default function ExamResult() {
  const { result, review, canRetake, noPermission } = useLoaderData<typeof loader>();
  const { busy, start } = useExamActions();
  if (!result) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无成绩" hint={noPermission ?? ""} /></div>;

  const pending = result.pendingCount > 0;
  const verdict = pending ? "待阅卷" : result.isPass === 1 ? "考试通过" : "未通过";
  return (
    <div className="mx-auto max-w-[1000px] px-4 py-8">
      <ExamCertPopup examId={result.examId} passed={!pending && result.isPass === 1} />
      <PathCheckInWidget />
      <section className="rounded-lg bg-white p-10 text-center">
        <h1 className="text-xl font-semibold">{result.examName}</h1>
        <div data-testid="result-score" className={`mt-6 text-6xl font-bold ${result.isPass === 1 ? "text-[#00b42a]" : pending ? "text-primary" : "text-danger"}`}>
          {result.score ?? "--"}
          <span className="ml-1 text-xl font-normal text-muted">分</span>
        </div>
        <div data-testid="result-verdict" className="mt-3 text-lg">{verdict}</div>
        {pending && <p className="mt-1 text-sm text-muted">主观题待老师阅卷，阅卷完成后公布最终成绩</p>}
        <dl className="mx-auto mt-6 grid max-w-[760px] grid-cols-3 gap-4 text-sm">
          <Stat label="及格分 / 满分" value={`${result.passScore}分 / ${result.maxScore}分`} />
          <Stat label="答对题数" value={result.correctCount === null ? "--" : `${result.correctCount}/${result.questionCount}题`} testId="result-correct" />
          <Stat label="用时" value={formatUsed(result.usedSeconds)} testId="result-used" />
          <Stat label="最高成绩" value={result.bestScore === null ? "--" : `${result.bestScore}分`} />
          <Stat label="考试次数" value={`第${result.attemptNo}次，共${result.allowedCount}次`} />
          <Stat label="剩余考试次数" value={`${result.remainCount}次`} testId="result-remain" />
        </dl>
        {result.status === 2 && <FraudNotice paperId={result.paperId} />}
        {result.submitType && (
          <p className="mt-4 text-xs text-muted">
            {formatDateTime(result.submitTime)} {SUBMIT_TYPES[result.submitType]}
          </p>
        )}
        <div className="mt-8 flex justify-center gap-3">
          <Button variant="outline" asChild>
            <Link to={`/exam/detail?id=${result.examId}`}>返回考试详情</Link>
          </Button>
          {review && (
            <Button variant="outline" asChild>
              <a href="#review">查看答案</a>
            </Button>
          )}
          {canRetake && <Button disabled={busy} onClick={() => void start(result.examId)}>再次考试</Button>}
        </div>
      </section>
      {result.typeScores.length > 0 && (
        <section className="mt-4 rounded-lg bg-white p-6">
          <h2 className="mb-3 text-base font-semibold">各题型得分</h2>
          <table data-testid="result-types" className="w-full text-left text-sm">
            <thead className="bg-[#f7f8fa] text-muted">
              <tr>
                <th className="px-4 py-2 font-normal">题型</th>
                <th className="px-4 py-2 font-normal">题数</th>
                <th className="px-4 py-2 font-normal">答对</th>
                <th className="px-4 py-2 font-normal">得分 / 分值</th>
              </tr>
            </thead>
            <tbody>
              {result.typeScores.map((t) => (
                <tr key={t.questionType} className="border-t border-border">
                  <th scope="row" className="px-4 py-2 font-normal">{t.questionTypeName}</th>
                  <td className="px-4 py-2">{t.questionCount}题</td>
                  <td className="px-4 py-2">{t.questionType === 5 && t.pendingCount > 0 ? `待阅卷${t.pendingCount}题` : `${t.correctCount}题`}</td>
                  <td className="px-4 py-2">
                    {t.score}分 / {t.totalScore}分
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {review ? (
        <section id="review" className="mt-4 scroll-mt-20 space-y-3" aria-label="答题详情">
          <h2 className="px-1 text-base font-semibold">答题详情</h2>
          {review.questions.map((q) => (
            <article key={q.questionId} data-testid={`review-${q.sort}`} className="rounded-lg bg-white p-5 text-sm">
              <h3 className="text-base">
                <span className="mr-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary">{q.questionTypeName}</span>
                {q.sort}. {q.content}（{q.score}分）
              </h3>
              {q.options.length > 0 && (
                <ul className="mt-2 space-y-1 text-[#4e5969]">
                  {q.options.map((o) => <li key={o.key}>{o.key}. {o.content}</li>)}
                </ul>
              )}
              <p className="mt-2">
                你的答案：<span className={q.isCorrect ? "text-[#00b42a]" : q.userScore === null ? "" : "text-danger"}>{answerText(q.questionType, q.userAnswer) || "未作答"}</span>
                <span className="ml-4">正确答案：{answerText(q.questionType, q.rightAnswer)}</span>
                <span className="ml-4 text-muted">得分：{q.userScore === null ? "待阅" : `${q.userScore}分`}</span>
              </p>
              {q.analysis && <p className="mt-1 text-muted">解析：{q.analysis}</p>}
            </article>
          ))}
        </section>
      ) : (
        result.status === 2 && result.showAnswers !== 1 && <p className="mt-4 text-center text-sm text-muted">本考试不公布答案</p>
      )}
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-base">
        {value}
      </dd>
    </div>
  );
}
