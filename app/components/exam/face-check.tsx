import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, httpStatusOf, trpc } from "~/lib/trpc";
import { captureJpeg, openCamera, waitForUsableFrame } from "./camera";
import { FEEDBACK_HREF } from "./invigilation-dialog";

type State = "idle" | "detecting" | "timeout" | "verifying" | "passed" | "failed" | "exhausted" | "blocked" | "camera";

const FAIL_CAUSES = ["光线过暗、过亮或逆光", "面部有遮挡（帽子、口罩、眼镜反光等）", "未正对摄像头，或距离摄像头过远、过近", "与实名认证时上传的证件照差异较大，或非本人参加考试"];

/**
 * The identity step: looks at the camera every 100 ms for up to 10 s until a frame is usable, then
 * the server compares it with the registered photo (verifyResult 0 pass, 1 fail, 2 exhausted).
 */
export function FaceCheck({ examId, onPassed }: { examId: number; onPassed: (ok: boolean) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>("idle");
  const [remain, setRemain] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [similarity, setSimilarity] = useState<number | null>(null);
  const [message, setMessage] = useState("");

  useEffect(() => {
    let stream: MediaStream | undefined;
    let gone = false;
    onPassed(false);
    openCamera()
      .then((s) => {
        stream = s;
        if (gone) return s.getTracks().forEach((t) => t.stop());
        if (video.current) video.current.srcObject = s;
      })
      .catch((e: Error) => {
        setState("camera");
        setMessage(e.message === "unsupported" ? "当前浏览器不支持 mediaDevices，请更换浏览器" : "摄像头调用失败");
      });
    trpc.exam.faceUserInfo
      .query({ examId })
      .then((r) => setRemain(r.remainVerifyCount))
      .catch(() => undefined);
    return () => {
      gone = true;
      abort.current?.abort();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [examId, onPassed]);

  async function submit(image: string) {
    setState("verifying");
    try {
      const r = await trpc.exam.faceVerify.mutate({ examId, faceImg: image });
      setRemain(r.remainVerifyCount);
      setReason(r.reason ?? "");
      setSimilarity(r.similarity ?? null);
      if (r.verifyResult === 0) {
        setState("passed");
        onPassed(true);
      } else setState(r.verifyResult === 2 ? "exhausted" : "failed");
    } catch (e) {
      setState("blocked");
      setMessage(httpStatusOf(e) === undefined ? "上传失败" : errorMessage(e));
    }
  }

  async function detect() {
    const v = video.current;
    if (!v) return;
    abort.current?.abort();
    abort.current = new AbortController();
    setState("detecting");
    const frame = await waitForUsableFrame(v, abort.current.signal);
    if (abort.current.signal.aborted) return;
    if (frame) await submit(frame);
    else setState("timeout");
  }

  const manual = () => video.current && void submit(captureJpeg(video.current));
  const busy = state === "detecting" || state === "verifying";
  return (
    <div className="flex gap-5 text-sm" data-testid="face-check">
      <video ref={video} autoPlay muted playsInline className="h-48 w-64 shrink-0 rounded bg-black object-cover" />
      <div className="flex flex-1 flex-col gap-3 text-[#4e5969]">
        <p className="leading-6">请正对摄像头，保持光线充足、面部无遮挡。系统将采集您的人脸照片，与实名认证的证件照比对。</p>
        {remain !== null && <p className="text-muted">今日剩余核验次数：{remain}次</p>}
        {state === "detecting" && <p className="text-primary">正在检测人脸，请保持不动…</p>}
        {state === "verifying" && <p className="text-primary">正在比对，请稍候…</p>}
        {state === "passed" && (
          <p className="text-[#00b42a]" data-testid="face-passed">
            身份核验通过{similarity !== null ? `（相似度 ${similarity}）` : ""}
          </p>
        )}
        {state === "timeout" && (
          <div className="rounded bg-[#fff7e8] p-3 text-[#d25f00]" data-testid="face-timeout">
            未采集到合适的照片，请调整光线和坐姿后重试，或手动拍照。
          </div>
        )}
        {(state === "blocked" || state === "camera") && (
          <p className="text-danger" data-testid="face-error">
            {message}
            {state === "blocked" && (
              <a className="ml-1 text-primary underline" href={FEEDBACK_HREF} target="_blank" rel="noreferrer">
                问题反馈
              </a>
            )}
            {state === "camera" && (
              <a className="ml-1 text-primary underline" href="/person/help" target="_blank" rel="noreferrer">
                查看帮助文档
              </a>
            )}
          </p>
        )}
        {state !== "passed" && state !== "camera" && (
          <div className="flex gap-2">
            <Button disabled={busy} onClick={() => void detect()}>
              {state === "idle" ? "开始核验" : busy ? "核验中…" : "重新核验"}
            </Button>
            {state === "timeout" && (
              <Button variant="outline" onClick={manual}>
                手动拍照
              </Button>
            )}
          </div>
        )}
      </div>

      <Dialog open={state === "failed"} onOpenChange={(o) => !o && setState("idle")}>
        <DialogContent className="w-[440px]" data-testid="face-failed-dialog">
          <DialogTitle>身份核验未通过</DialogTitle>
          <DialogDescription>{reason || "人脸比对未通过"}，可能的原因：</DialogDescription>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-[#4e5969]">
            {FAIL_CAUSES.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm">
            今日剩余核验次数：<span className="font-semibold text-danger">{remain ?? 0}次</span>
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => setState("idle")}>
              取消
            </Button>
            {(remain ?? 0) > 0 && <Button onClick={() => void detect()}>重新核验</Button>}
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={state === "exhausted"} onOpenChange={(o) => !o && setState("idle")}>
        <DialogContent className="w-[420px]" data-testid="face-exhausted-dialog">
          <DialogTitle>今日核验次数已用完</DialogTitle>
          <DialogDescription>
            今日剩余核验次数：0次，请明天再试。如有疑问，请
            <a className="mx-1 text-primary underline" href={FEEDBACK_HREF} target="_blank" rel="noreferrer">
              问题反馈
            </a>
          </DialogDescription>
          <DialogFooter>
            <Button onClick={() => setState("idle")}>我知道了</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
