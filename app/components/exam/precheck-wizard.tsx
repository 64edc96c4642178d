import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { trpc } from "~/lib/trpc";

export interface WizardExam {
  examId: number;
  name: string;
  forcedReadTime: number;
  instructions: string;
  makeupCount: number;
  limitTime: number;
  maxScore: number;
  passScore: number;
  isEnableScreenCutting: number;
  screenCuttingTimes: number;
  isFaceVerify: number;
  isEnableVideoRecording: number;
  isSnapVerify: number;
  isOpenSoftMonitor: number;
  winDownloadUrl: string;
  macInterDownloadUrl: string;
  macM1DownloadUrl: string;
  testStartRemainTime: number | null;
}

type Step = "notice" | "device" | "network" | "identity";
const SAMPLES = 3;

/**
 * The pre-check wizard (learner-front-end.md 2): notice with a forced-read countdown, device check only
 * when monitoring is on, network check, identity check only with face verification. The last button
 * reads 开始考试, or 进入考场 while the exam has not started.
 */
export function PrecheckWizard({ exam, open, onClose, onDone }: { exam: WizardExam; open: boolean; onClose: () => void; onDone: () => void }) {
  const needsDevice = !!(exam.isFaceVerify || exam.isEnableVideoRecording || exam.isSnapVerify);
  const steps: Step[] = ["notice", ...(needsDevice ? (["device"] as Step[]) : []), "network", ...(exam.isFaceVerify ? (["identity"] as Step[]) : [])];
  const [index, setIndex] = useState(0);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const finalLabel = exam.testStartRemainTime ? "进入考场" : "开始考试";

  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>考前检测</DialogTitle>
        <ol className="mt-4 flex gap-2 text-xs">
          {steps.map((s, i) => (
            <li key={s} className={`flex-1 rounded px-2 py-1 text-center ${i <= index ? "bg-primary text-white" : "bg-[#f2f3f5] text-muted"}`}>
              {{ notice: "考试须知", device: "设备检测", network: "网络检测", identity: "身份核验" }[s]}
            </li>
          ))}
        </ol>
        <div className="mt-5 min-h-[200px]">
          {step === "notice" && <Notice exam={exam} />}
          {step === "device" && <DeviceCheck exam={exam} />}
          {step === "network" && <NetworkCheck />}
          {step === "identity" && <IdentityCheck examId={exam.examId} />}
        </div>
        <StepButtons
          key={step}
          step={step}
          forcedRead={step === "notice" ? exam.forcedReadTime : 0}
          label={last ? finalLabel : "下一步"}
          onPrev={index > 0 ? () => setIndex(index - 1) : undefined}
          onNext={() => (last ? onDone() : setIndex(index + 1))}
        />
      </DialogContent>
    </Dialog>
  );
}

function StepButtons({ step, forcedRead, label, onPrev, onNext }: { step: Step; forcedRead: number; label: string; onPrev?: () => void; onNext: () => void }) {
  const [left, setLeft] = useState(forcedRead);
  const [ready, setReady] = useState(step !== "network");
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  useEffect(() => {
    if (step !== "network") return;
    const t = setTimeout(() => setReady(true), SAMPLES * 1000 + 200);
    return () => clearTimeout(t);
  }, [step]);
  return (
    <div className="mt-6 flex justify-end gap-3">
      {onPrev && (
        <Button variant="outline" onClick={onPrev}>
          上一步
        </Button>
      )}
      <Button disabled={left > 0 || !ready} onClick={onNext}>
        {left > 0 ? `请阅读考试须知（${left}s）` : !ready ? "检测中…" : label}
      </Button>
    </div>
  );
}

