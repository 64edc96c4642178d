import { useState } from "react";
import { formatDateTime } from "@base/format";
import { Badge } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";

export interface FraudEvent {
  time: number;
  kind: string;
  title: string;
  detail: string;
  alert: boolean;
}

export interface FraudRecordDetail {
  id: number;
  examName: string;
  paperId: number;
  name: string;
  userName: string;
  score: number | null;
  passScore: number | null;
  isPass: number | null;
  voided: number;
  attemptNo: number | null;
  submitTime: number | null;
  reason: string;
  status: number;
  statusName: string;
  remark: string;
  appeal: string | null;
  appealTime: number | null;
  checkedAt: number | null;
  createdAt: number;
  behavior: {
    faceChecks: { id: number; url: string; verifyResult: number; similarity: number | null; reason: string; createdAt: number }[];
    snapshots: { id: number; url: string; flagged: number; flagNote: string; createdAt: number }[];
    recordings: { id: number; seq: number; url: string; size: number; durationMs: number; createdAt: number }[];
    events: FraudEvent[];
  };
}

export const FRAUD_STATUS = [
  { value: "0", label: "待核查" },
  { value: "1", label: "确认作弊" },
  { value: "2", label: "排除作弊" },
];
export const fraudTone = (s: number) => (s === 1 ? "red" : s === 2 ? "green" : "orange") as "red" | "green" | "orange";

