import { useEffect, useState } from "react";
import { formatDateTime } from "@base/format";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

type Fraud = NonNullable<Awaited<ReturnType<typeof trpc.exam.fraudDetail.query>>>;

const TONES: Record<number, string> = {
  0: "border-[#ffcf8b] bg-[#fff7e8] text-[#d25f00]",
  1: "border-[#fbaca3] bg-[#ffece8] text-[#cb2634]",
  2: "border-[#aff0b5] bg-[#e8ffea] text-[#009a29]",
};
const MIN = 5;
const MAX = 500;

/**
 * The fraud check of an attempt on the result page: status and reason (成绩已作废 once confirmed),
 * and one appeal while the record is pending or confirmed.
 */
export function FraudNotice({ paperId }: { paperId: number }) {
  const [fraud, setFraud] = useState<Fraud | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    trpc.exam.fraudDetail
      .query({ paperId })
      .then((f) => live && setFraud(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [paperId]);

  if (!fraud) return null;
  const length = text.trim().length;
  const send = async () => {
    if (length < MIN) return setError(`申诉理由不少于${MIN}个字符`);
    setBusy(true);
    setError("");
    try {
      const next = await trpc.exam.fraudAppeal.mutate({ id: fraud.id, appeal: text.trim() });
      if (next) setFraud(next);
      setOpen(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="fraud-notice" className={`mt-4 rounded-lg border p-4 text-left text-sm ${TONES[fraud.status] ?? TONES[0]}`}>
      <div className="flex flex-wrap items-center gap-2">
        <strong className="text-base">
          {fraud.status === 1 ? "经核查，本次考试存在作弊行为" : fraud.status === 2 ? "经核查，已排除作弊嫌疑" : "本次考试存在疑似作弊行为，正在核查"}
        </strong>
        <span className="rounded bg-white/70 px-2 py-0.5 text-xs">{fraud.statusName}</span>
        {fraud.voided ? <span className="rounded bg-white/70 px-2 py-0.5 text-xs font-semibold">成绩已作废</span> : null}
      </div>
      <p className="mt-2 text-[#4e5969]">原因：{fraud.reason}</p>
      {fraud.appeal ? (
        <p className="mt-1 text-[#4e5969]">
          您的申诉（{formatDateTime(fraud.appealTime)}）：{fraud.appeal}
        </p>
      ) : fraud.canAppeal ? (
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            申诉
          </Button>
          <span className="ml-2 text-xs text-muted">每条记录只能申诉一次</span>
        </div>
      ) : null}
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent>
          <DialogTitle>提交申诉</DialogTitle>
          <DialogDescription>请说明情况，核查人员会结合监考记录复核。每条记录只能申诉一次，提交后不能修改。</DialogDescription>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={MAX}
            rows={5}
            aria-label="申诉理由"
            placeholder={`请输入申诉理由（${MIN}-${MAX}个字符）`}
            className="mt-3 w-full rounded border border-border p-2 text-sm focus:border-primary focus:outline-none"
          />
          <div className="mt-1 flex justify-between text-xs">
            <span className="text-danger">{error}</span>
            <span className="text-muted">
              {length}/{MAX}
            </span>
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button disabled={busy || length < MIN} onClick={() => void send()}>
              {busy ? "提交中…" : "提交申诉"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
