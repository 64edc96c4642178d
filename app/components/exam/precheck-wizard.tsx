import { useNavigate } from "@remix-run/react";
import { useRootData } from "~/components/layout/shell-types";
import { useEffect, useMemo, useRef, useState } from "react";
import { identityFormHref, REAL_NAME_TEXT } from "@base/real-name";
import { BUSINESS_TYPE } from "@base/real-name";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { handleApiError } from "~/lib/api-errors";
import { formatTime } from "@base/format";
import { trpc } from "~/lib/trpc";
import { openCamera } from "./camera";
import { FaceCheck } from "./face-check";
import { probeHelper, type HelperState } from "./invigilation";
import { HelperDownloadLinks, InvigilationDialog } from "./invigilation-dialog";
import { browserStorage, freshNetworkResult, networkPassed, RECOMMENDED_KBPS, rememberNetworkResult, type NetworkResult } from "./precheck-memory";

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

type Step = "notice" | "device" | "network" | "realname" | "identity";
const STEP_NAMES: Record<Step, string> = { notice: "考试须知", device: "设备检测", network: "网络检测", realname: "实名认证", identity: "身份核验" };
/** One sample a second for about a minute (learner-front-end.md 2); the server may set fewer (EXAM_NETWORK_CHECK_SECONDS). */
export const NETWORK_CHECK_SAMPLES = 60;

/**
 * The pre-check wizard (learner-front-end.md 2): notice with a forced-read countdown; device check when
 * face verify, recording or snapshots need the camera; network check; real-name auth when face verify
 * is on and the identity is incomplete; identity check (face compared on the server). The last button
 * reads 开始考试, or 进入考场 while the exam has not started; with the invigilation helper required it
 * asks the helper first. What was passed is kept: the notice read is recorded on the server per learner
 * and exam (its forced read timed there), a good network check in this browser for an hour, and going
 * back a step repeats neither.
 */
