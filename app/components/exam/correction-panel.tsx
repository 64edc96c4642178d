import { useEffect, useState } from "react";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";

type Pending = Awaited<ReturnType<typeof trpc.exam.admin.exam.correctionList.query>>;
type Paper = Awaited<ReturnType<typeof trpc.exam.admin.exam.correctionPaper.query>>;

/** Manual correction of short answers: pick a paper, score each short answer, save. */
export function CorrectionPanel({ examId, onDone }: { examId: number; onDone: () => void }) {
  const [list, setList] = useState<Pending>([]);
  const [paper, setPaper] = useState<Paper | null>(null);
  const [scores, setScores] = useState<Record<number, number>>({});
  const load = () => trpc.exam.admin.exam.correctionList.query({ examId }).then(setList).catch((e) => adminToast.error(errorMessage(e)));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [examId]);

  async function open(paperId: number) {
    const p = await trpc.exam.admin.exam.correctionPaper.query({ paperId });
    setPaper(p);
    setScores({});
  }
  async function save() {
    if (!paper) return;
    try {
      const r = await trpc.exam.admin.exam.correct.mutate({ paperId: paper.paperId, scores: Object.entries(scores).map(([questionId, score]) => ({ questionId: Number(questionId), score })) });
      adminToast.success(`已批阅，总分${r.score}分`);
      setPaper(null);
      void load();
      onDone();
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  }
  if (paper)
    return (
      <div className="space-y-3 text-sm">
        {paper.questions.filter((q) => q.questionType === 5).map((q) => (
          <div key={q.questionId} className="rounded border border-border p-3">
            <p className="font-medium">{q.sort}. {q.content}（{q.fullScore}分）</p>
            <p className="mt-1">考生答案：{q.userAnswer.join("") || "未作答"}</p>
            <p className="mt-1 text-muted">参考答案：{q.rightAnswer.join("")}</p>
            <label className="mt-2 flex items-center gap-2">得分<input type="number" min={0} max={q.fullScore} className="h-8 w-20 rounded border border-border px-2" value={scores[q.questionId] ?? q.userScore ?? ""} onChange={(e) => setScores({ ...scores, [q.questionId]: Number(e.target.value) })} /></label>
          </div>
        ))}
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => setPaper(null)}>返回</Button>
          <Button onClick={save}>提交批阅</Button>
        </div>
      </div>
    );
  return list.length === 0 ? (
    <p className="py-6 text-center text-sm text-muted">暂无待批阅的试卷</p>
  ) : (
    <ul className="divide-y divide-border text-sm">
      {list.map((p) => (
        <li key={p.paperId} className="flex items-center justify-between py-2">
          <span>{p.name}（{p.userName}）第{p.attemptNo}次 · 客观题{p.score}分 · 待阅{p.pendingCount}题</span>
          <Button variant="link" size="sm" onClick={() => open(p.paperId)}>批阅</Button>
        </li>
      ))}
    </ul>
  );
}
