import { useCallback, useEffect, useRef, useState } from "react";
import { uploadFile } from "~/components/upload/upload-client";
import { trpc } from "~/lib/trpc";
import { captureJpeg, openCamera } from "./camera";
import { probeHelper, type HelperState } from "./invigilation";
import { InvigilationDialog, type HelperDownloads } from "./invigilation-dialog";

/** First snapshot a few seconds in, then one at a random moment every 1-3 minutes. */
export const FIRST_SNAP_MS: [number, number] = [5_000, 15_000];
export const SNAP_INTERVAL_MS: [number, number] = [60_000, 180_000];
/** Each recording segment is a self-contained WebM file of about a minute. */
export const SEGMENT_MS = 60_000;
/** The helper is asked again every 30 s during the exam. */
export const HELPER_RECHECK_MS = 30_000;

const between = ([lo, hi]: [number, number]) => lo + Math.random() * (hi - lo);

type Monitor = HelperDownloads & { isSnapVerify: number; isEnableVideoRecording: number; isOpenSoftMonitor: number; ports: number[] };

/**
 * In-exam proctoring: a small camera preview, random snapshots (snapVerify), video segments uploaded
 * through the upload flow and linked to the attempt, and the invigilation helper re-checked while the
 * paper is open. Stops (and sends the last segment) when `active` turns false or the page closes.
 */
export function ProctorPanel({ examId, paperId, startTime, active }: { examId: number; paperId: number; startTime: number | null; active: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [monitor, setMonitor] = useState<Monitor | null>(null);
  const [camera, setCamera] = useState<"off" | "on" | "fail">("off");
  const [helper, setHelper] = useState<Exclude<HelperState, { kind: "ok" }> | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    trpc.exam.monitorInfo
      .query({ examId })
      .then(setMonitor)
      .catch(() => undefined);
  }, [examId]);

  const needsCamera = !!monitor && active && (monitor.isSnapVerify === 1 || monitor.isEnableVideoRecording === 1);

  // Camera, snapshots and recording share one stream.
  useEffect(() => {
    if (!needsCamera || !monitor) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let snapTimer: ReturnType<typeof setTimeout> | undefined;
    let segmentTimer: ReturnType<typeof setTimeout> | undefined;
    let recorder: MediaRecorder | undefined;

    const snap = async () => {
      const v = video.current;
      if (stopped || !v) return;
      try {
        await trpc.exam.snapVerify.mutate({ examId, paperId, img: captureJpeg(v, 480, 0.7) });
      } catch {
        // a missed snapshot is retried at the next moment
      }
      if (!stopped) snapTimer = setTimeout(snap, between(SNAP_INTERVAL_MS));
    };

    const sendSegment = async (blob: Blob, seq: number, durationMs: number) => {
      if (!blob.size) return;
      try {
        const { key } = await uploadFile(new Blob([blob], { type: "video/webm" }), { midPath: "exam-recording", fileName: `rec-${paperId}-${seq}.webm` });
        await trpc.exam.recording.mutate({ paperId, seq, fileId: key, durationMs });
      } catch {
        // a lost segment leaves a gap; the next ones are independent files
      }
    };

    const record = (s: MediaStream) => {
      if (stopped || typeof MediaRecorder === "undefined") return;
      const mime = ["video/webm;codecs=vp8", "video/webm"].find((m) => MediaRecorder.isTypeSupported(m));
      if (!mime) return;
      const began = Date.now();
      // Seconds since the attempt started: unique per attempt, also after a reload.
      const seq = Math.max(0, Math.floor((began - (startTime ?? began)) / 1000));
      const chunks: Blob[] = [];
      recorder = new MediaRecorder(s, { mimeType: mime, videoBitsPerSecond: 300_000 });
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      recorder.onstop = () => {
        void sendSegment(new Blob(chunks, { type: "video/webm" }), seq, Date.now() - began);
        if (!stopped) record(s);
      };
      recorder.start();
      segmentTimer = setTimeout(() => recorder?.state === "recording" && recorder.stop(), SEGMENT_MS);
    };

    openCamera()
      .then((s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        if (video.current) video.current.srcObject = s;
        setCamera("on");
        if (monitor.isSnapVerify === 1) snapTimer = setTimeout(snap, between(FIRST_SNAP_MS));
        if (monitor.isEnableVideoRecording === 1) record(s);
      })
      .catch(() => setCamera("fail"));

    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(snapTimer);
      clearTimeout(segmentTimer);
      if (recorder?.state === "recording") recorder.stop();
      stream?.getTracks().forEach((t) => t.stop());
    };
    window.addEventListener("pagehide", stop);
    return () => {
      window.removeEventListener("pagehide", stop);
      stop();
    };
  }, [needsCamera, monitor, examId, paperId, startTime]);

  const checkHelper = useCallback(async () => {
    if (!monitor?.isOpenSoftMonitor) return;
    setChecking(true);
    try {
      const state = await probeHelper(monitor.ports);
      setHelper(state.kind === "ok" ? null : state);
    } finally {
      setChecking(false);
    }
  }, [monitor]);

  useEffect(() => {
    if (!active || !monitor?.isOpenSoftMonitor) return;
    void checkHelper();
    const t = setInterval(() => void checkHelper(), HELPER_RECHECK_MS);
    return () => clearInterval(t);
  }, [active, monitor, checkHelper]);

  if (!monitor) return null;
  return (
    <>
      {needsCamera && (
        <div className="fixed bottom-4 right-4 z-40 w-44 overflow-hidden rounded-lg bg-black shadow-lg" data-testid="proctor-camera">
          <video ref={video} autoPlay muted playsInline className="h-[99px] w-full object-cover" />
          <p className="bg-[#1d2129] px-2 py-1 text-center text-xs text-white">
            {camera === "fail" ? "摄像头调用失败" : monitor.isEnableVideoRecording ? "监考录像中" : "监考抓拍中"}
          </p>
        </div>
      )}
      <InvigilationDialog state={active ? helper : null} urls={monitor} checking={checking} onRecheck={() => void checkHelper()} />
    </>
  );
}
