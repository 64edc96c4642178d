// Camera helpers of the exam checks: open the camera, judge a frame, capture it as JPEG.

export const FACE_DETECT_INTERVAL_MS = 100;
export const FACE_DETECT_TIMEOUT_MS = 10_000;

export async function openCamera(audio = false): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("unsupported");
  return navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: "user" }, audio });
}

/**
 * Whether a frame can carry a face: the camera delivers pixels, the picture is neither dark nor
 * blown out, and it is not flat (a covered lens). Whether a face is in it is decided by the server.
 */
export function frameIsUsable(video: HTMLVideoElement): boolean {
  if (!video.videoWidth || !video.videoHeight || video.readyState < 2) return false;
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 48;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return false;
  ctx.drawImage(video, 0, 0, 64, 48);
  const px = ctx.getImageData(0, 0, 64, 48).data;
  let sum = 0;
  let sq = 0;
  const n = px.length / 4;
  for (let i = 0; i < px.length; i += 4) {
    const y = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
    sum += y;
    sq += y * y;
  }
  const mean = sum / n;
  const std = Math.sqrt(Math.max(0, sq / n - mean * mean));
  return mean > 40 && mean < 225 && std > 12;
}

/** The current frame as a JPEG data URL, at most maxWidth wide. */
export function captureJpeg(video: HTMLVideoElement, maxWidth = 640, quality = 0.85): string {
  const w = video.videoWidth || 320;
  const h = video.videoHeight || 240;
  const scale = Math.min(1, maxWidth / w);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", quality);
}

/** Looks at the camera every 100 ms for up to 10 s; resolves with the first usable frame, or null. */
export function waitForUsableFrame(video: HTMLVideoElement, signal: AbortSignal, timeoutMs = FACE_DETECT_TIMEOUT_MS): Promise<string | null> {
  return new Promise((resolve) => {
    const until = Date.now() + timeoutMs;
    const tick = () => {
      if (signal.aborted) return resolve(null);
      if (frameIsUsable(video)) return resolve(captureJpeg(video));
      if (Date.now() >= until) return resolve(null);
      setTimeout(tick, FACE_DETECT_INTERVAL_MS);
    };
    tick();
  });
}
