import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { examLoadError } from "~/components/exam/load-error.server";
import { PrecheckWizard } from "~/components/exam/precheck-wizard";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { env } from "~/lib/env.server";
import { trpc } from "~/lib/trpc";
import { formatDateTime } from "~/lib/format";
import { useRefresh } from "~/lib/use-refresh";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    return { exam: await caller.exam.learner.detail({ examId: id }), noPermission: null, networkSamples: env().EXAM_NETWORK_CHECK_SECONDS };
  } catch (e) {
    return { exam: null, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.exam?.name ?? "考试详情") }];

const fmt = formatDateTime;
const PHASE = ["未开始", "进行中", "已结束"];

export default function ExamDetail() {
  const loaded = useLoaderData<typeof loader>();
  const { exam, noPermission } = loaded;
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [wizard, setWizard] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastClick = useRef(0);

  if (!exam) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  async function register() {
    setBusy(true);
    try {
      await trpc.exam.learner.register.mutate({ examId: exam!.examId });
      toast.success("报名成功");
      refresh();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  /** After the wizard: the waiting hall before the start, otherwise start (debounced 1 s: a double click starts once). */
  async function afterWizard() {
    setWizard(false);
    if (exam!.testStartRemainTime) return navigate(`/exam/waiting?id=${exam!.examId}`);
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

  const ended = exam.examStatus === 2;
  const running = exam.runningPaperId;
  const canSit = !ended && exam.remainCount > 0;
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <nav className="mb-3 text-sm text-muted">
        <Link to="/verify/center" className="hover:text-primary">认证中心</Link> <span className="mx-1">/</span> <span className="text-[#4e5969]">{exam.name}</span>
      </nav>
      <section className="rounded-lg bg-white p-8">
        <div className="flex items-start justify-between gap-6">
          <div>
            <h1 className="text-2xl font-semibold text-[#1d2129]">{exam.name}</h1>
            <p className="mt-2 text-sm text-muted">
              考试时间：{fmt(exam.startTime)} 至 {fmt(exam.endTime)}
              <span className={`ml-3 rounded px-2 py-0.5 text-xs ${exam.examStatus === 1 ? "bg-primary-50 text-primary" : "bg-[#f2f3f5] text-muted"}`}>{PHASE[exam.examStatus]}</span>
            </p>
          </div>
          <div className="flex shrink-0 gap-3">
            {exam.lastPaperId && (
              <Button variant="outline" onClick={() => navigate(`/exam/result?id=${exam.examId}`)}>
                查看成绩
              </Button>
            )}
            {running ? (
              <Button size="lg" onClick={() => navigate(`/exam/test?paperId=${running}`)}>继续考试</Button>
            ) : !exam.isJoined && !ended ? (
              <Button size="lg" disabled={busy} onClick={register}>报名考试</Button>
            ) : canSit ? (
              <Button size="lg" disabled={busy} onClick={() => setWizard(true)}>
                {exam.testStartRemainTime ? "进入候考厅" : exam.usedCount > 0 ? "再次考试" : "开始考试"}
              </Button>
            ) : (
              <Button size="lg" disabled>{ended ? "考试已结束" : exam.isPass === 1 ? "已通过" : "考试次数已用完"}</Button>
            )}
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-4 gap-4 rounded-md bg-[#f7f8fa] p-4 text-sm">
          <Item label="考试时长" value={exam.limitTime ? `${exam.limitTime}分钟` : "不限时"} />
          <Item label="试卷满分" value={`${exam.maxScore}分`} />
          <Item label="及格分数" value={`${exam.passScore}分`} />
          <Item label="补考次数" value={`${exam.makeupCount}次`} />
          <Item label="已考次数" value={`${exam.usedCount}次`} />
          <Item label="剩余次数" value={`${exam.remainCount}次`} />
          <Item label="最高成绩" value={exam.bestScore === null ? "--" : `${exam.bestScore}分`} />
          <Item label="报名状态" value={exam.isJoined ? "已报名" : "未报名"} />
        </dl>
        {exam.description && <p className="mt-6 whitespace-pre-line text-sm leading-7 text-[#4e5969]">{exam.description}</p>}
        {exam.instructions && (
          <div className="mt-6">
            <h2 className="mb-2 text-base font-semibold">考试须知</h2>
            <p className="whitespace-pre-line text-sm leading-7 text-[#4e5969]">{exam.instructions}</p>
          </div>
        )}
      </section>
      <PrecheckWizard exam={exam} networkSamples={"networkSamples" in loaded ? loaded.networkSamples : undefined} open={wizard} onClose={() => setWizard(false)} onDone={afterWizard} />
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-1 text-base text-[#1d2129]">{value}</dd>
    </div>
  );
}
