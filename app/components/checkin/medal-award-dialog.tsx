import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { MedalImage } from "./medal-image";
import { drawShareImage, type ShareMedal } from "./share-image";

/**
 * 恭喜获得勋章 (mode award, after a medal was just awarded) or 分享勋章 (mode share, a medal held): the medal,
 * its share picture with the map's QR code, and 保存图片. With several new medals the highest leads.
 */
export function MedalAwardDialog({ medals, mode, nick, onClose }: { medals: ShareMedal[] | null; mode: "award" | "share"; nick: string; onClose: () => void }) {
  const medal = medals?.length ? medals.reduce((a, b) => (b.medalType > a.medalType ? b : a)) : null;
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setImage(null);
    setFailed(false);
    if (!medal) return;
    let live = true;
    drawShareImage(medal, nick)
      .then((src) => live && setImage(src))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // One picture per medal shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [medal?.medalType, medal?.businessName, medal?.medalShareQrCode, nick]);

  if (!medal) return null;
  const others = medals!.filter((m) => m.medalType !== medal.medalType);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="w-[480px] p-0" data-testid="medal-award-dialog">
        <div className="rounded-t-lg bg-gradient-to-b from-[#fff4e0] to-white px-6 pb-1 pt-6 text-center">
          <DialogTitle className="text-xl text-[#9a6a00]">{mode === "award" ? `恭喜获得「${medal.medalName}」勋章` : `分享「${medal.medalName}」勋章`}</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-[#86909c]">
            {mode === "award" ? `您已在「${medal.businessName}」连续打卡${medal.continuousDays}天` : "保存图片分享给好友，邀请他们扫码一起学习"}
            {mode === "award" && others.length > 0 ? `，同时获得${others.map((o) => `「${o.medalName}」`).join("")}勋章` : ""}
          </DialogDescription>
        </div>
        <div className="px-6 pt-2">
          {mode === "award" && (
            <div className="flex justify-center">
              <MedalImage medalType={medal.medalType} earned size={96} />
            </div>
          )}
          <div className="mx-auto mt-2 w-[260px] overflow-hidden rounded-md ring-1 ring-border">
            {image ? (
              <img src={image} alt="勋章分享图" className="block w-full" data-testid="medal-share-image" />
            ) : (
              <div className="flex aspect-[600/860] items-center justify-center bg-surface text-sm text-muted">{failed ? "分享图生成失败，请稍后重试" : "分享图生成中…"}</div>
            )}
          </div>
        </div>
        <div className="flex justify-center gap-3 px-6 pb-6 pt-4">
          <Button variant="outline" className="min-w-28" onClick={onClose}>
            {mode === "award" ? "我知道了" : "关闭"}
          </Button>
          <Button asChild className="min-w-28" disabled={!image}>
            <a href={image ?? undefined} download={`${medal.medalName}勋章.png`} aria-disabled={!image}>
              保存图片
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