export function PrecheckWizard({
  exam,
  open,
  onClose,
  onDone,
  networkSamples = NETWORK_CHECK_SAMPLES,
}: {
  exam: WizardExam;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  networkSamples?: number;
}) {
  const needsDevice = !!(exam.isFaceVerify || exam.isEnableVideoRecording || exam.isSnapVerify);
  const [needsRealName, setNeedsRealName] = useState(false);
  const steps: Step[] = [
    "notice",
    ...(needsDevice ? (["device"] as Step[]) : []),
    "network",
    ...(exam.isFaceVerify && needsRealName ? (["realname"] as Step[]) : []),
    ...(exam.isFaceVerify ? (["identity"] as Step[]) : []),
  ];
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState<Partial<Record<Step, boolean>>>({});
  // The forced read: read already, or readable from `until` (this browser's clock, from the server's remainder).
  const [notice, setNotice] = useState({ loaded: false, read: false, until: 0 });
  const [noticeBusy, setNoticeBusy] = useState(false);
  const [network, setNetwork] = useState<NetworkResult | null>(null);
  const readLeft = useSecondsUntil(notice.loaded && !notice.read ? notice.until : 0);
  const [helper, setHelper] = useState<Exclude<HelperState, { kind: "ok" }> | null>(null);
  const [checking, setChecking] = useState(false);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;
  const finalLabel = exam.testStartRemainTime ? "进入考场" : "开始考试";
  // The layout config's confirm-start-exam agreement: accepted on the last step before the exam starts.
  const agreement = useRootData()?.shell.examAgreement;
  const [agreed, setAgreed] = useState(false);

  useEffect(() => {
    if (!open) return;
    setIndex(0);
    setReady({});
    setAgreed(false);
    setNetwork(freshNetworkResult(browserStorage()));
    setNotice({ loaded: false, read: false, until: 0 });
    trpc.exam.precheck
      .mutate({ examId: exam.examId })
      .then((r) => setNotice({ loaded: true, read: r.noticeRead === 1, until: Date.now() + r.noticeRemainSeconds * 1000 }))
      .catch((e) => {
        // Unreachable server: count the read here; the server still decides when the notice is left.
        setNotice({ loaded: true, read: false, until: Date.now() + exam.forcedReadTime * 1000 });
        handleApiError(e);
      });
    if (!exam.isFaceVerify) return;
    trpc.identity.checkNeedAuth
      .query({ checkBusinessType: BUSINESS_TYPE.exam, checkBusinessId: exam.examId })
      .then((r) => setNeedsRealName(r.isNeedAuth === 1))
      .catch(handleApiError);
  }, [open, exam.isFaceVerify, exam.examId, exam.forcedReadTime]);

  // Stable per step, so a check's effect does not restart when the wizard re-renders.
  const marks = useMemo(() => {
    const mark = (s: Step) => (ok: boolean) => setReady((r) => (r[s] === ok ? r : { ...r, [s]: ok }));
    return { device: mark("device"), identity: mark("identity") };
  }, []);

  /** The helper check before the start; the whitelist (monitorInfo) exempts a learner. */
  async function finish() {
    if (exam.isOpenSoftMonitor) {
      setChecking(true);
      try {
        const info = await trpc.exam.monitorInfo.query({ examId: exam.examId });
        if (info.isOpenSoftMonitor) {
          const state = await probeHelper(info.ports);
          if (state.kind !== "ok") return setHelper(state);
        }
      } catch (e) {
        return handleApiError(e);
      } finally {
        setChecking(false);
      }
    }
    setHelper(null);
    onDone();
  }

  const onNetwork = useMemo(
    () => (r: NetworkResult | null) => {
      if (r) rememberNetworkResult(browserStorage(), r);
      setNetwork(r);
    },
    [],
  );

  /** Leaving the notice records the read on the server once; after that going back and forth costs nothing. */
  async function leaveNotice() {
    if (!notice.read) {
      setNoticeBusy(true);
      try {
        const r = await trpc.exam.readNotice.mutate({ examId: exam.examId });
        setNotice({ loaded: true, read: r.noticeRead === 1, until: Date.now() + r.noticeRemainSeconds * 1000 });
      } catch (e) {
        return handleApiError(e);
      } finally {
        setNoticeBusy(false);
      }
    }
    setIndex(index + 1);
  }

  const needsAgreement = last && agreement !== undefined && !agreed;
  const stepReady = step === "notice" ? notice.loaded : step === "network" ? !!network : step === "realname" ? false : !!ready[step];
  const blocked = !stepReady || needsAgreement;
  return (
    <>
      <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="w-[640px]">
          <DialogTitle>考前检测</DialogTitle>
          <ol className="mt-4 flex gap-2 text-xs">
            {steps.map((s, i) => (
              <li key={s} className={`flex-1 rounded px-2 py-1 text-center ${i <= index ? "bg-primary text-white" : "bg-[#f2f3f5] text-muted"}`}>
                {STEP_NAMES[s]}
              </li>
            ))}
          </ol>
          <div className="mt-5 min-h-[200px]">
            {step === "notice" && <Notice exam={exam} />}
            {step === "device" && <DeviceCheck exam={exam} onReady={marks.device} />}
            {step === "network" && <NetworkCheck samples={networkSamples} result={network} onResult={onNetwork} />}
            {step === "realname" && <RealNameStep examId={exam.examId} />}
            {step === "identity" && <FaceCheck examId={exam.examId} onPassed={marks.identity} />}
          </div>
          {last && agreement !== undefined && (
            <label className="mt-4 flex items-start gap-2 rounded-md bg-[#f7f8fa] p-3 text-sm text-[#4e5969]">
              <input type="checkbox" className="mt-0.5 h-4 w-4 accent-primary" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-label="同意考试协议" />
              <span>{agreement || "我已阅读并同意考试须知，承诺独立完成考试，遵守考试纪律。"}</span>
            </label>
          )}
          <StepButtons
            wait={step === "notice" ? readLeft : 0}
            blocked={blocked}
            blockedLabel={
              step === "notice" && !notice.loaded
                ? "请阅读考试须知"
                : step === "network" && !network
                  ? "检测中…"
                  : needsAgreement && stepReady
                    ? "请先勾选同意考试协议"
                    : step === "identity"
                      ? "请先完成身份核验"
                      : step === "realname"
                        ? "请先完成实名认证"
                        : "请先完成检测"
            }
            busy={checking || noticeBusy}
            label={last ? finalLabel : "下一步"}
            onPrev={index > 0 ? () => setIndex(index - 1) : undefined}
            onNext={() => (last ? void finish() : step === "notice" ? void leaveNotice() : setIndex(index + 1))}
          />
        </DialogContent>
      </Dialog>
      <InvigilationDialog state={helper} urls={exam} checking={checking} onRecheck={() => void finish()} onCancel={() => setHelper(null)} />
    </>
  );
}

/** Whole seconds until a moment of this browser's clock, recomputed from the clock so a busy tab never drifts; 0 once passed. */
function useSecondsUntil(until: number) {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [value, setValue] = useState(left);
  useEffect(() => {
    setValue(left());
    if (until <= Date.now()) return;
    const t = setInterval(() => {
      const v = left();
      setValue(v);
      if (v <= 0) clearInterval(t);
    }, 250);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return value;
}

function StepButtons({
  wait,
  blocked,
  blockedLabel,
  busy,
  label,
  onPrev,
  onNext,
}: {
  /** Seconds the notice must still be read. */
  wait: number;
  blocked: boolean;
  blockedLabel: string;
  busy: boolean;
  label: string;
  onPrev?: () => void;
  onNext: () => void;
}) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      {onPrev && (
        <Button variant="outline" onClick={onPrev}>
          上一步
        </Button>
      )}
      <Button disabled={wait > 0 || blocked || busy} onClick={onNext}>
        {wait > 0 ? `请阅读考试须知（${wait}s）` : blocked ? blockedLabel : busy ? "检测中…" : label}
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
        {exam.isFaceVerify ? <li className="col-span-2">本考试需进行人脸核验，请确保本人参加考试</li> : null}
        {exam.isSnapVerify || exam.isEnableVideoRecording ? <li className="col-span-2">考试过程中将通过摄像头{exam.isEnableVideoRecording ? "录像" : "随机抓拍"}，请保持面部在画面内</li> : null}
      </ul>
      <p className="whitespace-pre-line leading-6">{exam.instructions || "请诚信应考，独立完成作答。每道题作答后会自动保存。"}</p>
    </div>
  );
}

