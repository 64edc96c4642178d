import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { trpc } from "~/lib/trpc";

/** What the pop-up needs of a certificate (a CertView, with its certHtml when the server sent it). */
export interface PopupCert {
  userCertId: number;
  certName: string;
  certImgUrl: string;
  certNo?: string;
  contentName?: string;
  certHtml?: string;
}

/** A file link as an attachment download (the image route answers ?download with content-disposition). */
export const downloadUrl = (url: string) => `${url}${url.includes("?") ? "&" : "?"}download`;

export const SHOWN_COOKIE = "cy_cert_shown";
const SHOWN_KEEP = 60;
const YEAR_SECONDS = 365 * 24 * 3600;

/** Certificate ids whose pop-up has been shown in this browser (a comma list in a cookie). */
export function shownCertIds(): number[] {
  if (typeof document === "undefined") return [];
  const raw = document.cookie
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SHOWN_COOKIE}=`));
  if (!raw) return [];
  return decodeURIComponent(raw.slice(SHOWN_COOKIE.length + 1))
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Remembers a shown certificate for a year; only the newest ids are kept so the cookie stays small. */
export function rememberShown(id: number) {
  const ids = [...shownCertIds().filter((n) => n !== id), id].slice(-SHOWN_KEEP);
  document.cookie = `${SHOWN_COOKIE}=${encodeURIComponent(ids.join(","))}; max-age=${YEAR_SECONDS}; path=/; SameSite=Lax`;
}

/**
 * 恭喜您获得证书: the certificate image with 查看证书 and 下载. With `once`, a certificate shown before in
 * this browser is not shown again. The server always draws the image, so certHtml (the old clients'
 * markup) is only a fallback when the picture fails to load; then a retry is offered as well.
 */
export function CertPopup({ cert, once = false, onClose }: { cert: PopupCert | null; once?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!cert) return setOpen(false);
    if (once && shownCertIds().includes(cert.userCertId)) return;
    if (once) rememberShown(cert.userCertId);
    setBroken(false);
    setOpen(true);
  }, [cert, once]);

  if (!cert) return null;
  const src = attempt ? `${cert.certImgUrl}${cert.certImgUrl.includes("?") ? "&" : "?"}r=${attempt}` : cert.certImgUrl;
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) onClose?.();
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="w-[680px] p-0"
        data-testid="cert-popup"
        onOpenAutoFocus={(e) => {
          // Focus the dialog itself rather than its close button, so no focus ring greets the learner.
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <div className="rounded-t-lg bg-gradient-to-b from-[#fff4e0] to-white px-6 pb-2 pt-7 text-center">
          <DialogTitle className="text-xl text-[#9a6a00]">恭喜您获得证书</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-[#86909c]">
            {cert.contentName ? `您已完成「${cert.contentName}」，获得「${cert.certName}」` : `您已获得「${cert.certName}」`}
          </DialogDescription>
        </div>
        <div className="px-6 pt-3">
          <div className="overflow-hidden rounded-md bg-surface ring-1 ring-border">
            {broken ? (
              <div className="flex aspect-[1123/794] flex-col items-center justify-center gap-3 text-sm text-muted">
                {cert.certHtml ? <div className="max-h-full w-full overflow-hidden [&_.cert-box]:!h-auto [&_.cert-box]:!w-full" dangerouslySetInnerHTML={{ __html: cert.certHtml }} /> : null}
                <p>证书图片加载失败，请检查网络后重试</p>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setBroken(false);
                    setAttempt((n) => n + 1);
                  }}
                >
                  重新加载
                </Button>
              </div>
            ) : (
              <img src={src} alt={cert.certName} className="block aspect-[1123/794] w-full object-contain" onError={() => setBroken(true)} data-testid="cert-popup-image" />
            )}
          </div>
          {cert.certNo && <p className="mt-2 text-center text-xs text-muted">证书编号：{cert.certNo}</p>}
        </div>
        <div className="flex justify-center gap-3 px-6 pb-6 pt-4">
          <Button asChild variant="outline" className="min-w-28">
            <a href={downloadUrl(cert.certImgUrl)} download>
              下载
            </a>
          </Button>
          <Button asChild className="min-w-28">
            <Link to={`/certificate/view?id=${cert.userCertId}`} onClick={() => close(false)}>
              查看证书
            </Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * After a pass or a completion: asks for the learner's certificate of the content (1 course, 3 exam, 6 map) and
 * shows the pop-up once per certificate. Nothing shows when the content gives no certificate.
 */
export function ContentCertPopup({ businessType, businessId, ready }: { businessType: 1 | 3 | 6; businessId: number; ready: boolean }) {
  const [cert, setCert] = useState<PopupCert | null>(null);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    trpc.cert.forContent
      .query({ businessType, businessId })
      .then((c) => {
        if (live && c) setCert(c);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [businessType, businessId, ready]);
  return <CertPopup cert={cert} once />;
}

/** After a passed exam (the result page). */
export function ExamCertPopup({ examId, passed }: { examId: number; passed: boolean }) {
  return <ContentCertPopup businessType={3} businessId={examId} ready={passed} />;
}
