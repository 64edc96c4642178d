import { useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { cropToPhoto, PHOTO_HEIGHT, PHOTO_WIDTH } from "./crop-image";

/** Crop to the one-inch ratio with zoom and rotation; resolves with the 295x413 picture. */
export function PhotoCropper({
  src,
  busy,
  onCancel,
  onDone,
}: {
  src: string | null;
  busy?: boolean;
  onCancel: () => void;
  onDone: (photo: Blob) => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);

  async function confirm() {
    if (!src || !area) return;
    setWorking(true);
    try {
      onDone(await cropToPhoto(src, area, rotation));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Dialog open={!!src} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent className="w-[560px]" aria-describedby={undefined}>
        <DialogTitle>裁剪证件照</DialogTitle>
        <div className="relative mt-4 h-[360px] w-full overflow-hidden rounded bg-[#1d2129]" data-testid="photo-cropper">
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={PHOTO_WIDTH / PHOTO_HEIGHT}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_a, pixels) => setArea(pixels)}
            />
          ) : null}
        </div>
        <div className="mt-4 flex items-center gap-3 text-sm text-[#4e5969]">
          <span className="w-10">缩放</span>
          <input
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            aria-label="缩放"
            onChange={(e) => setZoom(Number(e.target.value))}
            className="flex-1 accent-[#006bfd]"
          />
        </div>
        <div className="mt-3 flex items-center gap-3 text-sm text-[#4e5969]">
          <span className="w-10">旋转</span>
          <Button type="button" variant="outline" size="sm" onClick={() => setRotation((r) => (r - 90 + 360) % 360)}>
            向左旋转
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setRotation((r) => (r + 90) % 360)}>
            向右旋转
          </Button>
          <span className="text-xs text-muted">{rotation}°</span>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy || working}>
            取消
          </Button>
          <Button type="button" onClick={() => void confirm()} disabled={!area || busy || working}>
            {busy ? "上传中…" : "确定"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
