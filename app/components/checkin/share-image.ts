import { medalSrc } from "./medal-image";

export interface ShareMedal {
  medalType: number;
  medalName: string;
  medalDesc: string;
  continuousDays: number;
  businessName: string;
  awardTime: number | null;
  medalShareQrCode: string;
}

const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";
const W = 600;
const H = 860;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image"));
    img.src = src;
  });
}

/** YYYY.MM.DD of a moment in China time. */
export function chinaDate(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replaceAll("-", ".");
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** The share picture (PNG data URL): the medal, who earned it on which map, and the map's QR code. */
export async function drawShareImage(medal: ShareMedal, nick: string): Promise<string> {
  const scale = 2;
  const canvas = document.createElement("canvas");
  canvas.width = W * scale;
  canvas.height = H * scale;
  const ctx = canvas.getContext("2d")!;
  ctx.scale(scale, scale);
  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, "#006bfd");
  bg.addColorStop(1, "#5aa2ff");
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = "rgba(255,255,255,0.08)";
  for (const [x, y, r] of [[80, 90, 120], [540, 200, 160], [300, 820, 200]] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.textAlign = "center";
  ctx.fillStyle = "#ffffff";
  ctx.font = `600 30px ${FONT}`;
  ctx.fillText("财云学院 · 打卡领勋章", W / 2, 66);
  ctx.font = `16px ${FONT}`;
  ctx.globalAlpha = 0.85;
  ctx.fillText("政府采购从业人员在线学习平台", W / 2, 96);
  ctx.globalAlpha = 1;

  ctx.fillStyle = "#ffffff";
  roundRect(ctx, 40, 124, W - 80, H - 164, 20);
  ctx.fill();

  const [medalImg, qrImg] = await Promise.all([loadImage(medalSrc(medal.medalType, true)), medal.medalShareQrCode ? loadImage(medal.medalShareQrCode).catch(() => null) : Promise.resolve(null)]);
  ctx.drawImage(medalImg, W / 2 - 90, 150, 180, 210);
  ctx.fillStyle = "#1d2129";
  ctx.font = `600 30px ${FONT}`;
  ctx.fillText(`「${medal.medalName}」勋章`, W / 2, 406);
  ctx.fillStyle = "#4e5969";
  ctx.font = `18px ${FONT}`;
  ctx.fillText(`${nick || "我"} 在学习地图中连续打卡 ${medal.continuousDays} 天`, W / 2, 444);
  ctx.fillStyle = "#006bfd";
  const name = medal.businessName.length > 22 ? `${medal.businessName.slice(0, 21)}…` : medal.businessName;
  ctx.font = `600 18px ${FONT}`;
  ctx.fillText(`《${name}》`, W / 2, 476);
  ctx.fillStyle = "#86909c";
  ctx.font = `15px ${FONT}`;
  ctx.fillText(medal.medalDesc, W / 2, 506);
  if (medal.awardTime) ctx.fillText(`获得时间：${chinaDate(medal.awardTime)}`, W / 2, 532);

  ctx.strokeStyle = "#e5e6eb";
  ctx.setLineDash([6, 6]);
  ctx.beginPath();
  ctx.moveTo(70, 560);
  ctx.lineTo(W - 70, 560);
  ctx.stroke();
  ctx.setLineDash([]);
  if (qrImg) ctx.drawImage(qrImg, W / 2 - 80, 584, 160, 160);
  ctx.fillStyle = "#4e5969";
  ctx.font = `15px ${FONT}`;
  ctx.fillText("扫码进入学习地图，和我一起打卡学习", W / 2, 772);
  return canvas.toDataURL("image/png");
}
