import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import { trpc } from "~/lib/trpc";

const POLL_MS = 2000;
const STATUS_TEXT: Record<number, string> = {
  0: "请使用财云学院App扫码登录",
  2: "扫码成功，请在手机上确认",
  3: "已确认，正在登录…",
};

type View =
  | { kind: "loading" }
  | { kind: "ready"; image: string; status: number }
  | { kind: "dead"; image?: string; message: string };

/**
 * Left pane of the login modal: shows a QR code, polls its status every 2 s and, once the phone
 * confirms, hands token and ticket to onConfirmed. Polling stops above status 2 and on unmount.
 */
export function QrLoginPanel({ onConfirmed }: { onConfirmed: (token: string, ticket: string) => Promise<string | void> }) {
  const [view, setView] = useState<View>({ kind: "loading" });
  const [round, setRound] = useState(0);
  // Read through a ref so a new callback from the parent does not restart the code.
  const confirmed = useRef(onConfirmed);
  confirmed.current = onConfirmed;

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setView({ kind: "loading" });

    (async () => {
      let token: string;
      let image: string;
      try {
        const content = await trpc.auth.qrContent.query();
        token = content.qrCodeToken;
        image = await QRCode.toDataURL(content.qrCodeContent, { width: 320, margin: 1, errorCorrectionLevel: "M" });
      } catch {
        if (alive) setView({ kind: "dead", message: "二维码加载失败" });
        return;
      }
      if (!alive) return;
      setView({ kind: "ready", image, status: 0 });

      const poll = async () => {
        if (!alive) return;
        try {
          const { qrCodeStatus, qrCodeTicket } = await trpc.auth.qrStatus.query({ qrCodeToken: token });
          if (!alive) return;
          if (qrCodeStatus === 4) return setView({ kind: "dead", image, message: "二维码已失效" });
          setView({ kind: "ready", image, status: qrCodeStatus });
          if (qrCodeStatus === 3) {
            if (!qrCodeTicket) return setView({ kind: "dead", image, message: "二维码已失效" });
            const failure = await confirmed.current(token, qrCodeTicket);
            if (failure && alive) setView({ kind: "dead", image, message: failure });
            return;
          }
          if (qrCodeStatus > 2) return;
        } catch {
          // A dropped request is not an answer: keep polling until the code expires on the server.
        }
        timer = setTimeout(poll, POLL_MS);
      };
      timer = setTimeout(poll, POLL_MS);
    })();

    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [round]);

  const image = view.kind === "loading" ? undefined : view.image;
  const status = view.kind === "ready" ? view.status : undefined;

  return (
    <div className="flex h-full flex-col items-center bg-gradient-to-b from-primary-50 to-white px-8 pt-12">
      <h2 className="text-lg font-semibold text-[#1d2129]">扫码登录</h2>
      <p className="mt-1 text-xs text-muted">安全快捷，无需输入密码</p>
      <div className="relative mt-7 flex h-[184px] w-[184px] items-center justify-center rounded-lg border border-border bg-white p-3 shadow-sm">
        {image ? (
          <img src={image} alt="登录二维码" width={160} height={160} />
        ) : view.kind === "loading" ? (
          <span className="text-sm text-muted">二维码加载中…</span>
        ) : null}
        {status === 2 && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg bg-white/85 text-primary">
            <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-xl text-white">
              ✓
            </span>
            <span className="text-sm font-medium">扫码成功</span>
          </div>
        )}
        {view.kind === "dead" && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/90">
            <span className="text-sm font-medium text-[#1d2129]">{view.message}</span>
            <button
              type="button"
              onClick={() => setRound((n) => n + 1)}
              className="cursor-pointer rounded-full bg-primary px-4 py-1.5 text-xs text-white hover:bg-primary-600"
            >
              点击刷新
            </button>
          </div>
        )}
      </div>
      <p role="status" className="mt-5 min-h-5 text-center text-sm text-[#4e5969]">
        {status !== undefined ? STATUS_TEXT[status] : view.kind === "dead" ? "请刷新二维码后重新扫码" : ""}
      </p>
      <p className="mt-auto mb-8 text-xs text-muted">打开财云学院App，使用扫一扫登录</p>
    </div>
  );
}
