// Cuts the chosen area out of a rotated image into a 295x413 one-inch photo (learner-front-end.md 9).
import type { Area } from "react-easy-crop";

export const PHOTO_WIDTH = 295;
export const PHOTO_HEIGHT = 413;

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("图片读取失败"));
    img.src = src;
  });
}

/** The area is in the coordinates of the rotated image's bounding box, as the cropper reports it. */
export async function cropToPhoto(src: string, area: Area, rotation: number, type: "image/jpeg" | "image/png" = "image/jpeg"): Promise<Blob> {
  const img = await loadImage(src);
  const rad = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(rad));
  const cos = Math.abs(Math.cos(rad));
  const boxW = img.width * cos + img.height * sin;
  const boxH = img.width * sin + img.height * cos;

  const rotated = document.createElement("canvas");
  rotated.width = Math.round(boxW);
  rotated.height = Math.round(boxH);
  const rctx = rotated.getContext("2d")!;
  rctx.translate(boxW / 2, boxH / 2);
  rctx.rotate(rad);
  rctx.drawImage(img, -img.width / 2, -img.height / 2);

  const out = document.createElement("canvas");
  out.width = PHOTO_WIDTH;
  out.height = PHOTO_HEIGHT;
  const octx = out.getContext("2d")!;
  octx.fillStyle = "#ffffff";
  octx.fillRect(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
  octx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error("图片裁剪失败"))), type, 0.92));
}
