import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatClock } from "~/components/exam/answer-queue";
import { examLoadError } from "~/components/exam/load-error.server";
import { PrecheckWizard } from "~/components/exam/precheck-wizard";
import { useExamActions } from "~/components/exam/use-exam-actions";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { env } from "@base/env.server";
import { formatDateTime } from "@base/format";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    const [exam, remain, check] = await Promise.all([
      caller.exam.detail({ examId: id }),
      caller.exam.startRemainTime({ examId: id }),
      caller.exam.check({ examId: id }),
    ]);
    return { exam, remain, check, noPermission: null, networkSamples: env().EXAM_NETWORK_CHECK_SECONDS };
  } catch (e) {
    return { exam: null, remain: null, check: null, networkSamples: undefined, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("候考厅") }];

/**
 * Waiting hall: a countdown by the server clock. What the page offers follows the server's start rule
 * (the check call): a learner who has not registered is asked to register first, one who may not sit
 * again is told why, and only a registered learner's entry builds the paper ahead of the start.
 */
export default function ExamWaiting() {
  const { exam, remain, check, noPermission, networkSamples } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const { busy, register, start } = useExamActions();
  // The server's clock and start time, as last read: set again while the page is open (below).
  const clock = useRef(remain ? { startTime: remain.startTime, offset: remain.serverTime - Date.now() } : null);
  const left = () => (clock.current ? Math.max(0, Math.ceil((clock.current.startTime - (Date.now() + clock.current.offset)) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  const [ready, setReady] = useState(false);
  const [wizard, setWizard] = useState(false);
  const joined = !!exam?.isJoined;
  const examId = exam?.examId;
  const ended = exam?.examStatus === 2;

  useEffect(() => {
    if (!examId) return;
    const t = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [examId]);

  // The clock is read again every 20-30 s (spread, so a full hall does not ask in the same second): a
  // computer that slept or a start time an organiser moved is followed, and the browser keeps its
  // connection to the server open, so pressing start at the synchronised minute opens no new connection,
  // the slow part of a start when thousands press at once (docs/decisions/022-exam-start-load.md).
  useEffect(() => {
    if (!examId || ended) return;
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const next = () => {
      timer = setTimeout(() => {
        trpc.exam.startRemainTime
          .query({ examId })
          .then((r) => {
            if (!live) return;
            clock.current = { startTime: r.startTime, offset: r.serverTime - Date.now() };
            setSeconds(left());
          })
          // A missed reading keeps the last one; the next try comes as usual.
          .catch(() => {})
          .finally(() => live && next());
      }, 20_000 + Math.random() * 10_000);
    };
    next();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [examId, ended]);
  useEffect(() => {
    if (!examId || !joined || ended) return;
    trpc.exam.entry
      .mutate({ examId })
      .then(() => setReady(true))
      .catch(handleApiError);
  }, [examId, joined, ended]);

  if (!exam || !remain || !check) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  const started = seconds <= 0;
  // The start time passing lifts only the "not started" refusal; every other reason stays.
  const blocker = check.reasonType === "notStarted" && started ? "" : check.reasonType;
  const stopped = blocker === "ended" || blocker === "noAttempts" || blocker === "passed";
  return (
    <div className="mx-auto max-w-[800px] px-4 py-10">
      <section className="rounded-lg bg-white p-10 text-center">
        <h1 className="text-2xl font-semibold">{exam.name}</h1>
        <p className="mt-2 text-sm text-muted">
          考试时间：{formatDateTime(exam.startTime)} 至 {formatDateTime(exam.endTime)}
        </p>
        <p className="mt-1 text-sm text-muted">候考厅{joined && !stopped ? ` · ${ready ? "试卷已就绪" : "正在准备试卷…"}` : ""}</p>
        {!stopped && (
          <>
            <div className="mt-8 text-sm text-muted">{started ? "考试已开始" : "距离开考还有"}</div>
            <div data-testid="waiting-countdown" className="mt-2 font-mono text-5xl text-primary">
              {formatClock(seconds)}
            </div>
          </>
        )}
        {blocker === "notRegistered" ? (
          <div data-testid="waiting-blocker" className="mt-8">
            <p className="text-base text-danger">请先报名考试</p>
            <p className="mt-1 text-sm text-muted">报名后才能进入考场，本考试共可参加{exam.makeupCount + 1}次</p>
            <Button size="lg" className="mt-6 w-48" disabled={busy} onClick={() => void register(exam.examId)}>
              报名考试
            </Button>
          </div>
        ) : stopped ? (
          <div data-testid="waiting-blocker" className="mt-8">
            <p className="text-base text-danger">{check.reason}</p>
            <div className="mt-6 flex justify-center gap-3">
              <Button variant="outline" asChild>
                <Link to={`/exam/detail?id=${exam.examId}`}>返回考试详情</Link>
              </Button>
              {exam.lastPaperId && (
                <Button asChild>
                  <Link to={`/exam/result?id=${exam.examId}`}>查看成绩</Link>
                </Button>
              )}
            </div>
          </div>
        ) : exam.runningPaperId ? (
          <Button size="lg" className="mt-8 w-48" onClick={() => navigate(`/exam/test?paperId=${exam.runningPaperId}`)}>
            继续考试
          </Button>
        ) : !exam.noticeRead ? (
          <div data-testid="waiting-blocker" className="mt-8">
            <p className="text-sm text-muted">开考前请先完成考前检测（考试须知、网络检测等）</p>
            <Button size="lg" className="mt-4 w-48" onClick={() => setWizard(true)}>
              考前检测
            </Button>
          </div>
        ) : (
          <Button size="lg" className="mt-8 w-48" disabled={!started || busy} onClick={() => void start(exam.examId)}>
            {started ? "开始考试" : "等待开考"}
          </Button>
        )}
        <p className="mt-6 whitespace-pre-line text-left text-sm leading-7 text-[#4e5969]">{exam.instructions}</p>
      </section>
      {joined && (
        <PrecheckWizard
          exam={exam}
          networkSamples={networkSamples}
          open={wizard}
          onClose={() => setWizard(false)}
          onDone={() => {
            setWizard(false);
            if (started) void start(exam.examId);
            else refresh();
          }}
        />
      )}
    </div>
  );
}
