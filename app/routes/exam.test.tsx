import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { enqueue, formatClock, nextSeq, readQueue, remainingSeconds, writeQueue, type QueuedAnswer } from "~/components/exam/answer-queue";
import { AnswerCard } from "~/components/exam/answer-card";
import { ProctorPanel } from "~/components/exam/proctor-panel";
import { examLoadError } from "~/components/exam/load-error.server";
import { QuestionView } from "~/components/exam/question-view";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { errorMessage, httpStatusOf, trpc } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const paperId = Number(new URL(request.url).searchParams.get("paperId"));
  if (!Number.isInteger(paperId) || paperId <= 0) throw data("试卷不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  let paper;
  try {
    paper = await caller.exam.paper({ paperId });
  } catch (e) {
    examLoadError(e, request);
    throw data("试卷不存在", { status: 404 });
  }
  if (paper.status === 2) throw redirect(`/exam/result?id=${paper.examId}`);
  return paper;
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.examName ?? "在线考试") }];

// The exam page never shows the site's header, search or footer: nothing on it leads away mid-exam.
export const handle = { layout: "bare" };

/** Network failures (no answer from the server) queue; refusals by the server are final. */
const isNetworkError = (e: unknown) => httpStatusOf(e) === undefined;

export default function ExamTest() {
  const paper = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const paperId = paper.paperId;
  const offset = useMemo(() => paper.serverTime - Date.now(), [paper.serverTime]);
  const [answers, setAnswers] = useState<Record<number, string[]>>(() => Object.fromEntries(paper.answers.map((a) => [a.questionId, a.answer])));
  const [queue, setQueue] = useState<QueuedAnswer[]>([]);
  const [offline, setOffline] = useState(false);
  const [remain, setRemain] = useState(() => remainingSeconds(paper.deadline, offset));
  const [current, setCurrent] = useState(0);
  const [confirm, setConfirm] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const queueRef = useRef<QueuedAnswer[]>([]);
  const flushing = useRef(false);
  const submitted = useRef(false);
  const inFlight = useRef(false);

  const setQ = useCallback(
    (list: QueuedAnswer[]) => {
      queueRef.current = list;
      writeQueue(paperId, list);
      setQueue(list);
    },
    [paperId],
  );

  /** Sends queued answers one by one; stops at the first network failure and tries again later. */
  const flush = useCallback(async () => {
    if (flushing.current || submitted.current) return;
    flushing.current = true;
    try {
      while (queueRef.current.length) {
        const item = queueRef.current[0]!;
        try {
          await trpc.exam.saveAnswer.mutate({ paperId, ...item });
          setOffline(false);
        } catch (e) {
          if (isNetworkError(e)) {
            setOffline(true);
            return;
          }
          toast.error(errorMessage(e));
        }
        setQ(queueRef.current.filter((q) => !(q.questionId === item.questionId && q.seq === item.seq)));
      }
    } finally {
      flushing.current = false;
    }
  }, [paperId, setQ]);

  // A reload resumes: answers still queued in this browser win over older server copies and are resent.
  useEffect(() => {
    const saved = new Map(paper.answers.map((a) => [a.questionId, a.seq]));
    const pending = readQueue(paperId).filter((q) => q.seq > (saved.get(q.questionId) ?? -1));
    if (pending.length) {
      setAnswers((prev) => ({ ...prev, ...Object.fromEntries(pending.map((p) => [p.questionId, p.answer])) }));
      setQ(pending);
      void flush();
    } else writeQueue(paperId, []);
  }, [paper.answers, paperId, flush, setQ]);

  useEffect(() => {
    const online = () => void flush();
    const off = () => setOffline(true);
    window.addEventListener("online", online);
    window.addEventListener("offline", off);
    const retry = setInterval(() => queueRef.current.length && void flush(), 3000);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", off);
      clearInterval(retry);
    };
  }, [flush]);

  const submit = useCallback(
    async (auto: boolean) => {
      if (submitted.current || inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      try {
        const r = await trpc.exam.submit.mutate({ paperId, auto, answers: queueRef.current });
        submitted.current = true;
        setQ([]);
        if (auto) toast.info("考试时间已到，系统已自动交卷");
        navigate(`/exam/result?id=${r.examId}`, { replace: true });
      } catch (e) {
        if (isNetworkError(e)) {
          setOffline(true);
          toast.error("网络已断开，恢复后将自动交卷");
          setTimeout(() => void submit(auto), 3000);
        } else handleApiError(e);
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [navigate, paperId, setQ],
  );

  // The countdown is recomputed from the server deadline each tick, so background tabs never drift.
  useEffect(() => {
    const tick = () => {
      const left = remainingSeconds(paper.deadline, offset);
      setRemain(left);
      if (left <= 0) void submit(true);
    };
    tick();
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [paper.deadline, offset, submit]);

  useEffect(() => {
    if (!paper.isEnableScreenCutting) return;
    const onHide = async () => {
      if (document.visibilityState !== "hidden" || submitted.current) return;
      try {
        const r = await trpc.exam.screenCut.mutate({ paperId });
        if (r.forcedSubmit) {
          submitted.current = true;
          navigate(`/exam/result?id=${paper.examId}`, { replace: true });
        } else if (paper.isScreenCuttingRemind) toast.warning(`检测到切屏，还可切屏${r.remainTimes ?? 0}次，超过将自动交卷`);
      } catch {
        /* counted again on the next switch */
      }
    };
    document.addEventListener("visibilitychange", onHide);
    return () => document.removeEventListener("visibilitychange", onHide);
  }, [navigate, paper.examId, paper.isEnableScreenCutting, paper.isScreenCuttingRemind, paperId]);

  function answer(questionId: number, value: string[]) {
    setAnswers((prev) => ({ ...prev, [questionId]: value }));
    setQ(enqueue(queueRef.current, { questionId, answer: value, seq: nextSeq(paperId) }));
    void flush();
  }

  // The layout switch 考试答题布局: on, the exam bar carries the product mark; off (embedded), the bar alone.
  const branded = !useRootData()?.shell.plainRoutes.includes("routes/exam.test");
  const q = paper.questions[current]!;
  const answeredIds = new Set(Object.entries(answers).filter(([, v]) => v.some((s) => s.trim())).map(([k]) => Number(k)));
  const unanswered = paper.questions.length - paper.questions.filter((x) => answeredIds.has(x.questionId)).length;

  return (
    <div className="min-h-screen bg-[#f2f3f5]">
      <header data-testid="exam-bar" className="sticky top-0 z-10 border-b border-border bg-white">
        <div className="mx-auto flex h-16 max-w-[1200px] items-center justify-between gap-6 px-4">
          <div className="flex min-w-0 items-center gap-4">
            {branded && (
              <span className="flex shrink-0 items-center gap-2" aria-hidden>
                <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-base font-bold text-white">财</span>
                <span className="text-lg font-bold tracking-wide text-[#1d2129]">财云学院</span>
              </span>
            )}
            {branded && <span className="h-6 w-px shrink-0 bg-border" aria-hidden />}
            <div className="min-w-0">
              <h1 className="truncate text-base font-semibold text-[#1d2129]">{paper.examName}</h1>
              <p className="text-xs text-muted">
                共{paper.questions.length}题，满分{paper.totalScore}分，及格{paper.passScore}分
              </p>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-6">
            <div className="text-right">
              <div className="text-xs text-muted">剩余时间</div>
              <div data-testid="countdown" role="timer" className={`font-mono text-2xl ${remain < 300 ? "text-danger" : "text-primary"}`}>
                {formatClock(remain)}
              </div>
            </div>
            <Button onClick={() => setConfirm(true)} disabled={submitting}>
              交卷
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-[1200px] px-4 py-6">
        {offline && (
          <div role="alert" data-testid="offline" className="mb-4 rounded-md border border-[#ffccc7] bg-[#fff2f0] px-4 py-2 text-sm text-danger">
            网络已断开，答案已保存在本机（{queue.length}题待提交），网络恢复后将自动提交
          </div>
        )}
        <div className="flex gap-4">
          <div className="min-w-0 flex-1">
            <QuestionView key={q.questionId} q={q} value={answers[q.questionId] ?? []} onChange={(v) => answer(q.questionId, v)} />
            <div className="mt-4 flex justify-between">
              <Button variant="outline" disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
                上一题
              </Button>
              <span className="self-center text-sm text-muted" data-testid="save-state">
                {queue.length ? `${queue.length}题保存中…` : "答案已自动保存"}
              </span>
              <Button variant="outline" disabled={current >= paper.questions.length - 1} onClick={() => setCurrent((c) => c + 1)}>
                下一题
              </Button>
            </div>
          </div>
          <AnswerCard questions={paper.questions} answered={answeredIds} current={current} onPick={setCurrent} />
        </div>
      </main>
      <ProctorPanel examId={paper.examId} paperId={paperId} startTime={paper.startTime} active />
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent>
          <DialogTitle>确认交卷</DialogTitle>
          <p className="mt-3 text-sm text-[#4e5969]">{unanswered > 0 ? `还有${unanswered}题未作答，确定要交卷吗？` : "已全部作答，确定要交卷吗？"}</p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={() => setConfirm(false)}>
              继续答题
            </Button>
            <Button
              disabled={submitting}
              onClick={() => {
                setConfirm(false);
                void submit(false);
              }}
            >
              确定交卷
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
