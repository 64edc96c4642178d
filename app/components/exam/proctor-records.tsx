import { useState } from "react";
import { Badge } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatDateTime } from "@base/format";

export interface ProctorRecords {
  paperId: number;
  examName: string;
  nick: string;
  loginName: string;
  threshold: number;
  faceChecks: { id: number; url: string; verifyResult: number; similarity: number | null; reason: string; createdAt: number }[];
  snapshots: { id: number; url: string; createdAt: number; flagged?: number }[];
  recordings: { id: number; seq: number; url: string; size: number; durationMs: number; createdAt: number }[];
}

const time = formatDateTime;
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

/**
 * One snapshot with its 标记可疑 toggle: a flagged snapshot of a handed-in attempt raises (or refreshes) the
 * attempt's fraud check on the server.
 */
function Snapshot({ snap }: { snap: ProctorRecords["snapshots"][number] }) {
  const [flagged, setFlagged] = useState(snap.flagged === 1);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await trpc.exam.admin.proctor.flag.mutate({ snapId: snap.id, flagged: flagged ? 0 : 1 });
      setFlagged(!flagged);
      adminToast.success(flagged ? "已取消可疑标记" : "已标记为可疑，将进入防作弊核查");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <figure className="text-xs text-muted" data-testid={`snapshot-${snap.id}`}>
      <a href={snap.url} target="_blank" rel="noreferrer">
        <img src={snap.url} alt="考中抓拍" className={`h-28 w-full rounded object-cover ${flagged ? "ring-2 ring-danger" : ""}`} />
      </a>
      <figcaption className="mt-1 flex items-center justify-between gap-1">
        <span>{time(snap.createdAt)}</span>
        <button type="button" disabled={busy} onClick={toggle} className={`shrink-0 ${flagged ? "text-danger" : "text-primary"} hover:underline disabled:opacity-50`}>
          {flagged ? "取消标记" : "标记可疑"}
        </button>
      </figcaption>
    </figure>
  );
}

/** What proctoring kept of one attempt: face checks with their similarity, snapshots, video segments. */
export function ProctorRecordsView({ data }: { data: ProctorRecords }) {
  return (
    <div className="space-y-4">
      <Card className="p-4 text-sm text-[#4e5969]">
        考生：{data.nick}（{data.loginName}） · 考试：{data.examName} · 答卷ID：{data.paperId} · 人脸比对通过分：{data.threshold}
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 font-semibold">人脸核验（{data.faceChecks.length}）</h2>
        {data.faceChecks.length ? (
          <div className="grid grid-cols-6 gap-3">
            {data.faceChecks.map((f) => (
              <figure key={f.id} className="text-xs text-muted">
                <img src={f.url} alt="人脸核验照片" className="h-28 w-full rounded object-cover" />
                <figcaption className="mt-1 space-y-0.5">
                  <Badge tone={f.verifyResult === 0 ? "green" : "red"}>{f.verifyResult === 0 ? "通过" : "未通过"}</Badge>
                  <div>相似度：{f.similarity ?? "--"}</div>
                  {f.reason && <div>{f.reason}</div>}
                  <div>{time(f.createdAt)}</div>
                </figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted">无人脸核验记录</p>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 font-semibold">考中抓拍（{data.snapshots.length}）</h2>
        {data.snapshots.length ? (
          <div className="grid grid-cols-6 gap-3" data-testid="proctor-snapshots">
            {data.snapshots.map((s) => (
              <Snapshot key={s.id} snap={s} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted">无抓拍记录</p>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 font-semibold">考试录像（{data.recordings.length}段）</h2>
        {data.recordings.length ? (
          <div className="grid grid-cols-3 gap-4">
            {data.recordings.map((r) => (
              <figure key={r.id} className="text-xs text-muted">
                <video src={r.url} controls preload="metadata" className="w-full rounded bg-black" />
                <figcaption className="mt-1">
                  开考后 {clock(r.seq)} 起，时长约 {Math.round(r.durationMs / 1000)} 秒，{(r.size / 1024).toFixed(0)}KB
                </figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <EmptyState title="无录像" hint="本次考试未开启视频录制，或考生未上传录像" />
        )}
      </Card>
    </div>
  );
}
