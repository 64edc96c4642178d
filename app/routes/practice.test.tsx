import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AnswerCard } from "~/components/exam/answer-card";
import { examLoadError } from "~/components/exam/load-error.server";
import { AnswerFeedback, StatBox } from "~/components/exam/practice-parts";
import { QuestionView } from "~/components/exam/question-view";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { trpc } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const sessionId = Number(new URL(request.url).searchParams.get("sessionId"));
  if (!Number.isInteger(sessionId) || sessionId <= 0) throw data("练习记录不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    return await caller.exam.practice.session({ sessionId });
  } catch (e) {
    examLoadError(e, request);
    throw data("练习记录不存在", { status: 404 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d ? `${d.modeName} - ${d.practiceName}` : "练习", "题库练习") }];

type View = ReturnType<typeof useLoaderData<typeof loader>>;
type Result = View["answers"][number] & { cleared?: boolean };

const clock = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}分${s % 60}秒` : `${s}秒`);

/** One round: answer, see at once whether it was right with the analysis, move on; the server keeps the place. */
export default function PracticeTest() {
  const loaded = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [view, setView] = useState(loaded);
  const [results, setResults] = useState<Map<number, Result>>(() => new Map(loaded.answers.map((a) => [a.questionId, a])));
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const [current, setCurrent] = useState(loaded.position);
  const [report, setReport] = useState(loaded.status === 1);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  // A different round (再练一轮) arrives through the loader: start over from it.
  useEffect(() => {
    setView(loaded);
    setResults(new Map(loaded.answers.map((a) => [a.questionId, a])));
    setDrafts({});
    setCurrent(loaded.position);
    setReport(loaded.status === 1);
  }, [loaded]);

  const total = view.questions.length;
  const q = view.questions[current];
  const result = q ? results.get(q.questionId) : undefined;
  const finished = view.status === 1;

  function move(to: number) {
    if (to < 0 || to >= total) return;
    setCurrent(to);
    if (!finished) void trpc.exam.practice.position.mutate({ sessionId: view.sessionId, position: to }).catch(() => undefined);
  }

  async function submit() {
    if (!q || busy) return;
    setBusy(true);
    try {
      const r = await trpc.exam.practice.answer.mutate({ sessionId: view.sessionId, questionId: q.questionId, answer: drafts[q.questionId] ?? [] });
      setResults((m) => new Map(m).set(q.questionId, r));
      setView((v) => ({ ...v, summary: r.summary, wrongBookCount: r.wrongBookCount, status: r.finished ? 1 : v.status }));
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    setConfirm(false);
    setBusy(true);
    try {
      setView(await trpc.exam.practice.finish.mutate({ sessionId: view.sessionId }));
      setReport(true);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  async function again() {
    setBusy(true);
    try {
      const r =
        view.source === 2
          ? await trpc.exam.practice.wrong.start.mutate({ id: view.practiceId })
          : await trpc.exam.practice.start.mutate({ id: view.practiceId, modeId: view.modeId, questionType: view.questionType ?? undefined });
      navigate(`/practice/test?sessionId=${r.sessionId}`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  const s = view.summary;
  const marks = new Map([...results.values()].map((r) => [r.questionId, r.isCorrect === 1]));
  const draft = q ? (drafts[q.questionId] ?? []) : [];
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <div className="mb-4 flex items-center justify-between rounded-lg bg-white px-6 py-4">
        <div>
          <nav className="text-xs text-muted">
            <Link to="/practice/center" className="hover:text-primary">题库练习</Link> <span className="mx-1">/</span>
            <Link to={`/practice/detail?id=${view.practiceId}`} className="hover:text-primary">{view.practiceName}</Link>
          </nav>
          <h1 className="mt-1 text-lg font-semibold text-[#1d2129]">
            {view.modeName}
            {view.questionType ? ` · ${view.questions[0]?.questionTypeName ?? ""}` : ""}
          </h1>
        </div>
        <div className="flex items-center gap-6 text-sm">
          <span data-testid="practice-progress" className="text-[#4e5969]">
            已答 <b className="text-primary">{s.answeredCount}</b>/{s.total}
          </span>
          <span className="text-[#4e5969]">
            答对 <b className="text-[#00b42a]">{s.correctCount}</b> · 答错 <b className="text-danger">{s.wrongCount}</b>
          </span>
          {finished ? (
            <Button variant="outline" onClick={() => setReport((r) => !r)}>
              {report ? "回顾本轮题目" : "查看练习报告"}
            </Button>
          ) : (
            <Button variant="outline" disabled={busy} onClick={() => setConfirm(true)}>
              结束练习
            </Button>
          )}
        </div>
      </div>

      {report ? (
        <section className="rounded-lg bg-white p-8" data-testid="practice-report">
          <h2 className="text-xl font-semibold text-[#1d2129]">本轮练习报告</h2>
          <p className="mt-1 text-sm text-muted">{view.wrongBookCount ? `错题本中还有${view.wrongBookCount}题，可随时重练。` : "错题本已清空，继续保持！"}</p>
          <div className="mt-6 grid grid-cols-5 gap-4">
            <StatBox label="本轮题数" value={s.total} unit="题" />
            <StatBox label="已答" value={s.answeredCount} unit="题" />
            <StatBox label="答对" value={s.correctCount} unit="题" tone="good" />
            <StatBox label="答错" value={s.wrongCount} unit="题" tone={s.wrongCount ? "bad" : undefined} />
            <StatBox label="正确率" value={s.answeredCount ? s.correctRate : "--"} unit={s.answeredCount ? "%" : undefined} />
          </div>
          <p className="mt-4 text-sm text-muted">用时 {clock(s.durationSeconds)}</p>
          <div className="mt-6 flex gap-3">
            {view.source === 2 && !view.wrongBookCount ? (
              <Button asChild>
                <Link to={`/practice/detail?id=${view.practiceId}`}>继续练习新题</Link>
              </Button>
            ) : (
              <Button disabled={busy} onClick={again}>
                {view.source === 2 ? "继续错题重练" : "再练一轮"}
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={`/practice/wrong?id=${view.practiceId}`}>查看错题本</Link>
            </Button>
            {(view.source === 1 || view.wrongBookCount > 0) && (
              <Button asChild variant="ghost">
                <Link to={`/practice/detail?id=${view.practiceId}`}>返回练习</Link>
              </Button>
            )}
          </div>
        </section>
      ) : q ? (
        <div className="flex gap-4">
          <div className="min-w-0 flex-1">
            <QuestionView
              key={q.questionId}
              q={q}
              hideScore
              value={result ? result.answer : draft}
              disabled={!!result || finished || busy}
              onChange={(v) => setDrafts((d) => ({ ...d, [q.questionId]: v }))}
            />
            {result ? (
              <AnswerFeedback result={result} note={result.cleared ? "本题已从错题本移出" : result.isCorrect ? undefined : "本题已收入错题本"} />
            ) : finished ? (
              <p className="mt-4 rounded-lg bg-white px-6 py-4 text-sm text-muted">本题未作答</p>
            ) : null}
            {finished && !report && s.answeredCount === s.total && current === total - 1 && (
              <p className="mt-4 text-sm text-primary">本轮题目已全部作答，点击右上角“查看练习报告”查看本轮成绩。</p>
            )}
            <div className="mt-4 flex items-center justify-between">
              <Button variant="outline" disabled={current === 0} onClick={() => move(current - 1)}>
                上一题
              </Button>
              <span className="text-sm text-muted">
                第 {current + 1} / {total} 题
              </span>
              {!result && !finished ? (
                <Button disabled={busy || !draft.some((x) => x.trim())} onClick={submit}>
                  提交答案
                </Button>
              ) : current < total - 1 ? (
                <Button onClick={() => move(current + 1)}>下一题</Button>
              ) : finished ? (
                <Button onClick={() => setReport(true)}>查看练习报告</Button>
              ) : (
                <Button variant="outline" onClick={() => move(view.questions.findIndex((x) => !results.has(x.questionId)))}>
                  去未答的题
                </Button>
              )}
            </div>
          </div>
          <AnswerCard questions={view.questions} answered={new Set(results.keys())} current={current} onPick={move} marks={marks} />
        </div>
      ) : (
        <div className="rounded-lg bg-white p-8 text-sm text-muted">本轮没有题目</div>
      )}

      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent>
          <DialogTitle>结束练习</DialogTitle>
          <p className="mt-3 text-sm text-[#4e5969]">
            {s.total - s.answeredCount > 0 ? `本轮还有${s.total - s.answeredCount}题未作答，确定结束吗？${view.source === 1 && view.modeType !== 2 ? "下一轮将从最后作答的题目之后继续。" : ""}` : "确定结束本轮练习吗？"}
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={() => setConfirm(false)}>
              继续练习
            </Button>
            <Button onClick={finish}>确定结束</Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
