import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { QuestionView } from "~/components/exam/question-view";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { handleApiError } from "~/lib/api-errors";
import { trpc } from "~/lib/trpc";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("考试不存在", { status: 404 });
  return adminLoad(request, (caller) => caller.exam.preview.start({ examId: id }));
}

export const meta: MetaFunction = () => [{ title: pageTitle("试卷预览") }];

/** The paper as a learner sees it; answers are graded in memory and never stored. */
export default function PreviewExamTest() {
  const paper = useLoaderData<typeof loader>();
  const [answers, setAnswers] = useState<Record<number, string[]>>({});
  const [result, setResult] = useState<string>("");
  async function submit() {
    try {
      const r = await trpc.exam.preview.submit.mutate({ examId: paper.examId, answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId: Number(questionId), answer })) });
      setResult(`答对${r.correctCount}题，${r.pendingCount}道主观题需人工批阅（预览不保存）`);
    } catch (e) {
      handleApiError(e);
    }
  }
  return (
    <div className="mx-auto max-w-[900px] space-y-4 px-4 py-6">
      <div className="rounded-md bg-[#fff7e8] px-4 py-2 text-sm text-[#ff7d00]">预览模式：{paper.examName}（共{paper.questions.length}题）</div>
      {paper.questions.map((q) => (
        <QuestionView key={q.questionId} q={q} value={answers[q.questionId] ?? []} onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: v }))} />
      ))}
      <div className="flex items-center gap-4">
        <Button onClick={submit}>提交预览</Button>
        {result && <span className="text-sm text-[#4e5969]">{result}</span>}
      </div>
    </div>
  );
}
