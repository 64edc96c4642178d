import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { handleApiError } from "~/lib/api-errors";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

export const TEXT_ANSWER_MAX = 500;
const TYPE_TEXT: Record<number, string> = { 1: "单选", 2: "多选", 3: "填空" };

export interface FormQuestion {
  id: number;
  type: number;
  title: string;
  required: number;
  options: string[];
}
type Answer = { choices: number[]; text: string };

/** The same checks the server makes, one message per question, so the learner sees where to look. */
export function checkForm(questions: FormQuestion[], answers: Record<number, Answer>) {
  const errors: Record<number, string> = {};
  for (const q of questions) {
    const a = answers[q.id] ?? { choices: [], text: "" };
    if (q.type === 3) {
      const text = a.text.trim();
      if (!text && q.required) errors[q.id] = "此题为必答题，请填写";
      else if (text.length > TEXT_ANSWER_MAX) errors[q.id] = `回答不能超过${TEXT_ANSWER_MAX}字`;
    } else if (!a.choices.length && q.required) errors[q.id] = "此题为必答题，请选择";
  }
  return errors;
}

export function QuestionnaireForm({ id, questions, loggedIn, onDone }: { id: number; questions: FormQuestion[]; loggedIn: boolean; onDone: (already: boolean) => void }) {
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const get = (qid: number) => answers[qid] ?? { choices: [], text: "" };
  const set = (qid: number, a: Answer) => {
    setAnswers((old) => ({ ...old, [qid]: a }));
    setErrors(({ [qid]: _gone, ...rest }) => rest);
  };

  async function submit() {
    if (!loggedIn) return openLoginDialog();
    const found = checkForm(questions, answers);
    setErrors(found);
    const first = questions.find((q) => found[q.id]);
    if (first) {
      document.getElementById(`question-${first.id}`)?.scrollIntoView({ block: "center", behavior: "smooth" });
      return toast.error("还有题目未完成，请检查标红的题目");
    }
    setBusy(true);
    try {
      await trpc.questionnaire.submit.mutate({
        id,
        answers: questions.map((q) => (q.type === 3 ? { questionId: q.id, text: get(q.id).text } : { questionId: q.id, choices: get(q.id).choices })),
      });
      toast.dismiss();
      onDone(false);
    } catch (e) {
      if (errorCode(e) === "281") return handleApiError(e);
      const message = errorMessage(e);
      if (message.includes("已提交过")) return onDone(true);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      {questions.map((q, i) => {
        const a = get(q.id);
        const error = errors[q.id];
        return (
          <fieldset key={q.id} id={`question-${q.id}`} data-testid="questionnaire-question" className={cn("rounded-lg border bg-white p-5", error ? "border-danger" : "border-border")}>
            <legend className="sr-only">{q.title}</legend>
            <p className="mb-3 font-medium">
              {q.required ? <span className="mr-1 text-danger">*</span> : null}
              {i + 1}. {q.title}
              <span className="ml-2 text-xs font-normal text-muted">[{TYPE_TEXT[q.type]}]</span>
            </p>
            {q.type === 3 ? (
              <div>
                <textarea
                  aria-label={q.title}
                  value={a.text}
                  maxLength={TEXT_ANSWER_MAX}
                  rows={4}
                  onChange={(e) => set(q.id, { ...a, text: e.target.value })}
                  placeholder="请输入您的回答"
                  className="w-full rounded-md border border-border p-3 text-sm outline-none focus:border-primary"
                />
                <p className="text-right text-xs text-muted">
                  {a.text.length}/{TEXT_ANSWER_MAX}
                </p>
              </div>
            ) : (
              <div className="space-y-2">
                {q.options.map((opt, oi) => {
                  const on = a.choices.includes(oi);
                  return (
                    <label key={oi} className={cn("flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm", on ? "border-primary bg-primary/5" : "border-border")}>
                      <input
                        type={q.type === 1 ? "radio" : "checkbox"}
                        name={`q-${q.id}`}
                        checked={on}
                        onChange={() => set(q.id, { ...a, choices: q.type === 1 ? [oi] : on ? a.choices.filter((c) => c !== oi) : [...a.choices, oi].sort((x, y) => x - y) })}
                      />
                      {opt}
                    </label>
                  );
                })}
              </div>
            )}
            {error ? (
              <p role="alert" className="mt-2 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="flex justify-center pt-2">
        <Button size="lg" className="w-48" disabled={busy} onClick={submit}>
          {busy ? "提交中…" : loggedIn ? "提交问卷" : "登录后提交"}
        </Button>
      </div>
    </div>
  );
}
