import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatClock } from "~/components/exam/answer-queue";
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
    const [exam, remain] = await Promise.all([caller.exam.learner.detail({ examId: id }), caller.exam.learner.startRemainTime({ examId: id })]);
    return { exam, remain, noPermission: null };
  } catch (e) {
    return { exam: null, remain: null, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction = () => [{ title: pageTitle("候考厅") }];

/** Waiting hall: a countdown by the server clock; entering builds the paper so the start only reads it. */
export default function ExamWaiting() {
  const { exam, remain, noPermission } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const offset = useMemo(() => (remain ? remain.serverTime - Date.now() : 0), [remain]);
  const left = () => (remain ? Math.max(0, Math.ceil((remain.startTime - (Date.now() + offset)) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastClick = useRef(0);

  useEffect(() => {
    if (!exam) return;
    trpc.exam.learner.entry
      .mutate({ examId: exam.examId })
      .then(() => setReady(true))
      .catch(handleApiError);
    const t = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exam?.examId]);

  if (!exam || !remain) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  async function start() {
    const now = Date.now();
    if (now - lastClick.current < 1000) return;
    lastClick.current = now;
    setBusy(true);
    try {
      const r = await trpc.exam.learner.start.mutate({ examId: exam!.examId });
      navigate(`/exam/test?paperId=${r.paperId}`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  const started = seconds <= 0;
  return (
    <div className="mx-auto max-w-[800px] px-4 py-10">
      <section className="rounded-lg bg-white p-10 text-center">
        <h1 className="text-2xl font-semibold">{exam.name}</h1>
        <p className="mt-2 text-sm text-muted">候考厅 · {ready ? "试卷已就绪" : "正在准备试卷…"}</p>
        <div className="mt-8 text-sm text-muted">{started ? "考试已开始" : "距离开考还有"}</div>
        <div data-testid="waiting-countdown" className="mt-2 font-mono text-5xl text-primary">
          {formatClock(seconds)}
        </div>
        <Button size="lg" className="mt-8 w-48" disabled={!started || busy} onClick={start}>
          {started ? "开始考试" : "进入考场"}
        </Button>
        <p className="mt-6 whitespace-pre-line text-left text-sm leading-7 text-[#4e5969]">{exam.instructions}</p>
      </section>
    </div>
  );
}
