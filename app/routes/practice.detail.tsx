import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { examLoadError } from "~/components/exam/load-error.server";
import { lastTimeText, ProgressBar, StatBox } from "~/components/exam/practice-parts";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { trpc } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("练习不存在", { status: 404 });
  const { caller } = await serverCaller(request);
  try {
    return { practice: await caller.exam.practice.detail({ id }), noPermission: null };
  } catch (e) {
    return { practice: null, ...examLoadError(e, request) };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: pageTitle(d?.practice?.name ?? "练习详情", "题库练习") }];

const HINTS: Record<number, string> = {
  1: "按题库顺序逐题练习，下次进入从上次停下的位置继续",
  2: "每轮从题库中随机抽题，适合考前自测",
  3: "选择一种题型专项突破，按题库顺序练习",
};

export default function PracticeDetail() {
  const { practice: p, noPermission } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!p) return <div className="mx-auto max-w-[1200px] px-4 py-10"><EmptyState title="暂无权限" hint={noPermission ?? ""} /></div>;

  async function go(start: () => Promise<{ sessionId: number }>) {
    if (busy) return;
    setBusy(true);
    try {
      const r = await start();
      navigate(`/practice/test?sessionId=${r.sessionId}`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }
  const start = (modeId: number, questionType?: number, restart?: boolean) => go(() => trpc.exam.practice.start.mutate({ id: p.id, modeId, questionType, restart }));

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      <nav className="mb-3 text-sm text-muted">
        <Link to="/practice/center" className="hover:text-primary">题库练习</Link> <span className="mx-1">/</span> <span className="text-[#4e5969]">{p.name}</span>
      </nav>
      <section className="rounded-lg bg-white p-8">
        <h1 className="text-2xl font-semibold text-[#1d2129]">{p.name}</h1>
        {p.description && <p className="mt-2 whitespace-pre-line text-sm leading-7 text-[#4e5969]">{p.description}</p>}
        <div className="mt-6 grid grid-cols-5 gap-4" data-testid="practice-stats">
          <StatBox label="题库题数" value={p.questionCount} unit="题" />
          <StatBox label="累计答题" value={p.stats.answeredCount} unit="次" />
          <StatBox label="正确率" value={p.stats.answeredCount ? p.stats.correctRate : "--"} unit={p.stats.answeredCount ? "%" : undefined} tone={p.stats.answeredCount ? (p.stats.correctRate >= 60 ? "good" : "bad") : undefined} />
          <StatBox label="错题本" value={p.stats.wrongCount} unit="题" />
          <StatBox label="最近练习" value={<span className="text-sm font-normal">{lastTimeText(p.stats.lastPracticeTime)}</span>} />
        </div>
        <div className="mt-4">
          <ProgressBar done={p.stats.doneQuestionCount} total={p.questionCount} label="已练题目" />
        </div>
      </section>

      <h2 className="mb-3 mt-6 text-base font-semibold text-[#1d2129]">练习模式</h2>
      {p.modes.length === 0 && <div className="rounded-lg bg-white"><EmptyState title="该练习暂未设置练习模式" /></div>}
      <div className="grid grid-cols-3 gap-4">
        {p.modes.map((m) => {
          const round = m.modeType === 3 ? null : m.unfinished[0];
          return (
            <section key={m.id} className="flex flex-col rounded-lg bg-white p-6" aria-label={m.name}>
              <h3 className="text-lg font-semibold text-[#1d2129]">{m.name}</h3>
              <p className="mt-1 min-h-10 text-sm text-muted">{HINTS[m.modeType]}</p>
              <p className="mt-2 text-xs text-muted">每轮{m.questionCount}题</p>
              {m.modeType === 3 ? (
                <div className="mt-4 grid grid-cols-2 gap-2">
                  {p.types.map((t) => {
                    const open = m.unfinished.find((u) => u.questionType === t.questionType);
                    return (
                      <Button key={t.questionType} variant="outline" disabled={busy || t.count === 0} onClick={() => start(m.id, t.questionType)}>
                        {t.questionTypeName}
                        <span className="text-xs text-muted">{open ? `继续 ${open.answeredCount}/${open.total}` : `${t.count}题`}</span>
                      </Button>
                    );
                  })}
                </div>
              ) : (
                <div className="mt-auto flex items-center gap-3 pt-4">
                  <Button disabled={busy || p.questionCount === 0} onClick={() => start(m.id)}>
                    {round ? `继续练习（${round.answeredCount}/${round.total}）` : "开始练习"}
                  </Button>
                  {round && (
                    <Button variant="link" disabled={busy} onClick={() => start(m.id, undefined, true)}>
                      {m.modeType === 2 ? "重新抽题" : "开始新一轮"}
                    </Button>
                  )}
                </div>
              )}
            </section>
          );
        })}
      </div>

      <section className="mt-6 flex items-center justify-between rounded-lg bg-white p-6" aria-label="错题本">
        <div>
          <h2 className="text-lg font-semibold text-[#1d2129]">错题本</h2>
          <p className="mt-1 text-sm text-muted">答错的题自动收入错题本，重练答对后自动移出。当前共 {p.stats.wrongCount} 题。</p>
        </div>
        <div className="flex gap-3">
          <Button asChild variant="outline">
            <Link to={`/practice/wrong?id=${p.id}`}>查看错题本</Link>
          </Button>
          <Button disabled={busy || p.stats.wrongCount === 0} onClick={() => go(() => trpc.exam.practice.wrong.start.mutate({ id: p.id }))}>
            {p.wrongRound ? `继续错题重练（${p.wrongRound.answeredCount}/${p.wrongRound.total}）` : "错题重练"}
          </Button>
        </div>
      </section>
    </div>
  );
}