function Notice({ exam }: { exam: WizardExam }) {
  return (
    <div className="space-y-3 text-sm text-[#4e5969]">
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-[#f7f8fa] p-3">
        <li>考试时长：{exam.limitTime ? `${exam.limitTime}分钟` : "不限时"}</li>
        <li>补考次数：{exam.makeupCount}次</li>
        <li>试卷满分：{exam.maxScore}分</li>
        <li>及格分数：{exam.passScore}分</li>
        {exam.isEnableScreenCutting ? <li className="col-span-2 text-danger">切屏超过{exam.screenCuttingTimes}次将自动交卷</li> : null}
      </ul>
      <p className="whitespace-pre-line leading-6">{exam.instructions || "请诚信应考，独立完成作答。每道题作答后会自动保存。"}</p>
    </div>
  );
}

function DeviceCheck({ exam }: { exam: WizardExam }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"checking" | "ok" | "fail" | "unsupported">("checking");
  useEffect(() => {
    let stream: MediaStream | undefined;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState("unsupported");
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((s) => {
        stream = s;
        if (video.current) video.current.srcObject = s;
        setState("ok");
      })
      .catch(() => setState("fail"));
    return () => stream?.getTracks().forEach((t) => t.stop());
  }, []);
  return (
    <div className="space-y-3 text-sm">
      <video ref={video} autoPlay muted playsInline className="h-40 w-56 rounded bg-black" />
      {state === "ok" && <p className="text-[#00b42a]">摄像头正常</p>}
      {state === "checking" && <p className="text-muted">正在打开摄像头…</p>}
      {state === "fail" && (
        <p className="text-danger">
          摄像头调用失败，<a className="text-primary underline" href="/person/help" target="_blank" rel="noreferrer">查看帮助文档</a>
        </p>
      )}
      {state === "unsupported" && <p className="text-danger">当前浏览器不支持 mediaDevices，请更换浏览器</p>}
      {exam.isOpenSoftMonitor ? (
        <p className="text-muted">
          本考试需开启监考助手：
          <a className="mx-1 text-primary" href={exam.winDownloadUrl}>Windows版</a>
          <a className="mx-1 text-primary" href={exam.macInterDownloadUrl}>Mac Intel版</a>
          <a className="mx-1 text-primary" href={exam.macM1DownloadUrl}>Mac Apple芯片版</a>
        </p>
      ) : null}
    </div>
  );
}

/** Downloads a small image once a second and reports the speed (recommended above 100 KB/s). */
function NetworkCheck() {
  const [speeds, setSpeeds] = useState<number[]>([]);
  useEffect(() => {
    let stop = false;
    let n = 0;
    const sample = async () => {
      const t0 = performance.now();
      try {
        const res = await fetch(`/favicon.ico?t=${Date.now()}`, { cache: "no-store" });
        const size = (await res.arrayBuffer()).byteLength;
        const kbps = size / 1024 / Math.max(0.001, (performance.now() - t0) / 1000);
        if (!stop) setSpeeds((s) => [...s, kbps]);
      } catch {
        if (!stop) setSpeeds((s) => [...s, 0]);
      }
      n += 1;
      if (n < SAMPLES && !stop) setTimeout(sample, 1000);
    };
    void sample();
    return () => {
      stop = true;
    };
  }, []);
  const avg = speeds.length ? speeds.reduce((a, b) => a + b, 0) / speeds.length : 0;
  return (
    <div className="space-y-2 text-sm text-[#4e5969]">
      <p>正在检测网络（{speeds.length}/{SAMPLES}）…建议网速在 100KB/s 以上。</p>
      {speeds.length > 0 && (
        <p data-testid="network-speed" className={avg >= 100 ? "text-[#00b42a]" : "text-danger"}>
          当前网速约 {avg >= 1024 ? `${(avg / 1024).toFixed(1)}MB/s` : `${Math.round(avg)}KB/s`}
          {avg >= 100 ? "，网络良好" : "，网络较差，请切换网络"}
        </p>
      )}
    </div>
  );
}

/** Captures a frame and records it with faceVerify; the server answers the remaining count. */
function IdentityCheck({ examId }: { examId: number }) {
  const video = useRef<HTMLVideoElement>(null);
  const [msg, setMsg] = useState("");
  useEffect(() => {
    let stream: MediaStream | undefined;
    navigator.mediaDevices
      ?.getUserMedia({ video: true })
      .then((s) => {
        stream = s;
        if (video.current) video.current.srcObject = s;
      })
      .catch(() => setMsg("摄像头调用失败"));
    return () => stream?.getTracks().forEach((t) => t.stop());
  }, []);
  async function capture() {
    const v = video.current;
    const canvas = document.createElement("canvas");
    canvas.width = v?.videoWidth || 320;
    canvas.height = v?.videoHeight || 240;
    if (v) canvas.getContext("2d")?.drawImage(v, 0, 0, canvas.width, canvas.height);
    try {
      const r = await trpc.exam.learner.faceVerify.mutate({ examId, faceImg: canvas.toDataURL("image/jpeg", 0.7) });
      setMsg(r.verifyResult === 0 ? `核验已记录，今日剩余${r.remainVerifyCount}次` : r.verifyResult === 2 ? "今日核验次数已用完" : `核验未通过，剩余${r.remainVerifyCount}次`);
    } catch {
      setMsg("上传失败");
    }
  }
  return (
    <div className="space-y-3 text-sm">
      <video ref={video} autoPlay muted playsInline className="h-40 w-56 rounded bg-black" />
      <Button variant="outline" onClick={capture}>
        拍照核验
      </Button>
      {msg && <p className="text-[#4e5969]">{msg}</p>}
    </div>
  );
}