function DeviceCheck({ exam, onReady }: { exam: WizardExam; onReady: (ok: boolean) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"checking" | "ok" | "fail" | "unsupported">("checking");
  useEffect(() => {
    let stream: MediaStream | undefined;
    let gone = false;
    openCamera()
      .then((s) => {
        stream = s;
        if (gone) return s.getTracks().forEach((t) => t.stop());
        if (video.current) video.current.srcObject = s;
        setState("ok");
        onReady(true);
      })
      .catch((e: Error) => setState(e.message === "unsupported" ? "unsupported" : "fail"));
    return () => {
      gone = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onReady]);
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
        <div className="text-muted">
          <p>本考试需开启监考助手，开始考试前将检测其运行状态。</p>
          <HelperDownloadLinks urls={exam} />
        </div>
      ) : null}
    </div>
  );
}

const speedText = (kbps: number) => (kbps >= 1024 ? `${(kbps / 1024).toFixed(1)}MB/s` : `${Math.round(kbps)}KB/s`);

/**
 * Downloads an image once a second, `samples` times, showing progress and the live speed. A result the
 * wizard already holds (this run, or a good one from the last hour) is shown instead of running again.
 */
function NetworkCheck({ samples, result, onResult }: { samples: number; result: NetworkResult | null; onResult: (r: NetworkResult | null) => void }) {
  const [speeds, setSpeeds] = useState<number[]>([]);
  const running = !result;
  useEffect(() => {
    if (!running) return;
    let stop = false;
    let n = 0;
    const got: number[] = [];
    setSpeeds([]);
    const sample = async () => {
      const t0 = performance.now();
      let kbps = 0;
      try {
        const res = await fetch(`/network-check.jpg?t=${Date.now()}`, { cache: "no-store" });
        const size = (await res.arrayBuffer()).byteLength;
        kbps = size / 1024 / Math.max(0.001, (performance.now() - t0) / 1000);
      } catch {
        kbps = 0;
      }
      if (stop) return;
      got.push(kbps);
      setSpeeds([...got]);
      n += 1;
      if (n < samples) setTimeout(sample, Math.max(0, 1000 - (performance.now() - t0)));
      else onResult({ at: Date.now(), avgKbps: got.reduce((a, b) => a + b, 0) / got.length });
    };
    void sample();
    return () => {
      stop = true;
    };
  }, [samples, running, onResult]);
  if (result) {
    const good = networkPassed(result);
    return (
      <div className="space-y-3 text-sm text-[#4e5969]">
        <p>网络检测完成。建议网速在 100KB/s 以上。</p>
        <p data-testid="network-speed" className={good ? "text-[#00b42a]" : "text-danger"}>
          平均网速约 {speedText(result.avgKbps)}
          {good ? "，网络良好" : "，网络较差，请切换网络"}
        </p>
        {good && <p data-testid="network-kept" className="text-xs text-muted">{formatTime(result.at)} 完成检测，1小时内无需重复检测</p>}
        <Button variant="outline" size="sm" onClick={() => onResult(null)}>
          重新检测
        </Button>
      </div>
    );
  }
  const avg = speeds.length ? speeds.reduce((a, b) => a + b, 0) / speeds.length : 0;
  const now = speeds[speeds.length - 1] ?? 0;
  const pct = Math.round((Math.min(speeds.length, samples) / samples) * 100);
  return (
    <div className="space-y-3 text-sm text-[#4e5969]">
      <p>{`正在检测网络，约需${samples >= 60 ? "1分钟" : `${samples}秒`}…`}建议网速在 100KB/s 以上。</p>
      <div className="h-2 w-full overflow-hidden rounded bg-[#f2f3f5]" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted">
        已检测 {Math.min(speeds.length, samples)}/{samples} 次{speeds.length > 0 ? `，当前网速 ${speedText(now)}` : ""}
      </p>
      {speeds.length > 0 && (
        <p className={avg >= RECOMMENDED_KBPS ? "text-[#00b42a]" : "text-danger"}>
          平均网速约 {speedText(avg)}
        </p>
      )}
    </div>
  );
}

/** Real-name step: the identity must be completed before the face can be compared. */
function RealNameStep({ examId }: { examId: number }) {
  const navigate = useNavigate();
  return (
    <div className="space-y-4 text-sm text-[#4e5969]" data-testid="realname-step">
      <p className="leading-6">{REAL_NAME_TEXT}。本考试需进行人脸核验，将与实名认证时上传的证件照比对。</p>
      <Button onClick={() => navigate(identityFormHref(`/exam/detail?id=${examId}`))}>去认证</Button>
    </div>
  );
}
