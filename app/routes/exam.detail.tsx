import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { PathCheckInWidget } from "~/components/checkin/check-in-widget";
import { examLoadError } from "~/components/exam/load-error.server";
import { PrecheckWizard } from "~/components/exam/precheck-wizard";
import { useExamActions } from "~/components/exam/use-exam-actions";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { env } from "@base/env.server";
import { formatDateTime } from "@base/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    const [exam, check] = await Promise.all([caller.exam.detail({ examId: id }), caller.exam.check({ examId: id })]);
    return { exam, check, noPermission: null, networkSamples: env().EXAM_NETWORK_CHECK_SECONDS };
  } catch (e) {
    return { exam: null, check: null, networkSamples: undefined, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.exam?.name ?? "考试详情") }];

const fmt = formatDateTime;
const PHASE = ["未开始", "进行中", "已结束"];

export default function ExamDetail() {
  const { exam, check, noPermission, networkSamples } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { busy, register, start } = useExamActions();
  const [wizard, setWizard] = useState(false);

  if (!exam || !check) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  /** After the wizard: the waiting hall before the start, otherwise the start. */
  function afterWizard() {
    setWizard(false);
    if (exam!.testStartRemainTime) return navigate(`/exam/waiting?id=${exam!.examId}`);
    void start(exam!.examId);
  }

  const running = exam.runningPaperId;
  // What the button offers is the server's start rule (the check call); before the start the hall waits.
  const canSit = check.reasonType === "" || check.reasonType === "notStarted";
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
            ) : check.reasonType === "notRegistered" ? (
              <Button size="lg" disabled={busy} onClick={() => void register(exam.examId)}>报名考试</Button>
            ) : canSit ? (
              <Button size="lg" disabled={busy} onClick={() => setWizard(true)}>
                {exam.testStartRemainTime ? "进入候考厅" : exam.usedCount > 0 ? "再次考试" : "开始考试"}
              </Button>
            ) : (
              <Button size="lg" disabled>{check.reason}</Button>
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
      <PrecheckWizard exam={exam} networkSamples={networkSamples} open={wizard} onClose={() => setWizard(false)} onDone={afterWizard} />
      <PathCheckInWidget />
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