/** The score of the attempt as the table and the dialog show it: voided results say so. */
export function ScoreText({ score, voided, isPass }: { score: number | null; voided: number; isPass: number | null }) {
  if (score === null) return <span className="text-muted">-</span>;
  return (
    <span>
      {score}分
      {voided ? <span className="ml-1 text-xs text-danger">成绩已作废</span> : isPass === 1 ? <span className="ml-1 text-xs text-[#00b42a]">及格</span> : isPass === 0 ? <span className="ml-1 text-xs text-muted">不及格</span> : null}
    </span>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-[#1d2129]">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The evidence of one record: summary, snapshots, face checks, recording segments, the timeline, and
 * the review (remark, 确认作弊 / 排除作弊 asked for confirmation by the page).
 */
export function FraudDetailDialog({
  detail,
  busy,
  onClose,
  onRemark,
  onDecide,
}: {
  detail: FraudRecordDetail | null;
  busy: boolean;
  onClose: () => void;
  onRemark: (remark: string) => void;
  onDecide: (status: 1 | 2, remark: string) => void;
}) {
  return (
    <Dialog open={!!detail} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[88vh] w-[880px] overflow-y-auto" aria-describedby={undefined}>
        {detail && <DetailBody key={detail.id} detail={detail} busy={busy} onRemark={onRemark} onDecide={onDecide} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({ detail, busy, onRemark, onDecide }: { detail: FraudRecordDetail; busy: boolean; onRemark: (remark: string) => void; onDecide: (status: 1 | 2, remark: string) => void }) {
  const [remark, setRemark] = useState(detail.remark);
  const b = detail.behavior;
  return (
    <div data-testid="fraud-detail">
      <DialogTitle>作弊核查详情</DialogTitle>
      <div className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1.5 rounded bg-[#f7f8fa] p-3 text-sm text-[#4e5969]">
        <div>
          考生：{detail.name}（{detail.userName}）
        </div>
        <div>考试：{detail.examName}</div>
        <div>
          答卷：#{detail.paperId}
          {detail.attemptNo ? `（第${detail.attemptNo}次作答）` : ""}
        </div>
        <div>
          成绩：<ScoreText score={detail.score} voided={detail.voided} isPass={detail.isPass} />
          {detail.passScore !== null && <span className="text-muted">（及格线 {detail.passScore}）</span>}
        </div>
        <div>交卷时间：{formatDateTime(detail.submitTime)}</div>
        <div>
          状态：<Badge tone={fraudTone(detail.status)}>{detail.statusName}</Badge>
          {detail.checkedAt && <span className="ml-2 text-xs text-muted">核查于 {formatDateTime(detail.checkedAt)}</span>}
        </div>
        <div className="col-span-2 text-danger">疑似作弊原因：{detail.reason}</div>
        {detail.appeal && (
          <div className="col-span-2">
            考生申诉（{formatDateTime(detail.appealTime)}）：{detail.appeal}
          </div>
        )}
      </div>

      <Section title={`考中抓拍（${b.snapshots.length}）`}>
        {b.snapshots.length ? (
          <div className="grid grid-cols-6 gap-2" data-testid="fraud-snapshots">
            {b.snapshots.map((s) => (
              <figure key={s.id} className="text-xs text-muted">
                <a href={s.url} target="_blank" rel="noreferrer">
                  <img src={s.url} alt="考中抓拍" className={`h-20 w-full rounded object-cover ${s.flagged ? "ring-2 ring-danger" : ""}`} />
                </a>
                <figcaption className="mt-1">
                  {s.flagged ? <div className="text-danger">已标记可疑</div> : null}
                  <div>{formatDateTime(s.createdAt)}</div>
                  {s.flagNote && <div>{s.flagNote}</div>}
                </figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted">无抓拍记录</p>
        )}
      </Section>

      {b.faceChecks.length > 0 && (
        <Section title={`人脸核验（${b.faceChecks.length}）`}>
          <div className="grid grid-cols-6 gap-2">
            {b.faceChecks.map((f) => (
              <figure key={f.id} className="text-xs text-muted">
                {f.url ? <img src={f.url} alt="人脸核验照片" className="h-20 w-full rounded object-cover" /> : <div className="flex h-20 items-center justify-center rounded bg-[#f2f3f5]">无照片</div>}
                <figcaption className="mt-1">
                  <Badge tone={f.verifyResult === 0 ? "green" : "red"}>{f.verifyResult === 0 ? "通过" : "未通过"}</Badge>
                  <div>相似度：{f.similarity ?? "--"}</div>
                  <div>{formatDateTime(f.createdAt)}</div>
                </figcaption>
              </figure>
            ))}
          </div>
        </Section>
      )}

      <Section title={`考试录像（${b.recordings.length}段）`}>
        {b.recordings.length ? (
          <ul className="flex flex-wrap gap-3 text-sm" data-testid="fraud-recordings">
            {b.recordings.map((r) => (
              <li key={r.id}>
                <a href={r.url} target="_blank" rel="noreferrer" className="text-primary">
                  第{r.seq}段（约{Math.round(r.durationMs / 1000)}秒）
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">无录像</p>
        )}
      </Section>

      <Section title="行为时间线">
        <ol className="space-y-1.5 border-l-2 border-[#e5e6eb] pl-4 text-sm" data-testid="fraud-timeline">
          {b.events.map((e, i) => (
            <li key={i} className={e.alert ? "text-danger" : "text-[#4e5969]"}>
              <span className="mr-3 font-mono text-xs text-muted">{formatDateTime(e.time)}</span>
              <span className="font-medium">{e.title}</span>
              {e.detail && <span className="ml-2 text-xs">{e.detail}</span>}
            </li>
          ))}
        </ol>
      </Section>

      <Section title="核查备注">
        <textarea
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          maxLength={500}
          rows={3}
          aria-label="核查备注"
          placeholder="记录核查依据，如录像中的具体时间点"
          className="w-full rounded border border-[#e5e6eb] p-2 text-sm focus:border-primary focus:outline-none"
        />
      </Section>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" disabled={busy || !remark.trim() || remark.trim() === detail.remark} onClick={() => onRemark(remark.trim())}>
          保存备注
        </Button>
        <Button variant="outline" disabled={busy || detail.status === 2} onClick={() => onDecide(2, remark.trim())}>
          排除作弊
        </Button>
        <Button variant="danger" disabled={busy || detail.status === 1} onClick={() => onDecide(1, remark.trim())}>
          确认作弊
        </Button>
      </div>
    </div>
  );
}
